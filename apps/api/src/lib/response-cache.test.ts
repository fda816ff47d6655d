import { MoviePage } from '@app/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { preferredEncoding, PUBLIC_CACHE_CONTROL } from './response-cache';

// A page big enough to be compressed (the build's index.html carries a static shell of this order).
const INDEX = `<!doctype html><html><head><title>Cinelog</title></head><body><div id="root">${'<p>Loading the movies…</p>'.repeat(120)}</div></body></html>`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  // The route manifest the web build writes beside it: a movie page preloads its movie.
  writeFileSync(
    join(dist, 'route-manifest.json'),
    JSON.stringify({
      shellData: ['/api/config'],
      routes: [{ path: '/movie/:movieId', modules: [], data: ['/api/tmdb/movie/:movieId'] }],
    }),
  );
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('catalog answers are cached whole, compressed once, with ETags', () => {
  it('answers the same bytes and ETag again, and 304 to a matching If-None-Match', async () => {
    const url = '/api/tmdb/movie/top_rated?page=3';
    const first = await get(url);
    const second = await get(url);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(MoviePage.parse(first.json()).page).toBe(3);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(second.headers.etag).toBe(etag);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(first.headers['content-type']).toMatch(/^application\/json/);

    const revalidated = await get(url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    // A 304 has no body: no content-length (RFC 9110 §8.6).
    expect(revalidated.headers['content-length']).toBeUndefined();
    expect(revalidated.headers.etag).toBe(etag);
    expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    // The brotli body is another representation: its own ETag, which validates it (and not the identity body).
    const br = await get(url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).not.toBe(etag);
    const brRevalidated = await get(url, {
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag as string,
    });
    expect(brRevalidated.statusCode).toBe(304);
    expect(brRevalidated.headers.etag).toBe(br.headers.etag);
    expect(brRevalidated.headers['content-encoding']).toBeUndefined();
    expect((await get(url, { 'accept-encoding': 'br', 'if-none-match': etag })).statusCode).toBe(200);
    // Another page has another ETag.
    expect((await get('/api/tmdb/movie/top_rated?page=4')).headers.etag).not.toBe(etag);
  });

  it.each([
    ['br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => gunzipSync(b)],
  ])(
    'sends %s to a browser that accepts it, the same JSON once decoded, on a miss and on a hit',
    async (encoding, decode) => {
      const url = '/api/tmdb/discover/movie?with_genres=18&page=2';
      const plain = (await get(url)).body;
      for (let i = 0; i < 2; i++) {
        const res = await get(url, {
          'accept-encoding': `gzip, deflate, ${encoding === 'br' ? 'br' : 'zstd'}`,
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(decode(res.rawPayload).toString()).toBe(plain);
        expect(res.rawPayload.length).toBeLessThan(plain.length / 2);
      }
    },
  );

  it('sends the first answer compressed too (the miss), and a search hit the same as its miss', async () => {
    const url = '/api/tmdb/search/movie?query=blade%20runner';
    const miss = await get(url, { 'accept-encoding': 'br' });
    const hit = await get(url, { 'accept-encoding': 'br' });
    expect(miss.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(hit.rawPayload).toString()).toBe(
      brotliDecompressSync(miss.rawPayload).toString(),
    );
    const page = MoviePage.parse(JSON.parse(brotliDecompressSync(hit.rawPayload).toString()));
    expect(page.results[0]!.title).toMatch(/Blade Runner/);
  });

  it('never caches an error: an unknown movie stays 404, a bad page stays 400', async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await get('/api/tmdb/movie/999999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers.etag).toBeUndefined();
      expect((await get('/api/tmdb/movie/popular?page=0')).statusCode).toBe(400);
    }
  });
});

describe('the HTML', () => {
  it('is compressed for browsers that accept it', async () => {
    const res = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
    const gz = await get('/movie/155', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('/api/tmdb/movie/155');
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['identity', 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
