import { MovieDetails, MoviePage } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { SEARCH_PER_IP_PER_MINUTE } from './catalog.routes';
import { OfflineMovieSource } from './offline-movie-source';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

describe('catalog routes (offline catalog)', () => {
  it.each([
    '/api/tmdb/movie/popular',
    '/api/tmdb/movie/top_rated',
    '/api/tmdb/movie/now_playing',
    '/api/tmdb/trending/movie/week',
    '/api/tmdb/discover/movie?with_genres=28',
  ])('%s answers a TMDB page of 20 movies', async (url) => {
    const { status, body } = await get(url);
    expect(status).toBe(200);
    const page = MoviePage.parse(body);
    expect(page.page).toBe(1);
    expect(page.results).toHaveLength(20);
    expect(page.total_pages).toBeGreaterThan(1);
    expect(page.total_pages).toBeLessThanOrEqual(500);
    for (const m of page.results) {
      expect(m).toMatchObject({
        id: expect.any(Number),
        title: expect.any(String),
        vote_average: expect.any(Number),
      });
      expect(m).toHaveProperty('overview');
      expect(m).toHaveProperty('poster_path');
    }
    expect(new Set(page.results.map((m) => m.id)).size).toBe(20);
  });

  it('orders popular by popularity and top rated by vote average', async () => {
    const popular = MoviePage.parse((await get('/api/tmdb/movie/popular')).body).results;
    const pops = popular.map((m) => m.popularity!);
    expect(pops).toEqual([...pops].sort((a, b) => b - a));
    const top = MoviePage.parse((await get('/api/tmdb/movie/top_rated')).body).results;
    const votes = top.map((m) => m.vote_average!);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    expect(top.every((m) => m.vote_count! >= 300)).toBe(true);
    expect(top.map((m) => m.id)).toContain(238);
  });

  it('pages consistently: page 2 continues page 1, past the end is empty, total_pages is capped', async () => {
    const p1 = MoviePage.parse((await get('/api/tmdb/movie/popular?page=1')).body);
    const p2 = MoviePage.parse((await get('/api/tmdb/movie/popular?page=2')).body);
    expect(p2.page).toBe(2);
    expect(p1.results.map((m) => m.id)).not.toContain(p2.results[0]!.id);
    expect(p1.total_pages).toBe(500); // 45k movies would be 2,000+ pages
    const np = MoviePage.parse((await get('/api/tmdb/movie/now_playing')).body);
    const past = MoviePage.parse((await get(`/api/tmdb/movie/now_playing?page=${np.total_pages + 1}`)).body);
    expect(past.results).toEqual([]);
    expect(past.total_results).toBe(np.total_results);
  });

  it('discovers by genre, most popular first', async () => {
    const page = MoviePage.parse((await get('/api/tmdb/discover/movie?with_genres=878')).body);
    expect(page.results.every((m) => m.genre_ids!.includes(878))).toBe(true);
    const both = MoviePage.parse((await get('/api/tmdb/discover/movie?with_genres=878,27')).body);
    expect(both.results.every((m) => m.genre_ids!.includes(878) && m.genre_ids!.includes(27))).toBe(true);
    expect(both.total_results).toBeLessThan(page.total_results);
  });

  it.each([
    ['interstelar', 157336],
    ['godfa', 238],
    ['the dark knight', 155],
    ['toy story', 862],
    ['fight club', 550],
    ['alien', 348],
    // A title typed whole leads, over better known films sharing a word (decision 0057).
    ['the killer', 10835],
    ['infernal affairs', 10775],
    // An original title that is the title counts once: before, the English "Better Luck
    // Tomorrow" (its words in both fields) led this typo of "A Better Tomorrow" (英雄本色).
    ['a better tomorow', 11471],
    // Hyphenated words typed as one.
    ['spiderman', 557],
  ])('search "%s" finds %i first', async (query, id) => {
    const { status, body } = await get(`/api/tmdb/search/movie?query=${encodeURIComponent(query)}&page=1`);
    expect(status).toBe(200);
    expect(MoviePage.parse(body).results[0]!.id).toBe(id);
  });

  it('a search page past the first ten is the same slice of every match, with the whole count', async () => {
    // 1-3 letters ("th": thousands of titles, capped at 500 pages) and words; each page asked in turn
    // and out of order, so that a later page finds the first ones cached.
    for (const query of ['th', 'love', 'star', 'man']) {
      const whole = t.catalog!.searchTitles(query).map((m) => m.id);
      expect(whole.length, query).toBeGreaterThan(220);
      const pages = Math.min(Math.ceil(whole.length / 20), 500);
      for (const n of [1, 10, 11, 2, pages, 12, ...(pages < 500 ? [pages + 1] : [])]) {
        const res = await t.app.inject({
          url: `/api/tmdb/search/movie?query=${encodeURIComponent(query)}&page=${n}`,
          // A visitor of its own: the per-visitor search limit is not what is tested here.
          remoteAddress: `10.7.${n % 250}.${query.length}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        const page = MoviePage.parse(res.json());
        expect(page.total_results, query).toBe(whole.length);
        expect(page.total_pages, query).toBe(pages);
        expect(
          page.results.map((m) => m.id),
          `${query} page ${n}`,
        ).toEqual(whole.slice((n - 1) * 20, n * 20));
      }
    }
  });

  it('a search that hides seen films says how many it hid, none included', async () => {
    const source = new OfflineMovieSource(t.catalog!);
    const whole = await source.search('star wars', 1);
    expect(whole).not.toHaveProperty('hidden');
    expect((await source.search('star wars', 1, { exclude: new Set() })).hidden).toBe(0);
    const hid = await source.search('star wars', 1, { exclude: new Set([11, 424242424]) });
    expect(hid.hidden).toBe(1);
    expect(hid.total_results).toBe(whole.total_results - 1);
    expect(hid.results.map((m) => m.id)).not.toContain(11);
  });

  it('answers a movie in TMDB shape with genres and companies', async () => {
    const { status, body } = await get('/api/tmdb/movie/157336');
    expect(status).toBe(200);
    const m = MovieDetails.parse(body);
    expect(m).toMatchObject({ id: 157336, title: 'Interstellar', runtime: 169, release_date: '2014-11-05' });
    expect(m.genres).toContainEqual({ id: 878, name: 'Science Fiction' });
    expect(m.production_companies.map((c) => c.name)).toContain('Paramount Pictures');
    expect(m.poster_path).toBe('/poster-157336.svg');
  });

  it('credits are empty offline (the dataset has no cast), and unknown movies are 404', async () => {
    expect(await get('/api/tmdb/movie/155/credits')).toEqual({
      status: 200,
      body: { id: 155, cast: [], crew: [] },
    });
    expect(await get('/api/tmdb/person/287/movie_credits')).toEqual({
      status: 200,
      body: { id: 287, cast: [], crew: [] },
    });
    expect((await get('/api/tmdb/movie/999999999/credits')).status).toBe(404);
  });

  it.each([
    ['/api/tmdb/movie/abc', 400],
    ['/api/tmdb/movie/-5', 400],
    ['/api/tmdb/movie/0', 400],
    ['/api/tmdb/movie/1.5', 400],
    ['/api/tmdb/movie/99999999999', 400],
    ['/api/tmdb/movie/999999999', 404],
    ['/api/tmdb/movie/popular?page=0', 400],
    ['/api/tmdb/movie/popular?page=abc', 400],
    ['/api/tmdb/movie/popular?page=501', 400],
    ['/api/tmdb/movie/popular?page=-1', 400],
    ['/api/tmdb/search/movie', 400],
    ['/api/tmdb/search/movie?query=', 400],
    ['/api/tmdb/search/movie?query=%20%20', 400],
    [`/api/tmdb/search/movie?query=${'a'.repeat(500)}`, 400],
    ['/api/tmdb/discover/movie?with_genres=action', 400],
    ['/api/tmdb/person/abc/movie_credits', 400],
    ['/api/tmdb/movie/latest/videos', 404],
    ['/api/tmdb/tv/popular', 404],
    ['/api/nothing-here', 404],
  ])('%s → %i with a message', async (url, status) => {
    const res = await get(url);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect(res.body.message).not.toMatch(/at .*\.ts|stack|Error:/);
  });

  it('a wrong method is 405 with an Allow header', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/tmdb/movie/155' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expect(res.json()).toEqual({ message: 'Method DELETE is not allowed on /api/tmdb/movie/155' });
  });

  it('a search with no match is an empty page, not an error', async () => {
    const { status, body } = await get('/api/tmdb/search/movie?query=qqqxxzzzy');
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, results: [], total_results: 0, total_pages: 0 });
  });
});

describe('search rate limit', () => {
  it(`answers 429 with the spec's message after ${SEARCH_PER_IP_PER_MINUTE} searches a minute from one IP`, async () => {
    const search = (ip: string) =>
      t.app.inject({ url: '/api/tmdb/search/movie?query=alien', remoteAddress: ip });
    for (let i = 0; i < SEARCH_PER_IP_PER_MINUTE; i++)
      expect((await search('10.9.9.9')).statusCode).toBe(200);
    const blocked = await search('10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many attempts. Please try again later.' });
    // Another visitor, and the rest of the catalog, are not affected.
    expect((await search('10.9.9.10')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/tmdb/movie/popular', remoteAddress: '10.9.9.9' })).statusCode,
    ).toBe(200);
  });
});
