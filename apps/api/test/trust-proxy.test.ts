import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

/** Per-IP limits behind a load balancer: TRUST_PROXY decides whose address counts. */
describe('TRUST_PROXY', () => {
  let direct: TestApp;
  let proxied: TestApp;
  const chatLimits = { perIpPerMinute: 2, perUserPerMinute: 30 };
  beforeAll(async () => {
    const env = { RECOMMENDER_URL: 'http://127.0.0.1:9' };
    direct = await createTestApp({ env, chatLimits });
    proxied = await createTestApp({ env: { ...env, TRUST_PROXY: '1' }, chatLimits });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  // Every request arrives from the balancer at 10.3.0.1, which names the visitor in X-Forwarded-For.
  const chat = (t: TestApp, forwardedFor: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/chat/send',
        payload: { message: 'a comedy' },
        remoteAddress: '10.3.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      })
      .then((r) => r.statusCode);

  it('unset: the header is not believed, so everyone behind the balancer shares one count', async () => {
    expect([
      await chat(direct, '1.1.1.1'),
      await chat(direct, '2.2.2.2'),
      await chat(direct, '3.3.3.3'),
    ]).toEqual([200, 200, 429]);
  });

  it('one hop: each visitor has their own count, and an address the visitor wrote is ignored', async () => {
    expect([await chat(proxied, '1.1.1.1'), await chat(proxied, '1.1.1.1')]).toEqual([200, 200]);
    expect(await chat(proxied, '2.2.2.2')).toBe(200);
    // The balancer appends the real address; a spoofed one in front of it changes nothing.
    expect(await chat(proxied, '9.9.9.9, 1.1.1.1')).toBe(429);
  });
});
