/**
 * Known-item search on the real catalog, in process: is the film someone is looking for the first
 * answer, in the first six (the suggestions) and on the first page (20)? Two sets:
 * - held out: `search-heldout.json`, 100 queries written by an evaluator who saw no code (six
 *   kinds: whole titles, parts, typos, a missing or added article, punctuation and numbers, the
 *   original title), each for one film of the catalog;
 * - generated: 1,500 released films with at least 20 votes (a fixed seed), each searched by its
 *   title typed whole, with a letter dropped from its longest word, and without a leading article.
 *   npx tsx packages/catalog/bench/known-item.ts [DATA_DIR]   (from the repository root; default ./data)
 * Decision 0057 records the figures before and after.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogIndex, catalogFilePath, readCatalogFile } from '../src/index';

const dataDir = process.argv[2] ?? 'data';
const file = await readCatalogFile(catalogFilePath(dataDir));
const index = new CatalogIndex(file);
const first20 = (q: string) => index.searchTitlesTop(q, 20).movies;

interface Tally {
  n: number;
  top1: number;
  top6: number;
  top20: number;
}
const pct = (k: number, n: number) => `${((100 * k) / n).toFixed(1)}%`;
const row = (name: string, t: Tally) =>
  `| ${name} | ${t.n} | ${pct(t.top1, t.n)} | ${pct(t.top6, t.n)} | ${pct(t.top20, t.n)} |`;
const count = (t: Tally, rank: number) => {
  t.n++;
  if (rank === 0) t.top1++;
  if (rank >= 0 && rank < 6) t.top6++;
  if (rank >= 0) t.top20++;
};

const heldOut = JSON.parse(readFileSync(join(import.meta.dirname, 'search-heldout.json'), 'utf8')) as {
  query: string;
  id: number;
  kind: string;
}[];
const byKind = new Map<string, Tally>();
const all: Tally = { n: 0, top1: 0, top6: 0, top20: 0 };
const misses: string[] = [];
for (const q of heldOut) {
  const rank = first20(q.query).findIndex((m) => m.id === q.id);
  if (!byKind.has(q.kind)) byKind.set(q.kind, { n: 0, top1: 0, top6: 0, top20: 0 });
  count(byKind.get(q.kind)!, rank);
  count(all, rank);
  if (rank !== 0)
    misses.push(`"${q.query}" (${q.kind}): ${rank < 0 ? 'not in the first 20' : `#${rank + 1}`}`);
}
console.log('Held out (search-heldout.json): the film first, in the first 6, in the first 20\n');
console.log('| kind | queries | first | first 6 | first 20 |\n| --- | --- | --- | --- | --- |');
for (const [kind, t] of [...byKind].sort()) console.log(row(kind, t));
console.log(row('all', all));
console.log(`\nNot first: ${misses.join('; ') || 'none'}\n`);

let s = 7;
const rand = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const pool = file.movies.filter((m) => m.vote_count >= 20 && m.status === 'Released');
const picks = Array.from({ length: 1500 }, () => pool[Math.floor(rand() * pool.length)]!);
const kinds: Record<string, (t: string) => string> = {
  'whole title': (t) => t.toLowerCase(),
  'a letter dropped': (t) => {
    const w = t.split(' ');
    let i = 0;
    w.forEach((x, j) => {
      if (x.length > w[i]!.length) i = j;
    });
    if (w[i]!.length >= 6) w[i] = w[i]!.slice(0, 3) + w[i]!.slice(4);
    return w.join(' ').toLowerCase();
  },
  'no leading article': (t) => t.replace(/^(the|a|an) /i, '').toLowerCase(),
};
console.log(
  'Generated (1,500 films): the first answer has the title, the film itself in the first 6 and 20\n',
);
console.log('| query | films | first | first 6 | first 20 |\n| --- | --- | --- | --- | --- |');
for (const [kind, make] of Object.entries(kinds)) {
  const t: Tally = { n: 0, top1: 0, top6: 0, top20: 0 };
  for (const m of picks) {
    const got = first20(make(m.title));
    const rank = got.findIndex((x) => x.id === m.id);
    t.n++;
    if (got[0]?.title === m.title) t.top1++;
    if (rank >= 0 && rank < 6) t.top6++;
    if (rank >= 0) t.top20++;
  }
  console.log(row(kind, t));
}
