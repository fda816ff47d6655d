import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { REPO_ROOT } from '../../test/helpers/paths';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import {
  cspDirectives,
  cspHeader,
  helmetOptions,
  POPUP_FLOW_HELMET,
  registerSecurityHeaders,
  securityHeaderValues,
} from './security-headers';

/** The policy as a map of directive → sources. */
function parseCsp(header: string | undefined): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Inline scripts and inline event handlers in an HTML page: what `script-src 'self'` blocks. */
function inlineScripts(html: string): string[] {
  const blocks = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs, body]) => !/\bsrc=/i.test(attrs!) && body!.trim() !== '')
    .map(([all]) => all);
  const handlers = [...html.matchAll(/\son[a-z]+\s*=/gi)].map(([all]) => all);
  return [...blocks, ...handlers];
}

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  // The web app's real index.html (as Vite serves it, its entry script pointed at a built file).
  const index = readFileSync(resolve(REPO_ROOT, 'apps/web/index.html'), 'utf8').replace(
    '/src/main.tsx',
    '/assets/index-1.js',
  );
  writeFileSync(join(dist, 'index.html'), index);
  writeFileSync(join(dist, 'assets/index-1.js'), 'console.log(1);\n');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('every kind of answer carries them: a page, an asset, JSON, an error, the API docs', async () => {
    for (const url of [
      '/',
      '/movie/155',
      '/assets/index-1.js',
      '/api/config',
      '/api/tmdb/movie/0',
      '/api/docs',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeLessThan(500);
      const h = res.headers;
      expect(h['x-content-type-options'], url).toBe('nosniff');
      expect(h['x-frame-options'], url).toBe('DENY');
      expect(h['referrer-policy'], url).toBe('same-origin');
      expect(h['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      expect(parseCsp(h['content-security-policy'] as string).get('frame-ancestors'), url).toEqual([
        "'none'",
      ]);
      // Plain http (no PUBLIC_URL): no HSTS, and no upgrade of the site's own requests.
      expect(h['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('the CSP allows exactly the site, its generated images, data: URLs and the TMDB image CDN', async () => {
    const csp = parseCsp((await t.app.inject({ url: '/' })).headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://image.tmdb.org']);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it("live mode's trailers: YouTube's thumbnails and its cookie-less player only, and only then", () => {
    const live = cspDirectives({ trailers: true });
    expect(live['frame-src']).toEqual(['https://www.youtube-nocookie.com']);
    expect(live['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://image.tmdb.org',
      'https://i.ytimg.com',
    ]);
    // Nothing else widened: scripts and connections stay the site's own.
    expect(live['script-src']).toEqual(["'self'"]);
    expect(live['connect-src']).toEqual(["'self'"]);
    expect(cspDirectives({})['frame-src']).toEqual(["'none'"]);
  });

  it('the served pages and the API docs hold no inline script the CSP would block', async () => {
    for (const url of ['/', '/movie/155', '/api/docs', '/auth/popup-callback?error=google']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(inlineScripts(res.body), url).toEqual([]);
    }
    // The docs' scripts are files of the same origin.
    const docs = (await t.app.inject({ url: '/api/docs' })).body;
    const scripts = [...docs.matchAll(/<script src="([^"]+)"/g)].map(([, src]) => src!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^(https?:)?\/\//);
      expect((await t.app.inject({ url: new URL(src, 'http://x/api/docs').pathname })).statusCode, src).toBe(
        200,
      );
    }
  });

  it('with an https PUBLIC_URL: HSTS and upgrade-insecure-requests; a configured image host and Google issuer are allowed', async () => {
    const https = await createTestApp({
      env: {
        PUBLIC_URL: 'https://cinelog.example',
        TMDB_IMAGE_BASE_URL: 'https://images.mirror.example/t/p/',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        GOOGLE_ISSUER: 'https://accounts.google.com',
      },
    });
    try {
      const res = await https.app.inject({ url: '/api/config' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      const csp = parseCsp(res.headers['content-security-policy'] as string);
      expect(csp.get('upgrade-insecure-requests')).toEqual([]);
      expect(csp.get('img-src')).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://image.tmdb.org',
        'https://images.mirror.example',
      ]);
      expect(csp.get('form-action')).toEqual(["'self'", 'https://accounts.google.com']);
    } finally {
      await https.close();
    }
  });
});

/** What a raw socket gets back for `payload` (sent, then nothing more) until the server closes it. */
function rawAnswer(
  port: number,
  payload: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve) => {
    let text = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(payload));
    socket.on('data', (d) => (text += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

/** Headers of an answer that are about its transport or its content, not the browser's security. */
const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'vary']);

describe('the answers Node makes before Fastify (unparsable request, headers too large, too slow)', () => {
  const cases: [string, string, number, string][] = [
    ['a malformed request line', 'NOT HTTP AT ALL\r\n\r\n', 400, 'Bad request'],
    [
      'a header over the size limit',
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'Request headers are too large',
    ],
    [
      'headers that never finish',
      'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ',
      408,
      'Request timed out',
    ],
  ];
  for (const [name, publicUrl] of [
    ['plain http', undefined],
    ['an https PUBLIC_URL', 'https://cinelog.example'],
  ] as const) {
    it(`carry the same security headers as every other answer, with {message} (${name})`, async () => {
      const app = await createTestApp({
        timeouts: { headersMs: 500, requestMs: 1_000, checkIntervalMs: 100 },
        env: publicUrl ? { PUBLIC_URL: publicUrl } : {},
      });
      try {
        await app.app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = app.app.server.address() as AddressInfo;
        const reference = (await app.app.inject({ url: '/api/nowhere' })).headers;
        const security = Object.keys(reference).filter((h) => !NOT_SECURITY.has(h));
        expect(security).toEqual(
          expect.arrayContaining([
            'content-security-policy',
            'x-frame-options',
            'x-content-type-options',
            'referrer-policy',
            'cross-origin-opener-policy',
            'cross-origin-resource-policy',
            ...(publicUrl ? ['strict-transport-security'] : []),
          ]),
        );
        for (const [what, payload, status, message] of cases) {
          const answer = await rawAnswer(port, payload);
          expect(answer.status, what).toBe(status);
          expect(JSON.parse(answer.body), what).toEqual({ message });
          expect(answer.headers['content-type'], what).toBe('application/json; charset=utf-8');
          expect(answer.headers.connection, what).toBe('close');
          for (const h of security) expect(answer.headers[h], `${what}: ${h}`).toBe(reference[h]);
        }
      } finally {
        await app.close();
      }
    });
  }
});

describe('the headers made once are the ones helmet sends', () => {
  it.each([
    ['plain http', undefined],
    ['an https PUBLIC_URL', 'https://cinelog.example'],
  ])(
    '%s: securityHeaderValues equals @fastify/helmet with helmetOptions (and the CSP)',
    async (_, publicUrl) => {
      const opts = { publicUrl, imageBaseUrl: 'https://images.example' };
      const app = Fastify();
      await app.register(fastifyHelmet, helmetOptions(opts));
      app.get('/', async () => ({ ok: true }));
      app.get('/popup', { helmet: POPUP_FLOW_HELMET }, async () => ({ ok: true }));
      const ours = Fastify();
      await registerSecurityHeaders(ours, opts);
      ours.get('/', async () => ({ ok: true }));
      ours.get('/popup', { helmet: POPUP_FLOW_HELMET }, async () => ({ ok: true }));
      try {
        const security = (h: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(h).filter(([k]) => !NOT_SECURITY.has(k)));
        for (const url of ['/', '/popup', '/nowhere']) {
          const theirs = security((await app.inject({ url })).headers);
          const mine = security((await ours.inject({ url })).headers);
          expect(mine, url).toEqual({ ...theirs, 'content-security-policy': cspHeader(opts) });
        }
        expect((await ours.inject({ url: '/popup' })).headers['cross-origin-opener-policy']).toBeUndefined();
        expect(security((await ours.inject({ url: '/' })).headers)).toEqual(securityHeaderValues(opts));
      } finally {
        await app.close();
        await ours.close();
      }
    },
  );
});
