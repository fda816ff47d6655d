import { ConfigResponse } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'very-secret-value' } });
});
afterAll(() => t.close());

describe('system routes', () => {
  it('health answers 200', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('config tells the image base, the data mode and the features, with no secret', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    const config = ConfigResponse.parse(res.json());
    expect(config.images.base_url).toBe('/api/images/');
    expect(config.images.fallback_base_url).toBe('/api/images/');
    expect(config.data_mode).toBe('offline');
    expect(config.features).toMatchObject({ google_sign_in: true, smtp: false, llm_chat: false });
    expect(config.catalog!.movies).toBeGreaterThan(45_000);
    expect(res.body).not.toContain('very-secret-value');
  });

  it("with an image CDN, offline movies carry TMDB's image paths and the generated art is the fallback", async () => {
    const cdn = await createTestApp({ env: { IMAGE_CDN_URL: 'http://127.0.0.1:9/t/p/' } });
    try {
      const config = ConfigResponse.parse((await cdn.app.inject({ url: '/api/config' })).json());
      expect(config.images).toMatchObject({
        base_url: 'http://127.0.0.1:9/t/p/',
        fallback_base_url: '/api/images/',
      });
      const catalogMovie = cdn.catalog!.get(157336)!;
      expect(catalogMovie.tmdb_poster_path).toMatch(/^\/\w+\.jpg$/);
      const movie = (await cdn.app.inject({ url: '/api/tmdb/movie/157336' })).json();
      expect(movie.poster_path).toBe(catalogMovie.tmdb_poster_path);
      // Interstellar belongs to no collection: its backdrop stays the generated one.
      expect(movie.backdrop_path).toBe('/backdrop-157336.svg');
      const withCollectionArt = [...cdn.catalog!.byId.values()].find((m) => m.tmdb_backdrop_path)!;
      const other = (await cdn.app.inject({ url: `/api/tmdb/movie/${withCollectionArt.id}` })).json();
      expect(other.backdrop_path).toBe(withCollectionArt.tmdb_backdrop_path);
      const list = (await cdn.app.inject({ url: '/api/tmdb/movie/popular' })).json();
      expect(
        list.results.filter((m: { poster_path: string | null }) => m.poster_path?.endsWith('.jpg')).length,
      ).toBeGreaterThan(15);
    } finally {
      await cdn.close();
    }
  });

  it('publishes an OpenAPI document describing every API route, and a docs page', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/health',
      '/api/config',
      '/api/tmdb/movie/popular',
      '/api/tmdb/movie/top_rated',
      '/api/tmdb/movie/now_playing',
      '/api/tmdb/trending/movie/week',
      '/api/tmdb/discover/movie',
      '/api/tmdb/search/movie',
      '/api/tmdb/movie/{id}',
      '/api/tmdb/movie/{id}/credits',
      '/api/tmdb/person/{id}/movie_credits',
      '/api/images/{size}/{file}',
    ]) {
      expect(paths).toContain(p);
    }
    const search = doc.paths['/api/tmdb/search/movie'].get;
    expect(search.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['query', 'page']),
    );
    expect(Object.keys(search.responses)).toEqual(expect.arrayContaining(['200', '400']));
    const docs = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it('serves the docs page and its assets from the documents made on first request', async () => {
    // Decision 0048: the documents' app is built by the first request, then answers after it.
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const script = /src="([^"]*swagger-ui-bundle\.js)"/.exec(page.body)?.[1];
    expect(script).toMatch(/^\/api\/docs\//);
    const js = await t.app.inject({ url: script! });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.rawPayload.length).toBeGreaterThan(100_000);
    // A browser's cached copy is answered 304, as the docs plugin answers it itself.
    const again = await t.app.inject({ url: script!, headers: { 'if-none-match': String(js.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // The UI's own copy of the document: the app's routes, without Better Auth's.
    const copy = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(copy.paths)).toContain('/api/tmdb/movie/{id}');
    expect((await t.app.inject({ url: '/api/docs/static/nothing.js' })).statusCode).toBe(404);
  });
});
