import Fastify, { type FastifyInstance } from 'fastify';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { SEARCH_PER_IP_PER_MINUTE } from '../modules/catalog/catalog.routes';
import { RateLimits, TOO_MANY_ATTEMPTS } from './rate-limit';
import { PUBLIC_CACHE_CONTROL, ResponseCache, SEARCH_CACHE_CONTROL } from './response-cache';
import { securityHeaderValues } from './security-headers';
import { visitorLimit } from './visitor-limit';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET over a real socket, the body as sent (not decoded). */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    httpRequest(new URL(path, base), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', fail)
      .end();
  });
}

/** Headers that are the connection's or the moment's, not the answer's. */
const withoutTransport = (h: Record<string, unknown>) => {
  const { date: _d, connection: _c, 'keep-alive': _k, ...rest } = h;
  return rest;
};

/** What a browser sends (Chromium). */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('ResponseCache: hits answered by the route’s onRequest hook, inside Fastify', () => {
  let app: FastifyInstance;
  let base: string;
  let handled = 0;
  const hooks: string[] = [];
  const cache = new ResponseCache();
  const body = JSON.stringify({
    results: Array.from({ length: 100 }, (_, i) => ({ id: i, title: `Movie ${i}` })),
  });
  let version = 1;

  beforeAll(async () => {
    app = Fastify();
    // What the security hooks do on every answer; and every hook after the answer.
    app.addHook('onRequest', async (_req, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'self'");
    });
    app.addHook('onSend', async (req, reply) => {
      reply.header('x-request-id', req.id);
    });
    app.addHook('onResponse', async (req) => {
      hooks.push(`${req.url} ${req.id}`);
    });
    const route = { onRequest: cache.lookup, onSend: cache.store };
    app.get('/list', route, async () => {
      handled++;
      return JSON.parse(body) as unknown;
    });
    app.get('/small', route, async () => ({ ok: true }));
    app.get('/versioned', route, async () => ({ version }));
    app.get('/short', { ...route, config: { cacheControl: 'public, max-age=5' } }, async () => ({ ok: 1 }));
    app.get('/fails', route, async (_req, reply) => reply.code(404).send({ message: 'no' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('answers a hit with the bytes and headers of the miss, without the handler, through every hook', async () => {
    const miss = await get(base, '/list');
    expect(miss.status).toBe(200);
    expect(handled).toBe(1);
    const hits = cache.hits;
    const hit = await get(base, '/list');
    expect(cache.hits).toBe(hits + 1);
    expect(handled).toBe(1);
    expect(hit.body.equals(miss.body)).toBe(true);
    const { 'x-request-id': missId, ...missHeaders } = withoutTransport(miss.headers);
    const { 'x-request-id': hitId, ...hitHeaders } = withoutTransport(hit.headers);
    expect(hitHeaders).toEqual(missHeaders);
    // The global hooks ran on the hit: the security headers, its own request id, the log's hook.
    expect(hit.headers['content-security-policy']).toBe("default-src 'self'");
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hitId).toMatch(/^req-/);
    expect(hitId).not.toBe(missId);
    expect(hooks).toContain(`/list ${String(hitId)}`);
    expect(hit.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(hit.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(hit.headers.vary).toBe('accept-encoding');
  });

  it('sends brotli or gzip as asked, each with its own strong ETag, and 304 without a body to a matching If-None-Match', async () => {
    await get(base, '/list');
    const br = await get(base, '/list', BROWSER);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(body);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const again = await get(base, '/list', BROWSER);
    expect(again.body.equals(br.body)).toBe(true);
    const gzip = await get(base, '/list', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(body);
    const identity = await get(base, '/list');
    const tags = [identity.headers.etag, br.headers.etag, gzip.headers.etag];
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);

    for (const [headers, tag] of [
      [{}, identity.headers.etag!],
      [BROWSER, br.headers.etag!],
      [{ 'accept-encoding': 'gzip' }, gzip.headers.etag!],
    ] as const) {
      const notModified = await get(base, '/list', { ...headers, 'if-none-match': tag });
      expect(notModified.status, tag).toBe(304);
      expect(notModified.body.length).toBe(0);
      expect(notModified.headers.etag).toBe(tag);
      // No body: neither a content-length nor a content-encoding.
      expect(notModified.headers['content-length']).toBeUndefined();
      expect(notModified.headers['content-encoding']).toBeUndefined();
      expect(notModified.headers.vary).toBe('accept-encoding');
      expect(notModified.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      expect(notModified.headers['content-security-policy']).toBe("default-src 'self'");
    }
    // A validator of another representation does not validate this one (W/ is ignored).
    expect((await get(base, '/list', { 'if-none-match': br.headers.etag! })).status).toBe(200);
    expect((await get(base, '/list', { 'if-none-match': `W/${identity.headers.etag!}` })).status).toBe(304);
    expect((await get(base, '/list', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('sends a small body as is, whatever the client accepts; a route may set its own Cache-Control', async () => {
    await get(base, '/small');
    const hit = await get(base, '/small', BROWSER);
    expect(hit.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(hit.body.toString())).toEqual({ ok: true });
    await get(base, '/short');
    expect((await get(base, '/short')).headers['cache-control']).toBe('public, max-age=5');
  });

  it('never keeps an error; HEAD gets the headers of a hit', async () => {
    const hits = cache.hits;
    expect((await get(base, '/fails')).status).toBe(404);
    expect((await get(base, '/fails')).status).toBe(404);
    expect(cache.hits).toBe(hits);
    await new Promise<void>((done) => {
      httpRequest(new URL('/list', base), { method: 'HEAD' }, (res) => {
        expect(res.statusCode).toBe(200);
        expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
        res.resume().on('end', done);
      }).end();
    });
  });

  it('clear() forgets every answer: the next read is made again', async () => {
    expect(JSON.parse((await get(base, '/versioned')).body.toString())).toEqual({ version: 1 });
    version = 2;
    expect(JSON.parse((await get(base, '/versioned')).body.toString())).toEqual({ version: 1 });
    cache.clear();
    expect(JSON.parse((await get(base, '/versioned')).body.toString())).toEqual({ version: 2 });
    expect(JSON.parse((await get(base, '/versioned')).body.toString())).toEqual({ version: 2 });
  });
});

describe('the API answers cached catalog reads through Fastify’s hooks', () => {
  let t: TestApp;
  let base: string;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { TRUST_PROXY: 'true' },
      // Every request logged (as with LOG_LEVEL=debug): a cached answer's line too.
      logLevel: 'debug',
      logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it.each([
    ['identity', {}],
    ['a browser’s Accept-Encoding', BROWSER],
  ])(
    'a hit (%s) carries the security headers, is logged with its request id, and equals the miss',
    async (_, h) => {
      const url = '/api/tmdb/movie/popular?page=2';
      const miss = await get(base, url, h);
      const hits = t.app.cachedAnswers().catalog;
      const hit = await get(base, url, h);
      expect(t.app.cachedAnswers().catalog).toBe(hits + 1);
      expect(hit.status).toBe(200);
      expect(hit.body.equals(miss.body)).toBe(true);
      expect(withoutTransport(hit.headers)).toEqual(withoutTransport(miss.headers));
      for (const [name, value] of Object.entries(securityHeaderValues({})))
        expect(hit.headers[name], name).toBe(value);
      expect(hit.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      expect(hit.headers.vary).toBe('accept-encoding');
      const logged = lines.filter((l) => l.msg === 'request' && l.url === url);
      expect(logged.length).toBeGreaterThanOrEqual(2);
      const [a, b] = logged.slice(-2);
      expect(b).toMatchObject({ method: 'GET', statusCode: 200, reqId: expect.any(String) });
      expect(b!.reqId).not.toBe(a!.reqId);
    },
  );

  it('304 per encoding on a movie, with its headers and no body', async () => {
    const url = '/api/tmdb/movie/157336';
    for (const h of [{}, BROWSER, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const first = await get(base, url, h);
      expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      const revalidated = await get(base, url, { ...h, 'if-none-match': first.headers.etag! });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers['content-length']).toBeUndefined();
      expect(revalidated.headers.etag).toBe(first.headers.etag);
      expect(revalidated.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('a search is cached for less time, and over the visitor’s limit it is 429 even when cached', async () => {
    const url = '/api/tmdb/search/movie?query=alien&page=1';
    const visitor = { ...BROWSER, 'x-forwarded-for': '198.51.100.7' };
    const first = await get(base, url, visitor);
    expect(first.headers['cache-control']).toBe(SEARCH_CACHE_CONTROL);
    expect(first.headers['content-encoding']).toBe('br');
    const hits = t.app.cachedAnswers().catalog;
    for (let i = 1; i < SEARCH_PER_IP_PER_MINUTE; i++)
      expect((await get(base, url, visitor)).status).toBe(200);
    expect(t.app.cachedAnswers().catalog).toBe(hits + SEARCH_PER_IP_PER_MINUTE - 1);
    const over = await get(base, url, visitor);
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body.toString())).toEqual({ message: TOO_MANY_ATTEMPTS });
    expect(over.headers['content-security-policy']).toContain("default-src 'self'");
    expect(over.headers.etag).toBeUndefined();
    expect(t.app.cachedAnswers().catalog).toBe(hits + SEARCH_PER_IP_PER_MINUTE - 1);
    // Another visitor behind the same proxy has a limit of their own, and gets the cached answer.
    const other = await get(base, url, { ...BROWSER, 'x-forwarded-for': '198.51.100.8' });
    expect(other.status).toBe(200);
    expect(other.body.equals(first.body)).toBe(true);
  });
});

describe('visitorLimit: the route’s hook, by request.ip', () => {
  it.each([
    ['in process (counted at once)', true],
    ['counted elsewhere, as with Redis (a promise)', false],
  ])('%s: refuses past the limit with the limiter’s 429', async (_, inProcess) => {
    const limiter = new RateLimits().create({
      name: 'v',
      points: 2,
      durationSeconds: 60,
      message: 'Slow down.',
    });
    const limit = visitorLimit(
      inProcess ? limiter : { consume: limiter.consume, refund: limiter.refund, reset: limiter.reset },
    );
    const app = Fastify({ trustProxy: true });
    app.get('/', { onRequest: limit }, async () => ({ ok: true }));
    const ask = (ip: string) => app.inject({ url: '/', headers: { 'x-forwarded-for': ip } });
    try {
      expect((await ask('203.0.113.1')).statusCode).toBe(200);
      expect((await ask('203.0.113.1')).statusCode).toBe(200);
      const over = await ask('203.0.113.1');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ message: 'Slow down.' });
      expect((await ask('203.0.113.2')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
