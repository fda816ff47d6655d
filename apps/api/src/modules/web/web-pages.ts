import { RouteManifest } from '@app/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonForHtml, type RenderedPage } from './server-render';

/** A route of the manifest, its pattern compiled. */
interface Route {
  /** The pattern as the app's router has it (`*` for its catch-all). */
  path: string;
  match: RegExp;
  params: string[];
  modules: string[];
  data: string[];
}

/** A React Router pattern (`/movie/:movieId`, `*`) as a regular expression over a path. */
function compile(path: string): { match: RegExp; params: string[] } {
  if (path === '*') return { match: /^\/.*$/, params: [] };
  const params: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { match: new RegExp(`^${source === '' ? '/' : source}/?$`), params };
}

/** A parameter goes into a data URL only as a plain id or word (no path or query of its own). */
const SAFE_PARAM = /^[\w-]{1,100}$/;

/**
 * On a page that arrives with its markup, the scripts only make it interactive. The HTML does not
 * load them: it lists them in this JSON block, and public/boot.js asks for them once the first
 * paint's images are on screen, so that nothing the largest paint does not need is fetched before
 * it (a click or key made meanwhile is held and replayed). Decision 0060.
 */
export const APP_SCRIPTS_ID = 'app-scripts';

/** The app's scripts as a server-rendered page lists them for public/boot.js. */
export interface AppScripts {
  /** The entry module's URL. */
  entry: string;
  /** Its module preloads and the screen's chunks, in load order. */
  modules: string[];
}

/**
 * The scripts a server-rendered page's HTML lists for public/boot.js (entry first), or none: what
 * the page downloads before it is interactive as surely as the scripts its tags load.
 */
export function listedAppScripts(html: string): string[] {
  const json = new RegExp(`<script type="application/json" id="${APP_SCRIPTS_ID}">([^<]*)</script>`).exec(
    html,
  )?.[1];
  if (json === undefined) return [];
  const { entry, modules } = JSON.parse(json) as AppScripts;
  return [entry, ...modules];
}

/** What a shared link shows (Open Graph and Twitter card tags), and the tab's title. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URLs. */
  url: string;
  image?: string | undefined;
  type?: 'website' | 'video.movie';
  /** The image the page's largest paint shows (a hero backdrop): preloaded at high priority. */
  lcpImage?: string | undefined;
  /** A movie page of a film that does not exist (or an id that cannot be one): answered 404. */
  missing?: boolean;
}

/** A module preload of a chunk of the build (`assets/…`). */
const modulePreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}" />`;

const escapeAttr = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The movie id of a movie page's path, or null. */
export const moviePageId = (path: string): number | null => {
  const m = /^\/movie\/(\d{1,10})\/?$/.exec(path);
  return m ? Number(m[1]) : null;
};

/**
 * The web app's HTML for each page. The server adds what the page will ask for first, so that it
 * downloads while the framework does instead of after it: `preload` for its first data, and
 * `modulepreload` for its screen's chunks. Both come from dist/route-manifest.json, which the web
 * build writes from its own route table (apps/web/src/app/routes.ts): nothing here names a screen
 * or a URL of the web app. Without a manifest, nothing is preloaded.
 */
export class WebPages {
  private readonly shellData: string[];
  private readonly routes: Route[];

  constructor(
    private readonly indexHtml: string,
    manifest: RouteManifest | null,
    /** The stylesheets index.html links, by their href: written into a server-rendered page. */
    private readonly styles: ReadonlyMap<string, string> = new Map(),
  ) {
    this.shellData = manifest?.shellData ?? [];
    this.routes = (manifest?.routes ?? []).map((r) => ({
      path: r.path,
      ...compile(r.path),
      modules: r.modules,
      data: r.data,
    }));
  }

  static load(webDist: string): WebPages | null {
    const index = join(webDist, 'index.html');
    if (!existsSync(index)) return null;
    const manifestPath = join(webDist, 'route-manifest.json');
    const manifest = existsSync(manifestPath)
      ? RouteManifest.parse(JSON.parse(readFileSync(manifestPath, 'utf8')))
      : null;
    const indexHtml = readFileSync(index, 'utf8');
    const styles = new Map<string, string>();
    for (const [, href] of indexHtml.matchAll(
      /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*>/g,
    )) {
      const file = join(webDist, href!);
      if (existsSync(file)) styles.set(href!, readFileSync(file, 'utf8'));
    }
    return new WebPages(indexHtml, manifest, styles);
  }

  /**
   * Whether the path is a page the app has: false only where the app's catch-all route (`*`, its
   * "not found" screen) is the first to match. Those get that screen with a 404 status, so
   * crawlers and link checkers see it. Without a manifest, or one without a catch-all, nothing can
   * be told: every path is the app's.
   */
  knows(path: string): boolean {
    return this.route(path)?.route.path !== '*';
  }

  /** The first route whose pattern matches the path, with its parameters (React Router's order). */
  private route(path: string): { route: Route; values: Record<string, string> } | null {
    for (const route of this.routes) {
      const m = route.match.exec(path);
      if (!m) continue;
      const values: Record<string, string> = {};
      route.params.forEach((name, i) => (values[name] = m[i + 1]!));
      return { route, values };
    }
    return null;
  }

