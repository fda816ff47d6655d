import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SEARCH_PER_IP_PER_MINUTE } from '../src/modules/catalog/catalog.routes';
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

/**
 * A visitor must never choose the address their requests are counted under: otherwise they could
 * send a victim's address and lock the victim out of sign-in, search and chat.
 */
describe('TRUST_PROXY: an address a visitor writes is never believed', () => {
  const env = { RECOMMENDER_URL: 'http://127.0.0.1:9' };
  const chatLimits = { perIpPerMinute: 2, perUserPerMinute: 30 };
  const chat = (t: TestApp, from: string, forwardedFor: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/chat/send',
        payload: { message: 'a comedy' },
        remoteAddress: from,
        headers: { 'x-forwarded-for': forwardedFor },
      })
      .then((r) => r.statusCode);
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  it('true means one hop: the last X-Forwarded-For entry counts, whatever the visitor put before it', async () => {
    const t = await createTestApp({ env: { ...env, TRUST_PROXY: 'true' }, chatLimits });
    apps.push(t);
    expect(await chat(t, '10.3.0.1', '1.1.1.1')).toBe(200);
    expect(await chat(t, '10.3.0.1', '1.1.1.1')).toBe(200);
    // The attacker (1.1.1.1 as the balancer saw them) writes other addresses in front: still them.
    for (const spoofed of ['9.9.9.9, 1.1.1.1', '2.2.2.2, 8.8.8.8, 1.1.1.1'])
      expect(await chat(t, '10.3.0.1', spoofed)).toBe(429);
    // And the victim they named is not locked out.
    expect(await chat(t, '10.3.0.1', '9.9.9.9')).toBe(200);
  });

  it('a list of proxies: only a request from one of them has its X-Forwarded-For read', async () => {
    const t = await createTestApp({ env: { ...env, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }, chatLimits });
    apps.push(t);
    // From the balancer (inside 10.0.0.0/8): each visitor their own count.
    expect(await chat(t, '10.3.0.1', '1.1.1.1')).toBe(200);
    expect(await chat(t, '10.3.0.1', '2.2.2.2')).toBe(200);
    expect(await chat(t, '10.3.0.1', '3.3.3.3')).toBe(200);
    // Straight from the internet (outside the list): the header is ignored, the peer counts.
    expect(await chat(t, '198.51.100.7', '4.4.4.4')).toBe(200);
    expect(await chat(t, '198.51.100.7', '5.5.5.5')).toBe(200);
    expect(await chat(t, '198.51.100.7', '6.6.6.6')).toBe(429);
    // ...and did not count against the addresses it named.
    expect(await chat(t, '10.3.0.1', '4.4.4.4')).toBe(200);
  });

  it('a cached search counts the visitor’s address too', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    apps.push(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const search = (xff: string) =>
      fetch(`http://127.0.0.1:${port}/api/tmdb/search/movie?query=alien&page=1`, {
        headers: { 'x-forwarded-for': xff },
      }).then(async (r) => (await r.arrayBuffer(), r.status));
    const before = t.app.cachedAnswers().catalog;
    // The visitor (203.0.113.9 as the proxy saw them) changes the leftmost entry on every request.
    const statuses: number[] = [];
    for (let i = 0; i <= SEARCH_PER_IP_PER_MINUTE; i++)
      statuses.push(await search(`192.0.2.${i % 250}, 203.0.113.9`));
    expect(t.app.cachedAnswers().catalog).toBeGreaterThan(before);
    expect(statuses.slice(0, SEARCH_PER_IP_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
