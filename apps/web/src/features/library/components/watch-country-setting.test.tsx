import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startLibraryApi } from '../../../testing/library-api';
import { json, renderWithApp, siteConfig } from '../../../testing/render';
import { WatchCountrySetting } from './watch-country-setting';

let api: Awaited<ReturnType<typeof startLibraryApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A signed-in user's settings behind a stand-in API, in live or offline mode; `patches` records each PATCH body. */
async function serve(mode: 'live' | 'offline') {
  const settings = {
    hide_watched: false,
    hide_liked: false,
    hide_listed: false,
    country: null as string | null,
  };
  const patches: unknown[] = [];
  api = await startLibraryApi({}, (req, res, b) => {
    if (req.url === '/api/config') return (json(res, { ...siteConfig(), data_mode: mode }), true);
    if (req.url !== '/api/user/settings') return false;
    if (req.method === 'PATCH') {
      patches.push(b);
      Object.assign(settings, b);
    }
    json(res, settings);
    return true;
  });
  return { patches };
}

describe('the country for Where to watch', () => {
  it('starts on Automatic (the browser’s country), lists countries by name, and saves a choice and its undoing', async () => {
    const { patches } = await serve('live');
    renderWithApp(<WatchCountrySetting />, { auth: true });
    const select = (await screen.findByRole('combobox', {
      name: 'Country for streaming, rental and purchase offers',
    })) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(select.options[0]!.textContent).toMatch(/^Automatic \(.+\)$/);
    const names = [...select.options].slice(1).map((o) => o.textContent!);
    expect(names).toContain('Germany');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    fireEvent.change(select, { target: { value: 'DE' } });
    await waitFor(() => expect(patches).toEqual([{ country: 'DE' }]));
    expect(select.value).toBe('DE');
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(patches).toEqual([{ country: 'DE' }, { country: null }]));
  });

  it('is not offered offline, where there is nothing to watch', async () => {
    await serve('offline');
    const { container } = renderWithApp(<WatchCountrySetting />, { auth: true });
    await waitFor(() => expect(api!.requests).toContain('/api/config'));
    await new Promise((r) => setTimeout(r, 100));
    expect(container.textContent).toBe('');
  });
});
