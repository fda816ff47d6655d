import { catalogFilePath, writeCatalogFiles, type CatalogMovie } from '@app/catalog';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentArtifactName, readArtifact, writeArtifact } from '../src/model/artifact';
import { PgExchange } from '../src/replicas/model-exchange';
import { catalogFileOf, movie } from './fixture';

/**
 * Decision 0092: two recommender processes on one fresh PostgreSQL database. Exactly one builds
 * the first model (the other waits under the trainer lock and loads what was published), both
 * serve the same version, and a new version published is picked up by both while they are asked
 * for lists all along, without one failed request.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const SEED = 1000;

/** 180 films of six kinds (a model builds in seconds). */
function movies(): CatalogMovie[] {
  const kinds = [
    { genres: [878, 28], words: ['space', 'alien', 'starship', 'planet', 'robot', 'laser'] },
    { genres: [80, 53], words: ['heist', 'bank', 'crew', 'casino', 'detective', 'mob'] },
    { genres: [35, 10749], words: ['wedding', 'romance', 'friends', 'date', 'party', 'love'] },
    { genres: [27], words: ['haunted', 'ghost', 'demon', 'curse', 'cabin', 'possession'] },
    { genres: [37], words: ['cowboy', 'desert', 'sheriff', 'outlaw', 'ranch', 'saloon'] },
    { genres: [18, 36], words: ['war', 'king', 'empire', 'soldier', 'court', 'battle'] },
  ];
  let seed = 11;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: 180 }, (_, i) => {
    const k = kinds[i % kinds.length]!;
    const words = k.words.filter(() => rnd() < 0.5);
    return movie(SEED + i, {
      title: `Film ${i}`,
      genre_ids: k.genres,
      keywords: words,
      overview: `A story of ${words.join(' and ')}.`,
      release_date: `${1990 + Math.floor(rnd() * 27)}-05-01`,
      vote_count: 60 + Math.floor(rnd() * 3000),
      vote_average: 5.5 + rnd() * 2.5,
    });
  });
}

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Replica {
  dir: string;
  base: string;
  child: ChildProcess;
  out: () => string;
}

async function replica(databaseUrl: string): Promise<Replica> {
  const dir = mkdtempSync(join(tmpdir(), 'rec-replica-'));
  writeCatalogFiles(catalogFilePath(dir), { ...catalogFileOf(movies()), built_at: '2026-11-26T00:00:00Z' });
  const port = await freePort();
  let out = '';
  const child = spawn(
    resolve(REPO_ROOT, 'node_modules/.bin/tsx'),
    [resolve(REPO_ROOT, 'services/recommender/src/main.ts')],
    {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dir,
        DATABASE_URL: databaseUrl,
        RECOMMENDER_PORT: String(port),
        RECOMMENDER_SIGNALS_URL: 'http://127.0.0.1:9/api/internal/signals',
        RECOMMENDER_SIGNALS_SECRET: 'replicas-test-secret-0123456789abcdef',
        RECOMMENDER_RETRAIN_MINUTES: '0',
        RECOMMENDER_MODEL_POLL_SECONDS: '0.3',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own group: its trainer child is stopped with it
    },
  );
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { dir, base: `http://127.0.0.1:${port}`, child, out: () => out };
}

async function health(r: Replica): Promise<{ status: number; model?: string }> {
  try {
    const res = await fetch(`${r.base}/health`, { signal: AbortSignal.timeout(3000) });
    const body = (await res.json()) as { model?: string };
    return { status: res.status, ...(body.model ? { model: body.model } : {}) };
  } catch {
    return { status: 0 };
  }
}

async function until<T>(what: string, get: () => Promise<T | null>, ms = 150_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe.skipIf(!ADMIN_URL)('replicas on one PostgreSQL database (decision 0092)', () => {
  const dbName = `rec_replicas_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  let url = '';
  const replicas: Replica[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(ADMIN_URL!);
    u.pathname = `/${dbName}`;
    url = u.toString();
    replicas.push(await replica(url), await replica(url));
  });

  afterAll(async () => {
    for (const r of replicas) if (r.child.pid) process.kill(-r.child.pid, 'SIGKILL');
    await sleep(300);
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('exactly one builds the first model; both serve the version it published', async () => {
    const versions = await until('both replicas to serve a model', async () => {
      const h = await Promise.all(replicas.map(health));
      return h.every((x) => x.status === 200) ? h.map((x) => x.model!) : null;
    });
    expect(versions[0]).toBe(versions[1]);
    const builds = replicas.filter((r) => r.out().includes('no model yet: building the default model'));
    expect(builds).toHaveLength(1);
    const loader = replicas.find((r) => r !== builds[0])!;
    expect(loader.out()).toContain(`loaded published model ${versions[0]}`);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const { rows } = await db.query<{ version: string; chunks: number; sha256: string }>(
        'SELECT version, chunks, sha256 FROM recommender_models',
      );
      expect(rows.map((r) => r.version)).toEqual([versions[0]]);
      expect(rows[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await db.end();
    }
  });

  it('a new version published is swapped in by both without a failed request', async () => {
    // The new version: the served model with the seed's list reversed (a different answer).
    const source = replicas[0]!.dir;
    const served = readArtifact(source, currentArtifactName(source)!);
    const list = served.neighbours[SEED]!;
    const pairs: number[][] = [];
    for (let k = 0; k < list.length; k += 2) pairs.push([list[k]!, list[k + 1]!]);
    const reversedIds = pairs.map(([id]) => id!).reverse();
    const next = {
      ...served,
      version: `${served.version}-next`,
      neighbours: { ...served.neighbours, [SEED]: reversedIds.flatMap((id, k) => [id, 1 - k / 100]) },
    };
    const publisherDir = mkdtempSync(join(tmpdir(), 'rec-publisher-'));
    writeArtifact(publisherDir, next);
    const publisher = new PgExchange({
      databaseUrl: url,
      dataDir: publisherDir,
      facts: () => ({ format: next.format, catalogGeneration: null, signalsSha256: null }),
    });

    // Both replicas asked for the seed's list, two requests at a time each, throughout.
    const failures: string[] = [];
    let requests = 0;
    let stop = false;
    const ask = async (r: Replica) => {
      while (!stop) {
        try {
          const res = await fetch(`${r.base}/recommend?tmdb_id=${SEED}&top_n=5`, {
            signal: AbortSignal.timeout(5000),
          });
          const body = (await res.json()) as unknown;
          if (res.status !== 200 || !Array.isArray(body) || body.length !== 5)
            failures.push(`${res.status} ${JSON.stringify(body).slice(0, 100)}`);
        } catch (err) {
          failures.push(String(err));
        }
        requests++;
      }
    };
    const loops = replicas.flatMap((r) => [ask(r), ask(r)]);
    try {
      await sleep(500);
      expect(await publisher.publishCurrent()).toBe(next.version);
      await until('both replicas to serve the new version', async () => {
        const h = await Promise.all(replicas.map(health));
        return h.every((x) => x.model === next.version) ? true : null;
      });
      await sleep(500);
    } finally {
      stop = true;
      await Promise.all(loops);
      await publisher.close();
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(20);
    for (const r of replicas) {
      const res = await fetch(`${r.base}/recommend?tmdb_id=${SEED}&top_n=5`);
      const body = (await res.json()) as { tmdbId: number }[];
      expect(body.map((x) => x.tmdbId)).toEqual(reversedIds.slice(0, 5));
    }
  });
});
