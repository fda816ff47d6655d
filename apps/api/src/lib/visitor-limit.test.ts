import Fastify, { type FastifyInstance } from 'fastify';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { visitorAddress, type TrustProxy } from './visitor-limit';

/** A server that answers, for each request, Fastify's request.ip and visitorAddress's, side by side. */
async function both(trust: TrustProxy) {
  const address = visitorAddress(trust);
  const ours = new Map<string, string | undefined>();
  const app = Fastify({
    trustProxy: trust,
    serverFactory: (handler) =>
      createServer((req, res) => {
        ours.set(String(req.headers['x-request']), address(req));
        handler(req, res);
      }),
  });
  app.get('/', async (req) => ({ fastify: req.ip, ours: ours.get(String(req.headers['x-request'])) }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

function ask(app: FastifyInstance, n: number, xff?: string): Promise<{ fastify: string; ours: string }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((done, fail) => {
    httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/',
        headers: { 'x-request': String(n), ...(xff ? { 'x-forwarded-for': xff } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => done(JSON.parse(text) as { fastify: string; ours: string }));
      },
    )
      .on('error', fail)
      .end();
  });
}

describe("visitorAddress: the visitor's address as Fastify's request.ip gives it", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const settings: [string, TrustProxy][] = [
    ['no proxy trusted', false],
    ['every proxy trusted', true],
    ['one hop (TRUST_PROXY=1)', (_a: string, hop: number) => hop < 1],
    ['two hops (TRUST_PROXY=2)', (_a: string, hop: number) => hop < 2],
    ['loopback', 'loopback'],
    ['a list of addresses and ranges', '10.0.0.0/8, 127.0.0.1'],
    ['an address that is not ours', '192.0.2.1'],
  ];
  const forwarded = [
    undefined,
    '203.0.113.5',
    '203.0.113.5, 10.1.2.3',
    '198.51.100.1, 203.0.113.5, 10.1.2.3',
    'not-an-ip',
  ];

  it.each(settings)('%s', async (_, trust) => {
    app = await both(trust);
    let n = 0;
    for (const xff of forwarded) {
      const r = await ask(app, n++, xff);
      expect(r.ours).toBe(r.fastify);
    }
  });

  it('behind a trusted proxy, is the forwarded address; otherwise the peer', async () => {
    app = await both(true);
    expect((await ask(app, 1, '203.0.113.5')).ours).toBe('203.0.113.5');
    await app.close();
    app = await both(false);
    expect((await ask(app, 2, '203.0.113.5')).ours).toBe('127.0.0.1');
  });
});
