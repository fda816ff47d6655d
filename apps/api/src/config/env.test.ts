import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe(loadConfig.name, () => {
  it('has embedded defaults: port 3000, ./data, offline', () => {
    const c = loadConfig({});
    expect(c.env.PORT).toBe(3000);
    expect(c.env.RECOMMENDER_PORT).toBe(3001);
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.dataMode).toBe('offline');
    expect(c.env.GOOGLE_ISSUER).toBe('https://accounts.google.com');
  });

  it("serves the web build from apps/web/dist, or from WEB_DIST (relative to the repository's root, as the web build reads it)", () => {
    const root = resolve(import.meta.dirname, '../../../..');
    expect(loadConfig({}).webDist).toBe(join(root, 'apps/web/dist'));
    expect(loadConfig({ WEB_DIST: '.cache/web-dist/e2e' }).webDist).toBe(join(root, '.cache/web-dist/e2e'));
    expect(loadConfig({ WEB_DIST: '/tmp/site' }).webDist).toBe('/tmp/site');
    expect(loadConfig({ WEB_DIST: ' ' }).webDist).toBe(join(root, 'apps/web/dist'));
  });

  it('switches to live mode with a TMDB token or key, and treats empty values as unset', () => {
    expect(loadConfig({ TMDB_ACCESS_TOKEN: 't' }).dataMode).toBe('live');
    expect(loadConfig({ TMDB_API_KEY: 'k' }).dataMode).toBe('live');
    expect(loadConfig({ TMDB_API_KEY: '', DATABASE_URL: '' }).dataMode).toBe('offline');
  });

  it("reads IMAGE_CDN_URL: TMDB's public CDN by default, off (or empty) for generated art only", () => {
    expect(loadConfig({}).env.IMAGE_CDN_URL).toBe('https://image.tmdb.org/t/p/');
    expect(loadConfig({ IMAGE_CDN_URL: 'off' }).env.IMAGE_CDN_URL).toBeNull();
    expect(loadConfig({ IMAGE_CDN_URL: 'OFF' }).env.IMAGE_CDN_URL).toBeNull();
    expect(loadConfig({ IMAGE_CDN_URL: '' }).env.IMAGE_CDN_URL).toBeNull();
    expect(loadConfig({ IMAGE_CDN_URL: 'http://cdn.local/t/p/' }).env.IMAGE_CDN_URL).toBe(
      'http://cdn.local/t/p/',
    );
    expect(() => loadConfig({ IMAGE_CDN_URL: 'nope' })).toThrow(/IMAGE_CDN_URL: must be a URL, or off/);
  });

  it('reads TRUST_PROXY as Fastify takes it', () => {
    expect(loadConfig({}).env.TRUST_PROXY).toBe(false);
    // `true` is one hop, never "every hop" (the visitor would choose their own address).
    expect(loadConfig({ TRUST_PROXY: 'true' }).env.TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).env.TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).env.TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).env.TRUST_PROXY).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(loadConfig({ TRUST_PROXY: 'loopback, ::1, fd00::/8, 10.0.0.0/255.0.0.0' }).env.TRUST_PROXY).toBe(
      'loopback, ::1, fd00::/8, 10.0.0.0/255.0.0.0',
    );
    // A list that is not one refuses to start, naming the entry, instead of failing later.
    for (const [bad, entry] of [
      ['yes', 'yes'],
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['10.0.0.1, proxy.local', 'proxy.local'],
      ['10.0.0.0/8,', ''],
    ])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(
        `TRUST_PROXY: must be a number of hops or a comma-separated list of proxy addresses or CIDRs (not '${entry}')`,
      );
  });

  it('reads RECOMMEND_CACHE_SECONDS (30 by default, 0 = off) and PGLITE_WORKER (on by default)', () => {
    expect(loadConfig({}).env.RECOMMEND_CACHE_SECONDS).toBe(30);
    expect(loadConfig({ RECOMMEND_CACHE_SECONDS: '0' }).env.RECOMMEND_CACHE_SECONDS).toBe(0);
    for (const bad of ['-1', '2.5', 'soon', '3601'])
      expect(() => loadConfig({ RECOMMEND_CACHE_SECONDS: bad })).toThrow(
        /RECOMMEND_CACHE_SECONDS: must be a whole number of seconds from 0 to 3600/,
      );
    expect(loadConfig({}).env.PGLITE_WORKER).toBe(true);
    expect(loadConfig({ PGLITE_WORKER: 'off' }).env.PGLITE_WORKER).toBe(false);
    expect(() => loadConfig({ PGLITE_WORKER: 'maybe' })).toThrow(/PGLITE_WORKER: must be on or off/);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('DATABASE_URL');
      expect(msg).toContain('LOG_LEVEL');
    }
  });
});
