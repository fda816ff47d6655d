import Fastify, { type FastifyInstance } from 'fastify';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { SEARCH_PER_IP_PER_MINUTE } from '../modules/catalog/catalog.routes';
import { ResponseCache } from './response-cache';

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

describe('ResponseCache.serve: hits answered before Fastify', () => {
  let app: FastifyInstance;
  let base: string;
  let handled = 0;
  let limited = 0;
  const cache = new ResponseCache();
  const body = JSON.stringify({
    results: Array.from({ length: 100 }, (_, i) => ({ id: i, title: `Movie ${i}` })),
  });

  beforeAll(async () => {
    app = Fastify({
      serverFactory: (handler) =>
        createServer((req, res) => {
          if (!cache.serve(req, res)) handler(req, res);
        }),
    });
    // What the security hooks do on every answer.
    app.addHook('onRequest', async (_req, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'self'");
    });
    const route = { onRequest: cache.lookup, onSend: cache.store };
    app.get('/list', route, async () => {
      handled++;
      return JSON.parse(body) as unknown;
    });
    app.get('/small', route, async () => {
      handled++;
      return { ok: true };
    });
    app.get(
      '/limited',
      {
        onRequest: [
          async () => {
            limited++;
          },
          cache.lookup,
        ],
        onSend: cache.store,
        config: { cacheFastPath: false },
      },
      async () => ({ ok: true }),
    );
    app.get('/fails', route, async (_req, reply) => reply.code(404).send({ message: 'no' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('answers a hit with the bytes and headers of the full pipeline, without the handler', async () => {
    const miss = await get(base, '/list');
    expect(miss.status).toBe(200);
    expect(handled).toBe(1);
    const before = cache.fastHits;
    const hit = await get(base, '/list');
    expect(cache.fastHits).toBe(before + 1);
    expect(handled).toBe(1);
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(withoutTransport(hit.headers)).toEqual(withoutTransport(miss.headers));
    expect(hit.headers['content-security-policy']).toBe("default-src 'self'");
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('sends brotli or gzip as asked, and 304 to a matching If-None-Match', async () => {
    await get(base, '/list');
    const br = await get(base, '/list', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(body);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    // The second brotli answer (its header list now kept) is the same.
    const again = await get(base, '/list', { 'accept-encoding': 'br' });
    expect(again.body.equals(br.body)).toBe(true);
    expect(withoutTransport(again.headers)).toEqual(withoutTransport(br.headers));
    const gzip = await get(base, '/list', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const notModified = await get(base, '/list', { 'if-none-match': br.headers.etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(br.headers.etag);
    expect(notModified.headers['content-security-policy']).toBe("default-src 'self'");
    expect((await get(base, '/list', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('sends a small body as is, whatever the client accepts', async () => {
    await get(base, '/small');
    const hit = await get(base, '/small', { 'accept-encoding': 'br' });
    expect(hit.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(hit.body.toString())).toEqual({ ok: true });
  });

  it('leaves to Fastify: routes whose hooks run on every request, HEAD, other methods, errors', async () => {
    const before = cache.fastHits;
    await get(base, '/limited');
    await get(base, '/limited');
    expect(limited).toBe(2);
    await new Promise<void>((done) => {
      httpRequest(new URL('/list', base), { method: 'HEAD' }, (res) => {
        expect(res.statusCode).toBe(200);
        res.resume().on('end', done);
      }).end();
    });
    expect((await get(base, '/fails')).status).toBe(404);
    expect((await get(base, '/fails')).status).toBe(404);
    expect(cache.fastHits).toBe(before);
  });
});

describe('the API answers cached catalog reads before Fastify, as Fastify would', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it.each([
    ['identity', {}],
    ['br', { 'accept-encoding': 'gzip, deflate, br' }],
  ])(
    'a hit over HTTP (%s) carries the same body and headers as the same hit through Fastify',
    async (_, h) => {
      const url = '/api/tmdb/movie/popular?page=2';
      const miss = await get(base, url, h);
      const fast = await get(base, url, h);
      const viaFastify = await t.app.inject({ method: 'GET', url, headers: h });
      expect(fast.status).toBe(200);
      expect(fast.body.equals(miss.body)).toBe(true);
      expect(fast.body.equals(viaFastify.rawPayload)).toBe(true);
      expect(withoutTransport(fast.headers)).toEqual(withoutTransport(viaFastify.headers));
      // The security headers of every answer.
      expect(fast.headers['content-security-policy']).toContain("default-src 'self'");
      expect(fast.headers['x-frame-options']).toBe('DENY');
      expect(fast.headers['cross-origin-opener-policy']).toBeDefined();

      const etag = fast.headers.etag!;
      const fast304 = await get(base, url, { ...h, 'if-none-match': etag });
      const fastify304 = await t.app.inject({ method: 'GET', url, headers: { ...h, 'if-none-match': etag } });
      expect(fast304.status).toBe(304);
      expect(withoutTransport(fast304.headers)).toEqual(withoutTransport(fastify304.headers));
    },
  );

  it('still counts every search against the visitor’s limit, cached or not', async () => {
    const url = '/api/tmdb/search/movie?query=alien&page=1';
    for (let i = 0; i < SEARCH_PER_IP_PER_MINUTE; i++) expect((await get(base, url)).status).toBe(200);
    const over = await get(base, url);
    expect(over.status).toBe(429);
  });
});
