import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedPgliteDir } from './helpers/db';
import { knownFilmsDataDir } from './helpers/known-catalog';
import { startApiProcess, tempDataDir } from './helpers/process';

/**
 * A DATA_DIR as a fresh install has it: the catalog built, nothing else (no database, no chat
 * vectors). Its catalog is the test catalog's 3,000 best-known films: the first start trains the
 * chat's vectors on it (0.6 s), where over all 45k films the test took 25.6 s quiet instead of 18.5
 * (this file: 276 s in CI beside the browser suite). What it proves does not depend on the
 * catalog's size; the first start on the full catalog is timed by `npm run bench`.
 */
const freshDataDir = () => knownFilmsDataDir(3000, [], 'api-fresh-');

/** A process's CPU time so far, in ms (Linux: utime + stime from /proc, in ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One chat message, timed: [ms, status, the films' count]. */
async function chat(url: string, message: string): Promise<[number, number, number]> {
  const started = performance.now();
  const res = await fetch(`${url}/api/chat/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message }),
  });
  const body = (await res.json()) as { movies?: unknown[] };
  return [performance.now() - started, res.status, body.movies?.length ?? 0];
}

describe('the API process', () => {
  it('starts with embedded defaults, serves, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = tempDataDir();
    try {
      // Its database as after a first start (the first start itself is the third test's): making
      // and migrating a PGlite cluster is seconds of CPU, and beside the browser suite on a slow
      // machine this start went past 100 s.
      await seedPgliteDir(join(dataDir, 'pglite'));
      const api = await startApiProcess({ DATA_DIR: dataDir }, { healthyWithinMs: 150_000 });
      const res = await fetch(`${api.url}/api/tmdb/movie/550`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { title: string }).title).toBe('Fight Club');
      const page = await fetch(`${api.url}/`);
      expect(await page.text()).toContain('TMDB');
      expect(await api.stop('SIGTERM'), api.output().slice(-3000)).toBe(0);
      expect(api.output()).toContain('ready to serve');
      expect(api.output()).toContain('shutting down');
      // Each step closed in turn, and the time it all took said (a stop that overruns names its step).
      expect(api.output()).toMatch(/"ms":\d+,"msg":"shut down"/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  it('refuses to start with an invalid environment, naming each bad variable', async () => {
    await expect(startApiProcess({ PORT: 'x', DATABASE_URL: 'nope' })).rejects.toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  it('answers the first chat message on a fresh install with films, its vectors trained once and loaded after a restart', async () => {
    const dataDir = await freshDataDir();
    let api: Awaited<ReturnType<typeof startApiProcess>> | undefined;
    try {
      // startApiProcess returns within 0.2 s of /api/health first answering 200.
      // A first start creates the database and trains the chat's vectors: slow on a busy machine.
      api = await startApiProcess({ DATA_DIR: dataDir }, { healthyWithinMs: 150_000 });
      let cpu = cpuMs(api.child.pid!);
      const [ms, status, films] = await chat(api.url, 'something scary from the 80s');
      cpu = cpuMs(api.child.pid!) - cpu;
      expect(status).toBe(200);
      expect(films).toBeGreaterThan(0);
      console.log(
        `first chat answer ${Math.round(ms)} ms (API CPU ${cpu} ms) after /api/health (fresh DATA_DIR)`,
      );
      // Made on the first message, the chat trained its vectors and built its indexes then: 5.2 s
      // of the API's CPU (15 s) at load 15, against 2.4–3.4 s (5.7–10.5 s) made at start at load
      // 12–15 (the catalog's title index is most of it); on an idle machine the 3 s bound tells
      // them apart. Since decision 0109 the chat's indexes that grow with the catalog are made
      // once listening, in slices, so the CPU after /api/health includes them (4.6 s once at load 9).
      // Timed in the benchmark, not here (`npm run bench`: "The first message after start took …";
      // docs/perf/testing-history.md): on that machine the session start's engine took 3.7–4.2 s wall and 5.0–5.5 s
      // of CPU alone, at a 3 s / 5.5 s bound, and 12.9 s at load 9 in CI.
      // Trained once, at that first start, and kept for the next.
      const vectors = join(dataDir, 'catalog', 'chat-vectors.bin');
      expect(existsSync(vectors)).toBe(true);
      const trainedAt = statSync(vectors).mtimeMs;
      expect(api.output()).toContain('its vectors trained');
      expect(await api.stop('SIGTERM'), api.output().slice(-3000)).toBe(0);

      api = await startApiProcess({ DATA_DIR: dataDir }, { healthyWithinMs: 90_000 });
      cpu = cpuMs(api.child.pid!);
      const [again, status2, films2] = await chat(api.url, 'a heist film with a twist');
      cpu = cpuMs(api.child.pid!) - cpu;
      expect([status2, films2 > 0]).toEqual([200, true]);
      console.log(
        `first chat answer ${Math.round(again)} ms (API CPU ${cpu} ms) after /api/health (a restart)`,
      );
      // Loaded from that file (once listening, with the indexes that grow with the catalog), not trained again.
      expect(api.output()).not.toContain('its vectors trained');
      expect(statSync(vectors).mtimeMs).toBe(trainedAt);
      expect(await api.stop('SIGTERM'), api.output().slice(-3000)).toBe(0);
    } finally {
      // A failed expectation must not leave the API running.
      if (api?.child.exitCode === null) api.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
