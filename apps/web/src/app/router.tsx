import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './layout';
import { ROUTES } from './routes';

// Route-level code splitting: each screen is its own chunk. React Router runs in its declarative
// mode (no data router): the screens fetch through TanStack Query, and the data router's code
// (about 16 KB gzip) would be loaded for nothing.
const SCREENS = ROUTES.map((route) => ({
  path: route.path,
  Screen: lazy(() => route.load().then((m) => ({ default: m[route.name ?? 'default'] as ComponentType }))),
}));

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
