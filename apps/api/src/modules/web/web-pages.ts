import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Each screen's own module (apps/web/src/app/router.tsx), by the paths that show it. Only the
 * screens a visitor lands on from outside are listed: the rest load on navigation as before.
 */
const SCREENS: [RegExp, string][] = [
  [/^\/$/, 'src/pages/home.tsx'],
  [/^\/movie\/[^/]+\/?$/, 'src/pages/movie-details.tsx'],
  [/^\/search\/[^/]+\/?$/, 'src/pages/search-results.tsx'],
  [/^\/genre\/[^/]+\/?$/, 'src/pages/genre.tsx'],
  [/^\/cast\/[^/]+\/[^/]+\/?$/, 'src/pages/cast.tsx'],
  [/^\/content\/[^/]+\/?$/, 'src/pages/content-list.tsx'],
  [/^\/chatbot\/?$/, 'src/pages/chatbot.tsx'],
];

/** The data each page asks for first, as URLs the app requests exactly so (simple GETs). */
function dataFor(path: string): string[] {
  const urls = ['/api/config'];
  const movie = /^\/movie\/(\d{1,10})\/?$/.exec(path);
  if (path === '/') {
    urls.push(
      '/api/tmdb/movie/popular?page=1',
      '/api/tmdb/movie/now_playing?page=1',
      '/api/tmdb/movie/top_rated?page=1',
    );
  } else if (movie) urls.push(`/api/tmdb/movie/${movie[1]}`);
  return urls;
}

/** What a shared link shows (Open Graph and Twitter card tags), and the tab's title. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URLs. */
  url: string;
  image?: string | undefined;
  type?: 'website' | 'video.movie';
}

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
 * `modulepreload` for its screen's chunk and the chunks that one imports (from Vite's manifest;
 * without a manifest, only the data).
 */
export class WebPages {
  private readonly manifest: Manifest | null;
  private readonly entryFiles: Set<string>;

  constructor(
    private readonly indexHtml: string,
    manifest: Manifest | null,
  ) {
    this.manifest = manifest;
    this.entryFiles = new Set(
      manifest
        ? Object.values(manifest)
            .filter((c) => c.isEntry)
            .flatMap((c) => this.closure(c))
        : [],
    );
  }

  static load(webDist: string): WebPages | null {
    const index = join(webDist, 'index.html');
    if (!existsSync(index)) return null;
    const manifestPath = join(webDist, '.vite/manifest.json');
    const manifest = existsSync(manifestPath)
      ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
      : null;
    return new WebPages(readFileSync(index, 'utf8'), manifest);
  }

  /** A chunk's file and, recursively, the files of the chunks it imports statically. */
  private closure(chunk: ManifestChunk, seen = new Set<string>()): string[] {
    if (seen.has(chunk.file)) return [];
    seen.add(chunk.file);
    const files = [chunk.file];
    for (const key of chunk.imports ?? []) {
      const dep = this.manifest?.[key];
      if (dep) files.push(...this.closure(dep, seen));
    }
    return files;
  }

  /** The screen chunks a page needs beyond the entry's, in load order. */
  modulesFor(path: string): string[] {
    const source = SCREENS.find(([re]) => re.test(path))?.[1];
    const chunk = source ? this.manifest?.[source] : undefined;
    if (!chunk) return [];
    return this.closure(chunk).filter((f) => !this.entryFiles.has(f));
  }

  /**
   * The page's HTML: its preloads and, with `meta`, its title, description and sharing tags
   * (crawlers do not run the app, so a shared movie link is described here).
   */
  html(path: string, meta?: PageMeta): string {
    const links = [
      ...dataFor(path).map((u) => `<link rel="preload" href="${u}" as="fetch" crossorigin="anonymous" />`),
      ...this.modulesFor(path).map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
    ].join('');
    let html = this.indexHtml;
    let tags = '';
    if (meta) {
      const title = escapeAttr(meta.title);
      const description = escapeAttr(meta.description);
      html = html
        .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
        .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, `$1${description}$2`);
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
    return html.replace('</head>', `${tags}${links}</head>`);
  }
}
