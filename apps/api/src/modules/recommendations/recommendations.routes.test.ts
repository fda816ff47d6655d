import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';

/** A stand-in recommendation service at the network edge. */
let fake: Server;
let t: TestApp;
const seen: string[] = [];
let connections = 0;
beforeAll(async () => {
  fake = createServer((req, res) => {
    seen.push(req.url!);
    const url = new URL(req.url!, 'http://x');
    const id = url.searchParams.get('tmdb_id');
    res.setHeader('content-type', 'application/json');
    if (id === '777') return res.end('{"not json');
    if (id === '778') return res.end(JSON.stringify([{ tmdbId: 'x' }]));
    // Headers, then nothing: the client's timeout must end the wait.
    if (id === '888') return res.writeHead(200).write('[');
    if (id === '404') return res.writeHead(404).end(JSON.stringify({ message: 'not in model' }));
    if (id === '500') return res.writeHead(500).end(JSON.stringify({ message: 'boom' }));
    // The service's first model is still being prepared.
    if (id === '503')
      return res.writeHead(503, { 'retry-after': '4' }).end(JSON.stringify({ message: 'Model is loading' }));
    const n = Number(url.searchParams.get('top_n'));
    res.end(
      JSON.stringify(
        Array.from({ length: n }, (_, i) => ({ tmdbId: 1000 + i, rating: 7, score: 1 - i / 100 })),
      ),
    );
  });
  fake.on('connection', () => connections++);
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  t = await createTestApp({
    env: { RECOMMENDER_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}` },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => fake.close(() => r()));
});

describe('GET /api/recommend', () => {
  it('passes tmdb_id and top_n (default 10) through to the service', async () => {
    const res = await t.app.inject({ url: '/api/recommend?tmdb_id=155' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(10);
    expect(seen.at(-1)).toBe('/recommend?tmdb_id=155&top_n=10');
  });

  it('keeps 404, turns a failing service into 502, validates input', async () => {
    expect((await t.app.inject({ url: '/api/recommend?tmdb_id=404' })).statusCode).toBe(404);
    const down = await t.app.inject({ url: '/api/recommend?tmdb_id=500' });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ message: 'Recommendations are unavailable right now.' });
    expect((await t.app.inject({ url: '/api/recommend?tmdb_id=abc' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/recommend?tmdb_id=1&top_n=99' })).statusCode).toBe(400);
  });

  it('a service still preparing its first model is a 503 with its Retry-After and a code, on both routes (never an empty list)', async () => {
    for (const url of ['/api/recommend?tmdb_id=503', '/api/recommend/movies?tmdb_id=503&top_n=10']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('4');
      expect(res.json()).toEqual({
        message: 'Recommendations are being prepared. Please try again in a moment.',
        code: 'RECOMMENDATIONS_PREPARING',
      });
    }
  });

  it('a malformed or unfinished answer is a 502 (the unfinished one after the 2 s timeout)', async () => {
    for (const id of ['777', '778', '888']) {
      const res = await t.app.inject({ url: `/api/recommend?tmdb_id=${id}` });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'Recommendations are unavailable right now.' });
    }
  });

  it('reuses its connection to the service from one call to the next', async () => {
    // A list not asked for before (a kept list makes no call at all).
    await t.app.inject({ url: '/api/recommend?tmdb_id=199' });
    const before = connections;
    for (let i = 0; i < 5; i++)
      expect((await t.app.inject({ url: `/api/recommend?tmdb_id=${200 + i}` })).statusCode).toBe(200);
    expect(connections).toBe(before);
  });

  it('a service that is not running is a 502, not a crash', async () => {
    const other = await createTestApp({ env: { RECOMMENDER_URL: 'http://127.0.0.1:9' } });
    try {
      expect((await other.app.inject({ url: '/api/recommend?tmdb_id=155' })).statusCode).toBe(502);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/recommend/movies: kept whole inside Fastify (decision 0097)', () => {
  const url = '/api/recommend/movies?tmdb_id=155&top_n=10';
  const br = { 'accept-encoding': 'gzip, deflate, br, zstd' };

  it('answers a repeat from the cache: the same bytes and caching headers, then 304', async () => {
    const first = await t.app.inject({ url, headers: br });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({ url, headers: br });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['content-encoding']).toBe(first.headers['content-encoding']);
    expect(again.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(again.headers.vary).toBe('accept-encoding');
    expect(again.headers.etag).toMatch(/^"[\w-]+"$/);
    const list = (await t.app.inject({ url })).json() as { id: number }[];
    // What the handler hydrates (the films of the test catalog among the fake's ids).
    expect(list.every((m) => m.id >= 1000 && m.id < 1010)).toBe(true);
    const unchanged = await t.app.inject({
      url,
      headers: { ...br, 'if-none-match': String(again.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload).toHaveLength(0);
  });

  it('never keeps an error', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: '/api/recommend/movies?tmdb_id=500&top_n=10' });
      expect(res.statusCode).toBe(502);
      expect(res.headers.etag).toBeUndefined();
    }
  });
});
