import type { RecommendedMovie } from '@app/contracts';
import { MoviePage, RECOMMEND_TOP_N_MAX, UserSettings } from '@app/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack, type Client } from '../../../test/helpers/auth-stack';
import { DATABASES } from '../../../test/helpers/db';
import type { Database } from '../../db/database';
import { SESSION_EXPIRED } from '../identity/auth-guard';

type User = { client: Client; bearer: Record<string, string> };

/** A stand-in recommendation service at the network edge: its neighbours are `NEIGHBOURS`, in order. */
let NEIGHBOURS: number[] = [];
let fake: Server;
let recommenderUrl = '';
beforeAll(async () => {
  fake = createServer((req, res) => {
    const n = Number(new URL(req.url!, 'http://x').searchParams.get('top_n'));
    res.setHeader('content-type', 'application/json');
    // As the real service: top_n past its maximum is a 400.
    if (n > RECOMMEND_TOP_N_MAX) {
      res.statusCode = 400;
      res.end(JSON.stringify({ message: `top_n must be an integer from 1 to ${RECOMMEND_TOP_N_MAX}` }));
      return;
    }
    res.end(
      JSON.stringify(NEIGHBOURS.slice(0, n).map((tmdbId, i) => ({ tmdbId, rating: 7, score: 1 - i / 100 }))),
    );
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  recommenderUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => fake.close(() => r())));

describe.each(DATABASES)('hide what I have seen, on $name', ({ open }) => {
  let db: Database;
  let s: AuthStack;
  let alice: User;
  let bob: User;

  beforeAll(async () => {
    db = await open();
    s = await startAuthStack({ db, env: { RECOMMENDER_URL: recommenderUrl } });
    alice = await s.verifiedUser('Alice', 'alice@example.com');
    bob = await s.verifiedUser('Bob', 'bob@example.com');
  });
  afterAll(async () => {
    await s.close();
    await db.close();
  });

  const as = (u: User) => ({
    get: (p: string) => u.client.get(p, u.bearer),
    post: (p: string, body: unknown) => u.client.post(p, body, u.bearer),
    del: (p: string) => u.client.del(p, u.bearer),
    patch: (p: string, body: unknown) => u.client.request('PATCH', p, body, u.bearer),
    put: (p: string, body: unknown) => u.client.request('PUT', p, body, u.bearer),
  });
  const pageOf = async (u: User | null, url: string) => {
    const r = u ? await as(u).get(url) : await s.client().get(url);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return MoviePage.parse(r.body);
  };

  it('settings start as defaults, change one flag at a time, and are per account', async () => {
    const a = as(alice);
    expect((await a.get('/api/user/settings')).body).toEqual({
      hide_watched: false,
      hide_liked: false,
      hide_listed: false,
      country: null,
    });
    const on = await a.patch('/api/user/settings', { hide_watched: true });
    expect(on.status).toBe(200);
    expect(UserSettings.parse(on.body)).toEqual({
      hide_watched: true,
      hide_liked: false,
      hide_listed: false,
      country: null,
    });
    const liked = await a.patch('/api/user/settings', { hide_liked: true });
    expect(liked.body).toEqual({ hide_watched: true, hide_liked: true, hide_listed: false, country: null });
    expect((await a.get('/api/user/settings')).body).toEqual(liked.body);
    // Written in the database (not only in a cache).
    const row = await db.db
      .selectFrom('user_settings')
      .selectAll()
      .innerJoin('user', 'user.id', 'user_settings.user_id')
      .where('user.email', '=', 'alice@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ hide_watched: true, hide_liked: true, hide_listed: false });
    expect((await as(bob).get('/api/user/settings')).body.hide_watched).toBe(false);
    await a.patch('/api/user/settings', { hide_watched: false, hide_liked: false });
  });

  it("the country for 'Where to watch': a code TMDB covers, stored in capitals, null for automatic", async () => {
    const a = as(bob);
    const set = await a.patch('/api/user/settings', { country: 'de' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ country: 'DE', hide_watched: false });
    expect((await a.get('/api/user/settings')).body.country).toBe('DE');
    for (const bad of ['ZZ', 'DEU', 7]) {
      const r = await a.patch('/api/user/settings', { country: bad });
      expect(r.status, String(bad)).toBe(400);
      expect(r.body.message).toContain('country');
    }
    expect((await a.get('/api/user/settings')).body.country).toBe('DE');
    expect((await a.patch('/api/user/settings', { country: null })).body.country).toBeNull();
    // The database holds the rule too: no lower-case or longer code gets in past the contract.
    const uid = (
      await db.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', 'bob@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    await expect(
      db.db.updateTable('user_settings').set({ country: 'de' }).where('user_id', '=', uid).execute(),
    ).rejects.toThrow();
  });

  it.each([
    [{}, 'Nothing to update'],
    [{ hide_watched: 'yes' }, 'hide_watched must be true or false'],
    [{ hide_everything: true }, 'Unknown setting'],
  ])('PATCH %j is a 400 with a message', async (body, message) => {
    const r = await as(alice).patch('/api/user/settings', body);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(message);
  });

  it('needs a token, and hide_seen on a list needs one too', async () => {
    const c = s.client();
    expect((await c.get('/api/user/settings')).status).toBe(401);
    expect((await c.request('PATCH', '/api/user/settings', { hide_watched: true })).status).toBe(401);
    const r = await c.get('/api/tmdb/movie/popular?hide_seen=true');
    expect(r.status).toBe(401);
    expect(r.body.message).toBe(SESSION_EXPIRED);
    const bad = await c.get('/api/tmdb/movie/popular?hide_seen=true', { authorization: 'Bearer nope' });
    expect(bad.status).toBe(401);
  });

  it('hides watched films from lists, genres and search with honest counts, and shows them again when switched off', async () => {
    const a = as(alice);
    const anon = await pageOf(null, '/api/tmdb/movie/popular');
    const [first, second, third] = anon.results.map((m) => m.id);
    await a.post('/api/user/watch-status', { tmdb_id: first, status: 'watched' });
    await a.post('/api/user/watch-status', { tmdb_id: third, status: 'watched' });
    await a.post('/api/user/likes', { tmdb_id: second });

    // Switch off: hide_seen changes nothing but says 0 hidden.
    const off = await pageOf(alice, '/api/tmdb/movie/popular?hide_seen=true');
    expect(off.results.map((m) => m.id)).toEqual(anon.results.map((m) => m.id));
    expect(off.hidden).toBe(0);

    await a.patch('/api/user/settings', { hide_watched: true });
    const on = await pageOf(alice, '/api/tmdb/movie/popular?hide_seen=true');
    const ids = on.results.map((m) => m.id);
    expect(ids).not.toContain(first);
    expect(ids).not.toContain(third);
    expect(ids).toContain(second); // liked, but liked films are not hidden by default
    expect(on.results).toHaveLength(20); // the page stays full: filtered before paging
    expect(on.hidden).toBe(2);
    expect(on.total_results).toBe(anon.total_results - 2);
    // The answer is the user's: not cached for others, not stored publicly.
    const again = await s.client().get('/api/tmdb/movie/popular?hide_seen=true', bob.bearer);
    expect(MoviePage.parse(again.body).results.map((m) => m.id)).toContain(first);
    expect(again.headers.get('cache-control')).toBe('private, no-store');
    expect((await pageOf(null, '/api/tmdb/movie/popular')).results[0]!.id).toBe(first);

    // Genres and search, and a sort with a range, all honour it.
    const movie = await a.get(`/api/tmdb/movie/${first}`);
    const genre = movie.body.genres[0].id as number;
    const g = await pageOf(alice, `/api/tmdb/discover/movie?with_genres=${genre}&hide_seen=true`);
    const gAnon = await pageOf(null, `/api/tmdb/discover/movie?with_genres=${genre}`);
    expect(g.results.map((m) => m.id)).not.toContain(first);
    expect(g.total_results + g.hidden!).toBe(gAnon.total_results);
    const title = movie.body.title as string;
    const found = await pageOf(
      alice,
      `/api/tmdb/search/movie?query=${encodeURIComponent(title)}&hide_seen=true`,
    );
    expect(found.results.map((m) => m.id)).not.toContain(first);
    expect(found.hidden).toBeGreaterThanOrEqual(1);
    const year = (movie.body.release_date as string).slice(0, 4);
    const ranged = await pageOf(
      alice,
      `/api/tmdb/discover/movie?with_genres=${genre}&sort_by=vote_average.desc&primary_release_date.gte=${year}-01-01&primary_release_date.lte=${year}-12-31&hide_seen=true`,
    );
    expect(ranged.results.map((m) => m.id)).not.toContain(first);
    expect(ranged.hidden).toBeGreaterThanOrEqual(1);

    // Un-watching shows it again on the next request.
    await a.del(`/api/user/watch-status/${third}?status=watched`);
    const back = await pageOf(alice, '/api/tmdb/movie/popular?hide_seen=true');
    expect(back.results.map((m) => m.id)).toContain(third);
    expect(back.hidden).toBe(1);

    // Liked and listed only with their options.
    await a.patch('/api/user/settings', { hide_liked: true });
    const noLiked = await pageOf(alice, '/api/tmdb/movie/popular?hide_seen=true');
    expect(noLiked.results.map((m) => m.id)).not.toContain(second);
    expect(noLiked.hidden).toBe(2);
    const fourth = anon.results[3]!.id;
    const fifth = anon.results[4]!.id;
    await a.post('/api/user/watch-status', { tmdb_id: fourth, status: 'want_to_watch' });
    const pl = await a.post('/api/user/playlists', { name: 'Later' });
    await a.post(`/api/user/playlists/${pl.body.playlist_id}/movies`, { tmdb_id: fifth });
    expect((await pageOf(alice, '/api/tmdb/movie/popular?hide_seen=true')).hidden).toBe(2);
    await a.patch('/api/user/settings', { hide_listed: true });
    const noListed = await pageOf(alice, '/api/tmdb/movie/popular?hide_seen=true');
    expect(noListed.results.map((m) => m.id)).not.toEqual(expect.arrayContaining([fourth]));
    expect(noListed.results.map((m) => m.id)).not.toEqual(expect.arrayContaining([fifth]));
    expect(noListed.hidden).toBe(4);

    // The switch off: everything shows again, and the options are kept for next time.
    const off2 = await a.patch('/api/user/settings', { hide_watched: false });
    expect(off2.body).toEqual({ hide_watched: false, hide_liked: true, hide_listed: true, country: null });
    const all = await pageOf(alice, '/api/tmdb/movie/popular?hide_seen=true');
    expect(all.results.map((m) => m.id)).toEqual(anon.results.map((m) => m.id));
    expect(all.hidden).toBe(0);

    // Bob's library never hides anything from Alice, nor hers from him.
    await as(bob).patch('/api/user/settings', { hide_watched: true });
    const bobs = await pageOf(bob, '/api/tmdb/movie/popular?hide_seen=true');
    expect(bobs.hidden).toBe(0);
    expect(bobs.results[0]!.id).toBe(first);
  });

  it('a rated film counts as seen: hidden while the switch is on, shown again when the rating goes', async () => {
    const fay = await s.verifiedUser('Fay', 'fay@example.com');
    const f = as(fay);
    const anon = await pageOf(null, '/api/tmdb/movie/popular');
    const rated = anon.results[1]!.id;
    // Rated only: never marked watched, never logged.
    expect((await f.put(`/api/user/ratings/${rated}`, { rating: 3.5 })).status).toBe(200);
    const statuses = await db.db
      .selectFrom('watch_status')
      .innerJoin('user', 'user.id', 'watch_status.user_id')
      .select('tmdb_id')
      .where('user.email', '=', 'fay@example.com')
      .execute();
    expect(statuses).toEqual([]);
    expect((await pageOf(fay, '/api/tmdb/movie/popular?hide_seen=true')).hidden).toBe(0);
    await f.patch('/api/user/settings', { hide_watched: true });
    const on = await pageOf(fay, '/api/tmdb/movie/popular?hide_seen=true');
    expect(on.results.map((m) => m.id)).not.toContain(rated);
    expect(on.hidden).toBe(1);
    expect(on.total_results).toBe(anon.total_results - 1);
    // The rating removed: on the next request it shows again.
    expect((await f.del(`/api/user/ratings/${rated}`)).status).toBe(200);
    const back = await pageOf(fay, '/api/tmdb/movie/popular?hide_seen=true');
    expect(back.results.map((m) => m.id)).toContain(rated);
    expect(back.hidden).toBe(0);
  });

  it("the movie page's recommendations leave hidden films out and stay full", async () => {
    const d = as(await s.verifiedUser('Dan', 'dan@example.com'));
    const popular = (await pageOf(null, '/api/tmdb/movie/popular?page=3')).results.map((m) => m.id);
    NEIGHBOURS = popular;
    await d.post('/api/user/watch-status', { tmdb_id: popular[0], status: 'watched' });
    await d.post('/api/user/watch-status', { tmdb_id: popular[2], status: 'watched' });
    const ids = async (url: string) => {
      const r = await d.get(url);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body as RecommendedMovie[]).map((m) => m.id);
    };
    const url = '/api/recommend/movies?tmdb_id=155&top_n=5';
    expect(await ids(`${url}&hide_seen=true`)).toEqual(popular.slice(0, 5)); // switch off
    await d.patch('/api/user/settings', { hide_watched: true });
    expect(await ids(`${url}&hide_seen=true`)).toEqual([
      popular[1],
      popular[3],
      popular[4],
      popular[5],
      popular[6],
    ]);
    expect(await ids(url)).toEqual(popular.slice(0, 5)); // without hide_seen: as anyone sees it
    expect((await s.client().get(`${url}&hide_seen=true`)).status).toBe(401);
  });

  it('with many films hidden (an imported library), the top-up stays within what the service answers', async () => {
    const e = as(await s.verifiedUser('Eve', 'eve@example.com'));
    const neighbours: number[] = [];
    for (const p of [1, 2, 3, 4])
      neighbours.push(...(await pageOf(null, `/api/tmdb/movie/popular?page=${p}`)).results.map((m) => m.id));
    NEIGHBOURS = neighbours;
    // 40 of the neighbours watched: every other one.
    const watched = neighbours.filter((_, i) => i % 2 === 0).slice(0, 40);
    for (const id of watched) {
      const r = await e.post('/api/user/watch-status', { tmdb_id: id, status: 'watched' });
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    }
    await e.patch('/api/user/settings', { hide_watched: true });
    const r = await e.get('/api/recommend/movies?tmdb_id=155&top_n=12&hide_seen=true');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body as RecommendedMovie[]).map((m) => m.id)).toEqual(
      neighbours.filter((_, i) => i % 2 === 1).slice(0, 12),
    );
  });

  it('the OpenAPI document describes the settings routes', async () => {
    const doc = (await s.client().get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/user/settings']).sort()).toEqual(['get', 'patch']);
    expect(doc.components.schemas).toHaveProperty('UserSettings');
    const rec = doc.paths['/api/recommend/movies'].get.parameters.map((p: { name: string }) => p.name);
    expect(rec).toContain('hide_seen');
  });

  it('a deleted account cannot read settings with its still-valid token', async () => {
    const carol = await s.verifiedUser('Carol', 'carol@example.com');
    await as(carol).patch('/api/user/settings', { hide_watched: true });
    const { id } = await db.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'carol@example.com')
      .executeTakeFirstOrThrow();
    expect(
      await db.db.selectFrom('user_settings').select('user_id').where('user_id', '=', id).execute(),
    ).toHaveLength(1);
    await db.db.deleteFrom('user').where('email', '=', 'carol@example.com').execute();
    expect((await as(carol).get('/api/user/settings')).status).toBe(401);
    expect((await s.client().get('/api/tmdb/movie/popular?hide_seen=true', carol.bearer)).status).toBe(401);
    // The settings row went with the account (on delete cascade).
    expect(
      await db.db.selectFrom('user_settings').select('user_id').where('user_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('the chat leaves out what a signed-in user has watched, liked, rated or logged, and only theirs', async () => {
    const carol = await s.verifiedUser('Carol', 'carol@example.com');
    const c = as(carol);
    const chat = async (u: User | null) => {
      const r = await s
        .client()
        .post('/api/chat/send', { message: 'a dark crime thriller' }, u ? u.bearer : undefined);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.movies as { id: number }[]).map((m) => m.id);
    };
    const anon = await chat(null);
    expect(anon.length).toBeGreaterThanOrEqual(5);
    // Nothing seen yet: the same picks as anyone's.
    expect(await chat(carol)).toEqual(anon);
    const [watched, liked, rated, logged] = anon;
    expect((await c.post('/api/user/watch-status', { tmdb_id: watched, status: 'watched' })).status).toBe(
      200,
    );
    expect((await c.post('/api/user/likes', { tmdb_id: liked })).status).toBe(201);
    expect(
      (await carol.client.request('PUT', `/api/user/ratings/${rated}`, { rating: 4 }, carol.bearer)).status,
    ).toBe(200);
    expect((await c.post('/api/user/diary', { tmdb_id: logged, watched_on: '2024-03-10' })).status).toBe(201);
    const mine = await chat(carol);
    expect(mine.length).toBeGreaterThanOrEqual(5);
    for (const id of [watched, liked, rated, logged]) expect(mine).not.toContain(id);
    // What the others are offered does not change.
    expect(await chat(null)).toEqual(anon);
  });
});
