import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, startAuthStack, type AuthStack, type TestUser } from '../../../test/helpers/auth-stack';
import { DATABASES } from '../../../test/helpers/db';
import type { Database } from '../../db/database';

/**
 * Issue 46's "none of a private user's data can be reached by anyone else" (decision 0100's
 * review), every route at once, on PGlite and PostgreSQL: a private profile with a rating, a
 * review, a diary entry, a like, a watched film and a shared playlist, seen by a visitor, a
 * stranger, a pending requester and a person it blocked; its accepted follower sees it, until
 * blocked. No cache keeps a social answer.
 */
describe.each(DATABASES)('a private profile on $name', ({ open }) => {
  let db: Database;
  let s: AuthStack;
  const u: Record<string, TestUser> = {};
  const names = ['pia', 'fox', 'pen', 'sam', 'bea'] as const;
  type Name = (typeof names)[number];
  const A = (n: Name) => as(u[n]!);
  const FILM = 680;
  const REVIEW = 'Pia’s private thoughts on Pulp Fiction';

  beforeAll(async () => {
    db = await open();
    s = await startAuthStack({ db });
    for (const n of names) {
      u[n] = await s.verifiedUser(n, `${n}@example.com`);
      expect((await A(n).patch('/api/user/profile', { username: n })).status).toBe(200);
    }
    // fox asks and is accepted; pen asks and waits; bea is blocked.
    await A('fox').post('/api/profiles/pia/follow', undefined);
    await A('pia').post('/api/user/follow-requests/fox/accept', undefined);
    await A('pen').post('/api/profiles/pia/follow', undefined);
    await A('bea').post('/api/profiles/pia/follow', undefined);
    await A('pia').post('/api/user/follow-requests/bea/accept', undefined);
    expect((await A('pia').put('/api/profiles/bea/block', undefined)).status).toBe(200);
    // Pia's doings, after the follows.
    expect((await A('pia').put(`/api/user/ratings/${FILM}`, { rating: 5, review: REVIEW })).status).toBe(200);
    expect((await A('pia').post('/api/user/diary', { tmdb_id: FILM })).status).toBe(201);
    expect((await A('pia').post('/api/user/likes', { tmdb_id: 238 })).status).toBe(201);
    const pl = await A('pia').post('/api/user/playlists', { name: 'Pia’s secret list' });
    await A('pia').post(`/api/user/playlists/${pl.body.playlist_id}/share`, undefined);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await db?.close();
  });

  type Viewer = Name | 'visitor';
  const get = (v: Viewer, path: string) => (v === 'visitor' ? s.client().get(path) : A(v).get(path));
  const mentions = (body: unknown) =>
    /pia/i.test(JSON.stringify(body)) || JSON.stringify(body).includes(REVIEW);

  it.each(['visitor', 'sam', 'pen', 'bea'] as const)('reaches no one else: %s', async (v) => {
    const profile = await get(v, '/api/profiles/pia');
    if (v === 'bea') expect(profile.status).toBe(404);
    else {
      expect(profile.body).toMatchObject({ visible: false, public: false });
      for (const key of ['favourites', 'recent_diary', 'ratings_spread', 'playlists', 'counts'])
        expect(profile.body[key], key).toBeNull();
    }
    for (const list of ['followers', 'following'])
      expect((await get(v, `/api/profiles/pia/${list}`)).status).toBe(v === 'bea' ? 404 : 403);
    // Reviews of the film, in either order, and its like and report.
    for (const sort of ['newest', 'liked'])
      expect(mentions((await get(v, `/api/movies/${FILM}/reviews?sort=${sort}`)).body)).toBe(false);
    // Search: a name and whether it is public, nothing else (and not at all to the blocked).
    const found = (await get(v, '/api/profiles?q=pi')).body.results;
    expect(found).toEqual(v === 'bea' ? [] : [{ username: 'pia', public: false }]);
    if (v === 'visitor') {
      expect((await s.client().get('/api/feed')).status).toBe(401);
      return;
    }
    expect(mentions((await A(v).get('/api/feed')).body)).toBe(false);
    expect((await A(v).get(`/api/movies/${FILM}/friends`)).body.results).toEqual([]);
    expect((await A(v).put(`/api/movies/${FILM}/reviews/pia/like`, undefined)).status).toBe(404);
    expect((await A(v).post(`/api/movies/${FILM}/reviews/pia/report`, { reason: 'spam' })).status).toBe(404);
    // Their own export and settings hold nothing of hers.
    const exported = await A(v).get('/api/user/export');
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).not.toContain(REVIEW);
    expect(JSON.stringify(exported.body)).not.toContain('Pia’s secret list');
  });

  it('the accepted follower sees it all, and nothing from the moment of a block', async () => {
    expect((await A('fox').get('/api/profiles/pia')).body).toMatchObject({ visible: true });
    const feed = (await A('fox').get('/api/feed')).body.results as { kind: string; review: string | null }[];
    expect(feed.map((i) => i.kind).sort()).toEqual(['diary', 'like', 'playlist', 'review']);
    expect(feed.find((i) => i.kind === 'review')?.review).toBe(REVIEW);
    expect((await A('fox').get(`/api/movies/${FILM}/friends`)).body.results).toEqual([
      { username: 'pia', rating: 5, watched_on: expect.any(String) },
    ]);
    // Her review is still not public: not on the film's page, even for her follower.
    expect(mentions((await A('fox').get(`/api/movies/${FILM}/reviews`)).body)).toBe(false);

    await A('pia').put('/api/profiles/fox/block', undefined);
    expect((await A('fox').get('/api/profiles/pia')).status).toBe(404);
    expect(mentions((await A('fox').get('/api/feed')).body)).toBe(false);
    expect((await A('fox').get(`/api/movies/${FILM}/friends`)).body.results).toEqual([]);
    expect((await A('fox').get('/api/profiles?q=pia')).body.results).toEqual([]);
  });

  it('no cache keeps a social answer: each depends on who asks, or may change at once', async () => {
    for (const path of [
      '/api/user/profile',
      '/api/user/follow-requests',
      '/api/user/blocks',
      '/api/feed',
      '/api/profiles/pia',
      '/api/profiles/pia/followers',
      `/api/movies/${FILM}/friends`,
      `/api/movies/${FILM}/reviews`,
      '/api/profiles?q=p',
    ]) {
      const r = await A('pia').get(path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('cache-control'), path).toBe('private, no-store');
    }
    for (const path of ['/api/profiles/fox', `/api/movies/${FILM}/reviews`, '/api/profiles/nobody'])
      expect((await s.client().get(path)).headers.get('cache-control'), path).toBe('private, no-store');
  });
});
