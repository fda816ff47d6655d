import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlaylistDetailPage, PlaylistsPage, WatchedPage, WatchlistPage } from './library';
import { SESSION_USER, startLibraryApi } from '../testing/library-api';
import { json, renderWithApp } from '../testing/render';
import { AddToPlaylistModal } from '../features/library/components/add-to-playlist-modal';
import { WatchButtons } from '../features/library/components/watch-buttons';

let api: Awaited<ReturnType<typeof startLibraryApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const button = (name: string | RegExp) => screen.findByRole('button', { name });
const pressed = (el: HTMLElement) => el.getAttribute('aria-pressed');
const btn = 'b';

describe('watch status on the movie page', () => {
  it('watched and want-to-watch are independent; each can be undone', async () => {
    api = await startLibraryApi({ watch: [{ tmdb_id: 7, status: 'watched' }] });
    renderWithApp(<WatchButtons id={7} btn={btn} />, { auth: true });
    await waitFor(async () => expect(pressed(await button('Watched'))).toBe('true'));
    expect(pressed(await button('Add to Watchlist'))).toBe('false');

    // Adding to the watchlist posts only that status: watched stays.
    fireEvent.click(await button('Add to Watchlist'));
    expect(await screen.findByText('Added to your watchlist!')).toBeTruthy();
    await waitFor(async () => expect(pressed(await button('In Watchlist'))).toBe('true'));
    expect(pressed(await button('Watched'))).toBe('true');
    expect(api.state.calls).toEqual(['POST /api/user/watch-status']);
    expect(api.state.watch).toEqual([
      { tmdb_id: 7, status: 'watched' },
      { tmdb_id: 7, status: 'want_to_watch' },
    ]);

    // The held status again: an info toast, no call (spec).
    fireEvent.click(await button('Watched'));
    expect(await screen.findByText('Already marked as watched.')).toBeTruthy();
    expect(api.state.calls).toHaveLength(1);

    // Un-watch: only watched goes; the watchlist stays.
    fireEvent.click(await button('Remove from watched'));
    expect(await screen.findByText('Removed from your watched movies!')).toBeTruthy();
    await waitFor(async () => expect(pressed(await button('Mark as Watched'))).toBe('false'));
    expect(pressed(await button('In Watchlist'))).toBe('true');
    expect(api.state.calls.at(-1)).toBe('DELETE /api/user/watch-status/7?status=watched');
    expect(screen.queryByRole('button', { name: 'Remove from watched' })).toBeNull();

    fireEvent.click(await button('Remove from watchlist'));
    expect(await screen.findByText('Removed from your watchlist!')).toBeTruthy();
    await waitFor(async () => expect(pressed(await button('Add to Watchlist'))).toBe('false'));
    expect(api.state.watch).toEqual([]);
  });

  it('marking a watchlisted film watched keeps the watchlist (spec) and offers to take it off, with Undo', async () => {
    api = await startLibraryApi({ watch: [{ tmdb_id: 7, status: 'want_to_watch' }] });
    renderWithApp(<WatchButtons id={7} btn={btn} />, { auth: true });
    await waitFor(async () => expect(pressed(await button('In Watchlist'))).toBe('true'));
    fireEvent.click(await button('Mark as Watched'));
    expect(await screen.findByText('Movie marked as watched!')).toBeTruthy();
    expect(api.state.calls).toEqual(['POST /api/user/watch-status']);
    expect(api.state.watch).toEqual([
      { tmdb_id: 7, status: 'want_to_watch' },
      { tmdb_id: 7, status: 'watched' },
    ]);
    fireEvent.click(await button('Also remove from watchlist'));
    expect(await screen.findByText('Removed from your watchlist!')).toBeTruthy();
    expect(api.state.calls.at(-1)).toBe('DELETE /api/user/watch-status/7?status=want_to_watch');
    expect(api.state.watch).toEqual([{ tmdb_id: 7, status: 'watched' }]);
    fireEvent.click(await button('Undo'));
    await waitFor(() =>
      expect(api!.state.watch).toEqual([
        { tmdb_id: 7, status: 'watched' },
        { tmdb_id: 7, status: 'want_to_watch' },
      ]),
    );
  });

  it('marking a film watched that is not on the watchlist offers nothing more', async () => {
    api = await startLibraryApi();
    renderWithApp(<WatchButtons id={7} btn={btn} />, { auth: true });
    // Nothing shows when the session is known: click until the click is sent (once).
    await waitFor(async () => {
      if (api!.state.calls.length === 0) fireEvent.click(await button('Mark as Watched'));
      expect(api!.state.calls).toEqual(['POST /api/user/watch-status']);
    });
    expect(await screen.findByText('Movie marked as watched!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Also remove from watchlist' })).toBeNull();
  });

  it('the Watched and Watchlist pages remove a movie from that list only', async () => {
    api = await startLibraryApi({
      watch: [
        { tmdb_id: 7, status: 'watched' },
        { tmdb_id: 7, status: 'want_to_watch' },
        { tmdb_id: 8, status: 'watched' },
      ],
    });
    renderWithApp(<WatchedPage />, { auth: true });
    expect(await screen.findByText('You have watched 2 movie(s)')).toBeTruthy();
    fireEvent.click(await button('Remove Movie 7 from watched'));
    expect(await screen.findByText('You have watched 1 movie(s)')).toBeTruthy();
    expect(api.state.watch).toEqual([
      { tmdb_id: 7, status: 'want_to_watch' },
      { tmdb_id: 8, status: 'watched' },
    ]);
  });

  it("a removal from the keyboard leaves focus on the remove button now in that card's place", async () => {
    api = await startLibraryApi({
      watch: [7, 8, 9].map((tmdb_id) => ({ tmdb_id, status: 'watched' as const })),
    });
    renderWithApp(<WatchedPage />, { auth: true });
    expect(await screen.findByText('You have watched 3 movie(s)')).toBeTruthy();
    const order = Array.from(document.querySelectorAll('button[data-remove]')).map((b) =>
      b.getAttribute('aria-label'),
    );
    const second = await button(order[1]!);
    second.focus();
    // A keyboard's activation is a click of detail 0.
    fireEvent.click(second, { detail: 0 });
    expect(await screen.findByText('You have watched 2 movie(s)')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe(order[2]));
    // The last one: focus goes to the one before it.
    fireEvent.click(await button(order[2]!), { detail: 0 });
    expect(await screen.findByText('You have watched 1 movie(s)')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe(order[0]));
  });

  it('the Watchlist page counts want_to_watch entries and removes them', async () => {
    api = await startLibraryApi({
      watch: [
        { tmdb_id: 7, status: 'watched' },
        { tmdb_id: 7, status: 'want_to_watch' },
      ],
    });
    renderWithApp(<WatchlistPage />, { auth: true });
    expect(await screen.findByText('You have 1 movie(s) in your watchlist')).toBeTruthy();
    fireEvent.click(await button('Remove Movie 7 from watchlist'));
    expect(await screen.findByRole('heading', { name: 'Your Watchlist is Empty' })).toBeTruthy();
    expect(api.state.watch).toEqual([{ tmdb_id: 7, status: 'watched' }]);
  });
});

