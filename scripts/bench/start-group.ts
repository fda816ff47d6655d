/**
 * The whole `npm start` group (scripts/start.mjs: the supervisor, the recommender and the API with
 * the site) from spawn to a page that answers: `GET /` 200 with the server-rendered home page (its
 * markup inside #root), with a browser's Accept-Encoding. Cold: an empty DATA_DIR (catalog built
 * from the dataset, database created, the recommender's first model started beside); warm: the
 * same DATA_DIR again. Issue 41: starts as users meet them, not the API process alone.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_ACCEPT_ENCODING, freePort, loadAverage, root } from './lib';

export interface GroupStart {
  /** Spawn → `/` 200 with the rendered home page. */
  pageMs: number;
  /** Spawn → the popular list's first page 200 (what the page's rows ask next). */
  popularMs: number;
  load: number;
}

/** A started group: its start figures, how to stop it, and what else a bench may ask of it. */
export interface StartedGroup extends GroupStart {
  stop(): Promise<void>;
  /** Spawn time (`performance.now()`), the API's and the recommender's addresses, their output so far. */
  t0: number;
  base: string;
  recPort: number;
  out(): string;
}

/** `npm start`'s script on `dataDir` (with `env` on top), up to the rendered page and the popular list. */
export async function startGroup(dataDir: string, env: Record<string, string> = {}): Promise<StartedGroup> {
  const [port, recPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const load = loadAverage();
  const t0 = performance.now();
  let out = '';
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH!,
      DATA_DIR: dataDir,
      PORT: String(port),
      RECOMMENDER_PORT: String(recPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out = (out + d).slice(-100_000)));
  child.stderr!.on('data', (d) => (out = (out + d).slice(-100_000)));
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  const deadline = t0 + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${out.slice(-2000)}`);
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`no page after 10 minutes:\n${out.slice(-2000)}`);
    }
    const html = await fetch(`${base}/`, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }).then(
      (r) => (r.ok ? r.text() : ''),
      () => '',
    );
    // The rendered home page, not the empty shell: its rows' markup is inside #root.
    if (/<div id="root">\s*<[a-z]/.test(html)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const pageMs = Math.round(performance.now() - t0);
  const popular = await fetch(`${base}/api/tmdb/movie/popular?page=1`, {
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  });
  await popular.arrayBuffer();
  const popularMs = Math.round(performance.now() - t0);
  return { pageMs, popularMs, load, stop, t0, base, recPort, out: () => out };
}

/**
 * One cold start, then `reps` warm ones of the same DATA_DIR. A warm DATA_DIR holds what a first
 * start leaves, the recommender's model included: `modelsFrom` (a folder with the bench's built
 * model) gives it, since the cold start is stopped before its model is trained.
 */
export async function startGroupBench(
  reps: number,
  modelsFrom: string,
): Promise<{ cold: GroupStart; warm: GroupStart[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-group-'));
  try {
    const first = await startGroup(dir);
    await first.stop();
    const cold = { pageMs: first.pageMs, popularMs: first.popularMs, load: first.load };
    if (existsSync(join(modelsFrom, 'models'))) {
      rmSync(join(dir, 'models'), { recursive: true, force: true });
      cpSync(join(modelsFrom, 'models'), join(dir, 'models'), { recursive: true });
    }
    const warm: GroupStart[] = [];
    for (let i = 0; i < reps; i++) {
      const s = await startGroup(dir);
      await s.stop();
      warm.push({ pageMs: s.pageMs, popularMs: s.popularMs, load: s.load });
    }
    return { cold, warm };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
