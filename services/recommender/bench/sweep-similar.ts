/**
 * Tries "more like this" knobs on the default (content-only) model in one process: the judged
 * check on both development sets per setting, and with LISTS=1 the top 10 of 21 hand-judged seeds.
 * How decision 0026's knobs were compared:
 *
 *   DATA_DIR=… [MAXCO=250] [LISTS=1] npx tsx bench/sweep-similar.ts '[{}, {"contentPower": 1}]'
 */
import { join } from 'node:path';
import { dataDir, loadCatalog } from '../src/catalog';
import { readMovieLens } from '../src/data/interactions';
import { judge, JUDGED_DIR, readJudged } from '../src/eval/judged';
import { SIMILAR } from '../src/model/similar';
import { CONTENT } from '../src/model/content';
import { makeRanker, NEIGHBOURS_KEPT, sampledHubness } from '../src/train/build-model';

const HAND = [
  862, 129, 76341, 348, 157336, 289, 33, 694, 419430, 11036, 8363, 115, 949, 194, 1417, 539, 578, 105, 597,
  857, 313369,
];
const configs: Record<string, Partial<typeof SIMILAR>>[] = JSON.parse(process.argv[2] ?? '[{}]');
const t0 = performance.now();
const catalog = await loadCatalog(dataDir());
CONTENT.maxCompanyDf = Number(process.env.MAXCO ?? CONTENT.maxCompanyDf);
const ratings = process.env.RATINGS; // a MovieLens folder: sweep the served model with it
const { ranker, movies, indexOf } = makeRanker(
  ratings
    ? { catalog, ratings: { path: ratings, interactions: readMovieLens(ratings).interactions } }
    : { catalog },
);
console.log('built', Math.round((performance.now() - t0) / 1000), 's');
const base = { ...SIMILAR };
const sets = [JUDGED_DIR, join(JUDGED_DIR, 'heldout')].map((d) => readJudged(d));
for (const cfg of configs) {
  Object.assign(SIMILAR, base, cfg);
  const t = performance.now();
  sampledHubness(ranker, movies.length, 10);
  const recommend = (id: number) => {
    const i = indexOf.get(id);
    return i === undefined
      ? []
      : ranker
          .rank(i, NEIGHBOURS_KEPT)
          .slice(0, 10)
          .map(([j]) => movies[j]!.id);
  };
  const sums = sets.map(({ seeds, groups }) => judge(recommend, catalog, seeds, groups).summary);
  console.log('\n=== ', JSON.stringify(cfg), Math.round((performance.now() - t) / 1000), 's');
  for (const s of sums)
    console.log(
      `genre ${(100 * s.main_genre_share).toFixed(1)} fr ${s.franchise_seeds_hit}/${s.franchise_seeds} rec ${(100 * s.franchise_recall).toFixed(0)} ±2y ${(100 * s.near_year_share).toFixed(1)} base ${(100 * s.near_year_base).toFixed(1)} recurring ${s.recurring.length} max ${s.max_lists_per_film}`,
      s.recurring.map((r) => r.title).join('; '),
    );
  if (process.env.LISTS)
    for (const id of HAND) {
      const m = catalog.get(id)!;
      console.log(
        `* ${m.title}: ` +
          recommend(id)
            .map((j) => {
              const c = catalog.get(j)!;
              return `${c.title} (${c.release_date?.slice(0, 4)}, ${c.vote_count})`;
            })
            .join(' | '),
      );
    }
}
