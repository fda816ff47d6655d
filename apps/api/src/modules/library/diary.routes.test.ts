import { describe, expect, it } from 'vitest';
import { as, usersSuite } from '../../../test/helpers/auth-stack';
import { DATABASES } from '../../../test/helpers/db';
import { readSignals } from './signals.repository';
import { DIARY_MESSAGES, latestToday } from './diary.service';
import { MESSAGES } from './library.service';

describe.each(DATABASES)('ratings, diary and year in review on $name', ({ open }) => {
  const t = usersSuite(open);

  it('documents every route in OpenAPI and needs a token for each', async () => {
    const doc = (await t.s.client().get('/api/openapi.json')).body;
    const want: Record<string, string[]> = {
      '/api/user/ratings': ['get'],
      '/api/user/ratings/{tmdb_id}': ['delete', 'get', 'put'],
      '/api/user/diary': ['get', 'post'],
      '/api/user/diary/{id}': ['delete', 'patch'],
      '/api/user/stats': ['get'],
    };
    for (const [path, methods] of Object.entries(want))
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual(methods.sort());
    const c = t.s.client();
    for (const [method, path] of [
      ['GET', '/api/user/ratings'],
      ['GET', '/api/user/ratings/155'],
      ['PUT', '/api/user/ratings/155'],
      ['DELETE', '/api/user/ratings/155'],
      ['GET', '/api/user/diary'],
      ['POST', '/api/user/diary'],
      ['DELETE', '/api/user/diary/1'],
      ['PATCH', '/api/user/diary/1'],
      ['GET', '/api/user/stats'],
    ] as const) {
      const body =
        method === 'PUT' || method === 'PATCH'
          ? { rating: 4 }
          : method === 'POST'
            ? { tmdb_id: 155 }
            : undefined;
      expect((await c.request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
  });

  it('rates in half stars, replaces, trims the review, reads one, lists newest first, clears', async () => {
    const a = as(t.alice);
    expect((await a.get('/api/user/ratings/155')).body).toEqual({
      tmdb_id: 155,
      rating: null,
      review: null,
      updated_at: null,
    });
    const set = await a.put('/api/user/ratings/155', { rating: 3.5, review: '  Long, loud, great.  ' });
    expect(set).toMatchObject({
      status: 200,
      body: { tmdb_id: 155, rating: 3.5, review: 'Long, loud, great.' },
    });
    expect((await a.put('/api/user/ratings/155', { rating: 4.5 })).body).toMatchObject({
      rating: 4.5,
      review: null,
    });
    expect((await a.put('/api/user/ratings/157336', { rating: 0.5, review: '   ' })).body).toMatchObject({
      rating: 0.5,
      review: null,
    });
    expect((await a.get('/api/user/ratings/155')).body).toMatchObject({ rating: 4.5, review: null });
    const list = await a.get('/api/user/ratings');
    expect(list.body).toMatchObject({ page: 1, total_pages: 1, total_results: 2 });
    expect(list.body.results.map((r: { tmdb_id: number; rating: number }) => [r.tmdb_id, r.rating])).toEqual([
      [157336, 0.5],
      [155, 4.5],
    ]);
    expect(list.body.results[0]).toMatchObject({ title: 'Interstellar', poster_path: '/poster-157336.svg' });
    expect(list.body.results[0].release_date).toMatch(/^2014-/);
    // Bob sees none of Alice's ratings, and his own read of the same film is unrated.
    expect((await as(t.bob).get('/api/user/ratings')).body).toMatchObject({ total_results: 0, results: [] });
    expect((await as(t.bob).get('/api/user/ratings/155')).body.rating).toBeNull();
    expect(await a.del('/api/user/ratings/157336')).toMatchObject({
      status: 200,
      body: { message: DIARY_MESSAGES.ratingCleared },
    });
    expect(await a.del('/api/user/ratings/157336')).toMatchObject({
      status: 404,
      body: { message: DIARY_MESSAGES.notRated },
    });
  });

  it('refuses bad ratings and reviews with a clear 400, unknown movies with 404, writes nothing', async () => {
    const a = as(t.alice);
    for (const [body, msg] of [
      [{ rating: 0.7 }, 'half stars'],
      [{ rating: 0 }, 'between 0.5 and 5'],
      [{ rating: 5.5 }, 'between 0.5 and 5'],
      [{ rating: '4' }, 'must be a number'],
      [{}, 'rating'],
      [{ rating: 4, review: 'x'.repeat(2001) }, 'at most 2000'],
      [{ rating: 4, review: 42 }, 'review must be text'],
    ] as const) {
      const res = await a.put('/api/user/ratings/238', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(msg);
    }
    // 2000 characters after trimming is fine.
    expect(
      (await a.put('/api/user/ratings/238', { rating: 2, review: ` ${'y'.repeat(2000)} ` })).status,
    ).toBe(200);
    expect(await a.put('/api/user/ratings/999999999', { rating: 3 })).toMatchObject({
      status: 404,
      body: { message: MESSAGES.movieNotFound },
    });
    expect((await a.put('/api/user/ratings/abc', { rating: 3 })).status).toBe(400);
    // The database refuses what the contract refuses, whatever the route.
    await expect(
      t.db.db.insertInto('ratings').values({ user_id: 'x', tmdb_id: 238, rating: 0.7 }).execute(),
    ).rejects.toThrow();
  });

  it('logs viewings (also marks watched), rewatches on other days, 409 on the same day, 400 in the future', async () => {
    const a = as(t.alice);
    const first = await a.post('/api/user/diary', { tmdb_id: 550, watched_on: '2024-03-10' });
    expect(first).toMatchObject({
      status: 201,
      body: {
        message: DIARY_MESSAGES.logged,
        tmdb_id: 550,
        title: 'Fight Club',
        watched_on: '2024-03-10',
        rewatch: false,
      },
    });
    expect(
      (await a.get('/api/user/watch-status')).body.some(
        (w: { tmdb_id: number; status: string }) => w.tmdb_id === 550 && w.status === 'watched',
      ),
    ).toBe(true);
    expect(await a.post('/api/user/diary', { tmdb_id: 550, watched_on: '2024-03-10' })).toMatchObject({
      status: 409,
      body: { message: DIARY_MESSAGES.alreadyLogged },
    });
    const again = await a.post('/api/user/diary', { tmdb_id: 550, watched_on: '2024-11-02', rewatch: true });
    expect(again).toMatchObject({ status: 201, body: { rewatch: true, watched_on: '2024-11-02' } });
    const tomorrowAnywhere = new Date(`${latestToday()}T00:00:00Z`);
    tomorrowAnywhere.setUTCDate(tomorrowAnywhere.getUTCDate() + 1);
    for (const [body, msg] of [
      [{ tmdb_id: 550, watched_on: tomorrowAnywhere.toISOString().slice(0, 10) }, DIARY_MESSAGES.futureDate],
      [{ tmdb_id: 550, watched_on: '2024-02-30' }, 'not a real date'],
      [{ tmdb_id: 550, watched_on: '10/03/2024' }, 'YYYY-MM-DD'],
      [{ tmdb_id: 550, watched_on: '1800-01-01' }, '1888'],
      [{ tmdb_id: 550, rewatch: 'yes' }, 'rewatch'],
      [{ watched_on: '2024-01-01' }, 'tmdb_id'],
    ] as const) {
      const res = await a.post('/api/user/diary', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(msg);
    }
    expect(await a.post('/api/user/diary', { tmdb_id: 999999999, watched_on: '2024-01-01' })).toMatchObject({
      status: 404,
      body: { message: MESSAGES.movieNotFound },
    });
    // Today (the server's UTC date) without a date.
    const today = await a.post('/api/user/diary', { tmdb_id: 238 });
    expect(today.status).toBe(201);
    expect(today.body.watched_on).toBe(new Date().toISOString().slice(0, 10));
  });

  it("lists the diary newest first with the rating, per movie too, paginated; deletes only one's own", async () => {
    const a = as(t.alice);
    await a.put('/api/user/ratings/550', { rating: 5 });
    const diary = await a.get('/api/user/diary');
    expect(diary.body).toMatchObject({ page: 1, total_pages: 1, total_results: 3 });
    const dates = diary.body.results.map((e: { watched_on: string }) => e.watched_on);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(
      diary.body.results.find((e: { watched_on: string }) => e.watched_on === '2024-11-02'),
    ).toMatchObject({
      tmdb_id: 550,
      rating: 5,
      rewatch: true,
    });
    const fightClub = (await a.get('/api/user/diary?tmdb_id=550')).body;
    expect(fightClub.results.map((e: { watched_on: string }) => e.watched_on)).toEqual([
      '2024-11-02',
      '2024-03-10',
    ]);
    expect((await a.get('/api/user/diary?page=2')).body).toMatchObject({ page: 2, results: [] });
    expect((await a.get('/api/user/diary?page=0')).status).toBe(400);
    expect((await as(t.bob).get('/api/user/diary')).body.total_results).toBe(0);

    const id = fightClub.results[0].id;
    expect(await as(t.bob).del(`/api/user/diary/${id}`)).toMatchObject({
      status: 403,
      body: { message: DIARY_MESSAGES.notYourEntry },
    });
    expect(await a.del('/api/user/diary/99999999')).toMatchObject({
      status: 404,
      body: { message: DIARY_MESSAGES.entryNotFound },
    });
    const gone = await a.del(`/api/user/diary/${id}`);
    expect(gone).toMatchObject({
      status: 200,
      body: { message: DIARY_MESSAGES.entryDeleted, tmdb_id: 550, watched_on: '2024-11-02', rewatch: true },
    });
    // Undo: the same viewing logged again.
    expect(
      (await a.post('/api/user/diary', { tmdb_id: 550, watched_on: '2024-11-02', rewatch: true })).status,
    ).toBe(201);
  });

  it('pages of 50, newest day first, with nothing repeated or lost between pages', async () => {
    const d = as(await t.s.verifiedUser('Dan', 'dan@example.com'));
    const day = (i: number) => new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10);
    for (let i = 0; i < 55; i++)
      expect(
        (await d.post('/api/user/diary', { tmdb_id: 155, watched_on: day(i), rewatch: i > 0 })).status,
      ).toBe(201);
    const first = (await d.get('/api/user/diary')).body;
    const second = (await d.get('/api/user/diary?page=2')).body;
    expect(first).toMatchObject({ page: 1, total_pages: 2, total_results: 55 });
    expect(first.results).toHaveLength(50);
    expect(second).toMatchObject({ page: 2, total_pages: 2, total_results: 55 });
    const dates = [...first.results, ...second.results].map((e: { watched_on: string }) => e.watched_on);
    expect(dates).toEqual(Array.from({ length: 55 }, (_, i) => day(54 - i)));
    const ratings = (await d.get('/api/user/ratings?page=1')).body;
    expect(ratings).toMatchObject({ page: 1, total_pages: 1, total_results: 0, results: [] });
  });

  it('watched stays while the diary has the movie; deleting the last viewing keeps watched', async () => {
    const b = as(t.bob);
    const logged = await b.post('/api/user/diary', { tmdb_id: 680, watched_on: '2023-05-01' });
    expect(await b.del('/api/user/watch-status/680?status=watched')).toMatchObject({
      status: 409,
      body: { message: MESSAGES.inDiary },
    });
    expect((await b.del(`/api/user/diary/${logged.body.id}`)).status).toBe(200);
    const statuses = (await b.get('/api/user/watch-status')).body;
    expect(
      statuses.some((w: { tmdb_id: number; status: string }) => w.tmdb_id === 680 && w.status === 'watched'),
    ).toBe(true);
    expect((await b.del('/api/user/watch-status/680?status=watched')).status).toBe(200);
  });

  it('the year in review: months, hours from catalog runtimes, genres, decades, languages, top rated', async () => {
    const c = as(await t.s.verifiedUser('Carol', 'carol@example.com'));
    const empty = await c.get('/api/user/stats?year=2022');
    expect(empty.body).toMatchObject({
      year: 2022,
      years: [],
      entries: 0,
      films: 0,
      minutes: 0,
      top_rated: [],
    });
    expect(empty.body.per_month).toHaveLength(12);
    // Interstellar (169 min, 2014, en), The Dark Knight (152 min, 2008, en) twice, Amélie (122 min, 2001, fr).
    for (const [tmdb_id, watched_on, rewatch] of [
      [157336, '2022-01-15', false],
      [155, '2022-01-20', false],
      [155, '2022-07-04', true],
      [194, '2022-12-31', false],
      [550, '2021-06-01', false],
    ] as const)
      expect((await c.post('/api/user/diary', { tmdb_id, watched_on, rewatch })).status).toBe(201);
    await c.put('/api/user/ratings/194', { rating: 4.5 });
    await c.put('/api/user/ratings/155', { rating: 5 });
    await c.put('/api/user/ratings/550', { rating: 5 }); // watched in 2021, not in the 2022 review
    const facts = await Promise.all(
      [157336, 155, 194].map(async (id) => (await t.s.client().get(`/api/tmdb/movie/${id}`)).body),
    );
    const runtime = (id: number) => facts.find((f) => f.id === id)!.runtime as number;
    const r = (await c.get('/api/user/stats?year=2022')).body;
    expect(r).toMatchObject({ year: 2022, years: [2022, 2021], entries: 4, films: 3, rewatches: 1 });
    expect(r.per_month.map((m: { count: number }) => m.count)).toEqual([2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect(r.minutes).toBe(runtime(157336) + 2 * runtime(155) + runtime(194));
    expect(r.without_runtime).toBe(0);
    expect(r.decades).toEqual(
      expect.arrayContaining([
        { decade: 2000, count: 2 },
        { decade: 2010, count: 1 },
      ]),
    );
    expect(r.languages[0]).toEqual({ code: 'en', count: 2 });
    expect(r.languages).toContainEqual({ code: 'fr', count: 1 });
    const genreCount = new Map<string, number>();
    for (const f of facts)
      for (const g of f.genres) genreCount.set(g.name, (genreCount.get(g.name) ?? 0) + 1);
    expect(r.genres[0].count).toBe(Math.max(...genreCount.values()));
    expect(r.top_rated.map((m: { tmdb_id: number; rating: number }) => [m.tmdb_id, m.rating])).toEqual([
      [155, 5],
      [194, 4.5],
    ]);
    // Default: the latest year with entries (not the current year, which has none); a bad year is a 400.
    expect((await c.get('/api/user/stats')).body).toMatchObject({ year: 2022, entries: 4 });
    // All time: every viewing, and the viewings per year (oldest first).
    const all = (await c.get('/api/user/stats?year=all')).body;
    expect(all).toMatchObject({ year: null, entries: 5, films: 4, rewatches: 1 });
    expect(all.per_year).toEqual([
      { year: 2021, count: 1 },
      { year: 2022, count: 4 },
    ]);
    expect(all.per_month.map((m: { count: number }) => m.count)).toEqual([
      2, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1,
    ]);
    expect(all.top_rated.map((m: { tmdb_id: number }) => m.tmdb_id)).toEqual([550, 155, 194]); // 5, 5 (by title), 4.5
    // Someone with no entries gets the current year, empty.
    expect((await as(t.bob).get('/api/user/stats')).body).toMatchObject({
      year: new Date().getUTCFullYear(),
      entries: 0,
    });
    expect((await c.get('/api/user/stats?year=every')).body.message).toContain('"all"');
    expect((await c.get('/api/user/stats?year=12')).status).toBe(400);
    expect((await c.get('/api/user/stats?year=abc')).status).toBe(400);
  });

  it('ratings and viewings reach the recommender signals, with the rating value', async () => {
    const signals = await readSignals(t.db.db);
    const rated = signals.filter((x) => x.kind === 'rated');
    expect(rated.length).toBeGreaterThan(0);
    expect(rated.every((x) => typeof x.rating === 'number' && x.rating >= 0.5 && x.rating <= 5)).toBe(true);
    expect(signals.filter((x) => x.kind === 'diary').length).toBeGreaterThanOrEqual(4);
    expect(signals.filter((x) => x.kind !== 'rated').every((x) => x.rating === undefined)).toBe(true);
    const diary = signals.find((x) => x.kind === 'diary' && x.item === 194)!;
    expect(new Date(diary.timestamp * 1000).toISOString().slice(0, 10)).toBe('2022-12-31');
    const internal = await t.s.client().get('/api/internal/signals');
    expect(internal.status).toBe(401);
  });

  it('logging a viewing takes the movie off the watchlist (and says so); marking watched does not', async () => {
    const e = as(await t.s.verifiedUser('Erin', 'erin@example.com'));
    const statuses = async (id: number) =>
      ((await e.get('/api/user/watch-status')).body as { tmdb_id: number; status: string }[])
        .filter((w) => w.tmdb_id === id)
        .map((w) => w.status)
        .sort();
    await e.post('/api/user/watch-status', { tmdb_id: 155, status: 'want_to_watch' });
    const logged = await e.post('/api/user/diary', { tmdb_id: 155, watched_on: '2024-01-05' });
    expect(logged).toMatchObject({ status: 201, body: { removed_from_watchlist: true } });
    expect(await statuses(155)).toEqual(['watched']);
    // Undo (the page's toast): the watchlist status posted again; the viewing stays.
    await e.post('/api/user/watch-status', { tmdb_id: 155, status: 'want_to_watch' });
    expect(await statuses(155)).toEqual(['want_to_watch', 'watched']);
    expect((await e.get('/api/user/diary?tmdb_id=155')).body.total_results).toBe(1);
    // Not on the watchlist: nothing to take off.
    expect((await e.post('/api/user/diary', { tmdb_id: 550, watched_on: '2024-01-05' })).body).toMatchObject({
      removed_from_watchlist: false,
    });
    // The spec: "Setting watched is independent of the watchlist and just posts the new status."
    await e.post('/api/user/watch-status', { tmdb_id: 680, status: 'want_to_watch' });
    await e.post('/api/user/watch-status', { tmdb_id: 680, status: 'watched' });
    expect(await statuses(680)).toEqual(['want_to_watch', 'watched']);
  });

  it('edits an entry: day, rewatch, tags, and the movie’s rating and review; only the owner', async () => {
    const f = as(await t.s.verifiedUser('Fay', 'fay@example.com'));
    const made = await f.post('/api/user/diary', {
      tmdb_id: 238,
      watched_on: '2024-02-01',
      tags: [' cinema ', 'with  Dad', 'Cinema'],
    });
    expect(made.body).toMatchObject({ tags: ['cinema', 'with Dad'], review: null, rating: null });
    const id = made.body.id as number;
    const edited = await f.patch(`/api/user/diary/${id}`, {
      watched_on: '2024-02-03',
      rewatch: true,
      tags: ['imax'],
      rating: 4.5,
      review: '  Still perfect.  ',
    });
    expect(edited).toMatchObject({
      status: 200,
      body: {
        message: DIARY_MESSAGES.entryUpdated,
        id,
        tmdb_id: 238,
        watched_on: '2024-02-03',
        rewatch: true,
        tags: ['imax'],
        rating: 4.5,
        review: 'Still perfect.',
      },
    });
    // The diary shows it, and the rating is the movie's (the movie page reads the same).
    expect((await f.get('/api/user/diary')).body.results[0]).toMatchObject({
      id,
      watched_on: '2024-02-03',
      tags: ['imax'],
      review: 'Still perfect.',
    });
    expect((await f.get('/api/user/ratings/238')).body).toMatchObject({
      rating: 4.5,
      review: 'Still perfect.',
    });
    // Only what is sent changes: a new rating keeps the review; tags [] clears the tags.
    expect((await f.patch(`/api/user/diary/${id}`, { rating: 3, tags: [] })).body).toMatchObject({
      watched_on: '2024-02-03',
      rewatch: true,
      tags: [],
      rating: 3,
      review: 'Still perfect.',
    });
    // rating null removes the rating and its review.
    expect((await f.patch(`/api/user/diary/${id}`, { rating: null })).body).toMatchObject({
      rating: null,
      review: null,
    });
    expect(await f.patch(`/api/user/diary/${id}`, { review: 'No stars' })).toMatchObject({
      status: 400,
      body: { message: DIARY_MESSAGES.reviewNeedsRating },
    });
    // Another viewing of the same movie on the new day: 409, nothing changed.
    await f.post('/api/user/diary', { tmdb_id: 238, watched_on: '2024-03-01' });
    expect(await f.patch(`/api/user/diary/${id}`, { watched_on: '2024-03-01' })).toMatchObject({
      status: 409,
      body: { message: DIARY_MESSAGES.alreadyLogged },
    });
    // Someone else's entry, like an unknown one, is 404 and stays as it was.
    expect(await as(t.bob).patch(`/api/user/diary/${id}`, { rewatch: false })).toMatchObject({
      status: 404,
      body: { message: DIARY_MESSAGES.entryNotFound },
    });
    expect((await f.patch('/api/user/diary/99999999', { rewatch: false })).status).toBe(404);
    expect((await f.get('/api/user/diary?tmdb_id=238')).body.results[1]).toMatchObject({
      id,
      watched_on: '2024-02-03',
      rewatch: true,
    });
    const tomorrowAnywhere = new Date(`${latestToday()}T00:00:00Z`);
    tomorrowAnywhere.setUTCDate(tomorrowAnywhere.getUTCDate() + 1);
    for (const [body, msg] of [
      [{}, 'at least one'],
      [{ watched_on: tomorrowAnywhere.toISOString().slice(0, 10) }, DIARY_MESSAGES.futureDate],
      [{ watched_on: '2024-02-30' }, 'not a real date'],
      [{ rating: 0.7 }, 'half stars'],
      [{ rating: 4, review: 'x'.repeat(2001) }, 'at most 2000'],
      [{ rewatch: 'yes' }, 'rewatch'],
      [{ tags: 'imax' }, 'tags must be a list'],
      [{ tags: ['a,b'] }, 'comma'],
      [{ tags: ['   '] }, 'empty'],
      [{ tags: ['x'.repeat(51)] }, 'at most 50'],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'at most 20 tags'],
      [{ rating: null, review: 'words' }, DIARY_MESSAGES.reviewNeedsRating],
    ] as const) {
      const res = await f.patch(`/api/user/diary/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(msg);
    }
    expect((await f.patch('/api/user/diary/abc', { rewatch: true })).status).toBe(400);
    // The tags an entry had come back with its deletion (the Undo logs them again).
    await f.patch(`/api/user/diary/${id}`, { tags: ['imax', 'with Dad'] });
    expect((await f.del(`/api/user/diary/${id}`)).body).toMatchObject({ tags: ['imax', 'with Dad'] });
  });

  it('the table bounds tags itself: at most 20, each 1–50 characters, trimmed, no comma', async () => {
    const g = await t.s.verifiedUser('Gus', 'gus@example.com');
    expect((await as(g).post('/api/user/diary', { tmdb_id: 155, watched_on: '2020-01-01' })).status).toBe(
      201,
    );
    const { id: uid } = await t.db.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'gus@example.com')
      .executeTakeFirstOrThrow();
    const insert = (day: string, tags: string[]) =>
      t.db.db
        .insertInto('diary_entries')
        .values({ user_id: uid, tmdb_id: 155, watched_on: day, tags })
        .execute();
    await insert('2020-01-02', ['ok', 'x'.repeat(50), 'é'.repeat(50), 'two words']);
    await insert(
      '2020-01-03',
      Array.from({ length: 20 }, (_, i) => `t${i}`),
    );
    await insert('2020-01-04', ['a']);
    for (const [i, bad] of [
      Array.from({ length: 21 }, (_, i) => `t${i}`),
      ['x'.repeat(51)],
      [''],
      [' padded'],
      ['padded '],
      ['a,b'],
      ['line\nbreak'],
    ].entries())
      await expect(
        insert(`2020-02-${String(i + 1).padStart(2, '0')}`, bad),
        JSON.stringify(bad),
      ).rejects.toThrow();
  });
});
