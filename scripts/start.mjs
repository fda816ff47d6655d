#!/usr/bin/env node
// `npm start`: runs every process of the product on this machine, with embedded defaults.
// The API (with the site) listens on PORT (default 3000). The processes run under a supervisor
// (scripts/supervisor.mjs): one that exits is restarted with back-off while the others keep
// serving; SIGTERM/SIGINT/SIGHUP stop them all, and each stops by itself when the supervisor is
// gone (decision 0079).
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServersIfStale } from './build-server.mjs';
import { claimDataDir, whatIsInTheWay } from './single-instance.mjs';
import { superviseAll } from './supervisor.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Another instance (or the servers one left behind) on our ports or data folder: say so once and
// stop, rather than restart the API forever on EADDRINUSE.
const inTheWay = await whatIsInTheWay();
if (inTheWay) {
  console.error(`[start] ${inTheWay}`);
  process.exit(1);
}
claimDataDir();

// The web app is built once, and again whenever its sources or a workspace package it bundles
// (@app/contracts, @app/auth-client...) are newer than the build (START_SKIP_WEB_BUILD=1 serves
// whatever is there: the supervision tests).
if (process.env.START_SKIP_WEB_BUILD !== '1') buildWebIfStale(root);
// So are the servers, compiled to JavaScript: no TypeScript loader at start.
await buildServersIfStale();

// Loaded first into each server: it stops when this supervisor is gone (killed with -9).
const exitWithParent = ['--import', pathToFileURL(join(root, 'scripts/exit-with-parent.mjs')).href];

superviseAll(
  [
    {
      name: 'recommender',
      command: process.execPath,
      args: [...exitWithParent, join(root, 'services/recommender/dist/main.js')],
    },
    {
      name: 'api',
      command: process.execPath,
      args: [...exitWithParent, join(root, 'apps/api/dist/main.js')],
      // Two glibc malloc arenas instead of one per thread that allocates (compression, file reads,
      // PGlite's WebAssembly compile): 75 MB of the API's RSS was arenas (decision 0021).
      env: { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
    },
  ],
  // Run by `npm start`, the supervisor also stops when npm is stopped by its own pid: npm's shell
  // goes with it without passing the signal on.
  { cwd: root, stopWithParent: process.env.npm_lifecycle_event === 'start' },
);
