#!/usr/bin/env node
// `npm start`: runs every process of the product on this machine, with embedded defaults.
// The API (with the site) listens on PORT (default 3000). SIGTERM/SIGINT are passed on, and
// the whole group stops when any process exits.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServersIfStale } from './build-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The web app is built once, and again whenever its sources are newer than the build.
buildWebIfStale();
// So are the servers, compiled to JavaScript: no TypeScript loader at start.
await buildServersIfStale();

const processes = [
  { name: 'recommender', args: [join(root, 'services/recommender/dist/main.js')] },
  { name: 'api', args: [join(root, 'apps/api/dist/main.js')] },
];

const children = processes.map(({ name, args }) => {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: process.env, cwd: root });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping the others`);
      stop('SIGTERM', code ?? 1);
    }
  });
  return child;
});

let stopping = false;
function stop(signal, exitCode = 0) {
  stopping = true;
  let alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of alive) c.kill(signal);
  const wait = setInterval(() => {
    alive = alive.filter((c) => c.exitCode === null && c.signalCode === null);
    if (alive.length === 0) {
      clearInterval(wait);
      process.exit(exitCode);
    }
  }, 100);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

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
