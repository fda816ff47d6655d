import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers/app';
import { CdnProbe } from './cdn-probe';

/** A stand-in CDN: 404 for everything (an answer all the same), or never answering under /hang/. */
let cdn: Server;
let url = '';
beforeAll(async () => {
  cdn = createServer((req, res) => {
    if (req.url!.startsWith('/hang/')) return; // never answers
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => cdn.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/t/p/`;
});
afterAll(() => {
  cdn.closeAllConnections();
  return new Promise<void>((r) => cdn.close(() => r()));
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe(CdnProbe.name, () => {
  it('any HTTP answer means reachable; a refused connection or a timeout does not', async () => {
    expect(await new CdnProbe(url).check()).toBe(true);
    expect(await new CdnProbe(`http://127.0.0.1:${await closedPort()}/t/p/`).check()).toBe(false);
    const slow = new CdnProbe(url.replace('/t/p/', '/hang/'), { timeoutMs: 300 });
    const started = Date.now();
    expect(await slow.check()).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000); // far below a hang, with room for a loaded machine
    expect(slow.reachable).toBe(false);
  });

  it(
    '/api/config says cdn_reachable: false once the server found the CDN unreachable',
    { timeout: 120_000 },
    async () => {
      const cdnUrl = `http://127.0.0.1:${await closedPort()}/t/p/`;
      const t = await createTestApp({ env: { IMAGE_CDN_URL: cdnUrl } });
      try {
        await expect
          .poll(async () => (await t.app.inject({ url: '/api/config' })).json().images.cdn_reachable, {
            timeout: 5_000,
          })
          .toBe(false);
        // The catalog keeps TMDB's paths: with a reachable CDN the browser still tries it per image.
        expect((await t.app.inject({ url: '/api/config' })).json().images.base_url).toBe(cdnUrl);
      } finally {
        await t.close();
      }
    },
  );

  it('with the CDN off there is nothing to check', { timeout: 120_000 }, async () => {
    const t = await createTestApp({ env: { IMAGE_CDN_URL: 'off' } });
    try {
      expect((await t.app.inject({ url: '/api/config' })).json().images).not.toHaveProperty('cdn_reachable');
    } finally {
      await t.close();
    }
  });
});
