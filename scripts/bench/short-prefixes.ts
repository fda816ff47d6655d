/**
 * The short-prefix index against the scan it replaced (decision 0020): every one- to
 * three-letter prefix of a title word in the bench's catalog (the first 3,000), the answers
 * compared and both timed, in process.
 *
 *   npx tsx scripts/bench/short-prefixes.ts      (after `npm run bench -- --only api` built the catalog)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogIndex, catalogFilePath, significantWords } from '@app/catalog';
import { loadAverage, root } from './lib';

const file = JSON.parse(readFileSync(catalogFilePath(join(root, '.cache/bench-catalog')), 'utf8'));
const index = new CatalogIndex(file, { deferSearchIndex: true });
const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const lower = index.popular.map((m) => ` ${norm(m.title)} ${norm(m.original_title)}`);
/** What titlesWithWordStarting did before: a scan of every title, in popularity order. */
const scan = (p: string) => {
  const starts: number[] = [];
  const contains: number[] = [];
  for (let i = 0; i < lower.length; i++) {
    const t = lower[i]!;
    if (t.startsWith(` ${p}`) || t.startsWith(` the ${p}`)) starts.push(index.popular[i]!.id);
    else if (t.includes(` ${p}`)) contains.push(index.popular[i]!.id);
  }
  return starts.concat(contains);
};
const t0 = performance.now();
index.searchTitles('ab');
const buildMs = performance.now() - t0;
const prefixes = new Set<string>();
for (const t of lower)
  for (const w of t.split(' ')) for (let n = 1; n <= 3; n++) if (w.length >= n) prefixes.add(w.slice(0, n));
let mismatches = 0;
let checked = 0;
let scanMs = 0;
let indexMs = 0;
for (const p of [...prefixes].slice(0, 3000)) {
  const q = significantWords(p);
  if (q.length !== 1 || q[0]!.length > 3) continue;
  checked++;
  let a = performance.now();
  const got = index.searchTitles(p).map((m) => m.id);
  indexMs += performance.now() - a;
  a = performance.now();
  const want = scan(q[0]!);
  scanMs += performance.now() - a;
  if (JSON.stringify(got) !== JSON.stringify(want)) mismatches++;
}
console.log({
  movies: index.popular.length,
  distinctPrefixes: prefixes.size,
  checked,
  mismatches,
  indexBuildMs: Math.round(buildMs),
  scanMsPerQuery: +(scanMs / checked).toFixed(2),
  indexMsPerQuery: +(indexMs / checked).toFixed(3),
  loadAverage: loadAverage(),
});
