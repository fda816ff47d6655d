/**
 * Where a read's time goes: the compiled API under the bench's load, with `node --cpu-prof`,
 * then the hottest functions (self time) and the time by package.
 *
 *   npx tsx scripts/bench/profile.ts [--seconds 6] [--port 5101] [--out DIR] NAME…
 *
 * NAME: popular, popular-br, movie, discover, search, likes, suggest (uncached searches), typos (the
 * same, typos only, one at a time, with a browser's Accept-Encoding), recommend.
 * A profile per NAME in DIR (default /tmp/cinelog-profile); the summary is printed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
// @ts-expect-error a plain ES module of the repository's scripts
import { buildServersIfStale } from '../build-server.mjs';
import { benchTitles, catalogFilePath } from '@app/catalog';
import { BROWSER_ACCEPT_ENCODING, load, loadAverage, makeQueries, root, signedInUser } from './lib';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '6' },
    port: { type: 'string', default: '5101' },
    out: { type: 'string', default: '/tmp/cinelog-profile' },
    recommender: { type: 'string' },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * The samples of the load window only: the busiest stretch between idle gaps of 0.8 s or more
 * (the script waits 2 s before the load and 1 s after it).
 */
function loadWindow(profile: Profile, byId: Map<number, ProfileNode>): [number, number][] {
  const segments: [number, number][][] = [[]];
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    if (byId.get(id)!.callFrame.functionName === '(idle)') {
      idle += us;
      if (idle >= 800_000 && segments.at(-1)!.length) segments.push([]);
    } else {
      idle = 0;
      segments.at(-1)!.push([id, us]);
    }
  });
  const busy = (seg: [number, number][]) => seg.reduce((a, [, us]) => a + us, 0);
  // The first stretch is the start-up; of the others, the load's is the busiest.
  return segments.slice(1).reduce((a, b) => (busy(b) > busy(a) ? b : a), []);
}

/** Self time by function and by package (node_modules/<pkg>, node:internal, our code). */
export function summarize(profile: Profile, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (const [id, us] of loadWindow(profile, byId)) self.set(id, (self.get(id) ?? 0) + us);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(/^file:\/\//, '');
    const where =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ??
      (file.startsWith('node:') ? file : file ? file.replace(root + '/', '') : functionName || '(vm)');
    const key = `${functionName || '(anonymous)'} ${file.replace(root + '/', '')}:${lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    pkg.set(where, (pkg.get(where) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  const rows = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${pct(us)}  ${k}`);
  return [
    `total ${(total / 1000).toFixed(0)} ms sampled`,
    '-- by file or package',
    ...rows(pkg, 15),
    '-- by function (self)',
    ...rows(fn, top),
  ].join('\n');
}

async function main() {
  await buildServersIfStale();
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  const catalogDir = resolve(root, '.cache/bench-catalog');
  // The bench's catalog, built by the first API start into it when `npm run bench` has not yet.
  mkdirSync(join(catalogDir, 'catalog'), { recursive: true });
  for (const name of positionals) {
    const dataDir = mkdtempSync(join(tmpdir(), 'profile-data-'));
    symlinkSync(join(catalogDir, 'catalog'), join(dataDir, 'catalog'));
    const profDir = join(out, name);
    rmSync(profDir, { recursive: true, force: true });
    const base = `http://127.0.0.1:${values.port}`;
    let log = '';
    const child = spawn(
      process.execPath,
      ['--cpu-prof', `--cpu-prof-dir=${profDir}`, join(root, 'apps/api/dist/main.js')],
      {
        env: {
          PATH: process.env.PATH!,
          DATA_DIR: dataDir,
          PORT: values.port,
          HOST: '127.0.0.1',
          RECOMMENDER_URL: values.recommender ?? 'http://127.0.0.1:9',
          TRUST_PROXY: 'true',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.on('data', (d) => (log = (log + d).slice(-100_000)));
    child.stderr.on('data', (d) => (log = (log + d).slice(-100_000)));
    for (let i = 0; i < 1200 && !/search index ready/.test(log); i++) {
      if (child.exitCode !== null) throw new Error(log);
      await new Promise((r) => setTimeout(r, 100));
    }
    const api = { base, dataDir, log: () => log } as Parameters<typeof signedInUser>[0];
    const br = { 'accept-encoding': 'gzip, deflate, br' };
    const duration = Number(values.seconds);
    const target: Record<string, () => Promise<object>> = {
      popular: async () => ({ url: `${base}/api/tmdb/movie/popular?page=1` }),
      'popular-br': async () => ({ url: `${base}/api/tmdb/movie/popular?page=1`, headers: br }),
      movie: async () => ({ url: `${base}/api/tmdb/movie/157336` }),
      discover: async () => ({ url: `${base}/api/tmdb/discover/movie?with_genres=878&page=1` }),
      search: async () => ({ url: `${base}/api/tmdb/search/movie?query=star&page=1` }),
      likes: async () => ({ url: `${base}/api/user/likes`, headers: await signedInUser(api) }),
      recommend: async () => ({ url: `${base}/api/recommend?movie_id=157336` }),
      suggest: async () => suggestions('both'),
      typos: async () => suggestions('typos'),
    };
    async function suggestions(which: 'both' | 'typos') {
      const catalog = JSON.parse(readFileSync(catalogFilePath(catalogDir), 'utf8')) as {
        movies: { title: string; vote_count: number }[];
      };
      const titles = benchTitles(catalog.movies);
      const { prefixes, typos } = makeQueries(titles);
      return {
        url: base,
        paths: (which === 'typos' ? typos : [...prefixes, ...typos]).map(
          (q) => `/api/tmdb/search/movie?query=${encodeURIComponent(q)}&page=1`,
        ),
        ...(which === 'typos' ? { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } } : {}),
      };
    }
    const opts = await target[name]!();
    await new Promise((r) => setTimeout(r, 2000));
    const loadBefore = loadAverage();
    const r =
      name === 'suggest' || name === 'typos'
        ? load({ ...opts, mode: 'latency', concurrency: name === 'typos' ? 1 : 4 })
        : load({ ...opts, duration, connections: 16 });
    console.log(`\n## ${name} (load average ${loadBefore} → ${loadAverage()})`, JSON.stringify(r));
    await new Promise((r) => setTimeout(r, 1000));
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))!;
    console.log(summarize(JSON.parse(readFileSync(join(profDir, file), 'utf8')) as Profile));
  }
}

await main();
