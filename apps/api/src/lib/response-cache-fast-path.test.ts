import Fastify, { type FastifyInstance } from 'fastify';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { SEARCH_PER_IP_PER_MINUTE } from '../modules/catalog/catalog.routes';
import { RateLimits, TOO_MANY_ATTEMPTS, type Limiter } from './rate-limit';
import { ResponseCache } from './response-cache';
import { VisitorLimit } from './visitor-limit';

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
  // A limit of 3 a minute per visitor (the X-Visitor header here), counting every call: in
  // process, where the gate counts at once (consumeNow), and counted elsewhere as with Redis (no
  // consumeNow: the gate answers a promise).
  const counts = { inProcess: 0, elsewhere: 0 };
  const byVisitor = (req: IncomingMessage) => String(req.headers['x-visitor']);
  function countingGate(which: keyof typeof counts): VisitorLimit {
    const three = new RateLimits().create({
      name: `test-${which}`,
      points: 3,
      durationSeconds: 60,
      message: TOO_MANY_ATTEMPTS,
    });
    const limiter: Limiter = {
      consume: (key) => {
        counts[which]++;
        return three.consume(key);
      },
      refund: three.refund,
      reset: three.reset,
      ...(which === 'inProcess'
        ? {
            consumeNow: (key: string) => {
              counts[which]++;
              three.consumeNow!(key);
            },
          }
        : {}),
    };
    return new VisitorLimit(limiter, byVisitor);
  }
  const gate = countingGate('inProcess');
  const asyncGate = countingGate('elsewhere');
  const body = JSON.stringify({
    results: Array.from({ length: 100 }, (_, i) => ({ id: i, title: `Movie ${i}` })),
  });

  beforeAll(async () => {
    app = Fastify({
      serverFactory: (handler) =>
        createServer((req, res) => {
          const answered = cache.serve(req, res);
          if (answered === false) handler(req, res);
          else if (answered !== true) void answered.then((ok) => ok || handler(req, res));
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
    for (const [path, limit] of [
      ['/gated', gate],
      ['/gated-async', asyncGate],
    ] as const)
      app.get(
        path,
        {
          onRequest: [
            // Fastify's request.ip stands for the visitor here as the header does for the gate.
            async (req) => {
              Object.defineProperty(req, 'ip', { value: String(req.headers['x-visitor']) });
            },
            limit.hook,
            cache.lookup,
          ],
          onSend: cache.store,
          config: { cacheGate: limit },
        },
        async () => {
          handled++;
          return JSON.parse(body) as unknown;
        },
      );
    app.setErrorHandler((err: { statusCode?: number; message: string }, _req, reply) =>
      reply.code(err.statusCode ?? 500).send({ message: err.message }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('keeps a compressed copy in memory of its own size, not in the 16 KB output chunk of zlib', async () => {
    await get(base, '/list', { 'accept-encoding': 'br' });
    await get(base, '/list', { 'accept-encoding': 'gzip' });
    for (const encoding of ['br', 'gzip']) {
      // The fast path's answer is the cached copy itself: what res.end is handed.
      let sent: Buffer | undefined;
      const req = { method: 'GET', url: '/list', headers: { 'accept-encoding': encoding } };
      const res = { writeHead: () => res, end: (b: Buffer) => (sent = b) };
      expect(cache.serve(req as never, res as never)).toBe(true);
      expect(sent!.length).toBeGreaterThan(100);
      expect(sent!.length).toBeLessThan(body.length);
      expect(sent!.buffer.byteLength, encoding).toBeLessThanOrEqual(Math.max(sent!.length, Buffer.poolSize));
    }
  });

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

    // Each representation has its own strong ETag (RFC 9110 §8.8.3: the bytes differ).
    const identity = await get(base, '/list');
    const tags = [identity.headers.etag, br.headers.etag, gzip.headers.etag];
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    expect(gzip.headers.vary).toBe('accept-encoding');

    const notModified = await get(base, '/list', {
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag!,
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(br.headers.etag);
    // No body: neither a content-length nor a content-encoding.
    expect(notModified.headers['content-length']).toBeUndefined();
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.headers.vary).toBe('accept-encoding');
    expect(notModified.headers['content-security-policy']).toBe("default-src 'self'");
    // A validator of another representation does not validate this one (W/ is ignored).
    expect((await get(base, '/list', { 'if-none-match': br.headers.etag! })).status).toBe(200);
    expect((await get(base, '/list', { 'if-none-match': `W/${identity.headers.etag!}` })).status).toBe(304);
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

  describe('a per-visitor limit on a cached route (the gate)', () => {
    it.each([
      ['in process (counted at once)', '/gated', () => counts.inProcess],
      ['counted elsewhere, as with Redis (a promise)', '/gated-async', () => counts.elsewhere],
    ])(
      '%s: counts each request once, answers hits before Fastify until the limit, then Fastify answers 429',
      async (_, path, count) => {
        const a = { 'x-visitor': 'a' };
        const before = cache.fastHits;
        const handledBefore = handled;
        const c0 = count();
        const miss = await get(base, path, a);
        expect(miss.status).toBe(200);
        expect(count()).toBe(c0 + 1);
        const hit = await get(base, path, a);
        expect(hit.status).toBe(200);
        expect(hit.body.equals(miss.body)).toBe(true);
        expect(withoutTransport(hit.headers)).toEqual(withoutTransport(miss.headers));
        expect(cache.fastHits).toBe(before + 1);
        expect(count()).toBe(c0 + 2);
        expect((await get(base, path, a)).status).toBe(200);
        expect(count()).toBe(c0 + 3);
        const refused = await get(base, path, a);
        expect(refused.status).toBe(429);
        expect(JSON.parse(refused.body.toString())).toEqual({ message: TOO_MANY_ATTEMPTS });
        // The refused request was counted once, by the gate; the route's hook did not count it again.
        expect(count()).toBe(c0 + 4);
        expect(cache.fastHits).toBe(before + 2);
        expect(handled).toBe(handledBefore + 1);
        // Another visitor has a limit of their own, and gets the hit before Fastify.
        expect((await get(base, path, { 'x-visitor': 'b' })).status).toBe(200);
        expect(cache.fastHits).toBe(before + 3);
        expect(count()).toBe(c0 + 5);
      },
    );
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
      expect(fastify304.statusCode).toBe(304);
      expect(withoutTransport(fast304.headers)).toEqual(withoutTransport(fastify304.headers));
      expect(fastify304.headers['content-length']).toBeUndefined();
    },
  );

  it('still counts every search against the visitor’s limit, cached or not', async () => {
    const url = '/api/tmdb/search/movie?query=alien&page=1';
    for (let i = 0; i < SEARCH_PER_IP_PER_MINUTE; i++) expect((await get(base, url)).status).toBe(200);
    const over = await get(base, url);
    expect(over.status).toBe(429);
  });
});

describe('searches before Fastify, behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  let base: string;
  const slowLines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { TRUST_PROXY: 'true' },
      logLevel: 'warn',
      // Every answer is "slow": each is logged at warn, the fast path's too.
      slowRequestMs: 0,
      logStream: {
        write: (line) => {
          const o = JSON.parse(line) as Record<string, unknown>;
          if (o.msg === 'slow request') slowLines.push(o);
        },
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('a cached search is answered before Fastify with the same body and headers', async () => {
    for (const h of [{}, { 'accept-encoding': 'gzip, deflate, br' }] as Record<string, string>[]) {
      const url = '/api/tmdb/search/movie?query=star%20wars&page=1';
      const visitor = { ...h, 'x-forwarded-for': '203.0.113.9' };
      const miss = await get(base, url, visitor);
      const before = t.app.fastPathAnswers().catalog;
      const fast = await get(base, url, visitor);
      expect(t.app.fastPathAnswers().catalog).toBe(before + 1);
      const viaFastify = await t.app.inject({ method: 'GET', url, headers: visitor });
      expect(fast.status).toBe(200);
      expect(fast.body.equals(miss.body)).toBe(true);
      expect(fast.body.equals(viaFastify.rawPayload)).toBe(true);
      expect(withoutTransport(fast.headers)).toEqual(withoutTransport(viaFastify.headers));
      if (fast.headers['content-encoding'] === 'br') {
        // Compressed at the fast level, and still the same JSON.
        const plain = await get(base, url, { 'x-forwarded-for': '203.0.113.9' });
        expect(brotliDecompressSync(fast.body).equals(plain.body)).toBe(true);
      } else expect(h).toEqual({});
    }
  });

  it('counts each visitor (by X-Forwarded-For) to the same limit and the same 429', async () => {
    const url = '/api/tmdb/search/movie?query=alien&page=1';
    const visitor = { 'x-forwarded-for': '198.51.100.7' };
    const before = t.app.fastPathAnswers().catalog;
    for (let i = 0; i < SEARCH_PER_IP_PER_MINUTE; i++)
      expect((await get(base, url, visitor)).status).toBe(200);
    // All but the first (the miss) answered before Fastify.
    expect(t.app.fastPathAnswers().catalog).toBe(before + SEARCH_PER_IP_PER_MINUTE - 1);
    const over = await get(base, url, visitor);
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body.toString())).toEqual({ message: TOO_MANY_ATTEMPTS });
    // The same 429 as one Fastify makes on its own (a miss from the same visitor).
    const overMiss = await get(base, '/api/tmdb/search/movie?query=aliens%20two&page=1', visitor);
    expect(overMiss.status).toBe(429);
    expect(overMiss.body.equals(over.body)).toBe(true);
    const { 'content-length': _a, ...overHeaders } = withoutTransport(over.headers);
    const { 'content-length': _b, ...missHeaders } = withoutTransport(overMiss.headers);
    expect(overHeaders).toEqual(missHeaders);
    // Another visitor behind the same proxy is not limited, and is answered before Fastify.
    const other = await get(base, url, { 'x-forwarded-for': '198.51.100.8' });
    expect(other.status).toBe(200);
    expect(t.app.fastPathAnswers().catalog).toBe(before + SEARCH_PER_IP_PER_MINUTE);
  });

  it('logs a slow answer made before Fastify as Fastify logs its own', async () => {
    const url = '/api/tmdb/movie/157336?token=secret';
    await get(base, url, { 'x-forwarded-for': '192.0.2.1' });
    const n = slowLines.length;
    const before = t.app.fastPathAnswers().catalog;
    await get(base, url, { 'x-forwarded-for': '192.0.2.2' });
    expect(t.app.fastPathAnswers().catalog).toBe(before + 1);
    const [viaFastify, fast] = slowLines.slice(n - 1);
    expect(fast).toMatchObject({ level: 40, method: 'GET', statusCode: 200, ip: '192.0.2.2' });
    expect(fast!.url).toBe('/api/tmdb/movie/157336?token=[redacted]');
    expect(Object.keys(fast!).sort()).toEqual(
      Object.keys(viaFastify!)
        .filter((k) => k !== 'reqId')
        .sort(),
    );
  });
});
