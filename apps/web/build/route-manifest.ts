import type { RouteManifest } from '@app/contracts';
import { posix } from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ViteChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ViteChunk>;

/** The route table's shape, as far as the manifest needs it (apps/web/src/app/routes.ts). */
export interface RouteLike {
  path: string;
  load: () => Promise<unknown>;
}
/** A landing page's preloads (apps/web/src/app/route-preloads.ts). */
export interface PreloadLike {
  data?: (params: Record<string, string>) => string[];
}

/**
 * The module a route's loader imports, as a manifest key ("src/pages/home.tsx"): read from the
 * loader itself (`() => import('../pages/home')`), so a renamed page is followed, not copied.
 */
export function loaderModule(load: () => Promise<unknown>, routesFile: string, manifest: ViteManifest) {
  // `import(` as written, or as a loader rewrote it (`__vi_ssr_dynamic_import__(`).
  const spec = /import[\w$]*\(\s*["'`]([^"'`]+)["'`]/.exec(load.toString())?.[1];
  if (!spec) throw new Error(`route loader without a static import(): ${load.toString()}`);
  const base = spec.startsWith('/')
    ? spec.slice(1)
    : posix.normalize(posix.join(posix.dirname(routesFile), spec));
  const key = [base, ...['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'].map((e) => base + e)].find(
    (k) => manifest[k],
  );
  if (!key) throw new Error(`no chunk in the build for ${spec} (from ${routesFile})`);
  return key;
}

/** A chunk's file and, recursively, the files of the chunks it imports statically. */
function closure(manifest: ViteManifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return [];
  seen.add(chunk.file);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => closure(manifest, k, seen))];
}

/** `:name` for each parameter of a pattern, so a data function writes its URL template. */
function templateParams(path: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name] of path.matchAll(/:(\w+)/g)) params[name!] = `:${name}`;
  return params;
}

/**
 * A URL template with its parameters as written (`:slug`), where the feature's URL builder escaped
 * them (`encodeURIComponent(':slug')` is `%3Aslug`): the server fills in `:name` only. Without this,
 * a shared playlist's page preloaded `/api/public/playlists/%3Aslug` (a 404 on every visit).
 */
function unescapeParams(url: string, path: string): string {
  let out = url;
  for (const name of Object.keys(templateParams(path)))
    out = out.replace(new RegExp(`%3A${name}(?![\\w])`, 'gi'), `:${name}`);
  return out;
}

/**
 * The route manifest: for each route, its first data as URL templates and, for landing pages,
 * its screen's chunks beyond the entry's. `routesFile` is the route table's path relative to the
 * web app's root (`src/app/routes.ts`), as Vite's manifest keys are.
 */
export function buildRouteManifest(
  routes: RouteLike[],
  landing: Record<string, PreloadLike>,
  shellData: string[],
  manifest: ViteManifest,
  routesFile: string,
): RouteManifest {
  const unknown = Object.keys(landing).filter((path) => !routes.some((r) => r.path === path));
  if (unknown.length) throw new Error(`preloads for routes that do not exist: ${unknown.join(', ')}`);
  const entryFiles = new Set(
    Object.keys(manifest)
      .filter((k) => manifest[k]!.isEntry)
      .flatMap((k) => closure(manifest, k)),
  );
  return {
    shellData,
    routes: routes.map((route) => {
      const preload = landing[route.path];
      return {
        path: route.path,
        modules: preload
          ? closure(manifest, loaderModule(route.load, routesFile, manifest)).filter(
              (f) => !entryFiles.has(f),
            )
          : [],
        data: (preload?.data?.(templateParams(route.path)) ?? []).map((url) =>
          unescapeParams(url, route.path),
        ),
      };
    }),
  };
}
