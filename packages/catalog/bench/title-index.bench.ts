/**
 * The title search in process, the compact index against MiniSearch (the index it replaced), on
 * the real catalog or a synthetic one of any size:
 *   npx tsx packages/catalog/bench/title-index.bench.ts [movies] [--no-reference]
 * (run from the repository root; the real catalog must be built: apps/api/data or .cache/bench-catalog).
 * Prints heap used by each index (after a full collection), its build time, and the CPU time of
 * the bench's queries (300 prefixes of 2–6 letters, 300 typos), alternating the two indexes
 * query by query so that a slow spell of this shared machine hits both alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  benchTitles,
  CATALOG_VERSION,
  CatalogIndex,
  readCatalogFile,
  significantWords,
  syntheticCatalog,
} from '../src/index';
import { referenceSearch } from '../test/minisearch-reference';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1_048_576;
};

const args = process.argv.slice(2);
const size = Number(args.find((a) => /^\d+$/.test(a)) ?? 0);
const withReference = !args.includes('--no-reference');
const path = ['apps/api/data', '.cache/bench-catalog']
  .map((d) => `${d}/catalog/catalog.v${CATALOG_VERSION}.json`)
  .find((p) => existsSync(p));
if (!path) throw new Error('Build the catalog first (npm start once, or npm run bench).');
const real = await readCatalogFile(path);
const file = size > real.movies.length ? syntheticCatalog(real, size) : real;
const titles = benchTitles(real.movies);

// The bench's queries (scripts/bench/lib.ts makeQueries, same generator and seed).
const { makeQueries } = await import('../../../scripts/bench/lib');
const { prefixes, typos } = makeQueries(titles);

const h0 = heapMb();
let t = performance.now();
const index = new CatalogIndex(file);
const compactMs = performance.now() - t;
await index.buildSearchIndex(); // the busy prefixes' first pages, as a server makes them
const h1 = heapMb();
let reference: ((q: string) => unknown) | undefined;
let referenceMs = 0;
let h2 = h1;
if (withReference) {
  t = performance.now();
  const search = referenceSearch(file.movies);
  // The former one- to three-letter path: each title of the popularity list tested in turn.
  const norm = (x: string) =>
    x
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const lines = index.popular.map((m) => ` ${norm(m.title)} ${norm(m.original_title)}`);
  reference = (q: string) => {
    const words = significantWords(q);
    if (words.length !== 1 || words[0]!.length > 3) return search(q);
    const needle = ` ${words[0]}`;
    const starts = [];
    const contains = [];
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      if (l.startsWith(needle) || l.startsWith(` the${needle}`)) starts.push(index.popular[i]);
      else if (l.includes(needle)) contains.push(index.popular[i]);
    }
    return starts.concat(contains);
  };
  referenceMs = performance.now() - t;
  h2 = heapMb();
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const row = (name: string, xs: number[]) =>
  `${name}: p50 ${pct(xs, 50).toFixed(2)} ms, p95 ${pct(xs, 95).toFixed(2)}, p99 ${pct(xs, 99).toFixed(2)}`;
for (const [kind, qs] of [
  ['prefixes', prefixes],
  ['typos', typos],
] as const) {
  const ours: number[] = [];
  const theirs: number[] = [];
  // CPU time of the process (µs resolution), which a busy machine inflates far less than wall time.
  const cpuMs = () => process.cpuUsage().user / 1000;
  for (const q of qs) {
    t = cpuMs();
    // What the server asks for a first page (decision 0049): the first 200 and the count.
    index.searchTitlesTop(q, 200);
    ours.push(cpuMs() - t);
    if (reference) {
      t = cpuMs();
      reference(q);
      theirs.push(cpuMs() - t);
    }
  }
  console.log(row(`compact, ${kind}`, ours));
  if (reference) console.log(row(`former (MiniSearch, and a scan for 1–3 letters), ${kind}`, theirs));
}
console.log(
  JSON.stringify({
    movies: file.movies.length,
    load: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
    catalogAndListsAndCompactIndexMb: Math.round(h1 - h0),
    compactBuildMs: Math.round(compactMs),
    ...(withReference
      ? { miniSearchMb: Math.round(h2 - h1), miniSearchBuildMs: Math.round(referenceMs) }
      : {}),
  }),
);
