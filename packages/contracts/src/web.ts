import { z } from 'zod';

/**
 * dist/route-manifest.json, written by the web build from its route table
 * (apps/web/src/app/routes.ts) and read by the API to preload each page's chunks and first data.
 */
export const RouteManifest = z.object({
  /** URLs every page fetches first. */
  shellData: z.array(z.string()),
  routes: z.array(
    z.object({
      /** A React Router pattern: `/movie/:movieId`, `*`. */
      path: z.string(),
      /** The screen's chunk and the chunks it imports, less the entry's: only for landing pages. */
      modules: z.array(z.string()),
      /** URL templates of its first data; `:name` is the path's parameter. */
      data: z.array(z.string()),
    }),
  ),
});
export type RouteManifest = z.infer<typeof RouteManifest>;

/**
 * The pages rendered on the server (decision 0031), as the web app's route patterns
 * (apps/web/src/app/routes.ts): where visitors land from outside and the first paint matters. The
 * web build's entry (apps/web/src/entry-server.tsx) renders only these, and the API's page fallback
 * asks only for these (apps/api/src/modules/web/server-render.ts), both through `isServerRendered`.
 * Renders are kept by path: these pages must not read the query string.
 */
export const SERVER_RENDERED_ROUTES = ['/', '/movie/:movieId'] as const;

/** Each pattern as a whole-path expression; a `:param` of these pages is an id, a positive integer. */
const SERVER_RENDERED_PATHS = SERVER_RENDERED_ROUTES.map(
  (pattern) => new RegExp(`^${pattern.replace(/:\w+/g, '[1-9]\\d{0,9}')}$`),
);

/**
 * Whether `pathname` (no query string) is a server-rendered page: `/` or `/movie/<positive
 * integer>`. Any other path (a page left to the browser, /favicon.ico, a scanner's /wp-login.php)
 * never costs a render.
 */
export const isServerRendered = (pathname: string): boolean =>
  SERVER_RENDERED_PATHS.some((path) => path.test(pathname));

// The home page's reserved rows (zod-free, for the web app's first route): see home-rows.ts.
export * from './home-rows';
