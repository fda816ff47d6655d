import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import DiaryPage, { RatingsPage } from './diary';
import StatsPage from './stats';
import { startLibraryApi } from '../testing/library-api';
import { json } from '../testing/render';
import { renderWithApp } from '../testing/render';
import { localToday } from '../features/diary/utils/format';
import { YourLog } from '../features/diary/components/your-log';

let api: Awaited<ReturnType<typeof startLibraryApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

interface Viewing {
  id: number;
  tmdb_id: number;
  watched_on: string;
  rewatch: boolean;
  tags?: string[];
}

/**
 * Ratings and the diary in memory, answering as the API does (shapes, statuses, messages).
 * `onLog` is what logging does to the watchlist: true when it took the film off it.
 */
function diaryApi(
  init: {
    viewings?: Viewing[];
    ratings?: Record<number, number>;
    reviews?: Record<number, string>;
    onLog?: (tmdbId: number) => boolean;
  } = {},
) {
  const state = {
    viewings: [...(init.viewings ?? [])],
    ratings: { ...(init.ratings ?? {}) } as Record<number, number>,
    reviews: { ...(init.reviews ?? {}) } as Record<number, string | null>,
    patches: [] as Record<string, unknown>[],
    next: 500,
  };
  const entry = (v: Viewing) => ({
    ...v,
    tags: v.tags ?? [],
    title: `Movie ${v.tmdb_id}`,
    poster_path: null,
    release_date: '1999-03-31',
    rating: state.ratings[v.tmdb_id] ?? null,
    review: state.ratings[v.tmdb_id] ? (state.reviews[v.tmdb_id] ?? null) : null,
    created_at: '',
  });
  const page = (list: Viewing[]) => ({
    page: 1,
    total_pages: 1,
    total_results: list.length,
    results: [...list].sort((a, b) => b.watched_on.localeCompare(a.watched_on) || b.id - a.id).map(entry),
  });
  /** PUT, DELETE and GET of one film's rating. */
  const rating = (id: number, method: string, b: Record<string, unknown>, res: ServerResponse): boolean => {
    if (method === 'PUT') {
      state.ratings[id] = b.rating as number;
      state.reviews[id] = (b.review as string | null | undefined) ?? null;
    } else if (method === 'DELETE') {
      if (!(id in state.ratings)) return (json(res, { message: 'You haven’t rated this movie' }, 404), true);
      delete state.ratings[id];
      return (json(res, { message: 'Rating removed' }), true);
    }
    const r = state.ratings[id];
    json(res, {
      tmdb_id: id,
      rating: r ?? null,
      review: r ? (state.reviews[id] ?? null) : null,
      updated_at: r ? '' : null,
    });
    return true;
  };
  /** A diary entry's PATCH, applied as the API applies it. */
  const patch = (v: Viewing, b: Record<string, unknown>) => {
    state.patches.push(b);
    if (typeof b.watched_on === 'string') v.watched_on = b.watched_on;
    if (typeof b.rewatch === 'boolean') v.rewatch = b.rewatch;
    if (Array.isArray(b.tags)) v.tags = b.tags as string[];
    if (b.rating === null) delete state.ratings[v.tmdb_id];
    else if (typeof b.rating === 'number') state.ratings[v.tmdb_id] = b.rating;
    if (b.review !== undefined) state.reviews[v.tmdb_id] = b.review as string | null;
  };
  const handler = (req: IncomingMessage, res: ServerResponse, b: Record<string, unknown>): boolean => {
    const url = new URL(req.url!, 'http://x');
    const method = req.method!;
    let m = /^\/api\/user\/ratings\/(\d+)$/.exec(url.pathname);
    if (m) return rating(Number(m[1]), method, b, res);
    if (url.pathname === '/api/user/diary' && method === 'GET') {
      const id = url.searchParams.get('tmdb_id');
      json(res, page(state.viewings.filter((v) => !id || v.tmdb_id === Number(id))));
      return true;
    }
    if (url.pathname === '/api/user/diary' && method === 'POST') {
      const v = {
        id: state.next++,
        tmdb_id: b.tmdb_id as number,
        watched_on: b.watched_on as string,
        rewatch: !!b.rewatch,
        tags: (b.tags as string[] | undefined) ?? [],
      };
      if (state.viewings.some((x) => x.tmdb_id === v.tmdb_id && x.watched_on === v.watched_on))
        return (json(res, { message: 'You already logged this movie on that day' }, 409), true);
      state.viewings.push(v);
      const removed = init.onLog?.(v.tmdb_id) ?? false;
      json(res, { message: 'Viewing logged', ...entry(v), removed_from_watchlist: removed }, 201);
      return true;
    }
    m = /^\/api\/user\/diary\/(\d+)$/.exec(url.pathname);
    if (m && method === 'PATCH') {
      const v = state.viewings.find((x) => x.id === Number(m![1]));
      if (!v) return (json(res, { message: 'Diary entry not found' }, 404), true);
      patch(v, b);
      json(res, { message: 'Diary entry updated', ...entry(v) });
      return true;
    }
    if (m && method === 'DELETE') {
      const v = state.viewings.find((x) => x.id === Number(m![1]));
      if (!v) return (json(res, { message: 'Diary entry not found' }, 404), true);
      state.viewings = state.viewings.filter((x) => x !== v);
      json(res, {
        message: 'Diary entry deleted',
        tmdb_id: v.tmdb_id,
        watched_on: v.watched_on,
        rewatch: v.rewatch,
        tags: v.tags ?? [],
      });
      return true;
    }
    return false;
  };
  return { state, handler };
}

