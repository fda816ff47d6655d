import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { heroImage, type AppDeps } from '../../app';
import { loadConfig } from '../../config/env';
import type { RouteManifest } from '@app/contracts';
import { listedAppScripts, WebPages } from './web-pages';

// A built web app: index.html, hashed assets with their compressed copies, and the route manifest
// the build writes from the router's table (apps/web/build/route-manifest.ts). Its screen names
// are made up: the server must know none of the web app's files or URLs.
const INDEX = `<!doctype html><html><head><meta name="description" content="Discover movies." /><title>Cinelog — discover movies</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;
const MANIFEST: RouteManifest = {
  shellData: ['/api/config'],
  routes: [
    {
      path: '/',
      modules: ['assets/front-door-1.js', 'assets/card-1.js'],
      data: [
        '/api/tmdb/movie/popular?page=1',
        '/api/tmdb/movie/now_playing?page=1',
        '/api/tmdb/movie/top_rated?page=1',
      ],
    },
    { path: '/login', modules: [], data: [] },
    {
      path: '/movie/:movieId',
      modules: ['assets/film-page-1.js', 'assets/card-1.js', 'assets/icons-1.js'],
      data: ['/api/tmdb/movie/:movieId'],
    },
    { path: '/cast/:castId/:castName', modules: ['assets/people-1.js'], data: ['/api/people/:castId'] },
    { path: '*', modules: [], data: [] },
  ],
};
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'route-manifest.json'), JSON.stringify(MANIFEST));
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
  /** The list a rendered page writes for public/boot.js, as written, or null. */
  const listed = (html: string) => {
    const json = /<script type="application\/json" id="app-scripts">([^<]*)<\/script>/.exec(html)?.[1];
    return json === undefined ? null : (JSON.parse(json) as unknown);
  };

  it("preloads a landing page's screen chunks, as the build's route manifest lists them", () => {
    expect(pages().modulesFor('/')).toEqual(['assets/front-door-1.js', 'assets/card-1.js']);
    expect(pages().modulesFor('/movie/157336')).toEqual([
      'assets/film-page-1.js',
      'assets/card-1.js',
      'assets/icons-1.js',
    ]);
    expect(pages().modulesFor('/movie/157336/')).toEqual(pages().modulesFor('/movie/157336'));
  });

  it('lists the scripts for public/boot.js on a page that arrives with its markup, and loads them from a shell', () => {
    const tags = (html: string) =>
      html.match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
    const rendered = pages().html('/', undefined, { html: '<main>rows</main>', state: {}, complete: true });
    // Nothing the first paint does not need is fetched before it: the entry and the screen's
    // chunks are in the list, in load order, each once, and not in the HTML's tags.
    expect(tags(rendered)).toEqual([]);
    expect(listed(rendered)).toEqual({
      entry: '/assets/index-1.js',
      modules: ['/assets/front-door-1.js', '/assets/card-1.js'],
    });
    expect(listedAppScripts(rendered)).toEqual([
      '/assets/index-1.js',
      '/assets/front-door-1.js',
      '/assets/card-1.js',
    ]);
    expect(listedAppScripts(pages().html('/'))).toEqual([]);
    // After the markup, so that the list is there when the document has been parsed.
    expect(rendered.indexOf('id="app-scripts"')).toBeGreaterThan(rendered.indexOf('<main>rows</main>'));
    // A static shell paints nothing until its scripts have run: the HTML loads them.
    const shell = pages().html('/');
    expect(tags(shell)).toHaveLength(3);
    expect(listed(shell)).toBeNull();
  });

  it('leaves a page it cannot place the markup in as built, its scripts loaded by the HTML', () => {
    // No </body> (a minifier may drop it): no markup, and the scripts are not taken out either.
    const html = new WebPages(INDEX.replace('</body>', ''), MANIFEST).html('/', undefined, {
      html: '<main>rows</main>',
      state: {},
      complete: true,
    });
    expect(html).not.toContain('<main>rows</main>');
    expect(html).not.toContain('app-scripts');
    expect(html).toContain('<script type="module" src="/assets/index-1.js"></script>');
    // As a static shell: the screen's chunks and its first data preloaded.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/front-door-1.js" />');
    expect(html).toContain('href="/api/tmdb/movie/popular?page=1" as="fetch"');
  });

  it("keeps the build's module preloads in the list, before the screen's, without repeating one", () => {
    const index = INDEX.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/framework-1.js"><link rel="modulepreload" crossorigin href="/assets/card-1.js"></head>',
    );
    const html = new WebPages(index, MANIFEST).html('/', undefined, {
      html: '<main></main>',
      state: {},
      complete: true,
    });
    expect(listed(html)).toEqual({
      entry: '/assets/index-1.js',
      modules: ['/assets/framework-1.js', '/assets/card-1.js', '/assets/front-door-1.js'],
    });
    expect(html).not.toContain('rel="modulepreload"');
  });

  it('adds nothing for a route without chunks, or without a manifest', () => {
    expect(pages().modulesFor('/login')).toEqual([]);
    expect(pages().modulesFor('/no/such/page')).toEqual([]);
    expect(new WebPages(INDEX, null).modulesFor('/')).toEqual([]);
    expect(new WebPages(INDEX, null).html('/')).not.toContain('rel="preload"');
  });

  it("preloads each page's first data, its parameters filled in", () => {
    const home = pages().html('/');
    for (const list of ['popular', 'now_playing', 'top_rated'])
      expect(home).toContain(`href="/api/tmdb/movie/${list}?page=1" as="fetch"`);
    expect(home).toContain('href="/api/config" as="fetch"');
    expect(pages().html('/movie/550')).toContain('href="/api/tmdb/movie/550" as="fetch"');
    expect(pages().html('/movie/550')).not.toContain('popular');
    expect(pages().dataFor('/cast/31/Tom%20Hanks')).toEqual(['/api/config', '/api/people/31']);
    expect(pages().dataFor('/login')).toEqual(['/api/config']);
  });

  it('never writes a path segment that is not a plain id into a data URL', () => {
    expect(pages().dataFor('/movie/..%2Fadmin')).toEqual(['/api/config']);
    expect(pages().dataFor('/movie/1?x=%22')).toEqual(['/api/config']);
  });
});

describe('serving the web app', () => {
  it('answers a page with its preloads, revalidated on every visit', async () => {
    const res = await t.app.inject({ url: '/movie/157336' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/film-page-1.js" />');
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

  it('preloads the image the largest paint waits for: the hero backdrop of / and of a movie page', async () => {
    const first = (await t.app.inject({ url: '/api/tmdb/movie/popular?page=1' })).json().results[0];
    const home = (await t.app.inject({ url: '/' })).body;
    const movie = (await t.app.inject({ url: '/movie/157336' })).body;
    // The generated art (the image CDN is off in tests), first in the head, at high priority.
    expect(movie).toContain(
      '<link rel="preload" as="image" href="/api/images/original/backdrop-157336.svg" fetchpriority="high" />',
    );
    expect(home).toContain(
      `<link rel="preload" as="image" href="/api/images/original/backdrop-${first.id}.svg" fetchpriority="high" />`,
    );
    const head = home.slice(0, home.indexOf('</head>'));
    expect(head.indexOf('as="image"')).toBeLessThan(head.indexOf('as="fetch"'));
    // Exactly one image, and none for a page without a hero or a movie that does not exist.
    expect(home.match(/as="image"/g)).toHaveLength(1);
    for (const url of ['/genre/878', '/movie/999999999', '/login'])
      expect((await t.app.inject({ url })).body).not.toContain('as="image"');
  });

  it("picks the hero image as the web app's artwork does: the CDN's, or the generated art when the CDN is off or unreachable", () => {
    const deps = (env: Record<string, string>) =>
      ({
        config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', ...env }),
        source: { mode: 'offline' },
      }) as unknown as AppDeps;
    const cdn = deps({ IMAGE_CDN_URL: 'https://images.example/t/p/' });
    const film = { id: 27205, backdrop_path: '/s3TBrRGB1iav7gFOCNx3H31MoES.jpg' };
    expect(heroImage(cdn, film, undefined)).toBe(
      'https://images.example/t/p/original/s3TBrRGB1iav7gFOCNx3H31MoES.jpg',
    );
    expect(heroImage(cdn, film, true)).toBe(
      'https://images.example/t/p/original/s3TBrRGB1iav7gFOCNx3H31MoES.jpg',
    );
    expect(heroImage(cdn, film, false)).toBe('/api/images/original/backdrop-27205.svg');
    expect(heroImage(cdn, { id: 7, backdrop_path: null }, true)).toBe('/api/images/original/backdrop-7.svg');
    expect(heroImage(cdn, { id: 7, backdrop_path: '/backdrop-7.svg' }, true)).toBe(
      '/api/images/original/backdrop-7.svg',
    );
  });

  it("gives other pages (and a movie that does not exist, answered 404) the site's own sharing tags", async () => {
    for (const url of ['/', '/movie/999999999', '/login', '/movie/abc']) {
      const res = await t.app.inject({ url, headers: { host: 'cinelog.test' } });
      // A film no one can find is not a page: crawlers and link checkers see the 404 (the app shows
      // its "not found" screen).
      expect(res.statusCode, url).toBe(url.startsWith('/movie/') ? 404 : 200);
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

  it("writes a user's text as it is, even where it looks like a replacement pattern ($& $' $`)", () => {
    const html = new WebPages(INDEX, null).html('/p/x', {
      title: "Best of $& and $' and $`",
      description: 'Costs $1 and $2',
      url: 'http://x/p/x',
    });
    expect(html).toContain('<title>Best of $&amp; and $&#39; and $`</title>');
    expect(html).toContain('<meta name="description" content="Costs $1 and $2" />');
    expect(html.match(/<title>/g)).toHaveLength(1);
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

  it("answers a path the app has no page for with the app's page and a 404 status", async () => {
    for (const url of ['/no-such-page', '/movie/157336/extra', '/login/x']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    for (const url of ['/', '/login', '/movie/157336', '/cast/5/Someone'])
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    expect(new WebPages(INDEX, null).knows('/anything')).toBe(true);
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
