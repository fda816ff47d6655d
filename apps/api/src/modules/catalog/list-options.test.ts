import { MoviePage, RATING_MIN_VOTES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import {
  FIXTURE_TOKEN,
  startTmdbFixture,
  type TmdbFixture,
} from '../../../test/fixtures/tmdb-fixture-server';
import { TmdbClient } from '../../integrations/tmdb/tmdb-client';
import { LIVE_SORT_UNSUPPORTED, TmdbMovieSource } from '../../integrations/tmdb/tmdb-movie-source';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
const page = async (url: string) => {
  const r = await get(url);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return MoviePage.parse(r.body);
};
/** Every page of a list (at most `max` pages), in order. */
async function all(url: string, max = 60) {
  const first = await page(url);
  const out = [...first.results];
  for (let p = 2; p <= Math.min(first.total_pages, max); p++)
    out.push(...(await page(`${url}&page=${p}`)).results);
  return { first, movies: out };
}

describe('sort and release-date range over the whole list (offline catalog)', () => {
  it('a genre sorted by rating: every page in order, films with enough votes first', async () => {
    const base = '/api/tmdb/discover/movie?with_genres=16&sort_by=vote_average.desc';
    const unsorted = await page('/api/tmdb/discover/movie?with_genres=16');
    const { first, movies } = await all(base, 3);
    // Sorting reorders the same set: the count does not change.
    expect(first.total_results).toBe(unsorted.total_results);
    expect(movies).toHaveLength(60);
    expect(movies.every((m) => m.vote_count! >= RATING_MIN_VOTES)).toBe(true);
    const votes = movies.map((m) => m.vote_average!);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    // Not just page 1 of the popular order re-sorted: the best rated animation is on page 1.
    expect(first.results[0]!.vote_average).toBeGreaterThan(unsorted.results[0]!.vote_average!);
    expect(new Set(movies.map((m) => m.id)).size).toBe(60);
  });

  it('newest and oldest first go through the whole genre, undated films last', async () => {
    const newest = await page('/api/tmdb/discover/movie?with_genres=37&sort_by=primary_release_date.desc');
    const dates = newest.results.map((m) => m.release_date!);
    expect(dates).toEqual([...dates].sort().reverse());
    const oldest = await page('/api/tmdb/discover/movie?with_genres=37&sort_by=primary_release_date.asc');
    expect(oldest.results[0]!.release_date! < '1930').toBe(true);
    const last = await page(
      `/api/tmdb/discover/movie?with_genres=37&sort_by=primary_release_date.asc&page=${oldest.total_pages}`,
    );
    const lastDated = last.results.filter((m) => m.release_date);
    expect(last.results.slice(lastDated.length).every((m) => !m.release_date)).toBe(true);
  });

  it('a year range narrows the whole genre: counts and pages are of the range', async () => {
    const whole = await page('/api/tmdb/discover/movie?with_genres=35');
    const url =
      '/api/tmdb/discover/movie?with_genres=35&primary_release_date.gte=1990-01-01&primary_release_date.lte=1994-12-31';
    const { first, movies } = await all(url);
    expect(first.total_results).toBeLessThan(whole.total_results);
    expect(first.total_results).toBeGreaterThan(100);
    expect(first.total_pages).toBe(Math.ceil(first.total_results / 20));
    expect(movies).toHaveLength(first.total_results);
    for (const m of movies) {
      expect(m.genre_ids).toContain(35);
      expect(m.release_date! >= '1990-01-01' && m.release_date! <= '1994-12-31').toBe(true);
    }
    // Still the list's own order (most popular first) without a sort.
    const pops = first.results.map((m) => m.popularity!);
    expect(pops).toEqual([...pops].sort((a, b) => b - a));
  });

  it('search results are sorted and narrowed over every match, not one page', async () => {
    const best = await page('/api/tmdb/search/movie?query=star');
    expect(best.total_pages).toBeGreaterThan(2);
    const { first, movies } = await all('/api/tmdb/search/movie?query=star&sort_by=primary_release_date.asc');
    expect(first.total_results).toBe(best.total_results);
    const dated = movies.filter((m) => m.release_date).map((m) => m.release_date!);
    expect(dated).toEqual([...dated].sort());
    const ranged = await all(
      '/api/tmdb/search/movie?query=star&primary_release_date.gte=1977-01-01&primary_release_date.lte=1977-12-31',
    );
    expect(ranged.movies.map((m) => m.id)).toContain(11); // Star Wars (1977)
    expect(ranged.movies.every((m) => m.release_date!.startsWith('1977'))).toBe(true);
    expect(ranged.first.total_results).toBe(ranged.movies.length);
  });

  it.each(['movie/popular', 'movie/top_rated', 'movie/now_playing', 'trending/movie/week'])(
    'the %s list takes the same options',
    async (list) => {
      const newest = await page(`/api/tmdb/${list}?sort_by=primary_release_date.desc`);
      const dates = newest.results.map((m) => m.release_date!);
      expect(dates).toEqual([...dates].sort().reverse());
      const plain = await page(`/api/tmdb/${list}`);
      expect(newest.total_results).toBe(plain.total_results);
    },
  );

  it('an empty range answers no movies, not an error', async () => {
    const p = await page(
      '/api/tmdb/discover/movie?with_genres=28&primary_release_date.gte=1890-01-01&primary_release_date.lte=1890-12-31',
    );
    expect(p).toMatchObject({ results: [], total_results: 0, total_pages: 0 });
  });

  it.each([
    ['/api/tmdb/discover/movie?with_genres=28&sort_by=title.asc', 'sort_by must be'],
    ['/api/tmdb/search/movie?query=alien&primary_release_date.gte=1979', 'must be a date'],
    ['/api/tmdb/movie/popular?primary_release_date.lte=2000-13-45', 'must be a real date'],
    [
      '/api/tmdb/discover/movie?with_genres=28&primary_release_date.gte=2001-01-01&primary_release_date.lte=2000-01-01',
      'must not be after',
    ],
    ['/api/tmdb/movie/popular?hide_seen=maybe', 'hide_seen must be true or false'],
  ])('%s is a 400 with a message', async (url, message) => {
    const r = await get(url);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(message);
  });

  it('hide_seen without accounts mounted is refused, never a 500', async () => {
    const r = await get('/api/tmdb/movie/popular?hide_seen=true');
    expect(r.status).toBe(400);
  });

  it('sorted answers are cached by URL like any other', async () => {
    const url = '/api/tmdb/discover/movie?with_genres=18&sort_by=vote_average.desc&page=2';
    const a = await get(url);
    const b = await get(url);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(a.headers['cache-control']).toContain('public');
  });

  it('the OpenAPI document lists the options on every list route', async () => {
    const doc = (await get('/api/openapi.json')).body;
    for (const path of ['/api/tmdb/discover/movie', '/api/tmdb/search/movie', '/api/tmdb/movie/popular']) {
      const names = doc.paths[path].get.parameters.map((p: { name: string }) => p.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'sort_by',
          'primary_release_date.gte',
          'primary_release_date.lte',
          'hide_seen',
          'page',
        ]),
      );
    }
  });
});

