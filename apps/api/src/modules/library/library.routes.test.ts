import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack, type Client } from '../../../test/helpers/auth-stack';
import { DATABASES, seedPgliteDir } from '../../../test/helpers/db';
import type { Database } from '../../db/database';
import { SESSION_EXPIRED } from '../identity/auth-guard';
import { MESSAGES } from './library.service';

describe.each(DATABASES)('personal library on $name', ({ open }) => {
  let db: Database;
  let s: AuthStack;
  let alice: { client: Client; bearer: Record<string, string> };
  let bob: { client: Client; bearer: Record<string, string> };

  beforeAll(async () => {
    db = await open();
    s = await startAuthStack({ db });
    alice = await s.verifiedUser('Alice', 'alice@example.com');
    bob = await s.verifiedUser('Bob', 'bob@example.com');
  });
  afterAll(async () => {
    await s.close();
    await db.close();
  });

  const as = (u: { client: Client; bearer: Record<string, string> }) => ({
    get: (p: string) => u.client.get(p, u.bearer),
    post: (p: string, body: unknown) => u.client.post(p, body, u.bearer),
    del: (p: string) => u.client.del(p, u.bearer),
    patch: (p: string, body: unknown) => u.client.request('PATCH', p, body, u.bearer),
  });

  it('the OpenAPI document describes every library route', async () => {
    const doc = (await s.client().get('/api/openapi.json')).body;
    const want: Record<string, string[]> = {
      '/api/user/likes': ['get', 'post'],
      '/api/user/likes/{tmdb_id}': ['delete'],
      '/api/user/playlists': ['get', 'post'],
      '/api/user/playlists/{id}': ['delete', 'patch'],
      '/api/user/playlists/{id}/movies': ['get', 'post'],
      '/api/user/playlists/{id}/movies/{tmdb_id}': ['delete'],
      '/api/user/watch-status': ['get', 'post'],
      '/api/user/watch-status/{tmdb_id}': ['delete'],
      '/api/user/recently-visited': ['get', 'post', 'put', 'delete'],
      '/api/user/recently-visited/{tmdb_id}': ['delete'],
    };
    for (const [path, methods] of Object.entries(want)) {
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual(methods.sort());
    }
    expect(doc.paths['/api/user/likes'].post.responses).toHaveProperty('409');
  });

  it('every route needs a token', async () => {
    const c = s.client();
    for (const [method, path] of [
      ['GET', '/api/user/likes'],
      ['POST', '/api/user/likes'],
      ['DELETE', '/api/user/likes/155'],
      ['GET', '/api/user/playlists'],
      ['POST', '/api/user/playlists'],
      ['DELETE', '/api/user/playlists/1'],
      ['PATCH', '/api/user/playlists/1'],
      ['GET', '/api/user/playlists/1/movies'],
      ['POST', '/api/user/playlists/1/movies'],
      ['DELETE', '/api/user/playlists/1/movies/155'],
      ['GET', '/api/user/watch-status'],
      ['POST', '/api/user/watch-status'],
      ['DELETE', '/api/user/watch-status/155'],
      ['GET', '/api/user/recently-visited'],
      ['POST', '/api/user/recently-visited'],
      ['PUT', '/api/user/recently-visited'],
      ['DELETE', '/api/user/recently-visited'],
      ['DELETE', '/api/user/recently-visited/155'],
    ] as const) {
      const res = await c.request(
        method,
        path,
        method !== 'GET' && method !== 'DELETE' ? { tmdb_id: 155 } : undefined,
      );
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('likes: 201 then 409, newest first with movie facts, unlike 200 then 404', async () => {
    const a = as(alice);
    const first = await a.post('/api/user/likes', { tmdb_id: 157336 });
    expect(first).toMatchObject({
      status: 201,
      body: { message: 'Movie liked', like_id: expect.any(Number) },
    });
    expect(await a.post('/api/user/likes', { tmdb_id: 157336 })).toMatchObject({
      status: 409,
      body: { message: MESSAGES.alreadyLiked },
    });
    await a.post('/api/user/likes', { tmdb_id: 155 });
    const list = await a.get('/api/user/likes');
    expect(list.status).toBe(200);
    expect(list.body.map((m: { tmdb_id: number }) => m.tmdb_id)).toEqual([155, 157336]);
    expect(list.body[1]).toMatchObject({
      tmdb_id: 157336,
      movie_id: 157336,
      id: 157336,
      title: 'Interstellar',
      overview: expect.stringContaining('wormhole'),
      poster_path: '/poster-157336.svg',
      vote_average: 8.1,
    });
    expect(await a.del('/api/user/likes/157336')).toMatchObject({
      status: 200,
      body: { message: 'Like removed' },
    });
    expect(await a.del('/api/user/likes/157336')).toMatchObject({
      status: 404,
      body: { message: MESSAGES.notLiked },
    });
    expect((await as(bob).get('/api/user/likes')).body).toEqual([]); // Bob sees none of Alice's
  });

  it('validates ids and bodies: 400 for malformed, 404 for unknown movies, never a 500', async () => {
    const a = as(alice);
    for (const body of [
      {},
      { tmdb_id: 'abc' },
      { tmdb_id: -1 },
      { tmdb_id: 1.5 },
      { tmdb_id: 0 },
      { tmdb: 5 },
      null,
    ]) {
      const res = await a.post('/api/user/likes', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await a.post('/api/user/likes', { tmdb_id: 999999999 })).toMatchObject({
      status: 404,
      body: { message: 'Movie not found' },
    });
    expect((await a.del('/api/user/likes/abc')).status).toBe(400);
    expect((await a.post('/api/user/watch-status', { tmdb_id: 155, status: 'loved' })).status).toBe(400);
    expect((await a.post('/api/user/playlists', { name: '   ' })).status).toBe(400);
    expect((await a.post('/api/user/playlists', { name: 'x'.repeat(101) })).status).toBe(400);
    // A DELETE of a movie nobody wrote about creates nothing.
    expect((await a.del('/api/user/likes/238')).status).toBe(404);
    const stored = await db.db
      .selectFrom('movies')
      .select('tmdb_id')
      .where('tmdb_id', 'in', [238, 999999999])
      .execute();
    expect(stored).toEqual([]);
  });

  it('playlists: create trimmed, list with counts, add/remove with 409/404, delete', async () => {
    const a = as(alice);
    const created = await a.post('/api/user/playlists', { name: '  Sci-fi nights  ' });
    expect(created).toMatchObject({
      status: 201,
      body: { playlist_id: expect.any(Number), name: 'Sci-fi nights', created_at: expect.any(String) },
    });
    const id = created.body.playlist_id;
    expect(await a.post(`/api/user/playlists/${id}/movies`, { tmdb_id: 157336 })).toMatchObject({
      status: 201,
      body: { message: 'Movie added to playlist' },
    });
    expect(await a.post(`/api/user/playlists/${id}/movies`, { tmdb_id: 157336 })).toMatchObject({
      status: 409,
      body: { message: MESSAGES.alreadyInPlaylist },
    });
    await a.post(`/api/user/playlists/${id}/movies`, { tmdb_id: 348 });
    const lists = await a.get('/api/user/playlists');
    expect(lists.body).toContainEqual(
      expect.objectContaining({ playlist_id: id, name: 'Sci-fi nights', movie_count: 2 }),
    );
    const movies = await a.get(`/api/user/playlists/${id}/movies`);
    expect(
      movies.body.map((m: { tmdb_id: number }) => m.tmdb_id).sort((x: number, y: number) => x - y),
    ).toEqual([348, 157336]);
    expect(await a.del(`/api/user/playlists/${id}/movies/348`)).toMatchObject({
      status: 200,
      body: { message: 'Movie removed from playlist' },
    });
    expect(await a.del(`/api/user/playlists/${id}/movies/348`)).toMatchObject({
      status: 404,
      body: { message: MESSAGES.notInPlaylist },
    });
    expect(await a.del(`/api/user/playlists/${id}`)).toMatchObject({
      status: 200,
      body: { message: 'Playlist deleted' },
    });
    expect(await a.del(`/api/user/playlists/${id}`)).toMatchObject({
      status: 404,
      body: { message: MESSAGES.playlistNotFound },
    });
    expect((await a.get(`/api/user/playlists/${id}/movies`)).status).toBe(404);
    const orphans = await db.db
      .selectFrom('playlist_movies')
      .selectAll()
      .where('playlist_id', '=', id)
      .execute();
    expect(orphans).toEqual([]); // entries went with the playlist
  });

  it('playlist names are unique per user, ignoring case: 409 on create and rename, even ten at once', async () => {
    const { client, bearer } = await s.verifiedUser('Namer', `namer-${Date.now()}@example.com`);
    const n = as({ client, bearer });
    const first = await n.post('/api/user/playlists', { name: 'Road Movies' });
    expect(first.status).toBe(201);
    for (const name of ['Road Movies', '  road movies ', 'ROAD MOVIES'])
      expect(await n.post('/api/user/playlists', { name })).toMatchObject({
        status: 409,
        body: { message: 'You already have a playlist with that name' },
      });
    // Another user may have the same name.
    const other2 = await s.verifiedUser('Other Namer', `namer2-${Date.now()}@example.com`);
    expect((await as(other2).post('/api/user/playlists', { name: 'Road Movies' })).status).toBe(201);
    const other = await n.post('/api/user/playlists', { name: 'Westerns' });
    expect(
      await n.patch(`/api/user/playlists/${other.body.playlist_id}`, { name: 'road movies' }),
    ).toMatchObject({
      status: 409,
      body: { message: 'You already have a playlist with that name' },
    });
    // A playlist renamed to its own name in another case is fine.
    expect(
      await n.patch(`/api/user/playlists/${first.body.playlist_id}`, { name: 'ROAD movies' }),
    ).toMatchObject({ status: 200, body: { name: 'ROAD movies' } });
    // Ten creates of one new name at once (a double click, two tabs): exactly one playlist.
    const racing = await Promise.all(
      Array.from({ length: 10 }, () => n.post('/api/user/playlists', { name: 'Heists' })),
    );
    expect(racing.filter((r) => r.status === 201)).toHaveLength(1);
    expect(racing.filter((r) => r.status === 409)).toHaveLength(9);
    const names = (await n.get('/api/user/playlists')).body.map((p: { name: string }) => p.name).sort();
    expect(names).toEqual(['Heists', 'ROAD movies', 'Westerns']);
  });

  it("any route on another user's playlist is 403", async () => {
    const id = (await as(alice).post('/api/user/playlists', { name: 'Private' })).body.playlist_id;
    await as(alice).post(`/api/user/playlists/${id}/movies`, { tmdb_id: 550 });
    const b = as(bob);
    for (const res of [
      await b.get(`/api/user/playlists/${id}/movies`),
      await b.post(`/api/user/playlists/${id}/movies`, { tmdb_id: 155 }),
      await b.del(`/api/user/playlists/${id}/movies/550`),
      await b.del(`/api/user/playlists/${id}`),
    ]) {
      expect(res).toMatchObject({ status: 403, body: { message: 'You don’t own this playlist' } });
    }
    expect((await b.get('/api/user/playlists')).body).toEqual([]);
    expect((await as(alice).get(`/api/user/playlists/${id}/movies`)).body).toHaveLength(1);
  });

  it('watch status: watched and want_to_watch are independent, each cleared on its own', async () => {
    const a = as(alice);
    expect(await a.post('/api/user/watch-status', { tmdb_id: 862, status: 'want_to_watch' })).toMatchObject({
      status: 200,
      body: { tmdb_id: 862, status: 'want_to_watch' },
    });
    // Marking watched does not take the movie off the watchlist, nor the reverse.
    await a.post('/api/user/watch-status', { tmdb_id: 862, status: 'watched' });
    await a.post('/api/user/watch-status', { tmdb_id: 238, status: 'watched' });
    await a.post('/api/user/watch-status', { tmdb_id: 238, status: 'want_to_watch' });
    // The same status again is accepted and changes nothing.
    expect((await a.post('/api/user/watch-status', { tmdb_id: 238, status: 'watched' })).status).toBe(200);
    const statuses = async () =>
      ((await a.get('/api/user/watch-status')).body as { tmdb_id: number; status: string }[])
        .map((e) => `${e.tmdb_id}:${e.status}`)
        .sort();
    expect(await statuses()).toEqual([
      '238:want_to_watch',
      '238:watched',
      '862:want_to_watch',
      '862:watched',
    ]);
    const list = (await a.get('/api/user/watch-status')).body;
    expect(list.find((e: { tmdb_id: number }) => e.tmdb_id === 862)).toMatchObject({
      title: 'Toy Story',
      vote_average: 7.7,
      poster_path: '/poster-862.svg',
    });

    // Un-watch: only the watched status goes.
    expect(await a.del('/api/user/watch-status/862?status=watched')).toMatchObject({
      status: 200,
      body: { message: MESSAGES.statusCleared },
    });
    expect(await a.del('/api/user/watch-status/862?status=watched')).toMatchObject({
      status: 404,
      body: { message: MESSAGES.notWatched },
    });
    expect(await statuses()).toEqual(['238:want_to_watch', '238:watched', '862:want_to_watch']);
    // Off the watchlist.
    expect((await a.del('/api/user/watch-status/862?status=want_to_watch')).status).toBe(200);
    expect(await a.del('/api/user/watch-status/862?status=want_to_watch')).toMatchObject({
      status: 404,
      body: { message: MESSAGES.notOnWatchlist },
    });
    expect((await a.del('/api/user/watch-status/862?status=loved')).status).toBe(400);
    // Without a status, both are cleared.
    expect((await a.del('/api/user/watch-status/238')).status).toBe(200);
    expect(await a.del('/api/user/watch-status/238')).toMatchObject({
      status: 404,
      body: { message: MESSAGES.noStatus },
    });
    expect(await statuses()).toEqual([]);
    // Bob's statuses are his own.
    await as(bob).post('/api/user/watch-status', { tmdb_id: 862, status: 'watched' });
    expect((await a.del('/api/user/watch-status/862')).status).toBe(404);
    expect((await as(bob).get('/api/user/watch-status')).body).toHaveLength(1);
  });

  it('playlists: rename (trimmed, validated, owner only) and membership of a movie', async () => {
    const a = as(alice);
    const one = (await a.post('/api/user/playlists', { name: 'Firsts' })).body.playlist_id as number;
    const two = (await a.post('/api/user/playlists', { name: 'Seconds' })).body.playlist_id as number;
    await a.post(`/api/user/playlists/${one}/movies`, { tmdb_id: 155 });

    expect(await a.patch(`/api/user/playlists/${one}`, { name: '  Best of  ' })).toMatchObject({
      status: 200,
      body: {
        message: 'Playlist renamed',
        playlist_id: one,
        name: 'Best of',
        created_at: expect.any(String),
      },
    });
    expect((await a.patch(`/api/user/playlists/${one}`, { name: '   ' })).status).toBe(400);
    expect((await a.patch(`/api/user/playlists/${one}`, { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await a.patch(`/api/user/playlists/${one}`, {})).status).toBe(400);
    expect(await as(bob).patch(`/api/user/playlists/${one}`, { name: 'Mine now' })).toMatchObject({
      status: 403,
      body: { message: 'You don’t own this playlist' },
    });
    expect(await a.patch('/api/user/playlists/999999', { name: 'Ghost' })).toMatchObject({
      status: 404,
      body: { message: MESSAGES.playlistNotFound },
    });

    const withMembership = (await a.get('/api/user/playlists?tmdb_id=155')).body as {
      playlist_id: number;
      name: string;
      contains_movie: boolean;
    }[];
    expect(withMembership.find((p) => p.playlist_id === one)).toMatchObject({
      name: 'Best of',
      contains_movie: true,
    });
    expect(withMembership.find((p) => p.playlist_id === two)).toMatchObject({ contains_movie: false });
    // Without the query the list keeps its shape.
    expect((await a.get('/api/user/playlists')).body[0]).not.toHaveProperty('contains_movie');
    expect((await a.get('/api/user/playlists?tmdb_id=abc')).status).toBe(400);
    await a.del(`/api/user/playlists/${one}`);
    await a.del(`/api/user/playlists/${two}`);
  });

  it('recently visited: a repeat moves to the front, no duplicates, at most 20', async () => {
    const b = as(bob);
    const ids = [
      862, 155, 550, 238, 348, 157336, 13, 680, 278, 122, 120, 121, 603, 604, 605, 24428, 27205, 49026, 1891,
      1892, 1893, 11,
    ];
    for (const id of ids)
      expect((await b.post('/api/user/recently-visited', { tmdb_id: id })).status).toBe(200);
    await b.post('/api/user/recently-visited', { tmdb_id: 1891 });
    const list = (await b.get('/api/user/recently-visited')).body;
    expect(list).toHaveLength(20);
    expect(list[0]).toMatchObject({
      tmdb_id: 1891,
      title: expect.any(String),
      vote_average: expect.any(Number),
    });
    expect(list[1].tmdb_id).toBe(11);
    expect(new Set(list.map((e: { tmdb_id: number }) => e.tmdb_id)).size).toBe(20);
  });

  it('recently visited: remove one (404 after), clear, and put back each at its own time, owner only', async () => {
    const { client, bearer } = await s.verifiedUser('Visitor', `visitor-${Date.now()}@example.com`);
    const v = as({ client, bearer });
    const ids = () =>
      v.get('/api/user/recently-visited').then((r) => r.body.map((e: { tmdb_id: number }) => e.tmdb_id));
    for (const id of [862, 155, 550, 238]) await v.post('/api/user/recently-visited', { tmdb_id: id });
    const before = (await v.get('/api/user/recently-visited')).body;
    expect(await ids()).toEqual([238, 550, 155, 862]);
    // Another user's removal and clear touch only their own list.
    await as(alice).del('/api/user/recently-visited');
    expect(await as(alice).del('/api/user/recently-visited/550')).toMatchObject({ status: 404 });
    expect(await ids()).toEqual([238, 550, 155, 862]);

    expect(await v.del('/api/user/recently-visited/550')).toMatchObject({
      status: 200,
      body: { message: 'Removed from recently visited' },
    });
    expect(await v.del('/api/user/recently-visited/550')).toMatchObject({
      status: 404,
      body: { message: 'Movie not in your recently visited' },
    });
    expect(await ids()).toEqual([238, 155, 862]);
    // Undo of the removal: back in its place, at its own time.
    const removed = before.find((e: { tmdb_id: number }) => e.tmdb_id === 550);
    const put = (visits: unknown) => client.request('PUT', '/api/user/recently-visited', { visits }, bearer);
    expect(await put([{ tmdb_id: 550, visited_at: removed.visited_at }])).toMatchObject({ status: 200 });
    expect(await ids()).toEqual([238, 550, 155, 862]);

    expect(await v.del('/api/user/recently-visited')).toMatchObject({
      status: 200,
      body: { message: 'Recently visited cleared' },
    });
    expect(await ids()).toEqual([]);
    // A visit after the clear, then the clear's undo: the old ones back behind it, in their order.
    await v.post('/api/user/recently-visited', { tmdb_id: 680 });
    const visits = before.map((e: { tmdb_id: number; visited_at: string }) => ({
      tmdb_id: e.tmdb_id,
      visited_at: e.visited_at,
    }));
    expect(await put(visits)).toMatchObject({ status: 200, body: { message: 'Recently visited restored' } });
    expect(await ids()).toEqual([680, 238, 550, 155, 862]);
    const after = (await v.get('/api/user/recently-visited')).body;
    expect(after.find((e: { tmdb_id: number }) => e.tmdb_id === 862).visited_at).toBe(before[3].visited_at);

    // A time in the future is held at now; an unknown movie is skipped; bad bodies are 400.
    expect(await put([{ tmdb_id: 603, visited_at: '2999-01-01T00:00:00Z' }])).toMatchObject({ status: 200 });
    expect((await ids())[0]).toBe(603);
    expect(
      new Date((await v.get('/api/user/recently-visited')).body[0].visited_at).getTime(),
    ).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await put([{ tmdb_id: 999999999, visited_at: before[0].visited_at }])).toMatchObject({
      status: 200,
    });
    expect(await ids()).not.toContain(999999999);
    for (const bad of [
      [{ tmdb_id: 550, visited_at: 'yesterday' }],
      [{ tmdb_id: -1, visited_at: before[0].visited_at }],
      Array.from({ length: 21 }, () => ({ tmdb_id: 550, visited_at: before[0].visited_at })),
      'all',
    ]) {
      const res = await put(bad);
      expect(res.status, JSON.stringify(bad).slice(0, 60)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('20 parallel identical likes: exactly one 201, the rest 409, one row', async () => {
    const { client, bearer } = await s.verifiedUser('Racer', `racer-${Date.now()}@example.com`);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/api/user/likes', { tmdb_id: 680 }, bearer)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 201)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(19);
    const rows = await db.db.selectFrom('likes').selectAll().where('tmdb_id', '=', 680).execute();
    expect(rows).toHaveLength(1);
  });

  it('a movie added while its playlist is deleted: 201 or 404, never a 500 (20 pairs at once)', async () => {
    const { client, bearer } = await s.verifiedUser('Deleter', `deleter-${Date.now()}@example.com`);
    await client.post('/api/user/likes', { tmdb_id: 603 }, bearer); // the movie row exists: only the race is left
    const ids: number[] = [];
    for (let i = 0; i < 20; i++)
      ids.push((await client.post('/api/user/playlists', { name: `Doomed ${i}` }, bearer)).body.playlist_id);
    // Each delete starts a little later than its add (0 to 9 ms), so that some land between the
    // add's ownership check and its insert: the database's foreign key then decides.
    const later = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const pairs = await Promise.all(
      ids.map((id, i) =>
        Promise.all([
          client.post(`/api/user/playlists/${id}/movies`, { tmdb_id: 603 }, bearer),
          later(i % 10).then(() => client.del(`/api/user/playlists/${id}`, bearer)),
        ]),
      ),
    );
    for (const [add, del] of pairs) {
      expect(del.status).toBe(200);
      if (add.status === 404) expect(add.body).toEqual({ message: MESSAGES.playlistNotFound });
      else expect(add).toMatchObject({ status: 201, body: { message: MESSAGES.addedToPlaylist } });
    }
    const left = await db.db
      .selectFrom('playlist_movies')
      .selectAll()
      .where('playlist_id', 'in', ids)
      .execute();
    expect(left).toEqual([]);
  });

  it('a still-valid token of a deleted account gets 401 on every user route, even mid-write', async () => {
    const { client, bearer } = await s.verifiedUser('Ghost', `ghost-${Date.now()}@example.com`);
    // Writes racing the deletion: each one either lands before it (and goes with the account) or is a 401.
    const racing = Promise.all(
      [550, 680, 155, 13, 603, 157336, 348, 24428].map((tmdb_id) =>
        client.post('/api/user/likes', { tmdb_id }, bearer),
      ),
    );
    expect((await client.post('/api/auth/delete-user', {})).status).toBe(200);
    for (const r of await racing) expect([201, 401]).toContain(r.status);
    for (const [method, path, body] of [
      ['GET', '/api/user/likes'],
      ['POST', '/api/user/likes', { tmdb_id: 550 }],
      ['POST', '/api/user/playlists', { name: 'After' }],
      ['GET', '/api/user/playlists'],
      ['POST', '/api/user/watch-status', { tmdb_id: 550, status: 'watched' }],
      ['POST', '/api/user/recently-visited', { tmdb_id: 550 }],
      ['DELETE', '/api/user/likes/550'],
    ] as const) {
      const res = await client.request(method, path, body, bearer);
      expect(res, `${method} ${path}`).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
    }
  });

  it('deleting an account deletes its data', async () => {
    const { client, bearer } = await s.verifiedUser('Leaver', `leaver-${Date.now()}@example.com`);
    await client.post('/api/user/likes', { tmdb_id: 155 }, bearer);
    const pid = (await client.post('/api/user/playlists', { name: 'Soon gone' }, bearer)).body.playlist_id;
    await client.post(`/api/user/playlists/${pid}/movies`, { tmdb_id: 155 }, bearer);
    await client.post('/api/user/watch-status', { tmdb_id: 155, status: 'watched' }, bearer);
    await client.post('/api/user/recently-visited', { tmdb_id: 155 }, bearer);
    const uid = (await client.get('/api/auth/get-session')).body.user.id as string;
    // Read once, so that the embedded database's read cache holds them.
    expect((await client.get('/api/user/likes', bearer)).body).toHaveLength(1);
    expect((await client.post('/api/auth/delete-user', {})).status).toBe(200);
    // The ID token is still valid for a while, but its account is gone: 401, and nothing cached is
    // served in its place.
    for (const path of ['/api/user/likes', '/api/user/playlists']) {
      const res = await client.get(path, bearer);
      expect(res.status, path).toBe(401);
      expect(res.body, path).toEqual({ message: 'Session expired. Please login again.' });
    }
    for (const table of ['likes', 'playlists', 'watch_status', 'recently_visited'] as const) {
      const rows = await db.db.selectFrom(table).select('user_id').where('user_id', '=', uid).execute();
      expect(rows, table).toEqual([]);
    }
    expect(
      await db.db.selectFrom('playlist_movies').selectAll().where('playlist_id', '=', pid).execute(),
    ).toEqual([]);
  });
});

describe('library data survives a restart', () => {
  it('keeps likes and playlists when the server is stopped and started on the same data', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openDatabase, migrateToLatest } = await import('../../db/database');
    const dir = mkdtempSync(join(tmpdir(), 'restart-'));
    try {
      // A migrated cluster from the run's snapshot (making one is seconds of CPU; this test is about
      // what a restart keeps, not about the first start).
      await seedPgliteDir(join(dir, 'pglite'));
      let db = await openDatabase({ dataDir: join(dir, 'pglite') });
      await migrateToLatest(db.db);
      let s = await startAuthStack({ db, dataDir: dir });
      const { client, bearer } = await s.verifiedUser('Keeper', 'keeper@example.com');
      await client.post('/api/user/likes', { tmdb_id: 238 }, bearer);
      await client.post('/api/user/playlists', { name: 'Kept' }, bearer);
      await s.close();
      await db.close();

      db = await openDatabase({ dataDir: join(dir, 'pglite') });
      await migrateToLatest(db.db);
      s = await startAuthStack({ db, dataDir: dir, smtp: undefined });
      try {
        const c = s.client();
        await c.post('/api/auth/sign-in/email', { email: 'keeper@example.com', password: 'secret123' });
        const token = (await c.get('/api/auth/token')).body.token;
        const auth = { authorization: `Bearer ${token}` };
        expect(
          (await c.get('/api/user/likes', auth)).body.map((m: { tmdb_id: number }) => m.tmdb_id),
        ).toEqual([238]);
        expect((await c.get('/api/user/playlists', auth)).body.map((p: { name: string }) => p.name)).toEqual([
          'Kept',
        ]);
      } finally {
        await s.close();
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
