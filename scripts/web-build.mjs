// The web app's build, for `npm start`: rebuilt when anything it bundles is newer than the build:
// its own sources, and every workspace package it depends on (read from apps/web/package.json,
// following those packages' own @app/* dependencies), not only apps/web.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** The workspace folders (relative to `root`) by package name. */
function workspacesByName(root) {
  const byName = new Map();
  for (const dir of readJson(join(root, 'package.json')).workspaces ?? []) {
    const file = join(root, dir, 'package.json');
    if (existsSync(file)) byName.set(readJson(file).name, dir);
  }
  return byName;
}

/** The workspace packages `workspace` depends on, directly or through one another. */
export function bundledWorkspaces(root, workspace = 'apps/web') {
  const byName = workspacesByName(root);
  const found = new Set();
  const visit = (dir) => {
    const pkg = readJson(join(root, dir, 'package.json'));
    for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
      const dep = byName.get(name);
      if (dep && !found.has(dep)) {
        found.add(dep);
        visit(dep);
      }
    }
  };
  visit(workspace);
  return [...found].sort();
}

/** Every path whose change calls for a new web build. */
export function webSources(root) {
  const web = join(root, 'apps/web');
  return [
    join(web, 'src'),
    join(web, 'index.html'),
    join(web, 'vite.config.ts'),
    join(web, 'package.json'),
    ...bundledWorkspaces(root).map((dir) => join(root, dir)),
  ].filter((p) => existsSync(p));
}

/** Where the web build goes and the API serves it from: WEB_DIST (relative to `root`), else apps/web/dist. */
export function webDist(root, env = process.env) {
  return resolve(root, env.WEB_DIST?.trim() || 'apps/web/dist');
}

export function webBuildIsStale(root, env = process.env) {
  const built = join(webDist(root, env), 'index.html');
  if (!existsSync(built)) return true;
  return statSync(built).mtimeMs < Math.max(...webSources(root).map(newestMtime));
}

export function buildWebIfStale(root) {
  if (!webBuildIsStale(root)) return false;
  console.log('Building the web app…');
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
    // A production bundle whatever NODE_ENV the shell has (Vite keeps an existing NODE_ENV).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return true;
}
