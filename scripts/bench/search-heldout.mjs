// The held-out as-you-type queries (packages/catalog/eval/search-heldout, written by a helper who
// saw no code and ran no search) against a running site: where each expected film is on the first
// page of /api/tmdb/search/movie, whose first 6 are the suggestions.
//   node scripts/bench/search-heldout.mjs [http://localhost:3000]
import { readFileSync } from 'node:fs';

const base = process.argv[2] ?? 'http://localhost:3000';
const set = JSON.parse(
  readFileSync(new URL('../../packages/catalog/eval/search-heldout/queries.json', import.meta.url), 'utf8'),
);
const fold = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const byKind = {};
const rows = [];
for (const q of set) {
  const res = await fetch(`${base}/api/tmdb/search/movie?query=${encodeURIComponent(q.query)}&page=1`);
  const results = (await res.json()).results ?? [];
  const rank = results.findIndex(
    (m) =>
      fold(m.title) === fold(q.expect_title) &&
      Math.abs(Number((m.release_date ?? '').slice(0, 4)) - q.expect_year) <= 1,
  );
  const k = (byKind[q.kind] ??= { n: 0, top1: 0, top6: 0, page1: 0 });
  k.n++;
  if (rank === 0) k.top1++;
  if (rank >= 0 && rank < 6) k.top6++;
  if (rank >= 0) k.page1++;
  rows.push(
    `${rank < 0 ? '  -' : String(rank + 1).padStart(3)}  ${q.kind.padEnd(18)} ${JSON.stringify(q.query).padEnd(22)} ` +
      `${q.expect_title} (${q.expect_year})  | first: ${results
        .slice(0, 3)
        .map((m) => m.title)
        .join(' / ')}`,
  );
}
console.log(rows.join('\n'));
const all = { n: 0, top1: 0, top6: 0, page1: 0 };
for (const [kind, k] of Object.entries(byKind)) {
  console.log(
    `${kind.padEnd(18)} n=${k.n} first ${k.top1}, in the 6 suggestions ${k.top6}, on page 1 ${k.page1}`,
  );
  for (const f of Object.keys(all)) all[f] += k[f];
}
const pct = (x) => `${Math.round((100 * x) / all.n)}%`;
console.log(
  `all                n=${all.n} first ${all.top1} (${pct(all.top1)}), in the 6 suggestions ${all.top6} (${pct(all.top6)}), on page 1 ${all.page1} (${pct(all.page1)})`,
);
