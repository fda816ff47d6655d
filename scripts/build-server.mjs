#!/usr/bin/env node
// The server processes as compiled JavaScript: `npm start` runs apps/api/dist/main.js and
// services/recommender/dist/main.js with plain node, instead of compiling TypeScript at every
// start with tsx (about 3 s before main() on this machine). esbuild bundles each entry with the
// workspace packages (@app/*) and the npm packages it imports into one file: resolving and
// compiling hundreds of node_modules files cost ~0.5 s of CPU at every start (decision 0018).
// Packages that load files from beside themselves (WebAssembly, native addons, static assets,
// worker scripts) stay external (node_modules).
// Built when missing or older than any source; `npm run build:server` forces it.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const SERVERS = [
  { name: 'api', entry: 'apps/api/src/main.ts', out: 'apps/api/dist/main.js' },
  {
    name: 'recommender',
    entry: 'services/recommender/src/main.ts',
    out: 'services/recommender/dist/main.js',
  },
];

/** Everything a server bundle is made of: its sources, the workspace packages, the lockfile. */
const SOURCES = ['apps/api/src', 'services/recommender/src', 'packages', 'package-lock.json'];

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

export function serverBuildIsStale() {
  const sources = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
  return SERVERS.some(({ out }) => {
    const file = join(root, out);
    return !existsSync(file) || statSync(file).mtimeMs < sources;
  });
}

/**
 * `import.meta.dirname` keeps meaning the source file's folder (the code finds the repository,
 * the dataset and the trainer's script from it): each use becomes that folder, relative to the
 * bundle's own location.
 */
const sourceDirname = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const outDir = dirname(b.initialOptions.outfile);
      const rel = relative(outDir, dirname(args.path)) || '.';
      return {
        contents: text.replaceAll('import.meta.dirname', `__sourceDir(${JSON.stringify(rel)})`),
        loader: 'ts',
      };
    });
  },
};

/**
 * npm packages that read files next to their own code at run time: they stay in node_modules.
 * pg-native is pg's optional native driver (required in a try, not installed).
 */
export const KEEP_EXTERNAL = [
  '@electric-sql/pglite', // its .wasm and file-system bundle
  '@node-rs/argon2', // a native addon
  'pino', // worker-thread transports resolve files
  'thread-stream',
  '@fastify/swagger', // reads its own package files
  '@fastify/swagger-ui', // serves its static assets
  'pg-native',
  'tsx',
  'esbuild',
];
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:') ||
      KEEP_EXTERNAL.some((k) => args.path === k || args.path.startsWith(`${k}/`))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

export async function buildServers() {
  const started = performance.now();
  for (const { entry, out } of SERVERS) {
    await build({
      entryPoints: [join(root, entry)],
      outfile: join(root, out),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [externalPackages, sourceDirname],
      banner: {
        js: [
          "import { dirname as __dirnameOf, resolve as __resolvePath } from 'node:path';",
          "import { fileURLToPath as __fileURLToPath } from 'node:url';",
          // Bundled CommonJS packages require node's built-ins.
          "import { createRequire as __createRequire } from 'node:module';",
          'const require = __createRequire(import.meta.url);',
          'const __sourceDir = (rel) => __resolvePath(__dirnameOf(__fileURLToPath(import.meta.url)), rel);',
        ].join('\n'),
      },
    });
  }
  return Math.round(performance.now() - started);
}

export async function buildServersIfStale() {
  if (!serverBuildIsStale()) return false;
  console.log('Building the servers…');
  await buildServers();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ms = await buildServers();
  console.log(`Built ${SERVERS.map((s) => s.out).join(', ')} in ${ms} ms`);
}