  /** The screen chunks a page needs beyond the entry's, in load order. */
  modulesFor(path: string): string[] {
    return this.route(path)?.route.modules ?? [];
  }

  /** The data a page asks for first, as the URLs the app requests (simple GETs). */
  dataFor(path: string): string[] {
    const found = this.route(path);
    const urls = [...this.shellData];
    for (const template of found?.route.data ?? []) {
      let safe = true;
      const url = template.replace(/:(\w+)/g, (_, name: string) => {
        const value = found!.values[name] ?? '';
        if (!SAFE_PARAM.test(value)) safe = false;
        return value;
      });
      if (safe) urls.push(url);
    }
    return urls;
  }

  /**
   * The page's HTML: its preloads and, with `meta`, its title, description and sharing tags
   * (crawlers do not run the app, so a shared movie link is described here).
   */
  html(path: string, meta?: PageMeta, rendered?: RenderedPage | null, head = ''): string {
    let html = this.indexHtml;
    let tags = '';
    if (meta) {
      const title = escapeAttr(meta.title);
      const description = escapeAttr(meta.description);
      html = html
        .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
        .replace(
          /(<meta\s+name="description"\s+content=")[^"]*(")/,
          (_, open: string, close: string) => `${open}${description}${close}`,
        );
      const og: [string, string | undefined][] = [
        ['og:site_name', 'Cinelog'],
        ['og:type', meta.type ?? 'website'],
        ['og:title', meta.title],
        ['og:description', meta.description],
        ['og:url', meta.url],
        ['og:image', meta.image],
      ];
      tags =
        og
          .filter(([, v]) => v)
          .map(([k, v]) => `<meta property="${k}" content="${escapeAttr(v!)}" />`)
          .join('') +
        `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`;
    }
    // The page with the server's markup, or null where it has no place for it (the static shell).
    const placed = rendered ? this.withRender(html, rendered, this.modulesFor(path)) : null;
    if (placed !== null) html = placed;
    const links = [
      // First: the browser starts it beside the scripts instead of after the page has rendered.
      ...(meta?.lcpImage
        ? [`<link rel="preload" as="image" href="${escapeAttr(meta.lcpImage)}" fetchpriority="high" />`]
        : []),
      // A server-rendered page carries its data: the browser does not ask for it again.
      ...(placed ? [] : this.dataFor(path)).map(
        (u) => `<link rel="preload" href="${u}" as="fetch" crossorigin="anonymous" />`,
      ),
      // A server-rendered page lists its chunks for public/boot.js instead (withRender).
      ...(placed ? [] : this.modulesFor(path)).map(modulePreload),
    ].join('');
    // Function replacers: a user's text (a playlist's name) may hold `$&` or `$'`, which a string
    // replacement would read as patterns.
    return html.replace('</head>', () => `${tags}${links}${head}</head>`);
  }

  /**
   * The page with its server-rendered markup in place of the static shell, the data it was
   * rendered from beside it (a JSON block: the CSP allows no inline script), and the stylesheet
   * written into the page, so that nothing stands between the HTML and its first paint. (The
   * style element is allowed: the CSP's `style-src` has 'unsafe-inline' for the toaster.) The
   * entry script and its module preloads leave the HTML for the list public/boot.js reads, with
   * the screen's chunks after them.
   */
  private withRender(html: string, rendered: RenderedPage, screenModules: string[]): string | null {
    // Where the markup goes: without a root and a body after it, the page stays the static shell.
    const root = html.indexOf('<div id="root">');
    if (root < 0 || html.lastIndexOf('</div>', html.indexOf('</body>')) < root) return null;
    let entry: string | undefined;
    const modules: string[] = [];
    const shell = html
      .replace(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/, (_, src: string) => {
        entry = src;
        return '';
      })
      .replace(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g, (_, href: string) => {
        modules.push(href);
        return '';
      });
    if (entry !== undefined) {
      html = shell;
      for (const f of screenModules) if (!modules.includes(`/${f}`)) modules.push(`/${f}`);
    } else {
      // Without an entry there is nothing to defer: the page keeps its tags as built.
      html = html.replace('</head>', () => `${screenModules.map(modulePreload).join('')}</head>`);
    }
    const open = html.indexOf('<div id="root">');
    const close = html.lastIndexOf('</div>', html.indexOf('</body>'));
    const scripts: AppScripts | null = entry === undefined ? null : { entry, modules };
    html =
      html.slice(0, open) +
      `<div id="root">${rendered.html}</div>` +
      `<script type="application/json" id="ssr-state">${jsonForHtml(rendered.state)}</script>` +
      (scripts
        ? `<script type="application/json" id="${APP_SCRIPTS_ID}">${jsonForHtml(scripts)}</script>`
        : '') +
      html.slice(close + '</div>'.length);
    return html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g, (tag, href: string) => {
      const css = this.styles.get(href);
      return css === undefined ? tag : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    });
  }
}
