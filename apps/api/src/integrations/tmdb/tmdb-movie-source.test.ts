import { MovieCredits, MovieDetails, MoviePage, PersonMovieCredits } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import {
  FIXTURE_API_KEY,
  FIXTURE_TOKEN,
  startTmdbFixture,
  type TmdbFixture,
} from '../../../test/fixtures/tmdb-fixture-server';
import { REDIS_URL, testRedis } from '../../../test/helpers/redis';
import { TmdbClient, type TmdbClientOptions } from './tmdb-client';
import { TMDB_TTL, TmdbMovieSource } from './tmdb-movie-source';

let fixture: TmdbFixture;
beforeAll(async () => {
  fixture = await startTmdbFixture();
});
afterAll(() => fixture.close());

const opened: TestApp[] = [];
afterEach(async () => {
  fixture.requests.length = 0;
  fixture.control.delayMs = 0;
  fixture.control.failNext.count = 0;
  fixture.control.rateLimitNext.count = 0;
  fixture.control.resetNext.count = 0;
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

async function liveApp(clientOpts: Partial<TmdbClientOptions> = {}, ttl: Partial<typeof TMDB_TTL> = {}) {
  const client = new TmdbClient({ baseUrl: fixture.url, accessToken: FIXTURE_TOKEN, ...clientOpts });
  const source = new TmdbMovieSource(client, { ...TMDB_TTL, ...ttl });
  const t = await createTestApp({
    source,
    env: { TMDB_ACCESS_TOKEN: FIXTURE_TOKEN, TMDB_BASE_URL: fixture.url },
  });
  opened.push(t);
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json(), raw: res.body };
  };
  return { t, client, get };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('TMDB live mode against a local fixture server', () => {
  it('proxies the spec paths in TMDB shapes, with the token only on the server side', async () => {
    const { get } = await liveApp();
    const popular = await get('/api/tmdb/movie/popular?page=1');
    expect(popular.status).toBe(200);
    expect(MoviePage.parse(popular.body).results[0]).toMatchObject({ id: 157336, title: 'Interstellar' });
    expect(MovieDetails.parse((await get('/api/tmdb/movie/157336')).body).title).toBe('Interstellar');
    expect(
      MoviePage.parse((await get('/api/tmdb/search/movie?query=dark')).body).results.map((m) => m.id),
    ).toEqual([155]);
    expect((await get('/api/tmdb/discover/movie?with_genres=28&page=1')).body.results).toHaveLength(2);
    for (const url of [
      '/api/tmdb/movie/top_rated',
      '/api/tmdb/movie/now_playing',
      '/api/tmdb/trending/movie/week',
    ]) {
      expect((await get(url)).status).toBe(200);
    }
    expect(fixture.requests.every((r) => r.auth === `Bearer ${FIXTURE_TOKEN}`)).toBe(true);
    expect(fixture.requests.map((r) => r.path)).toContain('trending/movie/week');
    const config = await get('/api/config');
    expect(config.body).toMatchObject({
      data_mode: 'live',
      images: { base_url: 'https://image.tmdb.org/t/p/' },
    });
    expect(config.raw).not.toContain(FIXTURE_TOKEN);
  });

  it('answers cast and person credits', async () => {
    const { get } = await liveApp();
    const credits = MovieCredits.parse((await get('/api/tmdb/movie/157336/credits')).body);
    expect(credits.cast.map((c) => c.name)).toEqual(['Matthew McConaughey', 'Anne Hathaway']);
    expect(credits.cast[1]!.profile_path).toBeNull();
    const person = PersonMovieCredits.parse((await get('/api/tmdb/person/10297/movie_credits')).body);
    expect(person.cast.map((m) => m.id)).toEqual([157336, 64]);
    expect((await get('/api/tmdb/person/1/movie_credits')).status).toBe(404);
  });

  it('sends a v3 api key as a query parameter when that is what is configured', async () => {
    const { get } = await liveApp({ accessToken: undefined, apiKey: FIXTURE_API_KEY });
    expect((await get('/api/tmdb/movie/155')).status).toBe(200);
    expect(fixture.requests[0]!.query.api_key).toBe(FIXTURE_API_KEY);
  });

  it('keeps an upstream 404 a 404, and turns upstream failure into 502 with a message', async () => {
    const { get } = await liveApp();
    expect(await get('/api/tmdb/movie/42')).toMatchObject({
      status: 404,
      body: { message: 'Movie not found' },
    });
    fixture.control.failNext = { count: 1, status: 500 };
    const res = await get('/api/tmdb/movie/155');
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: expect.stringContaining('movie database') });
  });

  it('a wrong token upstream is a 502 that does not leak the token', async () => {
    const { get } = await liveApp({ accessToken: 'wrong-token' });
    const res = await get('/api/tmdb/movie/155');
    expect(res.status).toBe(502);
    expect(res.raw).not.toContain('wrong-token');
  });

  it('caches: a second identical request does not reach TMDB', async () => {
    const { get } = await liveApp();
    await get('/api/tmdb/movie/155');
    await get('/api/tmdb/movie/155');
    expect(fixture.countFor('movie/155')).toBe(1);
  });

  it('coalesces concurrent identical requests into one upstream call', async () => {
    const { get } = await liveApp();
    fixture.control.delayMs = 100;
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('/api/tmdb/movie/27205')));
    expect(answers.every((a) => a.status === 200 && a.body.id === 27205)).toBe(true);
    expect(fixture.countFor('movie/27205')).toBe(1);
  });

  it('serves stale data while revalidating, and stale data when the refresh fails', async () => {
    const { get } = await liveApp({}, { movie: 50 });
    expect((await get('/api/tmdb/movie/155')).status).toBe(200);
    await sleep(80);
    fixture.control.failNext = { count: 5, status: 503 };
    const stale = await get('/api/tmdb/movie/155');
    expect(stale.status).toBe(200);
    expect(stale.body.id).toBe(155);
    await sleep(30);
    expect(fixture.countFor('movie/155')).toBeGreaterThanOrEqual(2); // a refresh was attempted
    fixture.control.failNext.count = 0;
    await sleep(80);
    await get('/api/tmdb/movie/155'); // stale again: triggers a refresh that now succeeds
    await sleep(30);
    const calls = fixture.countFor('movie/155');
    expect((await get('/api/tmdb/movie/155')).status).toBe(200);
    expect(fixture.countFor('movie/155')).toBe(calls); // fresh again: no new upstream call
  });

  it('backs off on 429 and retries after Retry-After', async () => {
    const { get } = await liveApp();
    fixture.control.rateLimitNext = { count: 1, retryAfter: 1 };
    const started = Date.now();
    const res = await get('/api/tmdb/movie/157336');
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fixture.countFor('movie/157336')).toBe(2);
  });

  it('gives up with 502 when TMDB keeps rate-limiting', async () => {
    const { get } = await liveApp({ maxRetriesOn429: 1 });
    fixture.control.rateLimitNext = { count: 5, retryAfter: 0.1 } as never;
    const res = await get('/api/tmdb/movie/157336');
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/busy/);
  });

  it('a connection lost before any answer is asked again once; lost twice, a 502 that says so', async () => {
    const { get } = await liveApp();
    fixture.control.resetNext.count = 1;
    expect((await get('/api/tmdb/movie/157336')).status).toBe(200);
    expect(fixture.countFor('movie/157336')).toBe(2);
    fixture.control.resetNext.count = 2;
    const lost = await get('/api/tmdb/movie/155');
    expect(lost).toMatchObject({ status: 502, body: { message: 'The movie database is unavailable.' } });
    expect(fixture.countFor('movie/155')).toBe(2);
  });

  it('times out a slow upstream with 502', async () => {
    const { get } = await liveApp({ timeoutMs: 100 });
    fixture.control.delayMs = 400;
    const res = await get('/api/tmdb/movie/155');
    expect(res).toMatchObject({
      status: 502,
      body: { message: 'The movie database did not answer in time.' },
    });
  });

  it('still validates input before calling TMDB', async () => {
    const { get } = await liveApp();
    expect((await get('/api/tmdb/movie/abc')).status).toBe(400);
    expect((await get('/api/tmdb/search/movie?query=')).status).toBe(400);
    expect((await get('/api/tmdb/movie/155/videos')).status).toBe(404);
    expect((await get('/api/images/w500/poster-155.svg')).status).toBe(404);
    expect(fixture.requests).toHaveLength(0);
  });
});

