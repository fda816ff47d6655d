/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import { defineConfig, minify, type Plugin } from 'vite';
import { findChunkCycle } from './build/chunk-cycles';
import { withoutPropertyFallback } from './build/css-baseline';
import {
  buildRouteManifest,
  builtChunks,
  type BuiltChunk,
  type PreloadLike,
  type RouteLike,
} from './build/route-manifest';

const routerDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

/**
 * Where the build goes: WEB_DIST (relative to the repository's root; the API reads the same
 * variable), else apps/web/dist. A test run builds into a folder of its own, so a neighbour's
 * `vite build` in the same checkout cannot replace the files its server is serving.
 */
const webRoot = dirname(fileURLToPath(import.meta.url));
const webDist = process.env.WEB_DIST?.trim()
  ? resolve(webRoot, '../..', process.env.WEB_DIST.trim())
  : resolve(webRoot, 'dist');
/** Emptied before a build only when it holds nothing or an earlier build (never a folder of other files). */
const emptyWebDist =
  !process.env.WEB_DIST?.trim() ||
  !existsSync(webDist) ||
  readdirSync(webDist).length === 0 ||
  existsSync(join(webDist, 'route-manifest.json'));

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside each built script and stylesheet, once at
 * build time; the API serves them as they are (@fastify/static preCompressed) instead of
 * compressing every response at a lower level.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cinelog-precompress',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // Zopfli writes a standard gzip stream a few per cent smaller than zlib's level 9, once per build.
    async closeBundle() {
      // A failed build wrote nothing: its own error is the one to see.
      if (!existsSync(join(outDir, 'assets'))) return;
      const files = readdirSync(join(outDir, 'assets'))
        .filter((f) => /\.(js|css)$/.test(f))
        .map((f) => join(outDir, 'assets', f));
      // public/boot.js, which every page loads (decision 0060), is copied as written, comments
      // and all: minified here (1.6 → 0.9 KB gzip) and compressed like the rest.
      const boot = join(outDir, 'boot.js');
      if (existsSync(boot)) {
        const { code, errors } = await minify('boot.js', readFileSync(boot, 'utf8'), {
          compress: true,
          mangle: true,
        });
        if (errors.length) throw new Error(`boot.js: ${errors.map((e) => e.message).join('; ')}`);
        writeFileSync(boot, code);
        files.push(boot);
      }
      for (const file of files) {
        const data = readFileSync(file);
        writeFileSync(`${file}.gz`, await gzipAsync(data, { numiterations: 15 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/** Every stylesheet without Tailwind's fallback for browsers below the CSS baseline (build/css-baseline.ts). */
function cssBaseline(): Plugin {
  return {
    name: 'cinelog-css-baseline',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      for (const file of Object.values(bundle))
        if (file.type === 'asset' && file.fileName.endsWith('.css') && typeof file.source === 'string')
          file.source = withoutPropertyFallback(file.source);
    },
  };
}

/**
 * The built index.html without its comments: they are for who reads the source, and every page's
 * HTML carries them (decision 0088).
 */
function htmlWithoutComments(): Plugin {
  return {
    name: 'cinelog-html-without-comments',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => html.replace(/\s*<!--[\s\S]*?-->/g, '') },
  };
}

/**
 * Fails the build when its chunks import each other in a cycle: one would run before the other had
 * defined what it needs, and the page would stop with an error at load (build/chunk-cycles.ts).
 */
function noChunkCycles(): Plugin {
  return {
    name: 'cinelog-no-chunk-cycles',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).flatMap((o) =>
        o.type === 'chunk' ? [{ fileName: o.fileName, imports: o.imports }] : [],
      );
      const cycle = findChunkCycle(chunks);
      if (cycle) this.error(`chunks that import each other: ${cycle.join(' -> ')}`);
    },
  };
}

/**
 * Writes dist/route-manifest.json from the router's own table (src/app/routes.ts) and the landing
 * pages' preloads (src/app/route-preloads.ts), both run in Node after the bundle is written: each route's first data URLs and its screen's chunks, which the
 * API reads to preload them with the page. Renaming or moving a screen changes the manifest with
 * it: the server copies nothing of the web app.
 */
function routeManifest(): Plugin {
  const ROUTES_FILE = 'src/app/routes.ts';
  const PRELOADS_FILE = 'src/app/route-preloads.ts';
  let root = '';
  let outDir = 'dist';
  let chunks: BuiltChunk[] | null = null;
  return {
    name: 'cinelog-route-manifest',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      chunks = null;
    },
    // Each chunk's modules: a screen's chunk is the one holding its module, which may hold others too.
    generateBundle(_, bundle) {
      chunks = builtChunks(bundle, root);
    },
    async closeBundle() {
      // A failed build wrote nothing: its own error is the one to see.
      if (!chunks) return;
      const { tsImport } = await import('tsx/esm/api');
      const load = (file: string) => tsImport(pathToFileURL(join(root, file)).href, import.meta.url);
      const { ROUTES } = (await load(ROUTES_FILE)) as { ROUTES: RouteLike[] };
      const { LANDING_PAGES, SHELL_DATA } = (await load(PRELOADS_FILE)) as {
        LANDING_PAGES: Record<string, PreloadLike>;
        SHELL_DATA: string[];
      };
      const routes = buildRouteManifest(ROUTES, LANDING_PAGES, SHELL_DATA, chunks, ROUTES_FILE);
      writeFileSync(join(outDir, 'route-manifest.json'), JSON.stringify(routes, null, 1));
    },
  };
}

