import { isServerRendered } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the web build's server entry (apps/web/src/entry-server.tsx) gives for a page. */
export interface RenderedPage {
  /** The markup of the app's root element. */
  html: string;
  /** The answers it was rendered from (TanStack Query's dehydrated cache), for the browser to hydrate with. */
  state: unknown;
  /** False when some of its data was not there in time (that part is left to the browser). */
  complete: boolean;
}

type RenderFn = (
  url: string,
  send: typeof fetch,
  opts?: { budgetMs?: number },
) => Promise<RenderedPage | null>;

/** How long a page is rendered from the same answers (the web app's own freshness: 5 minutes). */
const FRESH_MS = 5 * 60_000;
/** Movie pages kept (each a few tens of KB); the least recently asked for goes first. */
const MAX_MOVIE_PAGES = 200;
/** Other pages kept (only `/` is rendered, per version): a bound of its own, never evicted by movie pages. */
const MAX_OTHER_PAGES = 16;
/** How long a visitor's render may wait for its data before the rest is left to the browser. */
const DATA_BUDGET_MS = 300;
/** How long a render in the background may wait for its data (nobody waits for it). */
const BACKGROUND_BUDGET_MS = 10_000;
/** A page that could not be rendered completely is tried again at most this often. */
const RETRY_MS = 10_000;
/** A page that rendered to nothing (a movie that does not exist, a failed query) is the static shell for this long. */
const NEGATIVE_MS = 60_000;
/** Renders running at once (visitors' and background ones); past it a visitor gets the static shell at once. */
const MAX_RENDERS = 2;

/**
 * The pages the web build renders on the server (`/` and `/movie/<positive integer>`), from the one
 * list both use (@app/contracts, `SERVER_RENDERED_ROUTES`). Checked before anything else: any other
 * path (a page left to the browser, /favicon.ico, a scanner's /wp-login.php) never costs a render
 * nor takes a place among the kept pages.
 */
export { isServerRendered };

/**
 * The first markup of a landing page (the home hero and rows, a movie's header), rendered by the
 * web build's own components (`dist/ssr/entry-server.js`, decision 0031) as an anonymous visitor
 * sees it. Its data comes from this API answering its own paths in process (`inject`: no socket,
 * the same routes and caches the browser would reach). Renders are kept for a few minutes per
 * path (the pages read no query string: `?utm_source=…` is the same page) and version (the image
 * CDN's reachability changes what the config says), and a render that fails or is not offered is
 * simply absent: the page is then the static shell, as before. At most MAX_RENDERS run at once.
 */
export class ServerRenderer {
  private readonly movies = new Map<string, Kept>();
  private readonly others = new Map<string, Kept>();
  private running = 0;

  constructor(
    private readonly renderFn: RenderFn,
    private readonly app: FastifyInstance,
    private readonly now: () => number = Date.now,
  ) {}

  /** The renderer of the web build in `webDist`, or null when the build has none. */
  static async load(webDist: string, app: FastifyInstance): Promise<ServerRenderer | null> {
    const entry = join(webDist, 'ssr/entry-server.js');
    if (!existsSync(entry)) return null;
    const mod = (await import(pathToFileURL(entry).href)) as { render?: RenderFn };
    return typeof mod.render === 'function' ? new ServerRenderer(mod.render, app) : null;
  }

  /** An API path answered in process, as the browser's `fetch` would be answered. */
  private readonly send: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const res = await this.app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.payload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };

  /**
   * The page's first markup and its data, or null (not rendered on the server, it failed, or
   * MAX_RENDERS are already running). A kept page is answered at once, even when it is due for
   * renewal (stale while revalidating): a visitor never waits for a render that was already done
   * once. A page whose render was incomplete (its data not there within the budget, as on a busy
   * machine) is rendered again in the background, with time enough, and replaced once complete. A
   * page that rendered to nothing is remembered as such for NEGATIVE_MS, not retried meanwhile.
   */
  render(url: string, version = ''): Promise<RenderedPage | null> {
    const path = new URL(url, 'http://localhost').pathname;
    if (!isServerRendered(path)) return Promise.resolve(null);
    const key = `${version}\n${path}`;
    const pages = path === '/' ? this.others : this.movies;
    const kept = pages.get(key);
    if (kept && !(kept.done === null && this.now() - kept.at >= NEGATIVE_MS)) {
      // A hit refreshes its place (least recently used goes first).
      this.keep(pages, key, kept);
      if (kept.done && (!kept.done.complete || this.now() - kept.at >= FRESH_MS))
        this.renew(pages, key, path, kept);
      return kept.page;
    }
    if (this.running >= MAX_RENDERS) return Promise.resolve(null);
    const entry: Kept = {
      at: this.now(),
      page: this.run(path, DATA_BUDGET_MS),
      lastTry: this.now(),
    };
    this.keep(pages, key, entry);
    void entry.page.then((page) => {
      entry.done = page;
      entry.at = this.now();
      if (page && !page.complete) this.renew(pages, key, path, entry, true);
    });
    return entry.page;
  }

  private run(path: string, budgetMs: number): Promise<RenderedPage | null> {
    this.running++;
    return this.renderFn(path, this.send, { budgetMs })
      .catch(() => null)
      .finally(() => this.running--);
  }

  private keep(pages: Map<string, Kept>, key: string, entry: Kept) {
    pages.delete(key);
    pages.set(key, entry);
    const max = pages === this.movies ? MAX_MOVIE_PAGES : MAX_OTHER_PAGES;
    if (pages.size > max) pages.delete(pages.keys().next().value!);
  }

  /** Renders the page again in the background (one at a time per page, at most every RETRY_MS, within MAX_RENDERS); kept once complete. */
  private renew(pages: Map<string, Kept>, key: string, path: string, kept: Kept, now = false) {
    if (kept.renewing || (!now && this.now() - kept.lastTry < RETRY_MS) || this.running >= MAX_RENDERS)
      return;
    kept.renewing = true;
    kept.lastTry = this.now();
    void this.run(path, BACKGROUND_BUDGET_MS).then((page) => {
      kept.renewing = false;
      if (page?.complete && pages.get(key) === kept)
        this.keep(pages, key, {
          at: this.now(),
          page: Promise.resolve(page),
          done: page,
          lastTry: this.now(),
        });
    });
  }
}

interface Kept {
  /** When it was rendered (for a page that rendered to nothing: when that was known). */
  at: number;
  page: Promise<RenderedPage | null>;
  /** What the page turned out to be, once rendered (undefined while rendering). */
  done?: RenderedPage | null;
  lastTry: number;
  renewing?: boolean;
}

/** JSON inside `<script type="application/json">`: nothing in it can close the element or open a comment. */
export const jsonForHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