describe.runIf(REDIS_URL)('TMDB cache shared through Redis', async () => {
  const r = REDIS_URL ? await testRedis(REDIS_URL) : null;
  afterAll(() => r?.close());
  const client = (prefix: string) =>
    new TmdbClient({ baseUrl: fixture.url, accessToken: FIXTURE_TOKEN, shared: { redis: r!.redis, prefix } });

  it("serves one instance's fresh answer to another without calling TMDB again", async () => {
    const [a, b] = [client(r!.prefix), client(r!.prefix)];
    const first = await a.get<{ title: string }>('movie/157336', {}, 60_000);
    const second = await b.get<{ title: string }>('movie/157336', {}, 60_000);
    expect(second).toEqual(first);
    expect(a.upstreamCalls).toBe(1);
    expect(b.upstreamCalls).toBe(0);
    expect(fixture.requests.filter((req) => req.path === 'movie/157336')).toHaveLength(1);
  });

  it('calls TMDB when the shared answer is older than the route allows', async () => {
    const prefix = `${r!.prefix}-stale`;
    await client(prefix).get('movie/157336', {}, 60_000);
    await sleep(30);
    const late = client(prefix);
    await late.get('movie/157336', {}, 20); // a 20 ms TTL: the shared copy is too old
    expect(late.upstreamCalls).toBe(1);
  });
});
