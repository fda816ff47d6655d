import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { jsonForHtml, ServerRenderer, type RenderedPage } from './server-render';
import { listedAppScripts, WebPages } from './web-pages';

// A built web app with a server entry (what `vite build` writes into dist/ssr): it renders `/` and
// movie pages from what the API answers, as the real entry (apps/web/src/entry-server.tsx) does;
// the browser suite (e2e/tests/shell.test.ts) renders the real one.
const INDEX =
  '<!doctype html><html><head><title>Cinelog — discover movies</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
  '<body class="bg"><!-- shell --><div id="root"><div class="shell">Loading…</div><noscript>JS</noscript></div></body></html>';
const CSS = '.bg{background:#000}main{display:block}';
const ENTRY = `
let renders = 0;
const tries = new Map();
// What it was asked to render, for the test to read (the API imports this module itself).
globalThis.__ssrTries = tries;
export async function render(url, send) {
  renders++;
  tries.set(url, (tries.get(url) ?? 0) + 1);
  const path = new URL(url, 'http://x').pathname;
  if (path === '/') {
    const popular = await (await send('/api/tmdb/movie/popular?page=1')).json();
    return { html: '<main><h1>' + popular.results[0].title + '</h1></main>', state: { queries: [{ queryKey: ['popular'], data: popular.results.slice(0, 1) }], renders }, complete: true };
  }
  const id = /^\\/movie\\/(\\d+)$/.exec(path)?.[1];
  if (!id) return null;
  const res = await send('/api/tmdb/movie/' + id);
  if (!res.ok) return null;
  const movie = await res.json();
  // Movie 550's data is late the first time (a busy machine): that render is incomplete.
  return { html: '<main><h1>' + movie.title + '</h1></main>', state: { queries: [], renders }, complete: id !== '550' || tries.get(url) > 1 };
}
`;

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-ssr-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'ssr'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets/index-1.js'), 'export {};\n');
  writeFileSync(join(dist, 'assets/index-1.css'), CSS);
  writeFileSync(join(dist, 'ssr/entry-server.js'), ENTRY);
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const stateOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="ssr-state">([^<]*)<\/script>/.exec(html)![1]!) as {
    renders: number;
    queries: { data: unknown }[];
  };

describe('server-rendered landing pages', () => {
  it("writes the page's first markup into the root and its data beside it, from the API's own answers", async () => {
    const first = (await t.app.inject({ url: '/api/tmdb/movie/popular?page=1' })).json().results[0];
    const home = (await t.app.inject({ url: '/' })).body;
    expect(home).toContain(`<div id="root"><main><h1>${first.title}</h1></main></div>`);
    // The static shell is gone (no "Loading…", no noscript notice): the markup is the page.
    expect(home).not.toContain('Loading…');
    expect(home).not.toContain('<noscript>');
    expect(stateOf(home).queries[0]!.data).toEqual([first]);
    const movie = (await t.app.inject({ url: '/movie/157336' })).body;
    expect(movie).toContain('<div id="root"><main><h1>Interstellar</h1></main></div>');
    // Its title and sharing tags as before.
    expect(movie).toContain('<title>Interstellar (2014) · Cinelog</title>');
  });

  it('puts the stylesheet into the page and leaves out the data preloads the page already carries', async () => {
    const home = (await t.app.inject({ url: '/' })).body;
    expect(home).toContain(`<style>${CSS}</style>`);
    expect(home).not.toContain('rel="stylesheet"');
    expect(home).not.toContain('as="fetch"');
    // The entry script is not loaded by the HTML but listed for public/boot.js, which starts it
    // after the first paint's images (decision 0060); the hero image is preloaded at high priority.
    expect(home).not.toContain('<script type="module"');
    expect(listedAppScripts(home)[0]).toBe('/assets/index-1.js');
    expect(home).toContain('as="image"');
  });

  it('leaves the other pages, and those it could not render, as the static shell with their stylesheet', async () => {
    for (const url of ['/genre/878', '/login', '/movie/999999999']) {
      const html = (await t.app.inject({ url })).body;
      expect(html).toContain('<div class="shell">Loading…</div>');
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
      expect(html).not.toContain('ssr-state');
      // A page that paints nothing before its scripts loads them from the HTML as built.
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
      expect(html).not.toContain('app-scripts');
    }
  });

  it('renders a page once for a while; an incomplete render is answered, and completed in the background', async () => {
    const a = stateOf((await t.app.inject({ url: '/movie/157336' })).body).renders;
    const b = stateOf((await t.app.inject({ url: '/movie/157336' })).body).renders;
    expect(b).toBe(a);
    const first = stateOf((await t.app.inject({ url: '/movie/550' })).body).renders;
    // The complete render replaces it without anyone waiting for it.
    await expect
      .poll(async () => stateOf((await t.app.inject({ url: '/movie/550' })).body).renders)
      .toBeGreaterThan(first);
    const kept = stateOf((await t.app.inject({ url: '/movie/550' })).body).renders;
    expect(stateOf((await t.app.inject({ url: '/movie/550' })).body).renders).toBe(kept);
  });

  it('never renders a page it does not server-render, and keys on the path, not the query string', async () => {
    const tries = (globalThis as unknown as { __ssrTries: Map<string, number> }).__ssrTries;
    for (const url of ['/stats', '/login', '/favicon.ico', '/wp-login.php', '/movie/abc', '/genre/878?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.body).toContain('<div class="shell">Loading…</div>');
    }
    expect([...tries.keys()].filter((u) => !/^\/(movie\/\d+)?$/.test(u))).toEqual([]);
    // `/` with a campaign's query string is the kept `/` (rendered already above), not a render of its own.
    const home = stateOf((await t.app.inject({ url: '/' })).body).renders;
    const before = tries.get('/');
    const tagged = (await t.app.inject({ url: '/?utm_source=x&fbclid=1' })).body;
    expect(stateOf(tagged).renders).toBe(home);
    expect(tries.get('/')).toBe(before);
    expect([...tries.keys()].some((u) => u.includes('?'))).toBe(false);
  });

  it('renders a missing movie once, not again on every request', async () => {
    const tries = (globalThis as unknown as { __ssrTries: Map<string, number> }).__ssrTries;
    for (let i = 0; i < 4; i++)
      expect((await t.app.inject({ url: '/movie/888888888' })).body).toContain('Loading…');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tries.get('/movie/888888888')).toBe(1);
  });

  it('does not serve the server entry as a file of the site', async () => {
    const res = await t.app.inject({ url: '/ssr/entry-server.js' });
    expect(res.body).not.toContain('export async function render');
  });
});

