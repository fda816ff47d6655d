import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack, type Client } from '../../../test/helpers/auth-stack';

/**
 * A stand-in recommendation service at the network edge: each seed's neighbours are the seed's
 * own "family" of ids (seed * 10 + 1 …), so every pick can be traced back to its seed. Toy Story
 * (862) also recommends The Dark Knight (155), which the user already liked.
 */
const NEIGHBOURS: Record<number, number[]> = {
  862: [863, 10193, 155, 9806, 585, 12, 920, 2062],
  155: [272, 49026, 862, 1124, 27205, 807, 680],
  238: [240, 242, 769, 311, 111],
  550: [807, 1422, 680],
};
/** The service's popular-lately prior (the fake's `/trending`): empty unless a test sets it. */
let TRENDING: { tmdbId: number; score: number; genres: number[] }[] = [];
let fake: Server;
let s: AuthStack;
let recommendCalls: string[] = [];
/** When set, the fake also serves `POST /recommend/user` (a history → picks) with this answer. */
let USER_PICKS:
  { tmdbId: number; rating: number; score: number; because: number; popular: boolean }[] | null = null;
let userRequests: { authorization: string | undefined; body: unknown }[] = [];
/** When set, the fake is a service still preparing its first model: every route 503 with Retry-After. */
let PREPARING = false;
const secret = 'a-test-secret-for-the-internal-signals-route';

beforeAll(async () => {
  fake = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    res.setHeader('content-type', 'application/json');
    if (PREPARING)
      return res.writeHead(503, { 'retry-after': '3' }).end(JSON.stringify({ message: 'Model is loading' }));
    if (url.pathname === '/trending') return res.end(JSON.stringify(TRENDING));
    if (url.pathname === '/recommend/user') {
      // An older service has no such route: the API falls back to the per-film lists.
      if (!USER_PICKS) return res.writeHead(404).end(JSON.stringify({ message: 'not found' }));
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        userRequests.push({ authorization: req.headers.authorization, body: JSON.parse(text) });
        res.end(JSON.stringify(USER_PICKS));
      });
      return;
    }
    recommendCalls.push(url.searchParams.get('tmdb_id')!);
    const id = Number(url.searchParams.get('tmdb_id'));
    res.setHeader('content-type', 'application/json');
    const list = NEIGHBOURS[id];
    if (!list) return res.writeHead(404).end(JSON.stringify({ message: 'not in model' }));
    res.end(JSON.stringify(list.map((tmdbId, i) => ({ tmdbId, rating: 7, score: 1 - i / 100 }))));
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  s = await startAuthStack({
    env: {
      RECOMMENDER_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      // The tests read which films the row asked the service about: no list kept between them.
      RECOMMEND_CACHE_SECONDS: '0',
      RECOMMENDER_SIGNALS_SECRET: secret,
    },
  });
});
afterAll(async () => {
  await s.close();
  await new Promise<void>((r) => fake.close(() => r()));
});

const as = (u: { client: Client; bearer: Record<string, string> }) => ({
  get: (p: string) => u.client.get(p, u.bearer),
  post: (p: string, body: unknown) => u.client.post(p, body, u.bearer),
});

