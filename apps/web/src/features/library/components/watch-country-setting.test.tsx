import { WATCH_COUNTRIES } from '@app/contracts/countries';
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

  it('offers every country: each ISO 3166-1 code (and XK) Unicode CLDR names, by name, the code stored', async () => {
    // Every two-letter region CLDR names is either in the list or one of these, which are not countries.
    const NOT_COUNTRIES = {
      groupings: ['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ'],
      reserved: ['AC', 'CP', 'CQ', 'DG', 'EA', 'IC', 'TA', 'UK'],
      withdrawn: ['AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'VD', 'YD', 'YU', 'ZR'],
    };
    const excluded = new Set(Object.values(NOT_COUNTRIES).flat());
    const en = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const named: string[] = [];
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (en.of(code) && !excluded.has(code)) named.push(code);
      }
    expect([...WATCH_COUNTRIES]).toEqual(named);
    expect(WATCH_COUNTRIES).toHaveLength(250); // ISO 3166-1's 249 and Kosovo
    expect(new Set(WATCH_COUNTRIES.map((c) => en.of(c))).size).toBe(250);

    const { patches } = await serve('live');
    renderWithApp(<WatchCountrySetting />, { auth: true });
    const select = (await screen.findByRole('combobox', {
      name: 'Country for streaming, rental and purchase offers',
    })) as HTMLSelectElement;
    const options = [...select.options].slice(1);
    expect(options).toHaveLength(250);
    const byName = new Map(options.map((o) => [o.textContent, o.value]));
    for (const [name, code] of [
      ['Afghanistan', 'AF'],
      ['Åland Islands', 'AX'],
      ['Kosovo', 'XK'],
      ['Vietnam', 'VN'],
      ['Côte d’Ivoire', 'CI'],
    ] as const)
      expect(byName.get(name), name).toBe(code);
    fireEvent.change(select, { target: { value: 'VN' } });
    await waitFor(() => expect(patches).toEqual([{ country: 'VN' }]));
  });

  it('is not offered offline, where there is nothing to watch', async () => {
    await serve('offline');
    const { container } = renderWithApp(<WatchCountrySetting />, { auth: true });
    await waitFor(() => expect(api!.requests).toContain('/api/config'));
    await new Promise((r) => setTimeout(r, 100));
    expect(container.textContent).toBe('');
  });
});
