import { createElement, lazy, useState, type ComponentType } from 'react';
import { SERVER_RENDERED_ROUTES } from '@app/contracts/server-rendered';
import { matchRoutes, Route, Routes } from 'react-router';
import { Layout } from './layout';
import { ROUTES } from './routes';
import { withStyles } from '../lib/styles';

// Route-level code splitting: each screen is its own chunk. React Router runs in its declarative
// mode (no data router): the screens fetch through TanStack Query, and the data router's code
// (about 16 KB gzip) would be loaded for nothing.
//
// A screen whose chunk has been loaded (`preloadScreen`) renders at once instead of suspending:
// the page the server rendered (src/entry-server.tsx) is hydrated in one pass, its markup never
// swapped for the loading fallback.
//
// A screen the server does not render loads the whole stylesheet with its chunk: the page's HTML
// carries only the first paint's (src/first-paint.css, lib/styles.ts, decision 0088).
const FIRST_PAINT: readonly string[] = SERVER_RENDERED_ROUTES;
const SCREENS = ROUTES.map((route) => {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const loadModule = FIRST_PAINT.includes(route.path) ? route.load : withStyles(route.load);
  const load = () =>
    (pending ??= loadModule().then((m) => (loaded = m[route.name ?? 'default'] as ComponentType)));
  const Lazy = lazy(() => load().then((Screen) => ({ default: Screen })));
  // Chosen once per mount: switching from Lazy to the loaded screen later would remount the page.
  const Screen = () => {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  };
  return { path: route.path, Screen, load };
});

/** Loads the chunk of the screen `pathname` shows (React Router's matching), so it renders without suspending. */
export async function preloadScreen(pathname: string): Promise<void> {
  const [match] = matchRoutes(SCREENS, pathname) ?? [];
  await match?.route.load();
}

/** Every screen of the site (app/routes.ts), inside the shared layout (top bar, footer, chat widget). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {SCREENS.map(({ path, Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
      </Route>
    </Routes>
  );
}
