/**
 * Search as you type, in process, on the real catalog: where the film someone is typing is in the
 * answers (first, in the six suggestions, on the first page of 20), by kind of query.
 *   npx tsx packages/catalog/bench/as-you-type.ts [DATA_DIR] [SET]   (from the repository root)
 * SET defaults to `as-you-type-dev.json`: the development set of decision 0064, written by the
 * session that tuned the ranking (films of the held-out set, packages/catalog/eval/search-heldout,
 * were left out of it). The held-out set is run against a site by scripts/bench/search-heldout.mjs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogIndex, catalogFilePath, readCatalogFile } from '../src/index';

const dataDir = process.argv[2] ?? 'data';
const setPath = process.argv[3] ?? join(import.meta.dirname, 'as-you-type-dev.json');
const index = new CatalogIndex(await readCatalogFile(catalogFilePath(dataDir)));
const set = JSON.parse(readFileSync(setPath, 'utf8')) as {
  query: string;
  kind: string;
  expect_title: string;
  expect_year: number;
}[];
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const byKind = new Map<string, number[]>();
const misses: string[] = [];
for (const q of set) {
  const answers = index.searchTitlesTop(q.query, 20).movies;
  const rank = answers.findIndex(
    (m) =>
      fold(m.title) === fold(q.expect_title) &&
      Math.abs(Number((m.release_date ?? '').slice(0, 4)) - q.expect_year) <= 1,
  );
  if (!byKind.has(q.kind)) byKind.set(q.kind, [0, 0, 0, 0]);
  const t = byKind.get(q.kind)!;
  t[0]!++;
  if (rank === 0) t[1]!++;
  if (rank >= 0 && rank < 6) t[2]!++;
  if (rank >= 0) t[3]!++;
  if (rank !== 0)
    misses.push(
      `"${q.query}" → ${q.expect_title}: ${rank < 0 ? 'not in the first 20' : `#${rank + 1}`} (first: ${answers[0]?.title ?? 'nothing'})`,
    );
}
const all = [0, 0, 0, 0];
console.log('| kind | queries | first | in the 6 suggestions | first 20 |\n| --- | --- | --- | --- | --- |');
for (const [kind, t] of byKind) {
  console.log(`| ${kind} | ${t.join(' | ')} |`);
  t.forEach((x, i) => (all[i]! += x));
}
console.log(`| all | ${all.join(' | ')} |`);
console.log(`\nNot first:\n${misses.join('\n') || 'none'}`);