describe('GET /api/user/for-you', () => {
  it('needs a signed-in user', async () => {
    expect((await s.client().get('/api/user/for-you')).status).toBe(401);
  });

  it('is empty for a new user, then follows their likes, without what they already have', async () => {
    const u = as(await s.verifiedUser('Fay', 'fay@example.com'));
    expect((await u.get('/api/user/for-you')).body).toEqual({ results: [] });

    await u.post('/api/user/likes', { tmdb_id: 862 });
    await u.post('/api/user/likes', { tmdb_id: 155 });
    await u.post('/api/user/watch-status', { tmdb_id: 238, status: 'watched' });
    await u.post('/api/user/watch-status', { tmdb_id: 9806, status: 'want_to_watch' });
    recommendCalls = [];
    const res = await u.get('/api/user/for-you');
    expect(res.status).toBe(200);
    const picks = res.body.results as {
      id: number;
      title: string;
      because: { tmdb_id: number; title: string; kind: string };
    }[];
    const ids = picks.map((p) => p.id);
    // Nothing the user liked, watched or listed; every pick from one of their seeds' lists.
    for (const own of [862, 155, 238, 9806]) expect(ids).not.toContain(own);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(10);
    expect(ids.length).toBeLessThanOrEqual(20);
    for (const p of picks) {
      expect(NEIGHBOURS[p.because.tmdb_id]).toContain(p.id);
      expect(p.title).toBeTruthy();
    }
    // Each pick names its film: Toy Story 2 because you liked Toy Story; The Godfather Part II because you watched The Godfather.
    const reason = (id: number) => picks.find((p) => p.id === id)!.because;
    expect(reason(863)).toEqual({ tmdb_id: 862, title: 'Toy Story', kind: 'like' });
    expect(reason(240)).toMatchObject({ tmdb_id: 238, title: 'The Godfather', kind: 'watched' });
    // The "want to watch" film is a (weaker) seed too, and it was asked once per seed.
    expect(recommendCalls.sort()).toEqual(['155', '238', '862', '9806']);
    // A like ranks its neighbours above those of a watchlist entry: the first pick comes from a like.
    expect(['like', 'watched']).toContain(picks[0]!.because.kind);
  });

  it('adds films popular lately within the genres of their own films, marked as such', async () => {
    const u = as(await s.verifiedUser('Ivy', 'ivy@example.com'));
    await u.post('/api/user/likes', { tmdb_id: 862 }); // Toy Story: animation, comedy, family
    await u.post('/api/user/likes', { tmdb_id: 12 }); // Finding Nemo, already in the library
    TRENDING = [
      { tmdbId: 694, score: 1, genres: [27, 53] }, // The Shining: horror, nothing like their films
      { tmdbId: 12, score: 0.95, genres: [16, 10751] }, // already liked
      { tmdbId: 10681, score: 1, genres: [16, 35, 10751] }, // WALL·E: animation, as popular lately as The Shining
      { tmdbId: 863, score: 0.5, genres: [16, 35, 10751] }, // Toy Story 2: also a neighbour of Toy Story
    ];
    try {
      const picks = (await u.get('/api/user/for-you')).body.results as {
        id: number;
        because: { tmdb_id: number; title: string; kind: string; popular?: boolean };
      }[];
      const ids = picks.map((p) => p.id);
      expect(ids).not.toContain(694);
      expect(ids).not.toContain(12);
      const walle = picks.find((p) => p.id === 10681)!;
      // Its reason: their most recent film of its main genre (Finding Nemo, liked after Toy Story).
      expect(walle.because).toEqual({ tmdb_id: 12, title: 'Finding Nemo', kind: 'like', popular: true });
      // The prior leads, and a neighbour of their film that is also popular lately comes next,
      // keeping its real reason.
      expect(ids.slice(0, 2)).toEqual([10681, 863]);
      expect(picks[1]!.because).toEqual({ tmdb_id: 862, title: 'Toy Story', kind: 'like' });
      // Every other pick still comes from a seed's own list.
      for (const p of picks.filter((x) => x.id !== 10681))
        expect(NEIGHBOURS[p.because.tmdb_id]).toContain(p.id);
    } finally {
      TRENDING = [];
    }
  });

  it('a high rating makes a seed that says "rated"; a low one is no seed even when watched and liked', async () => {
    const user = await s.verifiedUser('Ida', 'ida@example.com');
    const u = as(user);
    const put = (id: number, rating: number) =>
      user.client.request('PUT', `/api/user/ratings/${id}`, { rating }, user.bearer);
    await u.post('/api/user/diary', { tmdb_id: 155, watched_on: '2024-01-02' });
    await u.post('/api/user/likes', { tmdb_id: 862 });
    expect((await put(862, 1)).status).toBe(200);
    expect((await put(238, 5)).status).toBe(200);
    recommendCalls = [];
    const picks = (await u.get('/api/user/for-you')).body.results as {
      id: number;
      because: { tmdb_id: number; kind: string };
    }[];
    // 862 was liked but rated 1 star: never asked for, never a reason. The viewing of 155 counts as watched.
    expect(recommendCalls.sort()).toEqual(['155', '238']);
    expect(picks.find((p) => p.id === 240)!.because).toMatchObject({ tmdb_id: 238, kind: 'rated' });
    expect(picks.find((p) => p.id === 272)!.because).toMatchObject({ tmdb_id: 155, kind: 'watched' });
    // A 5-star film outweighs a viewing: its neighbours come first.
    expect(picks[0]!.because.tmdb_id).toBe(238);
    for (const own of [862, 238, 155]) expect(picks.map((p) => p.id)).not.toContain(own);
  });

  it('sends the whole history to the service when it ranks histories, and keeps only honest reasons', async () => {
    const user = await s.verifiedUser('Joy', 'joy@example.com');
    const u = as(user);
    await u.post('/api/user/likes', { tmdb_id: 862 });
    await u.post('/api/user/watch-status', { tmdb_id: 9806, status: 'want_to_watch' });
    expect(
      (await user.client.request('PUT', '/api/user/ratings/238', { rating: 5 }, user.bearer)).status,
    ).toBe(200);
    expect(
      (await user.client.request('PUT', '/api/user/ratings/155', { rating: 1 }, user.bearer)).status,
    ).toBe(200);
    USER_PICKS = [
      { tmdbId: 240, rating: 8.6, score: 0.9, because: 238, popular: false },
      { tmdbId: 863, rating: 7.6, score: 0.8, because: 862, popular: false },
      { tmdbId: 680, rating: 8.5, score: 0.7, because: 155, popular: false }, // a disliked film is no reason
      { tmdbId: 9806, rating: 7.7, score: 0.6, because: 862, popular: false }, // already listed
      { tmdbId: 10681, rating: 8, score: 0.5, because: 862, popular: true },
    ];
    userRequests = [];
    recommendCalls = [];
    try {
      const res = await u.get('/api/user/for-you');
      expect(res.status).toBe(200);
      // One request with the internal secret, no per-film lists.
      expect(recommendCalls).toEqual([]);
      expect(userRequests).toHaveLength(1);
      expect(userRequests[0]!.authorization).toBe(`Bearer ${secret}`);
      const body = userRequests[0]!.body as {
        items: { tmdbId: number; weight: number; timestamp: number }[];
        top_n: number;
      };
      expect(body.top_n).toBe(20);
      // Every film with its weight: 5 stars above a like, a want-to-watch weak, 1 star against.
      const weights = Object.fromEntries(body.items.map((i) => [i.tmdbId, i.weight]));
      expect(weights).toEqual({ 862: 1, 9806: 0.3, 238: 1.5, 155: -1 });
      for (const i of body.items) expect(i.timestamp).toBeGreaterThan(1_700_000_000);
      expect(res.body.results.map((p: { id: number }) => p.id)).toEqual([240, 863, 10681]);
      expect(res.body.results[0].because).toEqual({ tmdb_id: 238, title: 'The Godfather', kind: 'rated' });
      expect(res.body.results[1].because).toEqual({ tmdb_id: 862, title: 'Toy Story', kind: 'like' });
      expect(res.body.results[2].because).toMatchObject({ tmdb_id: 862, popular: true });
    } finally {
      USER_PICKS = null;
    }
  });

  it('says the row is being prepared (503 with a code) while the service prepares its first model, then fills it', async () => {
    const u = as(await s.verifiedUser('Pia', 'pia@example.com'));
    await u.post('/api/user/likes', { tmdb_id: 862 });
    PREPARING = true;
    try {
      const res = await u.get('/api/user/for-you');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        message: 'Recommendations are being prepared. Please try again in a moment.',
        code: 'RECOMMENDATIONS_PREPARING',
      });
    } finally {
      PREPARING = false;
    }
    const after = await u.get('/api/user/for-you');
    expect(after.status).toBe(200);
    expect((after.body.results as { id: number }[]).map((p) => p.id)).toContain(863);
  });

  it("another user does not see this user's picks", async () => {
    const other = as(await s.verifiedUser('Gus', 'gus@example.com'));
    expect((await other.get('/api/user/for-you')).body).toEqual({ results: [] });
  });
});

