/**
 * What blind judges' per-pick scores (0–3) say about a pick's properties: each pick's score minus
 * its list's mean (so a hard seed weighs nothing), averaged by the Jaccard overlap of the pick's
 * genres with the seed's (decision 0072) and by whether the two share a production country, for a
 * seed in English or not and a pick in its language or not (decision 0073). Reads the blind
 * judgements in docs/perf/ that score every pick of lists given as title and year.
 *
 *   DATA_DIR=… npx tsx bench/judged-picks.ts [FILE.json …]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogMovie } from '@app/catalog';
import { dataDir, loadCatalog, REPO_ROOT } from '../src/catalog';

type Pick = { title: string; year: number };
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['13', '18', '19', '20'].map((n) =>
      join(
        REPO_ROOT,
        'docs/perf',
        n === '13' ? 'recommender-blind-heldout13.json' : `recommender-blind-ab-heldout${n}.json`,
      ),
    );
const catalog = await loadCatalog(dataDir());
const byTitle = new Map<string, CatalogMovie>();
for (const m of catalog.byId.values()) {
  const key = `${m.title}|${m.release_date?.slice(0, 4)}`;
  const had = byTitle.get(key);
  if (!had || had.vote_count < m.vote_count) byTitle.set(key, m);
}
const find = (p: Pick) => byTitle.get(`${p.title}|${p.year}`);
const lists: { seed: CatalogMovie; picks: CatalogMovie[]; scores: number[] }[] = [];
for (const file of files) {
  const d = JSON.parse(readFileSync(file, 'utf8'));
  for (const e of d.entries) {
    const seed = typeof e.seed === 'string' ? find({ title: e.seed, year: e.seed_year }) : find(e.seed);
    if (!seed) continue;
    for (const key of Object.keys(e).filter((k) => k.startsWith('list'))) {
      const scores: number[] | undefined = e[key.replace('list', 'scores')];
      if (!scores) continue;
      const pairs = (e[key] as Pick[]).map((p, i) => [find(p), scores[i]!] as const).filter(([m]) => m);
      lists.push({ seed, picks: pairs.map(([m]) => m!), scores: pairs.map(([, s]) => s) });
    }
  }
}
const jaccard = (a: number[], b: number[]) => {
  const shared = b.filter((g) => a.includes(g)).length;
  return shared / (a.length + b.length - shared || 1);
};
const bins = [0, 0.25, 0.5, 0.75, 1.01];
const sum = bins.map(() => [0, 0]);
let picks = 0;
for (const l of lists) {
  const mean = l.scores.reduce((a, b) => a + b, 0) / l.scores.length;
  l.picks.forEach((m, i) => {
    const j = jaccard(l.seed.genre_ids, m.genre_ids);
    const b = bins.findIndex((lo, k) => j >= lo && j < bins[k + 1]!);
    sum[b]![0]! += l.scores[i]! - mean;
    sum[b]![1]!++;
    picks++;
  });
}
const byCountry = new Map<string, [number, number]>();
for (const l of lists) {
  const mean = l.scores.reduce((a, b) => a + b, 0) / l.scores.length;
  const seedCountries = l.seed.production_countries;
  l.picks.forEach((m, i) => {
    if (seedCountries.length === 0 || m.production_countries.length === 0) return;
    const key = [
      l.seed.original_language === 'en' ? 'English seed' : 'seed not in English',
      m.original_language === l.seed.original_language ? 'same language' : 'another language',
      m.production_countries.some((c) => seedCountries.includes(c))
        ? 'a country shared'
        : 'no country shared',
    ].join(' | ');
    const cell = byCountry.get(key) ?? [0, 0];
    cell[0] += l.scores[i]! - mean;
    cell[1]++;
    byCountry.set(key, cell);
  });
}
console.log(`${picks} judged picks in ${lists.length} lists (${files.length} files)`);
console.log('| genre overlap (Jaccard) | picks | score − its list mean |');
console.log('| --- | --- | --- |');
for (let k = 0; k + 1 < bins.length; k++)
  console.log(
    `| [${bins[k]}, ${Math.min(1, bins[k + 1]!)}${k + 2 === bins.length ? ']' : ')'} | ${sum[k]![1]} | ${(sum[k]![0]! / sum[k]![1]! || 0).toFixed(2)} |`,
  );
console.log('\n| seed | pick | country | picks | score − its list mean |');
console.log('| --- | --- | --- | --- | --- |');
for (const [key, [sum, n]] of [...byCountry].sort())
  console.log(`| ${key} | ${n} | ${(sum / n).toFixed(2)} |`);