describe('sort and range in live mode (TMDB fixture server)', () => {
  let fixture: TmdbFixture;
  let live: TestApp;
  beforeAll(async () => {
    fixture = await startTmdbFixture();
    const client = new TmdbClient({ baseUrl: fixture.url, accessToken: FIXTURE_TOKEN });
    live = await createTestApp({
      source: new TmdbMovieSource(client),
      env: { TMDB_ACCESS_TOKEN: FIXTURE_TOKEN, TMDB_BASE_URL: fixture.url },
    });
  });
  afterAll(async () => {
    await live.close();
    await fixture.close();
  });
  const liveGet = async (url: string) => {
    const res = await live.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };

  it('a genre page asks TMDB discover for the order and the range', async () => {
    const r = await liveGet(
      '/api/tmdb/discover/movie?with_genres=878&sort_by=vote_average.desc&primary_release_date.gte=2000-01-01&primary_release_date.lte=2009-12-31',
    );
    expect(r.status).toBe(200);
    const sent = fixture.requests.find(
      (q) => q.path === 'discover/movie' && q.query.sort_by === 'vote_average.desc',
    );
    expect(sent?.query).toMatchObject({
      with_genres: '878',
      'vote_count.gte': String(RATING_MIN_VOTES),
      'primary_release_date.gte': '2000-01-01',
      'primary_release_date.lte': '2009-12-31',
    });
    await liveGet('/api/tmdb/discover/movie?with_genres=878');
    expect(fixture.requests.at(-1)!.query.sort_by).toBe('popularity.desc');
  });

  it.each([
    '/api/tmdb/search/movie?query=inter&sort_by=vote_average.desc',
    '/api/tmdb/movie/popular?primary_release_date.gte=2000-01-01',
  ])('%s: TMDB cannot, so 400 rather than a list that lies', async (url) => {
    const before = fixture.requests.length;
    const r = await liveGet(url);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(LIVE_SORT_UNSUPPORTED);
    expect(fixture.requests.length).toBe(before);
  });
});