/**
 * Builds the server's render of the landing pages (src/entry-server.tsx, decision 0031) into
 * dist/ssr after the browser's bundle, with the same configuration: every `vite build` (npm
 * start's, the browser suite's, the bench's) writes both.
 */
function serverEntry(): Plugin {
  let root = '';
  let mode = 'production';
  let configFile: string | undefined;
  return {
    name: 'cinelog-server-entry',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      configFile = config.configFile;
    },
    async closeBundle() {
      const { build } = await import('vite');
      await build({
        root,
        mode,
        configFile: configFile ?? false,
        logLevel: 'warn',
        build: { ssr: 'src/entry-server.tsx' },
      });
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    htmlWithoutComments(),
    noChunkCycles(),
    cssBaseline(),
    precompress(),
    routeManifest(),
    serverEntry(),
  ],
  resolve: {
    // React Router's package only exports its development build (with dev-time warnings); the
    // production build it ships beside it is what a production bundle should contain.
    alias: [
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: join(routerDir, 'dist/production/index.mjs') }]
        : []),
    ],
  },
  server: {
    port: 5173,
    // `npm run dev`: the API (npm start, port 3000) answers /api and /auth.
    proxy: { '/api': 'http://localhost:3000', '/auth': 'http://localhost:3000' },
  },
  // The server's render of landing pages (src/entry-server.tsx, `vite build --ssr` into dist/ssr):
  // everything bundled (React DOM's server renderer with it), so the API imports one file.
  ssr: { noExternal: true },
  build: {
    outDir: isSsrBuild ? join(webDist, 'ssr') : webDist,
    // Vite empties only a folder inside apps/web by itself; a WEB_DIST elsewhere is emptied too
    // when it holds an earlier build, so old hashed files do not pile up.
    emptyOutDir: isSsrBuild ? true : emptyWebDist,
    sourcemap: false,
    target: 'es2022',
    // Tailwind 4's own browser baseline: colours stay oklch instead of gaining hex and lab copies.
    cssTarget: ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
    // Every browser of that baseline but Safari 16 preloads modules natively; there the preload
    // hints are ignored and the imports still load, so the polyfill is not worth its bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: isSsrBuild
        ? // One file for the server to import.
          { codeSplitting: false }
        : {
            // React, React DOM and React Router are needed by every page: one chunk compresses better
            // than the three the default split makes (about 1 KB gzip less).
            // The screens' shared modules: by default one chunk per set of screens that share them,
            // 22 files of 1-5 KB for `/`, each a round trip on a slow phone. Sets under 8 KB
            // (before minifying) are merged into a neighbour: `/` loads 9 files. At 25 KB the
            // movie page's diary and watch-status code (grown by 0082's edits and Undo) was merged
            // into a chunk `/` loads too: `/` went to 106.6 KB gzip (goal 100); at 8 KB, 93 KB.
            // The entry's own modules stay out of them, so a page the server does not render loads
            // no more than before. A larger threshold made two chunks import each other, which
            // noChunkCycles() now refuses (decision 0060). The threshold is 6 KB since issue 46's
            // sections: at 3 KB the movie page named 9 small chunks and went 0.2 KB over its budget
            // (e2e/tests/bundle.test.ts: 120.2 KB); at 6 KB, 7 chunks and 0.6 KB less on `/` and it.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  priority: 2,
                },
                { name: 'initial', tags: ['$initial'], priority: 1 },
                // The two landing pages with budgets (`/` and a movie page) and every module they
                // import, in one chunk: they loaded their screen and 6-7 small shared chunks (13.8 KB
                // gzip in 7-8 files, each compressed alone), one file of both screens is 12.8 KB, and
                // a visitor going from one to the other downloads it once. The screens that share its
                // modules (search, genre, cast, lists, a shared playlist, the chatbot) load it too:
                // 3-5 KB more on their first visit (decision 0104). The route manifest finds each
                // page's screen by the chunk holding its module (build/route-manifest.ts).
                {
                  name: 'landing',
                  test: /src[\\/]pages[\\/](home|movie-details)\.tsx$/,
                  includeDependenciesRecursively: true,
                  priority: 0.5,
                },
                { name: 'shared', minShareCount: 2, entriesAware: true, entriesAwareMergeThreshold: 6_000 },
              ],
            },
            // A merged chunk is named after every screen that shares it: `shared-<hash>.js` instead.
            chunkFileNames: (chunk: { name: string }) =>
              chunk.name.startsWith('shared~') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
          },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    // A loaded CI machine (load 20+) makes the first dynamic imports take seconds: the defaults
    // (5 s per test) failed tests that were only slow, never wrong.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at a time on two cores (vitest's default is one fewer than the cores: one). The
    // files mostly wait (a lazy screen, a debounce, a build in route-manifest.test.ts): one at a
    // time they used a third of one core (docs/testing.md).
    maxWorkers: 2,
  },
}));
