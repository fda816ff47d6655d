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

// The server-rendered pages (zod-free, for the web app's router): see server-rendered.ts.
export * from './server-rendered';

// The home page's reserved rows (zod-free, for the web app's first route): see home-rows.ts.
export * from './home-rows';
