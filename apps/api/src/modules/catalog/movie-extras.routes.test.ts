import { MovieVideos, WatchProviders, WATCH_OFFLINE_MESSAGE, VIDEOS_OFFLINE_MESSAGE } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURE_TOKEN,
  startTmdbFixture,
  type TmdbFixture,
} from '../../../test/fixtures/tmdb-fixture-server';
import { createTestApp } from '../../../test/helpers/app';
import { startAuthStack, type AuthStack, type Client } from '../../../test/helpers/auth-stack';
import { REDIS_URL, testRedis } from '../../../test/helpers/redis';
import { TmdbClient } from '../../integrations/tmdb/tmdb-client';
import { TmdbMovieSource } from '../../integrations/tmdb/tmdb-movie-source';

/**
 * Issue 46: where to watch and trailers, live against the local TMDB fixture server, with
 * accounts (the signed-in user's country); offline, both routes answer 404 with a message.
 */
let tmdb: TmdbFixture;
let s: AuthStack;
let user: { client: Client; bearer: Record<string, string> };

beforeAll(async () => {
  tmdb = await startTmdbFixture();
  const source = new TmdbMovieSource(new TmdbClient({ baseUrl: tmdb.url, accessToken: FIXTURE_TOKEN }));
  s = await startAuthStack({ source, env: { TMDB_ACCESS_TOKEN: FIXTURE_TOKEN, TMDB_BASE_URL: tmdb.url } });
  user = await s.verifiedUser('Wanda', 'wanda@example.com');
});
afterAll(async () => {
  await s.close();
  await tmdb.close();
});

const watch = async (query = '', headers: Record<string, string> = {}) => {
  const r = await s.client().get(`/api/movies/157336/watch${query}`, headers);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return WatchProviders.parse(r.body);
};
const names = (list: { name: string }[]) => list.map((p) => p.name);

