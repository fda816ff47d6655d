/**
 * The recommender's model of the 45k-film test catalog, built once and shared by every test run
 * that starts a recommender on it (the browser suite's stack, the API's `npm start` tests): a first
 * start on an empty DATA_DIR builds it (two passes over the catalog, minutes of CPU on a busy
 * 2-core machine), and those tests test the processes, not the build. The recommender's own tests
 * build and swap models themselves.
 *
 * Kept in `.cache/test-models/<key>`, the key a hash of its inputs (the catalog files and the source
 * files the trainer loads, `trainerSources`), so a change that could change the model makes a new one.
 * Two runs at once (npm test's two lanes) build it once: the second waits on the first's lock.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');
const CACHE = join(ROOT, '.cache/test-models');
const SOURCES = ['services/recommender/src', 'packages/contracts/src', 'packages/catalog/src'];
const TRAINER = 'services/recommender/src/train/cli.ts';

/**
 * The source files the trainer loads (esbuild's metafile of its entry, the workspace packages
 * followed, npm's packages left out: package-lock.json stands for them), so that a change to the
 * service's HTTP side or its evaluation does not make a new model (a build is minutes of CPU).
 * Every file under SOURCES when esbuild cannot follow the imports.
 */
async function trainerSources(): Promise<string[]> {
  try {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [join(ROOT, TRAINER)],
      absWorkingDir: ROOT,
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      plugins: [
        {
          name: 'npm-packages-outside',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    return [
      ...Object.keys(result.metafile.inputs).map((f) => join(ROOT, f)),
      join(ROOT, 'package-lock.json'),
    ].sort();
  } catch {
    return SOURCES.flatMap((d) => files(join(ROOT, d)));
  }
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
    .filter((f) => /\.(ts|mjs|js|json)$/.test(f) && !/\.test\.ts$/.test(f))
    .sort();
}

/** A hash of what the model is made from: the catalog and the code that reads and trains on it. */
export async function keyOf(catalogDir: string): Promise<string> {
  const hash = createHash('sha256');
  // The catalog's own files: the folder also gathers what the API's tests make there (chat vectors).
  for (const f of readdirSync(join(catalogDir, 'catalog'))
    .filter((f) => f.startsWith('catalog.'))
    .sort()) {
    hash.update(f);
    hash.update(readFileSync(join(catalogDir, 'catalog', f)));
  }
  for (const f of await trainerSources()) {
    hash.update(f.slice(ROOT.length));
    hash.update(readFileSync(f));
  }
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function build(catalogDir: string, into: string): Promise<void> {
  const work = mkdtempSync(join(CACHE, 'build-'));
  try {
    symlinkSync(join(catalogDir, 'catalog'), join(work, 'catalog'));
    const loader = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
    let out = '';
    const child = spawn(
      process.execPath,
      ['--import', loader, join(ROOT, 'services/recommender/src/train/cli.ts')],
      { cwd: ROOT, env: { PATH: process.env.PATH, DATA_DIR: work }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    if (code !== 0) throw new Error(`the test model's build failed (exit ${code}):\n${out.slice(-4000)}`);
    // Another run that found no lock (one removed by hand) may have finished first: keep its model.
    if (!existsSync(join(into, 'current'))) {
      rmSync(into, { recursive: true, force: true });
      renameSync(join(work, 'models'), into);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Models of other inputs (36 MB each) and builds a killed run left go once they are an hour old
 * (a branch switched back rebuilds its model).
 */
function prune(keep: string): void {
  for (const name of readdirSync(CACHE)) {
    if (name === keep || !/^([0-9a-f]{16}|build-.*)$/.test(name)) continue;
    const made = statSync(join(CACHE, name), { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - made > 60 * 60_000) rmSync(join(CACHE, name), { recursive: true, force: true });
  }
}

const keys = new Map<string, Promise<string>>();

/** The built models folder (`current` and its artifact): copy it into a DATA_DIR, never write to it. */
export async function ensureTestModel(catalogDir: string): Promise<string> {
  mkdirSync(CACHE, { recursive: true });
  // Its inputs do not change during a run: worked out once per process (an esbuild pass and a hash).
  if (!keys.has(catalogDir)) keys.set(catalogDir, keyOf(catalogDir));
  const key = await keys.get(catalogDir)!;
  const dir = join(CACHE, key);
  const lock = `${dir}.lock`;
  for (;;) {
    if (existsSync(join(dir, 'current'))) return dir;
    try {
      mkdirSync(lock);
    } catch {
      // Another run builds it. A lock older than 20 minutes is a run that died mid-build.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 20 * 60_000) rmSync(lock, { recursive: true, force: true });
      else await sleep(1_000);
      continue;
    }
    try {
      if (!existsSync(join(dir, 'current'))) {
        await build(catalogDir, dir);
        prune(key);
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A copy of the shared model in `dataDir/models`: that DATA_DIR's recommender serves it at once. */
export async function seedTestModel(dataDir: string, catalogDir: string): Promise<void> {
  cpSync(await ensureTestModel(catalogDir), join(dataDir, 'models'), { recursive: true });
}
