import { fireEvent, screen, waitFor as waitForDefault } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@app/contracts';
import ContentListPage from './content-list';
import { startLibraryApi } from '../testing/library-api';
import { json, renderWithApp } from '../testing/render';
import { HideSeenSwitch } from '../features/library/components/hide-seen-switch';

/** The machine is shared and busy: give the page time. */
const waitFor = (fn: () => void) => waitForDefault(fn, { timeout: 10_000 });

let api: Awaited<ReturnType<typeof startLibraryApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});
beforeEach(() => localStorage.clear());

const film = (id: number) => ({ id, title: `Film ${id}`, poster_path: null, vote_average: 7 });

/**
 * The stand-in API keeps the settings, and its popular list leaves out film 2 (watched) when asked
 * with hide_seen=true while the switch is on, as the real one does.
 */
async function start(opts: { failPatch?: boolean } = {}) {
  // What the API answers for a new account (its contract: the stand-in's answers are checked by it).
  const settings = { ...DEFAULT_SETTINGS };
  const lists: string[] = [];
  api = await startLibraryApi({ watch: [{ tmdb_id: 2, status: 'watched' }] }, (req, res, body) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/api/user/settings') {
      if (req.method === 'PATCH') {
        if (opts.failPatch) return (json(res, { message: 'Database is unavailable' }, 503), true);
        Object.assign(settings, body);
      }
      return (json(res, settings), true);
    }
    if (url.pathname === '/api/tmdb/movie/popular') {
      lists.push(url.search);
      const hide = url.searchParams.get('hide_seen') === 'true' && settings.hide_watched;
      const results = [1, 2, 3].filter((id) => !(hide && id === 2)).map(film);
      return (
        json(res, {
          page: 1,
          results,
          total_pages: 1,
          total_results: results.length,
          ...(url.searchParams.has('hide_seen') ? { hidden: hide ? 1 : 0 } : {}),
        }),
        true
      );
    }
    return false;
  });
  renderWithApp(
    <>
      <HideSeenSwitch />
      <ContentListPage />
    </>,
    { path: '/content/popular', route: '/content/:contentType', auth: true },
  );
  return { settings, lists };
}

const cards = () => screen.queryAllByRole('link', { name: /^Film \d/ }).map((a) => a.getAttribute('href'));

describe("hide movies I've seen", () => {
  it(
    'the switch hides the watched film with a count, and Show them brings it back at once',
    { timeout: 30_000 },
    async () => {
      const { settings, lists } = await start();
      await waitFor(() => expect(cards()).toEqual(['/movie/1', '/movie/2', '/movie/3']));
      const toggle = await screen.findByRole(
        'switch',
        { name: "Hide movies I've seen" },
        { timeout: 10_000 },
      );
      expect(toggle.getAttribute('aria-checked')).toBe('false');
      expect(screen.queryByLabelText('Also liked movies')).toBeNull();

      fireEvent.click(toggle);
      await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
      await waitFor(() => expect(cards()).toEqual(['/movie/1', '/movie/3']));
      expect(settings.hide_watched).toBe(true);
      expect(screen.getByText('Found 2 movies on page 1 of 1 · 1 hidden')).toBeTruthy();
      expect(lists.at(-1)).toBe('?page=1&hide_seen=true');
      expect(api!.state.calls).toContain('PATCH /api/user/settings');
      // Its options appear while it is on, and are saved on their own.
      fireEvent.click(screen.getByLabelText('Also liked movies'));
      await waitFor(() => expect(settings.hide_liked).toBe(true));

      fireEvent.click(screen.getByRole('button', { name: 'Show them' }));
      // Back to the unfiltered list from the cache: no wait for a request.
      await waitFor(() => expect(cards()).toEqual(['/movie/1', '/movie/2', '/movie/3']));
      await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
      expect(screen.queryByText(/hidden/)).toBeNull();
      await waitFor(() => expect(settings.hide_watched).toBe(false));
      expect(settings.hide_liked).toBe(true); // kept for next time
      // Lists are asked as anyone's again.
      await waitFor(() => expect(lists.at(-1)).toBe('?page=1'));
    },
  );

  it('a failed save puts the switch back and says why', { timeout: 30_000 }, async () => {
    await start({ failPatch: true });
    const toggle = await screen.findByRole('switch', { name: "Hide movies I've seen" }, { timeout: 10_000 });
    fireEvent.click(toggle);
    expect(
      await screen.findByText('Could not save the setting: Database is unavailable', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(cards()).toEqual(['/movie/1', '/movie/2', '/movie/3']);
  });
});
