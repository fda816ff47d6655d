#!/usr/bin/env node
// `npm start`: runs every process of the product on this machine, with embedded defaults.
// The API (with the site) listens on PORT (default 3000). SIGTERM/SIGINT are passed on, and
// the whole group stops when any process exits.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

const processes = [
  { name: 'recommender', args: [join(root, 'services/recommender/src/main.ts')] },
  { name: 'api', args: [join(root, 'apps/api/src/main.ts')] },
];

const children = processes.map(({ name, args }) => {
  const child = spawn(tsx, args, { stdio: 'inherit', env: process.env, cwd: root });
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
