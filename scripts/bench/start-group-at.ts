/**
 * The whole `npm start` group on a given DATA_DIR (issues 42 and 45: a million titles with a
 * trained model), as users meet it: spawn → `/` 200 with the rendered page (a browser's
 * Accept-Encoding), → the popular list, → the recommender's `/health` 200 (its model loaded) and a
 * movie's recommendations; each process's peak RSS (VmHWM) then. Several starts, one after
 * another; each line is printed as JSON with the machine's load at spawn.
 *
 *   npx tsx scripts/bench/start-group-at.ts --data /work/g1m [--reps 3] [--movie 550]
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BROWSER_ACCEPT_ENCODING, freePort, loadAverage, root, rssOf } from './lib';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    reps: { type: 'string', default: '3' },
    movie: { type: 'string', default: '550' },
  },
});
if (!values.data) throw new Error('--data DIR is required');

const get = (url: string) =>
  fetch(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }).then(
    async (r) => ({ status: r.status, text: await r.text() }),
    () => ({ status: 0, text: '' }),
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, t0: number, limitMs: number, ok: () => Promise<boolean>): Promise<number> {
  while (!(await ok())) {
    if (performance.now() - t0 > limitMs) throw new Error(`no ${what} after ${limitMs / 1000} s`);
    await sleep(20);
  }
  return Math.round(performance.now() - t0);
}

async function once(dataDir: string) {
  const [port, recPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const load = loadAverage();
  let out = '';
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH!,
      DATA_DIR: dataDir,
      PORT: String(port),
      RECOMMENDER_PORT: String(recPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RECOMMENDER_RETRAIN_MINUTES: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out = (out + d).slice(-100_000)));
  child.stderr!.on('data', (d) => (out = (out + d).slice(-100_000)));
  const pid = (name: string) => pidOf(out, name);
  try {
    const pageMs = await until('page', t0, 600_000, async () =>
      /<div id="root">\s*<[a-z]/.test((await get(`${base}/`)).text),
    );
    const popularMs = await until(
      'popular list',
      t0,
      600_000,
      async () => (await get(`${base}/api/tmdb/movie/popular?page=1`)).status === 200,
    );
    const modelMs = await until(
      'recommender model',
      t0,
      1_800_000,
      async () => (await get(`http://127.0.0.1:${recPort}/health`)).status === 200,
    );
    const recs = await get(`${base}/api/recommend/movies?tmdb_id=${values.movie}&top_n=12`);
    const count = recs.status === 200 ? (JSON.parse(recs.text) as unknown[]).length : 0;
    const peaks = Object.fromEntries(
      ['api', 'recommender'].map((n) => [n, pid(n) ? rssOf(pid(n)!).peakMb : null]),
    );
    return {
      load,
      pageMs,
      popularMs,
      modelMs,
      recommendations: { status: recs.status, count },
      peakMb: peaks,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

function pidOf(text: string, name: string): number | undefined {
  const all = [...text.matchAll(new RegExp(`${name} started \\(pid (\\d+)\\)`, 'g'))];
  return all.length ? Number(all.at(-1)![1]) : undefined;
}

for (let i = 0; i < Number(values.reps); i++) {
  const r = await once(values.data);
  console.log(JSON.stringify({ at: new Date().toISOString(), ...r }));
}
