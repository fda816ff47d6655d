/**
 * The judged check on the default (content-only) model, and the served top 10 of the 30 seeds
 * scored by hand in docs/perf/recommender-hand-judged-*.md: a quicker stand-in for the judged
 * part of `npm run recommender:eval` (no MovieLens, hubness from every 10th seed like the eval).
 *
 *   npx tsx bench/judge-default.ts [--ratings DIR] [--lists FILE.md] [--sets a,b] [--dump FILE.json]
 *
 * `--sets` names the judged sets (folders under eval/, `.` for the development set; default every
 * folder there with a seeds.json);
 * `--dump` writes every seed's top 10 with year, language and genres, for a blind comparison.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dataDir, fromCaller, loadCatalog } from '../src/catalog';
import { readMovieLens } from '../src/data/interactions';
import { judge, JUDGED_DIR, readJudged } from '../src/eval/judged';
import { makeRanker, NEIGHBOURS_KEPT, sampledHubness } from '../src/train/build-model';

/** The 30 well-known seeds judged by hand (20 development, 10 held-out development). */
export const HAND_SEEDS = [
  862, 129, 76341, 348, 673, 37724, 157336, 289, 346, 33, 694, 419430, 11036, 8363, 115, 949, 194, 670, 1417,
  1430, 539, 238, 578, 11, 105, 274, 597, 857, 12, 313369,
];

const { values } = parseArgs({
  options: {
    ratings: { type: 'string' },
    lists: { type: 'string' },
    sets: { type: 'string' },
    dump: { type: 'string' },
  },
});
const started = performance.now();
const catalog = await loadCatalog(dataDir());
const input = values.ratings
  ? {
      catalog,
      ratings: { path: values.ratings, interactions: readMovieLens(fromCaller(values.ratings)).interactions },
    }
  : { catalog };
const { ranker, movies, indexOf } = makeRanker(input);
sampledHubness(ranker, movies.length, 10);
const recommend = (id: number) => {
  const i = indexOf.get(id);
  // The served list is the first 10 of the 50 neighbours a build keeps (NEIGHBOURS_KEPT).
  return i === undefined
    ? []
    : ranker
        .rank(i, NEIGHBOURS_KEPT)
        .slice(0, 10)
        .map(([j]) => movies[j]!.id);
};
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const rows = [];
const brief = (id: number) => {
  const m = catalog.get(id)!;
  return {
    tmdb_id: id,
    title: m.title,
    year: m.release_date ? Number(m.release_date.slice(0, 4)) : null,
    language: m.original_language,
    genres: m.genre_ids,
  };
};
const dumped: { set: string; seed: ReturnType<typeof brief>; picks: ReturnType<typeof brief>[] }[] = [];
// Every judged set: the development set, then the held-out ones in the order they were written.
const allSets = [
  '.',
  ...readdirSync(JUDGED_DIR)
    .filter((d) => existsSync(join(JUDGED_DIR, d, 'seeds.json')))
    .sort((a, b) => Number(a.slice(7) || 1) - Number(b.slice(7) || 1)),
];
for (const set of values.sets?.split(',') ?? allSets) {
  const dir = join(JUDGED_DIR, set);
  const { seeds, groups } = readJudged(dir);
  const { summary: s } = judge(recommend, catalog, seeds, groups);
  // Non-English seeds: the share of their picks in the seed's own language.
  let foreign = 0;
  let sameLanguage = 0;
  for (const seed of seeds) {
    const m = catalog.get(seed.tmdb_id);
    if (!m) continue;
    const picks = recommend(seed.tmdb_id);
    dumped.push({ set, seed: brief(seed.tmdb_id), picks: picks.map(brief) });
    if (m.original_language === 'en') continue;
    foreign += picks.length;
    sameLanguage += picks.filter((j) => catalog.get(j)!.original_language === m.original_language).length;
  }
  rows.push({
    set,
    seeds: s.seeds,
    'main genre': pct(s.main_genre_share),
    'franchise seeds hit': `${s.franchise_seeds_hit}/${s.franchise_seeds}`,
    'franchise recall': pct(s.franchise_recall),
    '±2 years': pct(s.near_year_share),
    'genre base': pct(s.near_year_base),
    '>2 unrelated lists': s.recurring.length,
    'max lists': s.max_lists_per_film,
    'non-English seeds: same language': foreign ? pct(sameLanguage / foreign) : '–',
  });
  if (s.recurring.length)
    console.log(set, 'recurring:', s.recurring.map((r) => `${r.title} ×${r.lists}`).join('; '));
}
console.table(rows);
const fmt = (id: number) => {
  const m = catalog.get(id)!;
  return `${m.title} (${m.release_date?.slice(0, 4) ?? '?'}, ${m.vote_count} votes, ${m.vote_average})`;
};
const out: string[] = [];
for (const id of HAND_SEEDS) {
  out.push(
    `### ${fmt(id)}`,
    '',
    recommend(id)
      .map((j, k) => `${k + 1}. ${fmt(j)}`)
      .join('\n'),
    '',
  );
}
if (values.dump) writeFileSync(fromCaller(values.dump), JSON.stringify(dumped, null, 1));
if (values.lists) writeFileSync(fromCaller(values.lists), out.join('\n'));
else console.log(out.join('\n'));
console.log(`${Math.round((performance.now() - started) / 1000)} s`);
