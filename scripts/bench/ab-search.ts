/**
 * Suggestions over HTTP on two builds of the API, alternated: each rep draws a new set of 300
 * prefixes and 300 typos (a new seed, so neither server has them cached) and runs it on A then B
 * (B then A on the next rep), one visitor at a time and then 4 at once, with a browser's
 * Accept-Encoding. For each: p50/p95/p99 and the server's CPU time per request (from /proc).
 *
 *   npx tsx scripts/bench/ab-search.ts A/apps/api/dist/main.js B/apps/api/dist/main.js [--reps 3]
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchTitles, catalogFilePath } from '@app/catalog';
import {
  BROWSER_ACCEPT_ENCODING,
  cpuMsOf,
  loadAverage,
  median,
  root,
  round,
  searchLatency,
  startApi,
} from './lib';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { reps: { type: 'string', default: '3' } },
});
const mains = positionals.map((p) => resolve(p));
if (mains.length !== 2) throw new Error('usage: ab-search.ts A/main.js B/main.js');
const catalogDir = resolve(root, '.cache/bench-catalog');
const movies = (
  JSON.parse(readFileSync(catalogFilePath(catalogDir), 'utf8')) as {
    movies: { title: string; vote_count: number }[];
  }
).movies;
const titles = benchTitles(movies);

const apis = [];
for (const main of mains) {
  const dir = mkdtempSync(join(tmpdir(), 'ab-search-'));
  symlinkSync(join(catalogDir, 'catalog'), join(dir, 'catalog'));
  const api = await startApi(dir, {}, main);
  while (!/search index ready/.test(api.log())) await new Promise((r) => setTimeout(r, 100));
  apis.push({ api, dir });
}
type Row = {
  build: string;
  concurrency: number;
  kind: string;
  p50: number;
  p95: number;
  p99: number;
  cpuMs: number;
  load: number;
};
const rows: Row[] = [];
try {
  for (let rep = 0; rep < Number(values.reps); rep++) {
    const order = rep % 2 ? [1, 0] : [0, 1];
    for (const concurrency of [1, 4]) {
      for (const i of order) {
        const { api } = apis[i]!;
        const load = loadAverage();
        const cpu0 = cpuMsOf(api.child.pid!);
        const r = await searchLatency(api.base, titles, {
          seed: 1000 + rep * 10 + concurrency,
          concurrency,
          acceptEncoding: BROWSER_ACCEPT_ENCODING,
        });
        const cpuMs = round((cpuMsOf(api.child.pid!) - cpu0) / (r.prefixes.requests! + r.typos.requests!));
        for (const kind of ['prefixes', 'typos'] as const) {
          const x = r[kind];
          rows.push({
            build: 'AB'[i]!,
            concurrency,
            kind,
            p50: x.p50!,
            p95: x.p95!,
            p99: x.p99!,
            cpuMs,
            load,
          });
        }
        console.log(JSON.stringify(rows.slice(-2)));
      }
    }
  }
} finally {
  for (const { api, dir } of apis) {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(
  '\n| build | visitors at once | queries | p50 ms (median, range) | p95 ms | p99 ms | API CPU ms/request | load average |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const concurrency of [1, 4])
  for (const kind of ['prefixes', 'typos'])
    for (const build of ['A', 'B']) {
      const rs = rows.filter((r) => r.build === build && r.concurrency === concurrency && r.kind === kind);
      const f = (k: 'p50' | 'p95' | 'p99' | 'cpuMs') =>
        `${median(rs.map((r) => r[k]))} (${Math.min(...rs.map((r) => r[k]))}–${Math.max(...rs.map((r) => r[k]))})`;
      console.log(
        `| ${build} | ${concurrency} | ${kind} | ${f('p50')} | ${f('p95')} | ${f('p99')} | ${f('cpuMs')} | ${rs.map((r) => r.load).join(', ')} |`,
      );
    }
