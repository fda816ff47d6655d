import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { WebPages } from './web-pages';

// A built web app as Vite writes it: index.html, hashed assets with their compressed copies, and
// the manifest that tells which chunks each screen imports.
const INDEX = `<!doctype html><html><head><meta name="description" content="Discover movies." /><title>Cinelog — discover movies</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js'] },
  '_framework-1.js': { file: 'assets/framework-1.js' },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_framework-1.js', 'index.html'] },
  '_icons-1.js': { file: 'assets/icons-1.js' },
  'src/pages/home.tsx': {
    file: 'assets/home-1.js',
    imports: ['index.html', '_card-1.js', '_framework-1.js'],
  },
  'src/pages/movie-details.tsx': {
    file: 'assets/movie-details-1.js',
    imports: ['_card-1.js', '_icons-1.js', 'index.html'],
  },
};
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(dist, 'assets/index-1.js'), SCRIPT);
  // Marked copies: the tests can tell the build's files from compression on the fly.
  writeFileSync(join(dist, 'assets/index-1.js.gz'), gzipSync(`${SCRIPT}// .gz\n`, { level: 9 }));
  writeFileSync(join(dist, 'assets/index-1.js.br'), brotliCompressSync(`${SCRIPT}// .br\n`));
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('WebPages', () => {
  const pages = () => new WebPages(INDEX, MANIFEST);

  it("preloads a screen's chunk and what it imports, never the entry's own chunks", () => {
    expect(pages().modulesFor('/')).toEqual(['assets/home-1.js', 'assets/card-1.js']);
    expect(pages().modulesFor('/movie/157336')).toEqual([
      'assets/movie-details-1.js',
      'assets/card-1.js',
      'assets/icons-1.js',
    ]);
  });

  it('adds nothing for a screen the manifest does not know, or without a manifest', () => {
    expect(pages().modulesFor('/genre/28')).toEqual([]);
    expect(pages().modulesFor('/no/such/page')).toEqual([]);
    expect(new WebPages(INDEX, null).modulesFor('/')).toEqual([]);
    expect(new WebPages(INDEX, null).html('/')).toContain('<link rel="preload" href="/api/config"');
  });

  it("preloads each page's first data", () => {
    const home = pages().html('/');
    for (const list of ['popular', 'now_playing', 'top_rated'])
      expect(home).toContain(`href="/api/tmdb/movie/${list}?page=1" as="fetch"`);
    expect(pages().html('/movie/550')).toContain('href="/api/tmdb/movie/550" as="fetch"');
    expect(pages().html('/movie/550')).not.toContain('popular');
  });
});

describe('serving the web app', () => {
  it('answers a page with its preloads, revalidated on every visit', async () => {
    const res = await t.app.inject({ url: '/movie/157336' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/movie-details-1.js" />');
    expect(res.body).toContain('<div id="root">');
  });

  it("gives a movie page its title, overview and poster as the tab's title and sharing tags", async () => {
    const res = await t.app.inject({ url: '/movie/157336', headers: { host: 'cinelog.test' } });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<title>Interstellar (2014) · Cinelog</title>');
    expect(head).not.toContain('Cinelog — discover movies');
    expect(head).toMatch(
      /<meta name="description" content="Interstellar chronicles the adventures[^"]*" \/>/,
    );
    expect(head).toContain('<meta property="og:type" content="video.movie" />');
    expect(head).toContain('<meta property="og:title" content="Interstellar (2014) · Cinelog" />');
    expect(head).toContain('<meta property="og:url" content="http://cinelog.test/movie/157336" />');
    // Generated art (the image CDN is off in tests), as an absolute URL a crawler can fetch.
    expect(head).toContain(
      '<meta property="og:image" content="http://cinelog.test/api/images/w500/poster-157336.svg" />',
    );
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // Still the page's preloads.
    expect(head).toContain('href="/api/tmdb/movie/157336" as="fetch"');
  });

  it("gives other pages (and a movie that does not exist) the site's own sharing tags", async () => {
    for (const url of ['/', '/movie/999999999', '/genre/878']) {
      const res = await t.app.inject({ url, headers: { host: 'cinelog.test' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Cinelog — discover movies</title>');
      expect(res.body).toContain('<meta property="og:type" content="website" />');
      expect(res.body).toContain(`<meta property="og:url" content="http://cinelog.test${url}" />`);
      expect(res.body).not.toContain('og:image');
    }
  });

  it('escapes what it writes into the HTML', () => {
    const html = new WebPages(INDEX, null).html('/movie/1', {
      title: 'Tom & Jerry "<script>"',
      description: "It's <b>",
      url: 'http://x/movie/1',
    });
    expect(html).toContain('<title>Tom &amp; Jerry &quot;&lt;script&gt;&quot;</title>');
    expect(html).toContain('content="It&#39;s &lt;b&gt;"');
    expect(html).not.toContain('<script>"');
  });

  it('sends the precompressed copy the browser accepts, with a year of caching', async () => {
    const br = await t.app.inject({ url: '/assets/index-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${SCRIPT}// .br\n`);
    const gz = await t.app.inject({ url: '/assets/index-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${SCRIPT}// .gz\n`);
    const plain = await t.app.inject({
      url: '/assets/index-1.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('keeps API and asset misses as JSON 404s instead of the page', async () => {
    for (const url of ['/api/nope', '/assets/missing-1.js']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('answers a path that is not valid percent-encoding with a 400 and a message only', async () => {
    for (const url of ['/movie/%E0%A4%A', '/api/tmdb/movie/%ZZ']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Malformed URL' });
    }
  });
});
