#!/usr/bin/env node
// `npm start`: runs every process of the product on this machine, with embedded defaults.
// The API (with the site) listens on PORT (default 3000). The processes run under a supervisor
// (scripts/supervisor.mjs): one that exits is restarted with back-off while the others keep
// serving; SIGTERM/SIGINT stop them all.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServersIfStale } from './build-server.mjs';
import { superviseAll } from './supervisor.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The web app is built once, and again whenever its sources are newer than the build
// (START_SKIP_WEB_BUILD=1 serves whatever is there: the supervision tests).
if (process.env.START_SKIP_WEB_BUILD !== '1') buildWebIfStale();
// So are the servers, compiled to JavaScript: no TypeScript loader at start.
await buildServersIfStale();

superviseAll(
  [
    {
      name: 'recommender',
      command: process.execPath,
      args: [join(root, 'services/recommender/dist/main.js')],
    },
    { name: 'api', command: process.execPath, args: [join(root, 'apps/api/dist/main.js')] },
  ],
  { cwd: root },
);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function buildWebIfStale() {
  const web = join(root, 'apps/web');
  const built = join(web, 'dist/index.html');
  const stale =
    !existsSync(built) ||
    statSync(built).mtimeMs <
      Math.max(
        newestMtime(join(web, 'src')),
        statSync(join(web, 'index.html')).mtimeMs,
        statSync(join(web, 'vite.config.ts')).mtimeMs,
      );
  if (!stale) return;
  console.log('Building the web app…');
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
    // A production bundle whatever NODE_ENV the shell has (Vite keeps an existing NODE_ENV).
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