describe('GET /api/movies/{id}/watch (live)', () => {
  it('answers the US offers by kind, in TMDB display order, with logos, the watch link and JustWatch credited', async () => {
    const w = await watch();
    expect(w).toMatchObject({
      id: 157336,
      country: 'US',
      country_from: 'default',
      link: 'https://www.themoviedb.org/movie/157336-interstellar/watch?locale=US',
      attribution: { text: 'Streaming data by JustWatch', url: 'https://www.justwatch.com' },
    });
    expect(names(w.flatrate)).toEqual(['Netflix', 'Disney Plus']);
    expect(w.flatrate[0]).toEqual({ id: 8, name: 'Netflix', logo_path: '/logo8.jpg' });
    expect(names(w.rent)).toEqual(['Apple TV']);
    expect(names(w.buy)).toEqual(['Apple TV', 'Google Play Movies']);
  });

  it.each([
    ['de-AT,de;q=0.9,en-US;q=0.8', 'AT', 'accept-language'],
    ['fr;q=0.9, de-DE;q=0.5', 'DE', 'accept-language'],
    ['en-us', 'US', 'accept-language'],
    // A bare language names no country: German is spoken in several.
    ['de', 'US', 'default'],
    ['tlh-QQ', 'US', 'default'],
  ])('Accept-Language %s → %s (%s)', async (header, country, from) => {
    const w = await watch('', { 'accept-language': header });
    expect([w.country, w.country_from]).toEqual([country, from]);
  });

  it('a country the caller names wins over the header, and an unknown one is a 400 with a message', async () => {
    const w = await watch('?country=de', { 'accept-language': 'en-US' });
    expect([w.country, w.country_from]).toEqual(['DE', 'query']);
    expect(names(w.flatrate)).toEqual(['WOW']);
    expect(w.rent).toEqual([]);
    for (const bad of ['ZZ', 'USA', '1', '']) {
      const r = await s.client().get(`/api/movies/157336/watch?country=${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.message).toContain('country');
    }
  });

  it("a signed-in user's country setting beats their browser's languages; a stale token falls back", async () => {
    const as = (path: string, body?: unknown, lang = 'en-US') =>
      user.client.request(body === undefined ? 'GET' : 'PATCH', path, body, {
        ...user.bearer,
        'accept-language': lang,
      });
    expect((await as('/api/movies/157336/watch')).body.country).toBe('US');
    expect((await as('/api/user/settings', { country: 'at' })).body.country).toBe('AT');
    const mine = WatchProviders.parse((await as('/api/movies/157336/watch')).body);
    expect([mine.country, mine.country_from]).toEqual(['AT', 'settings']);
    expect(names(mine.rent)).toEqual(['Apple TV']);
    // Someone else, or nobody, with the same languages: not the user's setting.
    expect((await watch('', { 'accept-language': 'en-US' })).country).toBe('US');
    const stale = await s
      .client()
      .get('/api/movies/157336/watch', { authorization: 'Bearer not-a-token', 'accept-language': 'en-GB' });
    expect(stale.status).toBe(200);
    expect(stale.body.country).toBe('GB');
    // Back to automatic.
    expect((await as('/api/user/settings', { country: null })).body.country).toBeNull();
    expect((await as('/api/movies/157336/watch', undefined, 'de-DE')).body.country).toBe('DE');
  });

  it("live mode's pages may show YouTube's thumbnails and, on play, its cookie-less player", async () => {
    const csp = (await s.client().get('/api/config')).headers.get('content-security-policy')!;
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com;');
    expect(csp).toMatch(/img-src [^;]*https:\/\/i\.ytimg\.com/);
  });

  it('a country without offers answers empty lists and a watch link; an unknown film is a 404', async () => {
    const w = await watch('?country=FR');
    expect([w.flatrate, w.rent, w.buy]).toEqual([[], [], []]);
    expect(w.link).toBe('https://www.themoviedb.org/movie/157336/watch?locale=FR');
    const missing = await s.client().get('/api/movies/999999/watch');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Movie not found' });
    expect((await s.client().get('/api/movies/abc/watch')).status).toBe(400);
  });

  it('asks TMDB once per film for every country (one answer holds them all), then from its cache', async () => {
    const before = tmdb.countFor('movie/27205/watch/providers');
    expect(before).toBe(0);
    for (const c of ['US', 'DE', 'AT', 'JP']) {
      const r = await s.client().get(`/api/movies/27205/watch?country=${c}`);
      expect(r.status).toBe(200);
    }
    expect(tmdb.countFor('movie/27205/watch/providers')).toBe(1);
  });
});

describe('GET /api/movies/{id}/videos (live)', () => {
  it('answers YouTube trailers and teasers only, official trailers first, once from TMDB', async () => {
    const get = () => s.client().get('/api/movies/157336/videos');
    const v = MovieVideos.parse((await get()).body);
    expect(v.results.map((x) => x.key)).toEqual(['zSWdZVtXT7E', 'teaser1', 'fanTrailer']);
    expect(v.results[0]).toEqual({
      key: 'zSWdZVtXT7E',
      name: 'Official Trailer',
      type: 'Trailer',
      official: true,
    });
    await get();
    expect(tmdb.countFor('movie/157336/videos')).toBe(1);
    // A film with no videos: an empty list (the page leaves the section out).
    expect((await s.client().get('/api/movies/155/videos')).body).toEqual({ id: 155, results: [] });
    expect((await s.client().get('/api/movies/999999/videos')).status).toBe(404);
  });
});

describe.runIf(REDIS_URL)('watch and videos answers shared through Redis', () => {
  it("a second instance serves the first one's answers without calling TMDB", async () => {
    const r = await testRedis(REDIS_URL!);
    const app = async () => {
      const client = new TmdbClient({
        baseUrl: tmdb.url,
        accessToken: FIXTURE_TOKEN,
        shared: { redis: r.redis, prefix: r.prefix },
      });
      return createTestApp({
        source: new TmdbMovieSource(client),
        env: { TMDB_ACCESS_TOKEN: FIXTURE_TOKEN, TMDB_BASE_URL: tmdb.url },
      });
    };
    const [a, b] = [await app(), await app()];
    try {
      const calls = () => tmdb.countFor('movie/155/watch/providers') + tmdb.countFor('movie/155/videos');
      const start = calls();
      for (const url of ['/api/movies/155/watch?country=US', '/api/movies/155/videos'])
        expect((await a.app.inject({ url })).statusCode).toBe(200);
      expect(calls()).toBe(start + 2);
      await new Promise((done) => setTimeout(done, 50)); // the shared write is not awaited
      for (const url of ['/api/movies/155/watch?country=DE', '/api/movies/155/videos'])
        expect((await b.app.inject({ url })).statusCode).toBe(200);
      expect(calls()).toBe(start + 2);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await r.close();
    }
  });
});

describe('offline (no TMDB key)', () => {
  it('both routes answer 404 with a message, so a page leaves the sections out', async () => {
    const t = await createTestApp();
    try {
      const w = await t.app.inject({ url: '/api/movies/862/watch?country=US' });
      expect(w.statusCode).toBe(404);
      expect(w.json()).toEqual({ message: WATCH_OFFLINE_MESSAGE });
      const v = await t.app.inject({ url: '/api/movies/862/videos' });
      expect(v.statusCode).toBe(404);
      expect(v.json()).toEqual({ message: VIDEOS_OFFLINE_MESSAGE });
    } finally {
      await t.close();
    }
  });
});
