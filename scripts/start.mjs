#!/usr/bin/env node
// `npm start`: runs every process of the product on this machine, with embedded defaults.
// The API (with the site) listens on PORT (default 3000). The processes run under a supervisor
// (scripts/supervisor.mjs): one that exits is restarted with back-off while the others keep
// serving; SIGTERM/SIGINT stop them all.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServersIfStale } from './build-server.mjs';
import { superviseAll } from './supervisor.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The web app is built once, and again whenever its sources or a workspace package it bundles
// (@app/contracts, @app/auth-client...) are newer than the build (START_SKIP_WEB_BUILD=1 serves
// whatever is there: the supervision tests).
if (process.env.START_SKIP_WEB_BUILD !== '1') buildWebIfStale(root);
// So are the servers, compiled to JavaScript: no TypeScript loader at start.
await buildServersIfStale();

superviseAll(
  [
    {
      name: 'recommender',
      command: process.execPath,
      args: [join(root, 'services/recommender/dist/main.js')],
    },
    {
      name: 'api',
      command: process.execPath,
      args: [join(root, 'apps/api/dist/main.js')],
      // Two glibc malloc arenas instead of one per thread that allocates (compression, file reads,
      // PGlite's WebAssembly compile): 75 MB of the API's RSS was arenas (decision 0021).
      env: { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
    },
  ],
  { cwd: root },
);
