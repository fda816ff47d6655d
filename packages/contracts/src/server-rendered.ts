// zod-free: the web app's router imports it (`@app/contracts/server-rendered`) into every page.

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
