import Fastify, { type FastifyInstance } from 'fastify';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from './errors';
import { RateLimits, type Limiter } from './rate-limit';
import { VisitorLimit, visitorAddress, type TrustProxy } from './visitor-limit';

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

describe('VisitorLimit.admit: counts a request for the fast path', () => {
  const spec = { name: 'admit', points: 2, durationSeconds: 60, message: 'Slow down.' };
  const req = (visitor: string) => ({ headers: { 'x-visitor': visitor } }) as unknown as IncomingMessage;
  const byHeader = (r: IncomingMessage) => String(r.headers['x-visitor']);

  it('in process: at once (a boolean), refusing past the limit; the hook then answers the 429 without counting again', async () => {
    const limiter = new RateLimits().create(spec);
    let counted = 0;
    const gate = new VisitorLimit(
      {
        ...limiter,
        consumeNow: (key) => {
          counted++;
          limiter.consumeNow!(key);
        },
      },
      byHeader,
    );
    expect(gate.admit(req('a'))).toBe(true);
    expect(gate.admit(req('a'))).toBe(true);
    const refused = req('a');
    expect(gate.admit(refused)).toBe(false);
    expect(counted).toBe(3);
    const hook = gate.hook as unknown as (r: { raw: IncomingMessage; ip: string }) => Promise<void>;
    await expect(hook({ raw: refused, ip: 'a' })).rejects.toThrow(new TooManyRequestsError('Slow down.'));
    expect(counted).toBe(3);
    // A request the gate did not see is counted by the hook.
    await expect(hook({ raw: req('a'), ip: 'a' })).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(counted).toBe(4);
    expect(gate.admit(req('b'))).toBe(true);
  });

  it('with a limiter that counts elsewhere (Redis: no consumeNow): a promise, with the same outcomes', async () => {
    const inProcess = new RateLimits().create(spec);
    const remote: Limiter = { consume: inProcess.consume, refund: inProcess.refund, reset: inProcess.reset };
    const gate = new VisitorLimit(remote, byHeader);
    const first = gate.admit(req('a'));
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe(true);
    expect(await gate.admit(req('a'))).toBe(true);
    const refused = req('a');
    expect(await gate.admit(refused)).toBe(false);
    const hook = gate.hook as unknown as (r: { raw: IncomingMessage; ip: string }) => Promise<void>;
    await expect(hook({ raw: refused, ip: 'a' })).rejects.toThrow(new TooManyRequestsError('Slow down.'));
  });
});
