import type { RouteManifest } from '@app/contracts';
import { isAbsolute, posix, relative, sep } from 'node:path';

/**
 * One chunk of the browser's build, as the bundle has it in `generateBundle`: its file, the files it
 * imports statically, whether it is an entry, and the modules it holds as paths from the web app's
 * root ("src/pages/home.tsx"). A screen is looked up by the chunk that holds its module, not by a
 * chunk of its own: the build may put several screens in one chunk (vite.config.ts, 'landing').
 */
export interface BuiltChunk {
  file: string;
  imports: string[];
  isEntry: boolean;
  modules: string[];
}

/** The chunks of a bundle (`generateBundle`'s), their module ids made relative to `root`. */
export function builtChunks(bundle: Record<string, { type: string }>, root: string): BuiltChunk[] {
  const out: BuiltChunk[] = [];
  for (const o of Object.values(bundle)) {
    if (o.type !== 'chunk') continue;
    const c = o as unknown as { fileName: string; imports: string[]; isEntry: boolean; moduleIds: string[] };
    out.push({
      file: c.fileName,
      imports: [...c.imports],
      isEntry: c.isEntry,
      modules: c.moduleIds
        .filter((id) => !id.startsWith('\0') && isAbsolute(id))
        .map((id) => relative(root, id).split(sep).join('/')),
    });
  }
  return out;
}

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
 * The chunk that holds the module a route's loader imports ("src/pages/home.tsx"): the module read
 * from the loader itself (`() => import('../pages/home')`), so a renamed page is followed, not copied.
 */
export function loaderChunk(load: () => Promise<unknown>, routesFile: string, chunks: BuiltChunk[]) {
  // `import(` as written, or as a loader rewrote it (`__vi_ssr_dynamic_import__(`).
  const spec = /import[\w$]*\(\s*["'`]([^"'`]+)["'`]/.exec(load.toString())?.[1];
  if (!spec) throw new Error(`route loader without a static import(): ${load.toString()}`);
  const base = spec.startsWith('/')
    ? spec.slice(1)
    : posix.normalize(posix.join(posix.dirname(routesFile), spec));
  const keys = [base, ...['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'].map((e) => base + e)];
  for (const key of keys) {
    const chunk = chunks.find((c) => c.modules.includes(key));
    if (chunk) return chunk;
  }
  throw new Error(`no chunk in the build for ${spec} (from ${routesFile})`);
}

/** A chunk's file and, recursively, the files of the chunks it imports statically. */
function closure(byFile: Map<string, BuiltChunk>, file: string, seen = new Set<string>()): string[] {
  const chunk = byFile.get(file);
  if (!chunk || seen.has(file)) return [];
  seen.add(file);
  return [file, ...chunk.imports.flatMap((f) => closure(byFile, f, seen))];
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
 * web app's root (`src/app/routes.ts`), as the chunks' modules are.
 */
export function buildRouteManifest(
  routes: RouteLike[],
  landing: Record<string, PreloadLike>,
  shellData: string[],
  chunks: BuiltChunk[],
  routesFile: string,
): RouteManifest {
  const unknown = Object.keys(landing).filter((path) => !routes.some((r) => r.path === path));
  if (unknown.length) throw new Error(`preloads for routes that do not exist: ${unknown.join(', ')}`);
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const entryFiles = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => closure(byFile, c.file)));
  return {
    shellData,
    routes: routes.map((route) => {
      const preload = landing[route.path];
      return {
        path: route.path,
        modules: preload
          ? closure(byFile, loaderChunk(route.load, routesFile, chunks).file).filter(
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