describe('clearing a watch status (the movie page and the list pages share it)', () => {
  const IN_DIARY = 'This movie is in your diary: delete its viewings to unmark it as watched';
  /** DELETE of a watched status: 409 for movie 7 (in the diary), 404 for movie 8 (cleared in another tab). */
  const refusing = (req: { method?: string; url?: string }, res: ServerResponse) => {
    const m = /^\/api\/user\/watch-status\/(\d+)\?status=watched$/.exec(req.url ?? '');
    if (req.method !== 'DELETE' || !m) return false;
    if (m[1] === '7') return (json(res, { message: IN_DIARY }, 409), true);
    if (m[1] === '8') return (json(res, { message: 'Movie has no watch status' }, 404), true);
    return false;
  };

  it("a 409 says the API's words; a 404 (already cleared) is done", async () => {
    api = await startLibraryApi(
      { watch: [7, 8].map((tmdb_id) => ({ tmdb_id, status: 'watched' as const })) },
      refusing,
    );
    const movie = renderWithApp(<WatchButtons id={7} btn={btn} />, { auth: true });
    fireEvent.click(await button('Remove from watched'));
    expect(await screen.findByText(IN_DIARY)).toBeTruthy();
    movie.unmount();
    renderWithApp(<WatchButtons id={8} btn={btn} />, { auth: true });
    fireEvent.click(await button('Remove from watched'));
    await waitFor(() => expect(api!.state.calls).toContain('DELETE /api/user/watch-status/8?status=watched'));
    expect((await screen.findAllByText('Removed from your watched movies!')).length).toBeGreaterThan(0);
  });

  it('the same from the Watched page', async () => {
    api = await startLibraryApi(
      { watch: [7, 8].map((tmdb_id) => ({ tmdb_id, status: 'watched' as const })) },
      refusing,
    );
    renderWithApp(<WatchedPage />, { auth: true });
    fireEvent.click(await button('Remove Movie 7 from watched'));
    expect(await screen.findByText(IN_DIARY)).toBeTruthy();
    fireEvent.click(await button('Remove Movie 8 from watched'));
    await waitFor(() => expect(api!.state.calls).toContain('DELETE /api/user/watch-status/8?status=watched'));
    expect((await screen.findAllByText('Removed from your watched movies!')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Failed to update status.')).toBeNull();
  });
});

describe('playlists', () => {
  const lists = () => [
    { playlist_id: 1, name: 'Holds it', movies: [7] },
    { playlist_id: 2, name: 'Does not', movies: [8] },
  ];

  it('the Add to Playlist modal shows which playlists hold the movie and removes it from one', async () => {
    api = await startLibraryApi({ playlists: lists() });
    renderWithApp(<AddToPlaylistModal tmdbId={7} onClose={() => {}} />, { auth: true });
    const dialog = await screen.findByRole('dialog', { name: 'Add to Playlist' });
    expect(await within(dialog).findByText('In this playlist')).toBeTruthy();
    // The one holding it has no checkbox; the other one has.
    expect(within(dialog).queryByRole('checkbox', { name: /Holds it/ })).toBeNull();
    expect(within(dialog).getByRole('checkbox', { name: /Does not/ })).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove from Holds it' }));
    expect(await screen.findByText('Movie removed from playlist!')).toBeTruthy();
    expect(api.state.calls).toEqual(['DELETE /api/user/playlists/1/movies/7']);
    // Now it can be picked again.
    expect(await within(dialog).findByRole('checkbox', { name: /Holds it/ })).toBeTruthy();
  });

  it('the Add to Playlist modal creates a playlist on Enter in its name, as on Create', async () => {
    api = await startLibraryApi({ playlists: lists() });
    renderWithApp(<AddToPlaylistModal tmdbId={7} onClose={() => {}} />, { auth: true });
    const dialog = await screen.findByRole('dialog', { name: 'Add to Playlist' });
    const name = (await within(dialog).findByLabelText('New playlist name')) as HTMLInputElement;
    // Blank: Enter does nothing.
    fireEvent.submit(name.form!);
    fireEvent.change(name, { target: { value: '  Rainy Sundays ' } });
    fireEvent.submit(name.form!);
    await waitFor(() => expect(api!.state.calls).toEqual(['POST /api/user/playlists']));
    expect(api.state.playlists.map((p) => p.name)).toContain('Rainy Sundays');
    await waitFor(() => expect(name.value).toBe(''));
  });

  it('the Add to Playlist modal says a name is taken (any case) and does not send it (decision 0066)', async () => {
    api = await startLibraryApi({ playlists: lists() });
    renderWithApp(<AddToPlaylistModal tmdbId={7} onClose={() => {}} />, { auth: true });
    const dialog = await screen.findByRole('dialog', { name: 'Add to Playlist' });
    await within(dialog).findByText('Does not');
    const name = (await within(dialog).findByLabelText('New playlist name')) as HTMLInputElement;
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    fireEvent.change(name, { target: { value: ' does NOT ' } });
    expect(await within(dialog).findByText('You already have a playlist with that name')).toBeTruthy();
    expect(create.disabled).toBe(true);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.submit(name.form!);
    fireEvent.change(name, { target: { value: 'Does not either' } });
    expect(within(dialog).queryByText('You already have a playlist with that name')).toBeNull();
    expect(create.disabled).toBe(false);
    fireEvent.submit(name.form!);
    await waitFor(() => expect(api!.state.calls).toEqual(['POST /api/user/playlists']));
  });

  it('opened before the session is read (a click held while the page loaded), it waits: no "Please login", then the playlists', async () => {
    let release!: () => void;
    const session = new Promise<void>((resolve) => (release = resolve));
    api = await startLibraryApi({ playlists: lists() }, (req, res) => {
      if (new URL(req.url!, 'http://x').pathname !== '/api/auth/get-session') return false;
      void session.then(() => json(res, { user: SESSION_USER, session: {} }));
      return true;
    });
    const onClose = vi.fn();
    renderWithApp(<AddToPlaylistModal tmdbId={7} onClose={onClose} />, { auth: true });
    const dialog = await screen.findByRole('dialog', { name: 'Add to Playlist' });
    expect(within(dialog).getByRole('status').textContent).toContain('Loading your playlists');
    await new Promise((r) => setTimeout(r, 100));
    release();
    expect(await within(dialog).findByText('In this playlist')).toBeTruthy();
    expect(screen.queryByText('Please login to add movies to playlists')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("removing what another tab removed says 'Movie not in playlist'", async () => {
    api = await startLibraryApi({ playlists: lists() });
    renderWithApp(<AddToPlaylistModal tmdbId={7} onClose={() => {}} />, { auth: true });
    const remove = await screen.findByRole('button', { name: 'Remove from Holds it' });
    api.state.playlists[0]!.movies = [];
    fireEvent.click(remove);
    expect(await screen.findByText('Movie not in playlist')).toBeTruthy();
  });

  it('Delete Playlist asks first: Cancel keeps it, Delete deletes it', async () => {
    api = await startLibraryApi({ playlists: lists() });
    renderWithApp(<PlaylistsPage />, { auth: true });
    expect(await screen.findByText('You have 2 playlist(s)')).toBeTruthy();

    fireEvent.click(await button('Options for Holds it'));
    fireEvent.click(await button('Delete Playlist'));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Playlist' });
    expect(within(dialog).getByText(/and its 1 movie\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.state.calls).toEqual([]);

    fireEvent.click(await button('Options for Holds it'));
    fireEvent.click(await button('Delete Playlist'));
    dialog = await screen.findByRole('dialog', { name: 'Delete Playlist' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Playlist deleted!')).toBeTruthy();
    expect(await screen.findByText('You have 1 playlist(s)')).toBeTruthy();
    expect(api.state.calls).toEqual(['DELETE /api/user/playlists/1']);
  });

  it('renames a playlist from its row menu; Save needs a changed, non-blank name', async () => {
    api = await startLibraryApi({ playlists: lists() });
    renderWithApp(<PlaylistsPage />, { auth: true });
    fireEvent.click(await button('Options for Does not'));
    fireEvent.click(await button('Rename'));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Playlist' });
    const input = within(dialog).getByLabelText('Name') as HTMLInputElement;
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(input.value).toBe('Does not');
    expect(save.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(save.disabled).toBe(true);
    // Another playlist's name, in any case: said, and not sent (decision 0066).
    fireEvent.change(input, { target: { value: 'HOLDS IT' } });
    expect(within(dialog).getByText('You already have a playlist with that name')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.submit(input.form!);
    // Its own name in another case is fine.
    fireEvent.change(input, { target: { value: 'DOES NOT' } });
    expect(within(dialog).queryByText('You already have a playlist with that name')).toBeNull();
    expect(save.disabled).toBe(false);
    fireEvent.change(input, { target: { value: '  Road trips ' } });
    fireEvent.click(save);
    expect(await screen.findByText('Playlist renamed!')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Road trips' })).toBeTruthy();
    expect(api.state.calls).toEqual(['PATCH /api/user/playlists/2']);
  });

  it('the playlist page removes a movie, and deleting there returns to /playlists', async () => {
    api = await startLibraryApi({ playlists: [{ playlist_id: 1, name: 'Mix', movies: [7, 8] }] });
    const { pathname } = renderWithApp(<PlaylistDetailPage />, {
      auth: true,
      path: '/playlist/1',
      route: '/playlist/:playlistId',
    });
    expect(await screen.findByText('Found 2 movies in this playlist')).toBeTruthy();
    fireEvent.click(await button('Remove Movie 7 from this playlist'));
    expect(await screen.findByText('Movie removed from playlist!')).toBeTruthy();
    expect(await screen.findByText('Found 1 movie in this playlist')).toBeTruthy();

    fireEvent.click(await button('Delete Playlist'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Playlist' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(pathname()).toBe('/playlists'));
    expect(api.state.calls).toEqual([
      'DELETE /api/user/playlists/1/movies/7',
      'DELETE /api/user/playlists/1',
    ]);
  });
});
