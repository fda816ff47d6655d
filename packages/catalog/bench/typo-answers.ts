/**
 * Typo queries in process on the real catalog: the answers (every hit's id, in order) of a
 * fixed list of typos, written as JSON to compare two versions of the search, and the CPU time
 * per query of the bench's typos (several seeds of `makeQueries`' rule).
 *   npx tsx packages/catalog/bench/typo-answers.ts QUERIES.json OUT.json [--reps 3]
 * (run from the repository root; the catalog must be built: apps/api/data or .cache/bench-catalog).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { benchTitles, CATALOG_VERSION, CatalogIndex, type CatalogFile } from '../src/index';

const [queriesPath, outPath] = process.argv.slice(2);
const repsAt = process.argv.indexOf('--reps');
const reps = repsAt > 0 ? Number(process.argv[repsAt + 1]) : 3;
const path = ['apps/api/data', '.cache/bench-catalog']
  .map((d) => `${d}/catalog/catalog.v${CATALOG_VERSION}.json`)
  .find((p) => existsSync(p));
if (!path || !queriesPath || !outPath) throw new Error('usage: typo-answers.ts QUERIES.json OUT.json');
const file = JSON.parse(readFileSync(path, 'utf8')) as CatalogFile;
const index = new CatalogIndex(file);
const queries = JSON.parse(readFileSync(queriesPath, 'utf8')) as string[];
const answers: Record<string, number[]> = {};
for (const q of queries) answers[q] = index.searchTitles(q).map((m) => m.id);
writeFileSync(outPath, JSON.stringify(answers));

// The bench's typo rule (scripts/bench/lib.ts makeQueries), on the 2,000 most voted titles.
const titles = benchTitles(file.movies);
function typos(seed: number): string[] {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)]!;
  const out = new Set<string>();
  while (out.size < 300) {
    const t = pick(titles).toLowerCase();
    if (t.length < 5) continue;
    const i = 1 + Math.floor(rand() * (t.length - 2));
    const kind = Math.floor(rand() * 3);
    out.add(
      kind === 0
        ? t.slice(0, i) + t.slice(i + 1)
        : kind === 1
          ? t.slice(0, i) + t[i + 1] + t[i] + t.slice(i + 2)
          : t.slice(0, i) + pick([...'abcdefghijklmnopqrstuvwxyz']) + t.slice(i + 1),
    );
  }
  return [...out];
}
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
for (let rep = 0; rep < reps; rep++) {
  const times: number[] = [];
  for (const q of typos(500 + rep)) {
    const t0 = cpu();
    index.searchTitles(q.trim().toLowerCase().replace(/\s+/g, ' '));
    times.push(cpu() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
  const sum = times.reduce((a, b) => a + b, 0);
  console.log(
    `rep ${rep}: typos CPU ms p50 ${at(0.5)} p95 ${at(0.95)} p99 ${at(0.99)} total ${sum.toFixed(0)}`,
  );
}
