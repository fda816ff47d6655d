/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import { defineConfig, type Plugin } from 'vite';

const routerDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside each built script and stylesheet, once at
 * build time; the API serves them as they are (@fastify/static preCompressed) instead of
 * compressing every response at a lower level.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cinelog-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // Zopfli writes a standard gzip stream a few per cent smaller than zlib's level 9, once per build.
    async closeBundle() {
      const files = readdirSync(join(outDir, 'assets'))
        .filter((f) => /\.(js|css)$/.test(f))
        .map((f) => join(outDir, 'assets', f));
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

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    // React Router's package only exports its development build (with dev-time warnings); the
    // production build it ships beside it is what a production bundle should contain.
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: join(routerDir, 'dist/production/index.mjs') }]
        : [],
  },
  server: {
    port: 5173,
    // `npm run dev`: the API (npm start, port 3000) answers /api and /auth.
    proxy: { '/api': 'http://localhost:3000', '/auth': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // Tailwind 4's own browser baseline: colours stay oklch instead of gaining hex and lab copies.
    cssTarget: ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
    // Every browser of that baseline but Safari 16 preloads modules natively; there the preload
    // hints are ignored and the imports still load, so the polyfill is not worth its bytes.
    modulePreload: { polyfill: false },
    // The API reads it to preload each page's screen chunk with the page (apps/api web-pages.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // React, React DOM and React Router are needed by every page: one chunk compresses better
        // than the three the default split makes (about 1 KB gzip less).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
  },
}));
