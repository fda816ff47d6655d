import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startSmtpCapture } from '../fixtures/smtp-capture';
import { knownFilmsDataDir } from './known-catalog';
import { REPO_ROOT } from './paths';
import { freePort, startApiProcess, tempDataDir, type RunningApi } from './process';

/** The origin of the balancer in front of both instances: every mailed link and token names it. */
export const PUBLIC_URL = 'http://cinelog.test';

export interface Recommender {
  child: ChildProcess;
  url: string;
  output: () => string;
}

export interface TwoInstances {
  a: RunningApi;
  b: RunningApi;
  recommenders: [Recommender, Recommender];
  /** The fresh database both use (dropped by stop()). */
  databaseUrl: string;
  /** Every key of this run in Redis starts with it (removed by stop()). */
  redisPrefix: string;
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  stop(): Promise<void>;
}

const TSX_LOADER = pathToFileURL(resolve(REPO_ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

async function waitFor(what: string, url: string, child: ChildProcess, out: () => string, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited early:\n${out()}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready within ${withinMs} ms:\n${out()}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Films the walks use, kept in the recommenders' smaller catalog. */
const WALKED = [550, 155, 238, 157336, 862, 348, 13, 680];

/**
 * The recommenders' catalog: the 400 best-known films of the test catalog (and the walked ones),
 * so that their first model builds in seconds; on the whole catalog it took minutes on a busy
 * machine, and these walks are the API's (the replicas' own test builds and swaps models).
 */
const recommenderCatalogDir = () => knownFilmsDataDir(400, WALKED, 'two-rec-');

function startRecommender(dataDir: string, env: Record<string, string>, port: number): Recommender {
  let out = '';
  const child = spawn(
    process.execPath,
    ['--import', TSX_LOADER, resolve(REPO_ROOT, 'services/recommender/src/main.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        RECOMMENDER_PORT: String(port),
        RECOMMENDER_RETRAIN_MINUTES: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (d) => (out = (out + d).slice(-100_000)));
  child.stderr!.on('data', (d) => (out = (out + d).slice(-100_000)));
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return { child, url: `http://127.0.0.1:${port}`, output: () => out };
}

/**
 * Two API instances and two recommenders as real processes, as behind a load balancer: one fresh
 * PostgreSQL database (CREATE DATABASE with a random name on the TEST_DATABASE_URL server), one
 * Redis (TEST_REDIS_URL) under a key prefix of this run's own, one AUTH_SECRET and PUBLIC_URL,
 * mail to a local SMTP server both send to. The APIs start together on the empty database (their
 * migrations take turns under Kysely's lock), then the recommenders (each asked by one API).
 */
export async function startTwoInstances(serverUrl: string, redisUrl: string): Promise<TwoInstances> {
  const suffix = `${Date.now()}_${randomBytes(4).toString('hex')}`;
  const name = `two_instances_${suffix}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const redisPrefix = `cinelog-two-${suffix}`;
  const smtp = await startSmtpCapture();
  const dirs: string[] = [];
  const started: { stop(): Promise<unknown> }[] = [];
  const recommenders: Recommender[] = [];

  const stop = async () => {
    for (const r of recommenders) r.child.kill('SIGTERM');
    await Promise.all(started.map((s) => s.stop()));
    await Promise.all(
      recommenders.map((r) =>
        r.child.exitCode === null ? new Promise((done) => r.child.once('exit', done)) : null,
      ),
    );
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await smtp.close();
    const a = new pg.Client({ connectionString: serverUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  };

  try {
    const secret = randomBytes(24).toString('base64url');
    const recPorts = [await freePort(), await freePort()];
    const shared = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisPrefix,
      AUTH_SECRET: `two-instances-${secret}`,
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      RECOMMENDER_SIGNALS_SECRET: `signals-${secret}`,
    };
    const apis = await Promise.all(
      recPorts.map((port) => {
        const dir = tempDataDir();
        dirs.push(dir);
        return startApiProcess(
          { ...shared, DATA_DIR: dir, RECOMMENDER_URL: `http://127.0.0.1:${port}` },
          { healthyWithinMs: 180_000 },
        ).then((api) => {
          started.push(api);
          return api;
        });
      }),
    );
    const [a, b] = apis as [RunningApi, RunningApi];
    const recDirs = [await recommenderCatalogDir(), await recommenderCatalogDir()];
    recPorts.forEach((port, i) =>
      recommenders.push(
        startRecommender(
          recDirs[i]!,
          {
            DATABASE_URL: databaseUrl,
            RECOMMENDER_SIGNALS_URL: `${apis[i]!.url}/api/internal/signals`,
            RECOMMENDER_SIGNALS_SECRET: shared.RECOMMENDER_SIGNALS_SECRET,
          },
          port,
        ),
      ),
    );
    await Promise.all(
      recommenders.map((r, i) =>
        waitFor(`recommender ${i + 1}`, `${r.url}/health`, r.child, r.output, 180_000),
      ),
    );
    return {
      a,
      b,
      recommenders: recommenders as [Recommender, Recommender],
      databaseUrl,
      redisPrefix,
      smtp,
      stop,
    };
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
}