describe('rating a movie on its page', () => {
  it('arrows move by half a star without saving; Enter saves; the value is spoken; Clear removes it', async () => {
    const d = diaryApi();
    api = await startLibraryApi({}, d.handler);
    renderWithApp(<YourLog tmdbId={7} />, { auth: true });
    const slider = await screen.findByRole('slider', { name: 'Your rating' });
    await waitFor(() => expect(slider.getAttribute('aria-disabled')).toBeNull());
    expect(slider.getAttribute('aria-valuetext')).toBe('Not rated');
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    for (let i = 0; i < 7; i++) fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuetext')).toBe('3.5 out of 5 stars');
    expect(slider.getAttribute('aria-valuenow')).toBe('3.5');
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(api.state.calls).toEqual([]); // nothing saved yet
    fireEvent.keyDown(slider, { key: 'Enter' });
    await waitFor(() => expect(d.state.ratings[7]).toBe(3.5));
    expect(api.state.calls).toEqual(['PUT /api/user/ratings/7']);
    expect(await screen.findByText('Rated 3.5 out of 5 stars')).toBeTruthy();
    // Space saves too; End goes to 5 (once the first save is done: the stars wait while saving).
    await waitFor(() => expect(slider.getAttribute('aria-disabled')).toBeNull());
    fireEvent.keyDown(slider, { key: 'End' });
    fireEvent.keyDown(slider, { key: ' ' });
    await waitFor(() => expect(d.state.ratings[7]).toBe(5));
    await waitFor(() => expect(slider.getAttribute('aria-valuetext')).toBe('5 out of 5 stars'));

    const clear = await screen.findByRole('button', { name: 'Clear rating (5 out of 5 stars)' });
    await waitFor(() => expect((clear as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(clear);
    await waitFor(() => expect(d.state.ratings[7]).toBeUndefined());
    await waitFor(() => expect(slider.getAttribute('aria-valuetext')).toBe('Not rated'));
    expect(screen.queryByRole('button', { name: /Clear rating/ })).toBeNull();
  });

  it('leaving the stars after the arrows saves what they chose; Escape before leaving does not', async () => {
    const d = diaryApi();
    api = await startLibraryApi({}, d.handler);
    renderWithApp(<YourLog tmdbId={7} />, { auth: true });
    const slider = await screen.findByRole('slider', { name: 'Your rating' });
    await waitFor(() => expect(slider.getAttribute('aria-disabled')).toBeNull());
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'Escape' });
    fireEvent.blur(slider);
    expect(api.state.calls).toEqual([]); // cancelled, then left: nothing saved
    expect(slider.getAttribute('aria-valuetext')).toBe('Not rated');
    for (let i = 0; i < 7; i++) fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.blur(slider);
    await waitFor(() => expect(d.state.ratings[7]).toBe(3.5));
    expect(api.state.calls).toEqual(['PUT /api/user/ratings/7']);
    expect(await screen.findByText('Rated 3.5 out of 5 stars')).toBeTruthy();
    // Focus and leave again without a change: nothing more is saved.
    fireEvent.focus(slider);
    fireEvent.blur(slider);
    expect(api.state.calls).toEqual(['PUT /api/user/ratings/7']);
  });

  it('a review needs a rating, and is saved with it', async () => {
    const d = diaryApi({ ratings: { 7: 4 } });
    api = await startLibraryApi({}, d.handler);
    renderWithApp(<YourLog tmdbId={7} />, { auth: true });
    const box = (await screen.findByLabelText(/Your review/)) as HTMLTextAreaElement;
    await waitFor(() => expect(box.disabled).toBe(false));
    fireEvent.change(box, { target: { value: '  Great score.  ' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(d.state.reviews[7]).toBe('Great score.'));
    expect(d.state.ratings[7]).toBe(4);
  });
});

describe('logging viewings on the movie page', () => {
  it('refuses a future date with a clear error, logs a day, and undoes a deleted entry', async () => {
    const d = diaryApi({ viewings: [{ id: 1, tmdb_id: 7, watched_on: '2024-03-10', rewatch: false }] });
    api = await startLibraryApi({}, d.handler);
    renderWithApp(<YourLog tmdbId={7} />, { auth: true });
    expect(await screen.findByText(/Last watched/)).toBeTruthy();
    const date = (await screen.findByLabelText('Date watched')) as HTMLInputElement;
    expect(date.value).toBe(localToday());
    expect(date.max).toBe(localToday());
    // A film already in the diary: the next viewing is a rewatch unless unticked.
    await waitFor(() => expect((screen.getByLabelText('Rewatch') as HTMLInputElement).checked).toBe(true));

    fireEvent.change(date, { target: { value: '2999-01-01' } });
    expect((await screen.findByRole('alert')).textContent).toBe('The date can’t be in the future.');
    fireEvent.click(screen.getByRole('button', { name: 'Log viewing' }));
    expect(api.state.calls.filter((c) => c.startsWith('POST'))).toEqual([]);

    fireEvent.change(date, { target: { value: '2024-05-01' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log viewing' }));
    await waitFor(() => expect(d.state.viewings).toHaveLength(2));
    expect(d.state.viewings[1]).toMatchObject({ watched_on: '2024-05-01', rewatch: true });
    const list = await screen.findByRole('list', { name: 'Your viewings of this movie' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));

    // Delete the newest, then Undo puts the same viewing back.
    fireEvent.click(within(list).getAllByRole('button', { name: /Delete the viewing/ })[0]!);
    await waitFor(() => expect(d.state.viewings.map((v) => v.watched_on)).toEqual(['2024-03-10']));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(d.state.viewings.map((v) => v.watched_on).sort()).toEqual(['2024-03-10', '2024-05-01']),
    );
    expect(d.state.viewings.find((v) => v.watched_on === '2024-05-01')!.rewatch).toBe(true);
  });

  it('logging a film on the watchlist takes it off, and the toast’s Undo puts it back (the viewing stays)', async () => {
    const d = diaryApi({
      onLog: (tmdbId) => {
        const before = api!.state.watch.length;
        api!.state.watch = api!.state.watch.filter(
          (w) => !(w.tmdb_id === tmdbId && w.status === 'want_to_watch'),
        );
        return api!.state.watch.length < before;
      },
    });
    api = await startLibraryApi({ watch: [{ tmdb_id: 7, status: 'want_to_watch' }] }, d.handler);
    renderWithApp(<YourLog tmdbId={7} />, { auth: true });
    expect(await screen.findByText('Not in your diary yet.')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Date watched'), { target: { value: '2024-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log viewing' }));
    expect(await screen.findByText(/^Logged for .+ · Removed from your watchlist$/)).toBeTruthy();
    expect(api.state.watch).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Added to your watchlist!')).toBeTruthy();
    expect(api.state.watch).toEqual([{ tmdb_id: 7, status: 'want_to_watch' }]);
    expect(d.state.viewings).toHaveLength(1);
    expect(api.state.calls).toEqual(['POST /api/user/diary', 'POST /api/user/watch-status']);
  });

  it('logging a film not on the watchlist says only that it was logged, with no Undo', async () => {
    const d = diaryApi({ onLog: () => false });
    api = await startLibraryApi({}, d.handler);
    renderWithApp(<YourLog tmdbId={7} />, { auth: true });
    fireEvent.change(await screen.findByLabelText('Date watched'), { target: { value: '2024-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log viewing' }));
    expect(await screen.findByText(/^Logged for [^·]+$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('signed out: an invitation to sign in instead of the controls', async () => {
    api = await startLibraryApi({ signedIn: false });
    renderWithApp(<YourLog tmdbId={7} />, { auth: true });
    expect(await screen.findByText(/to rate, review and log this movie/)).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
  });
});

describe('the diary page', () => {
  it('groups entries by month, newest first, with ratings; empty state when there are none', async () => {
    const d = diaryApi({
      viewings: [
        { id: 1, tmdb_id: 7, watched_on: '2024-01-05', rewatch: false },
        { id: 2, tmdb_id: 8, watched_on: '2024-03-10', rewatch: true },
        { id: 3, tmdb_id: 9, watched_on: '2024-03-02', rewatch: false },
      ],
      ratings: { 8: 4.5 },
    });
    api = await startLibraryApi({}, d.handler);
    renderWithApp(<DiaryPage />, { auth: true });
    const months = await screen.findAllByRole('heading', { level: 2 });
    expect(months.map((h) => h.textContent)).toEqual(['March 2024', 'January 2024']);
    const march = within(months[0]!.closest('section')!);
    expect(march.getAllByRole('link', { name: /Movie \d/ }).map((a) => a.textContent)).toEqual([
      'Movie 8 (1999)',
      'Movie 9 (1999)',
    ]);
    expect(march.getByText('4.5 out of 5 stars')).toBeTruthy();
    expect(march.getByText('Rewatch')).toBeTruthy();
    expect(screen.getByText('3 viewings', { exact: false })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Movie 9 on 2024-03-02 from your diary' }));
    await waitFor(() => expect(screen.queryByText('Movie 9 (1999)')).toBeNull());
  });

  it('signed out, /diary and /stats invite to sign in, each saying what it is for', async () => {
    api = await startLibraryApi({ signedIn: false });
    for (const [Page, purpose] of [
      [DiaryPage, 'to keep a diary of what you watch.'],
      [StatsPage, 'and keep a diary to see your year in films.'],
    ] as const) {
      const view = renderWithApp(<Page />, { auth: true });
      expect(await screen.findByText('Sign in to see this page')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
      expect(screen.getByText(purpose, { exact: false })).toBeTruthy();
      view.unmount();
    }
  });

  it('shows each entry’s review and tags, and edits an entry in place; Escape closes without saving', async () => {
    const d = diaryApi({
      viewings: [{ id: 2, tmdb_id: 8, watched_on: '2024-03-10', rewatch: false, tags: ['cinema'] }],
      ratings: { 8: 4 },
      reviews: { 8: 'Loud and long.' },
    });
    api = await startLibraryApi({}, d.handler);
    renderWithApp(<DiaryPage />, { auth: true });
    expect(await screen.findByText('Loud and long.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByText('cinema')).toBeTruthy();

    const edit = screen.getByRole('button', { name: 'Edit Movie 8 on 2024-03-10' });
    fireEvent.click(edit);
    const form = await screen.findByRole('form', { name: 'Edit Movie 8 on 2024-03-10' });
    const date = within(form).getByLabelText('Date watched') as HTMLInputElement;
    expect(date.value).toBe('2024-03-10');
    await waitFor(() => expect(document.activeElement).toBe(date));
    fireEvent.keyDown(date, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(edit));

    fireEvent.click(edit);
    const again = await screen.findByRole('form', { name: 'Edit Movie 8 on 2024-03-10' });
    fireEvent.change(within(again).getByLabelText('Date watched'), { target: { value: '2024-03-12' } });
    fireEvent.click(within(again).getByLabelText('Rewatch'));
    fireEvent.change(within(again).getByLabelText('Tags'), { target: { value: ' imax, With  Dad,IMAX ' } });
    fireEvent.change(within(again).getByLabelText(/^Review/), {
      target: { value: '  Better on a big screen. ' },
    });
    const stars = within(again).getByRole('slider', { name: 'Rating' });
    fireEvent.keyDown(stars, { key: 'End' });
    fireEvent.keyDown(stars, { key: 'Enter' });
    // A future day is refused before anything is sent.
    fireEvent.change(within(again).getByLabelText('Date watched'), { target: { value: '2999-01-01' } });
    expect(within(again).getByRole('alert').textContent).toBe('The date can’t be in the future.');
    expect((within(again).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(again).getByLabelText('Date watched'), { target: { value: '2024-03-12' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(d.state.patches).toHaveLength(1));
    expect(d.state.patches[0]).toEqual({
      watched_on: '2024-03-12',
      rewatch: true,
      tags: ['imax', 'With Dad'],
      rating: 5,
      review: 'Better on a big screen.',
    });
    expect(api.state.calls).toContain('PATCH /api/user/diary/2');
    expect(await screen.findByText('Diary entry updated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(await screen.findByText('Better on a big screen.')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['imax', 'With Dad']);
    expect(screen.getByText('5 out of 5 stars')).toBeTruthy();
  });

  it('says so when the diary is empty', async () => {
    api = await startLibraryApi({}, diaryApi().handler);
    renderWithApp(<DiaryPage />, { auth: true });
    expect(await screen.findByText('Your diary is empty')).toBeTruthy();
  });
});

describe('/ratings', () => {
  /** GET /api/user/ratings as the API answers it: newest first, 50 a page. */
  const ratingsApi =
    (rated: { tmdb_id: number; rating: number; review: string | null; updated_at: string }[]) =>
    (req: IncomingMessage, res: ServerResponse): boolean => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname !== '/api/user/ratings' || req.method !== 'GET') return false;
      const page = Number(url.searchParams.get('page') ?? 1);
      const results = rated.slice((page - 1) * 50, page * 50).map((r) => ({
        ...r,
        title: `Movie ${r.tmdb_id}`,
        poster_path: null,
        release_date: '2001-05-02',
        created_at: r.updated_at,
      }));
      json(res, {
        page,
        total_pages: Math.max(1, Math.ceil(rated.length / 50)),
        total_results: rated.length,
        results,
      });
      return true;
    };

  it('lists every rated film with its stars, review and day, and loads the next 50', async () => {
    const rated = Array.from({ length: 51 }, (_, i) => ({
      tmdb_id: 100 + i,
      rating: ((i % 10) + 1) / 2,
      review: i === 0 ? 'Still thinking about it.' : null,
      updated_at: '2024-05-01T12:00:00.000Z',
    }));
    api = await startLibraryApi({}, ratingsApi(rated));
    renderWithApp(<RatingsPage />, { auth: true });
    expect((await screen.findByText(/^51 films rated/)).textContent).toBe('51 films rated · Your diary');
    expect(screen.getByRole('link', { name: 'Movie 100 (2001)' })).toBeTruthy();
    expect(screen.getAllByText('0.5 out of 5 stars').length).toBeGreaterThan(0);
    expect(screen.getByText('Still thinking about it.')).toBeTruthy();
    expect(screen.getAllByText(/^Rated .*2024$/).length).toBe(50);
    expect(screen.queryByRole('link', { name: 'Movie 150 (2001)' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more ratings' }));
    expect(await screen.findByRole('link', { name: 'Movie 150 (2001)' }, { timeout: 10_000 })).toBeTruthy();
  }, 30_000); // 51 rows rendered twice: slow under load

  it('a list that fails to load says why, and Try again loads it (both pages share this)', async () => {
    const ok = ratingsApi([{ tmdb_id: 7, rating: 4, review: null, updated_at: '2024-05-01T12:00:00.000Z' }]);
    const d = diaryApi({ viewings: [{ id: 1, tmdb_id: 7, watched_on: '2024-05-01', rewatch: false }] });
    const failures: Record<string, number> = { '/api/user/ratings': 1, '/api/user/diary': 1 };
    api = await startLibraryApi({}, (req, res, b) => {
      const path = new URL(req.url!, 'http://x').pathname;
      if ((failures[path] ?? 0) > 0) {
        failures[path]! -= 1;
        return (json(res, { message: 'The list is resting' }, 503), true);
      }
      return ok(req, res) || d.handler(req, res, b);
    });
    for (const [Page, shown] of [
      [RatingsPage, /^1 film rated/],
      [DiaryPage, /^1 viewing/],
    ] as const) {
      const { unmount } = renderWithApp(<Page />, { auth: true });
      expect((await screen.findByRole('alert')).textContent).toBe('Error: The list is resting');
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText(shown)).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      unmount();
    }
    expect(failures).toEqual({ '/api/user/ratings': 0, '/api/user/diary': 0 });
  });

  it('says how to start when nothing is rated, and invites to sign in when signed out', async () => {
    api = await startLibraryApi({}, ratingsApi([]));
    const { unmount } = renderWithApp(<RatingsPage />, { auth: true });
    expect(await screen.findByText('You haven’t rated anything yet')).toBeTruthy();
    unmount();
    await api.close();
    api = await startLibraryApi({ signedIn: false });
    renderWithApp(<RatingsPage />, { auth: true });
    expect(await screen.findByText('Sign in to see this page')).toBeTruthy();
    expect(screen.getByText('to rate the movies you have seen.', { exact: false })).toBeTruthy();
  });
});

describe('the year in review', () => {
  it('shows the figures, a described chart, ranked lists and a year picker of the years with entries', async () => {
    const summary = {
      year: 2024,
      years: [2024, 2021],
      per_year: [
        { year: 2021, count: 2 },
        { year: 2024, count: 5 },
      ],
      entries: 5,
      films: 4,
      rewatches: 1,
      per_month: Array.from({ length: 12 }, (_, i) => ({
        month: i + 1,
        count: i === 0 ? 3 : i === 6 ? 2 : 0,
      })),
      minutes: 555,
      without_runtime: 1,
      genres: [{ name: 'Drama', count: 3 }],
      decades: [{ decade: 1990, count: 2 }],
      languages: [{ code: 'fr', count: 1 }],
      top_rated: [{ tmdb_id: 8, title: 'Movie 8', poster_path: null, release_date: null, rating: 4.5 }],
    };
    const asked: string[] = [];
    api = await startLibraryApi({}, (req, res) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname !== '/api/user/stats') return false;
      asked.push(url.search);
      json(res, { ...summary, year: Number(url.searchParams.get('year') ?? 2024) });
      return true;
    });
    const view = renderWithApp(<StatsPage />, { auth: true, path: '/stats', route: '/stats' });
    expect(await screen.findByText('9.3 hours')).toBeTruthy();
    expect(screen.getByTestId('runtime-note').textContent).toContain('1 film has no runtime');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Viewings per month in 2024: January 3, February 0, March 0, April 0, May 0, June 0, July 2, August 0, September 0, October 0, November 0, December 0',
    );
    expect(screen.getByText('French')).toBeTruthy();
    expect(screen.getByText('1990s')).toBeTruthy();
    expect(screen.getByText('4.5 out of 5 stars')).toBeTruthy();
    const picker = screen.getByLabelText('Year') as HTMLSelectElement;
    const options = [...picker.options].map((o) => o.value);
    expect(options).toContain('2021');
    expect(options).toContain('2024');
    fireEvent.change(picker, { target: { value: '2021' } });
    await waitFor(() => expect(view.search()).toBe('?year=2021'));
    await waitFor(() => expect(asked.at(-1)).toBe('?year=2021'));
    expect(await screen.findByRole('heading', { name: 'Year in Review 2021' })).toBeTruthy();
  });
});

describe('the year picker', () => {
  it('opens on the latest year with entries, lists only years with entries and All time, by keyboard too', async () => {
    const thisYear = new Date().getFullYear();
    const per_month = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, count: i === 2 ? 2 : 0 }));
    const base = {
      years: [2021, 2019],
      per_year: [
        { year: 2019, count: 3 },
        { year: 2021, count: 2 },
      ],
      films: 2,
      rewatches: 0,
      per_month,
      minutes: 200,
      without_runtime: 0,
      genres: [],
      decades: [],
      languages: [],
      top_rated: [],
    };
    const asked: string[] = [];
    api = await startLibraryApi({}, (req, res) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname !== '/api/user/stats') return false;
      asked.push(url.search);
      const y = url.searchParams.get('year');
      // As the API: without a year, the latest year with entries.
      json(res, { ...base, year: y === 'all' ? null : Number(y ?? 2021), entries: y === 'all' ? 5 : 2 });
      return true;
    });
    const view = renderWithApp(<StatsPage />, { auth: true, path: '/stats', route: '/stats' });
    expect(await screen.findByRole('heading', { name: 'Year in Review 2021' })).toBeTruthy();
    expect(asked).toEqual(['']);
    const picker = screen.getByLabelText('Year') as HTMLSelectElement;
    expect(picker.value).toBe('2021');
    expect([...picker.options].map((o) => [o.value, o.textContent])).toEqual([
      ['2021', '2021'],
      ['2019', '2019'],
      ['all', 'All time'],
    ]);
    expect([...picker.options].some((o) => o.value === String(thisYear))).toBe(false);
    // A native select: focusable, and arrow keys change it in every browser.
    picker.focus();
    expect(document.activeElement).toBe(picker);
    fireEvent.change(picker, { target: { value: 'all' } });
    await waitFor(() => expect(view.search()).toBe('?year=all'));
    expect(await screen.findByRole('heading', { name: 'Year in Review: All time' })).toBeTruthy();
    await waitFor(() => expect(asked.at(-1)).toBe('?year=all'));
    await waitFor(() =>
      expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Viewings per year: 2019 3, 2021 2'),
    );
    expect((screen.getByLabelText('Year') as HTMLSelectElement).value).toBe('all');
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2019' } });
    expect(await screen.findByRole('heading', { name: 'Year in Review 2019' })).toBeTruthy();
  });
});