describe('GET /api/recommend/movies', () => {
  it("hydrates the recommender's list into cards in one request, in its order", async () => {
    const res = await s.client().get('/api/recommend/movies?tmdb_id=238&top_n=5');
    expect(res.status).toBe(200);
    expect(res.body.map((m: { id: number }) => m.id)).toEqual(NEIGHBOURS[238]);
    expect(res.body[0]).toMatchObject({ id: 240, title: 'The Godfather: Part II' });
    expect(res.body[0]).toHaveProperty('poster_path');
    expect(res.body[0]).toHaveProperty('vote_average');
    expect((await s.client().get('/api/recommend/movies?tmdb_id=4')).status).toBe(404);
    expect((await s.client().get('/api/recommend/movies?tmdb_id=x')).status).toBe(400);
  });
});

describe('GET /api/internal/signals', () => {
  it('answers only with the secret, lists every kind, and 304s an unchanged library', async () => {
    const c = s.client();
    expect((await c.get('/api/internal/signals')).status).toBe(401);
    const wrong = await c.get('/api/internal/signals', { authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'A valid recommender secret is required' });

    const u = as(await s.verifiedUser('Hal', 'hal@example.com'));
    await u.post('/api/user/likes', { tmdb_id: 550 });
    await u.post('/api/user/watch-status', { tmdb_id: 680, status: 'want_to_watch' });
    const auth = { authorization: `Bearer ${secret}` };
    const res = await c.get('/api/internal/signals', auth);
    expect(res.status).toBe(200);
    const mine = res.body.signals.filter((x: { item: number }) => [550, 680].includes(x.item));
    expect(mine.map((x: { item: number; kind: string }) => `${x.item}:${x.kind}`).sort()).toEqual([
      '550:like',
      '680:want_to_watch',
    ]);
    // No e-mail or name leaves: only opaque ids.
    expect(JSON.stringify(res.body)).not.toContain('hal@example.com');
    const etag = res.headers.get('etag')!;
    expect((await c.get('/api/internal/signals', { ...auth, 'if-none-match': etag })).status).toBe(304);
    await u.post('/api/user/likes', { tmdb_id: 807 });
    expect((await c.get('/api/internal/signals', { ...auth, 'if-none-match': etag })).status).toBe(200);
    // Not in the public API documentation.
    const doc = (await c.get('/api/openapi.json')).body;
    expect(doc.paths['/api/internal/signals']).toBeUndefined();
    expect(doc.paths['/api/user/for-you']).toBeDefined();
  });
});
