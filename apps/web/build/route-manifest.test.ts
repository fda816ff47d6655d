// @vitest-environment node
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteManifest } from '@app/contracts';
import { LANDING_PAGES, SHELL_DATA } from '../src/app/route-preloads';
import { ROUTES } from '../src/app/routes';
import { buildRouteManifest, type ViteManifest } from './route-manifest';

const web = join(import.meta.dirname, '..');
const pick = (paths: string[]) => Object.fromEntries(paths.map((p) => [p, LANDING_PAGES[p]!]));

// Vite's manifest for a small build: the entry, a shared chunk, two screens.
const VITE: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js'] },
  '_framework-1.js': { file: 'assets/framework-1.js' },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_framework-1.js', 'index.html'] },
  'src/pages/home.tsx': { file: 'assets/home-1.js', imports: ['index.html', '_card-1.js'] },
  'src/pages/movie-details.tsx': { file: 'assets/movie-details-1.js', imports: ['_card-1.js'] },
};

describe('the route manifest, from the router’s own table', () => {
  it('gives landing pages their screen chunks (less the entry’s) and every route its first data', () => {
    const routes = ROUTES.filter((r) => r.path === '/' || r.path === '/movie/:movieId');
    const m = buildRouteManifest(
      routes,
      pick(['/', '/movie/:movieId']),
      SHELL_DATA,
      VITE,
      'src/app/routes.ts',
    );
    expect(m.shellData).toEqual(['/api/config']);
    expect(m.routes).toEqual([
      {
        path: '/',
        modules: ['assets/home-1.js', 'assets/card-1.js'],
        data: [
          '/api/tmdb/movie/popular?page=1',
          '/api/tmdb/movie/now_playing?page=1',
          '/api/tmdb/movie/top_rated?page=1',
        ],
      },
      {
        path: '/movie/:movieId',
        modules: ['assets/movie-details-1.js', 'assets/card-1.js'],
        data: ['/api/tmdb/movie/:movieId'],
      },
    ]);
  });

  it("keeps a parameter the feature's URL builder escapes as a parameter (a shared playlist's slug)", () => {
    const routes = ROUTES.filter((r) => r.path === '/p/:slug');
    const m = buildRouteManifest(
      routes,
      pick(['/p/:slug']),
      SHELL_DATA,
      { ...VITE, 'src/pages/public-playlist.tsx': { file: 'assets/public-playlist-1.js' } },
      'src/app/routes.ts',
    );
    expect(m.routes[0]!.data).toEqual(['/api/public/playlists/:slug']);
  });

  it('fails the build when a landing page has no chunk, instead of silently preloading nothing', () => {
    const routes = ROUTES.filter((r) => r.path === '/genre/:genreId');
    expect(() =>
      buildRouteManifest(routes, pick(['/genre/:genreId']), SHELL_DATA, VITE, 'src/app/routes.ts'),
    ).toThrow(/no chunk/);
  });

  it('refuses preloads for a path the router does not have (a renamed route)', () => {
    expect(() =>
      buildRouteManifest(
        ROUTES,
        { ...LANDING_PAGES, '/films/:id': {} },
        SHELL_DATA,
        VITE,
        'src/app/routes.ts',
      ),
    ).toThrow(/\/films\/:id/);
  });
});

describe('a real build after renaming a screen', () => {
  // A copy of the app inside apps/web (so packages resolve as usual), its home screen renamed.
  const copy = mkdtempSync(join(web, '.rename-test-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('still preloads the renamed screen on its page', async () => {
    for (const f of ['src', 'build', 'index.html', 'vite.config.ts', 'public'])
      if (existsSync(join(web, f))) cpSync(join(web, f), join(copy, f), { recursive: true });
    renameSync(join(copy, 'src/pages/home.tsx'), join(copy, 'src/pages/start-screen.tsx'));
    const routesFile = join(copy, 'src/app/routes.ts');
    writeFileSync(
      routesFile,
      readFileSync(routesFile, 'utf8').replace("import('../pages/home')", "import('../pages/start-screen')"),
    );
    await build({ root: copy, configFile: join(copy, 'vite.config.ts'), logLevel: 'silent' });
    const manifest = JSON.parse(
      readFileSync(join(copy, 'dist/route-manifest.json'), 'utf8'),
    ) as RouteManifest;
    const home = manifest.routes.find((r) => r.path === '/')!;
    expect(home.modules[0]).toMatch(/^assets\/start-screen-[\w-]+\.js$/);
    for (const f of home.modules) expect(existsSync(join(copy, 'dist', f))).toBe(true);
    expect(home.data).toContain('/api/tmdb/movie/popular?page=1');
  }, 120_000);
});
