// @vitest-environment node
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteManifest } from '@app/contracts';
import { LANDING_PAGES, SHELL_DATA } from '../src/app/route-preloads';
import { ROUTES } from '../src/app/routes';
import { buildRouteManifest, builtChunks, type BuiltChunk } from './route-manifest';

const web = join(import.meta.dirname, '..');
const pick = (paths: string[]) => Object.fromEntries(paths.map((p) => [p, LANDING_PAGES[p]!]));

// A small build's chunks: the entry, a shared chunk, two screens.
const CHUNKS: BuiltChunk[] = [
  {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['assets/framework-1.js'],
    modules: ['index.html', 'src/main.tsx'],
  },
  {
    file: 'assets/framework-1.js',
    isEntry: false,
    imports: [],
    modules: ['../../node_modules/react/index.js'],
  },
  {
    file: 'assets/card-1.js',
    isEntry: false,
    imports: ['assets/framework-1.js', 'assets/index-1.js'],
    modules: ['src/components/card.tsx'],
  },
  {
    file: 'assets/home-1.js',
    isEntry: false,
    imports: ['assets/index-1.js', 'assets/card-1.js'],
    modules: ['src/pages/home.tsx'],
  },
  {
    file: 'assets/movie-details-1.js',
    isEntry: false,
    imports: ['assets/card-1.js'],
    modules: ['src/pages/movie-details.tsx'],
  },
];

describe('the route manifest, from the router’s own table', () => {
  it('gives landing pages their screen chunks (less the entry’s) and every route its first data', () => {
    const routes = ROUTES.filter((r) => r.path === '/' || r.path === '/movie/:movieId');
    const m = buildRouteManifest(
      routes,
      pick(['/', '/movie/:movieId']),
      SHELL_DATA,
      CHUNKS,
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
      [
        ...CHUNKS,
        {
          file: 'assets/public-playlist-1.js',
          isEntry: false,
          imports: [],
          modules: ['src/pages/public-playlist.tsx'],
        },
      ],
      'src/app/routes.ts',
    );
    expect(m.routes[0]!.data).toEqual(['/api/public/playlists/:slug']);
  });

  it('fails the build when a landing page has no chunk, instead of silently preloading nothing', () => {
    const routes = ROUTES.filter((r) => r.path === '/genre/:genreId');
    expect(() =>
      buildRouteManifest(routes, pick(['/genre/:genreId']), SHELL_DATA, CHUNKS, 'src/app/routes.ts'),
    ).toThrow(/no chunk/);
  });

  it('finds a screen in a chunk that holds other modules too (both landing screens in one)', () => {
    const routes = ROUTES.filter((r) => r.path === '/' || r.path === '/movie/:movieId');
    const landing: BuiltChunk = {
      file: 'assets/landing-1.js',
      isEntry: false,
      imports: ['assets/index-1.js', 'assets/framework-1.js'],
      modules: ['src/components/card.tsx', 'src/pages/movie-details.tsx', 'src/pages/home.tsx'],
    };
    const chunks = [CHUNKS[0]!, CHUNKS[1]!, landing];
    const m = buildRouteManifest(
      routes,
      pick(['/', '/movie/:movieId']),
      SHELL_DATA,
      chunks,
      'src/app/routes.ts',
    );
    expect(m.routes.map((r) => r.modules)).toEqual([['assets/landing-1.js'], ['assets/landing-1.js']]);
  });

  it("reads each chunk's modules from the bundle as paths from the app's root", () => {
    const root = join('/w', 'apps', 'web');
    const bundle = {
      'assets/landing-1.js': {
        type: 'chunk',
        fileName: 'assets/landing-1.js',
        imports: ['assets/framework-1.js'],
        isEntry: false,
        moduleIds: [
          '\0rolldown/runtime.js',
          join(root, 'src/pages/home.tsx'),
          join(root, '../../node_modules/x/i.js'),
        ],
      },
      'assets/index-1.css': { type: 'asset', fileName: 'assets/index-1.css' },
    };
    expect(builtChunks(bundle, root)).toEqual([
      {
        file: 'assets/landing-1.js',
        isEntry: false,
        imports: ['assets/framework-1.js'],
        modules: ['src/pages/home.tsx', '../../node_modules/x/i.js'],
      },
    ]);
  });

  it('refuses preloads for a path the router does not have (a renamed route)', () => {
    expect(() =>
      buildRouteManifest(
        ROUTES,
        { ...LANDING_PAGES, '/films/:id': {} },
        SHELL_DATA,
        CHUNKS,
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
    expect(readFileSync(join(copy, 'dist', home.modules[0]!), 'utf8')).toContain('Popular Movies');
    expect(home.data).toContain('/api/tmdb/movie/popular?page=1');
    // The movie screen is in the chunk it shares with its dependencies ('landing'), not one of its own.
    const movie = manifest.routes.find((r) => r.path === '/movie/:movieId')!;
    expect(movie.modules[0]).toMatch(/^assets\/landing-[\w-]+\.js$/);
    expect(readFileSync(join(copy, 'dist', movie.modules[0]!), 'utf8')).toContain('No overview available.');
  }, 120_000);
});
