/**
 * Two builds of the API side by side, same reads, alternated: how much one build changed a read
 * on a machine too busy for either figure alone (the ratio of B to A shares every slow spell).
 *
 *   npx tsx scripts/bench/ab-api.ts A/apps/api/dist/main.js B/apps/api/dist/main.js [--reps 3] [--seconds 3]
 *     [--only 'search,likes (Bearer)']
 *
 * For each read: requests per second and CPU time per request (from /proc) of each, B ÷ A.
 * The builds share the bench's catalog (.cache/bench-catalog: run `npm run bench -- --only api`
 * once first); each gets its own database and a signed-in user for the likes read.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cpuMsOf, load, loadAverage, median, root, round, signedInUser, startApi, type Api } from './lib';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    reps: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '3' },
    only: { type: 'string' },
  },
});
const [mainA, mainB] = positionals.map((p) => resolve(p));
if (!mainA || !mainB) throw new Error('usage: ab-api.ts A/main.js B/main.js');

async function start(main: string): Promise<{ api: Api; auth: Record<string, string>; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'ab-data-'));
  symlinkSync(join(root, '.cache/bench-catalog/catalog'), join(dir, 'catalog'));
  const api = await startApi(dir, {}, main);
  for (let i = 0; i < 1200 && !/search index ready/.test(api.log()); i++)
    await new Promise((r) => setTimeout(r, 100));
  return { api, auth: await signedInUser(api), dir };
}

const a = await start(mainA);
const b = await start(mainB);
const br = { 'accept-encoding': 'gzip, deflate, br' };
const reads: [string, string, (x: typeof a) => Record<string, string>][] = [
  ['popular', '/api/tmdb/movie/popular?page=1', () => ({})],
  ['movie', '/api/tmdb/movie/157336', () => ({})],
  ['discover', '/api/tmdb/discover/movie?with_genres=878&page=1', () => ({})],
  ['search', '/api/tmdb/search/movie?query=star&page=1', () => ({})],
  ['popular, br', '/api/tmdb/movie/popular?page=1', () => br],
  ['movie, br', '/api/tmdb/movie/157336', () => br],
  ['likes (Bearer)', '/api/user/likes', (x) => x.auth],
];
console.log(`A ${mainA}\nB ${mainB}\nload average ${loadAverage()}`);
console.log(
  '| read | req/s B ÷ A (median, range) | CPU per request A ÷ B (median, range) | CPU µs/request A / B | load average |',
);
console.log('| --- | --- | --- | --- | --- |');
try {
  const only = values.only?.split(',');
  for (const [name, path, headers] of reads.filter(([n]) => !only || only.includes(n))) {
    const rps: number[] = [];
    const cpu: number[] = [];
    const us: string[] = [];
    const loads: number[] = [];
    for (let rep = 0; rep < Number(values.reps); rep++) {
      loads.push(loadAverage());
      const run = (x: typeof a) => {
        const before = cpuMsOf(x.api.child.pid!);
        const r = load({
          url: `${x.api.base}${path}`,
          headers: headers(x),
          duration: Number(values.seconds),
          connections: 16,
        });
        if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        return { rps: r.requestsPerSecond!, us: ((cpuMsOf(x.api.child.pid!) - before) * 1000) / r.requests! };
      };
      // Alternated, and which goes first alternates too.
      const [ra, rb] = rep % 2 === 0 ? [run(a), run(b)] : [run(b), run(a)].reverse();
      rps.push(rb!.rps / ra!.rps);
      cpu.push(ra!.us / rb!.us);
      us.push(`${round(ra!.us, 0)} / ${round(rb!.us, 0)}`);
    }
    const fmt = (xs: number[]) =>
      `${round(median(xs))}× (${round(Math.min(...xs))}–${round(Math.max(...xs))})`;
    console.log(`| ${name} | ${fmt(rps)} | ${fmt(cpu)} | ${us.join(', ')} | ${loads.join(', ')} |`);
  }
} finally {
  for (const x of [a, b]) {
    await x.api.stop();
    rmSync(x.dir, { recursive: true, force: true });
  }
}