describe('ServerRenderer', () => {
  const complete = (html: string): RenderedPage => ({ html, state: {}, complete: true });

  it('keeps a render per path and version; renews it after five minutes while still answering it', async () => {
    let clock = 0;
    let calls = 0;
    const pages: RenderedPage[] = [];
    const asked: string[] = [];
    const renderer = new ServerRenderer(
      async (url) => {
        calls++;
        asked.push(url);
        const page = complete(`<p>${calls}</p>`);
        pages.push(page);
        return page;
      },
      t.app,
      () => clock,
    );
    const first = await renderer.render('/', 'a');
    expect(await renderer.render('/', 'a')).toBe(first);
    // The pages read no query string: the same page, not a render of its own.
    expect(await renderer.render('/?utm_source=x', 'a')).toBe(first);
    expect(calls).toBe(1);
    expect(await renderer.render('/', 'b')).not.toBe(first);
    expect(calls).toBe(2);
    clock += 5 * 60_000;
    // Due for renewal: the kept page is answered at once, the new one replaces it after.
    expect(await renderer.render('/', 'a')).toBe(first);
    await expect.poll(() => calls).toBe(3);
    await expect.poll(() => renderer.render('/', 'a')).toBe(pages.at(-1));
    // Not a server-rendered page: never rendered.
    expect(await renderer.render('/login')).toBeNull();
    expect(await renderer.render('/movie/12/cast')).toBeNull();
    expect(calls).toBe(3);
    expect(asked.every((u) => !u.includes('?'))).toBe(true);
  });

  it('remembers a page that rendered to nothing for a minute instead of rendering it again', async () => {
    let clock = 0;
    let calls = 0;
    const renderer = new ServerRenderer(
      async (url) => {
        calls++;
        if (url === '/movie/2') throw new Error('boom');
        return null;
      },
      t.app,
      () => clock,
    );
    expect(await renderer.render('/movie/1')).toBeNull();
    expect(await renderer.render('/movie/2')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(2);
    clock += 30_000;
    expect(await renderer.render('/movie/1')).toBeNull();
    expect(await renderer.render('/movie/2?x=1')).toBeNull();
    expect(calls).toBe(2);
    clock += 30_000;
    expect(await renderer.render('/movie/1')).toBeNull();
    expect(calls).toBe(3);
  });

  it('runs at most two renders at once; past that the visitor gets the static shell at once', async () => {
    const waiting: ((page: RenderedPage) => void)[] = [];
    let calls = 0;
    const renderer = new ServerRenderer(() => {
      calls++;
      return new Promise<RenderedPage>((resolve) => waiting.push(resolve));
    }, t.app);
    const a = renderer.render('/movie/1');
    const b = renderer.render('/movie/2');
    expect(await renderer.render('/movie/3')).toBeNull();
    expect(await renderer.render('/')).toBeNull();
    expect(calls).toBe(2);
    waiting[0]!(complete('<p>1</p>'));
    expect((await a)!.html).toBe('<p>1</p>');
    // A place is free again: the shell answered past the cap was not remembered as a page.
    const c = renderer.render('/movie/3');
    expect(calls).toBe(3);
    waiting[1]!(complete('<p>2</p>'));
    waiting[2]!(complete('<p>3</p>'));
    expect((await b)!.html).toBe('<p>2</p>');
    expect((await c)!.html).toBe('<p>3</p>');
  });

  it('keeps `/` however many movie pages are asked for; a movie page asked for again stays', async () => {
    let calls = 0;
    const renderer = new ServerRenderer(async (url) => {
      calls++;
      return complete(url);
    }, t.app);
    const home = await renderer.render('/');
    const one = await renderer.render('/movie/1');
    for (let id = 2; id <= 200; id++) await renderer.render(`/movie/${id}`);
    // A hit refreshes its place: /movie/2 is now the least recently asked for, not /movie/1.
    expect(await renderer.render('/movie/1')).toBe(one);
    await renderer.render('/movie/1000');
    let before = calls;
    expect(await renderer.render('/movie/1')).toBe(one);
    expect(calls).toBe(before);
    await renderer.render('/movie/2');
    expect(calls).toBe(before + 1);
    for (let id = 2000; id < 2300; id++) await renderer.render(`/movie/${id}`);
    before = calls;
    expect(await renderer.render('/')).toBe(home);
    expect(calls).toBe(before);
  });
});

describe('WebPages with a server render', () => {
  it('writes the data so that nothing in it can end its element', () => {
    const html = new WebPages(INDEX, null).html('/', undefined, {
      html: '<main></main>',
      state: { title: '</script><script>alert(1)</script> <!-- & \u2028' },
      complete: true,
    });
    const block = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(html)![1]!;
    expect(block).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(block)).toEqual({ title: '</script><script>alert(1)</script> <!-- & \u2028' });
    expect(jsonForHtml({ a: 1 })).toBe('{"a":1}');
  });
});
