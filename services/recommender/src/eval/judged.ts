import { GENRES, type CatalogIndex } from '@app/catalog';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** One judged seed, as the independent evaluator wrote it (services/recommender/eval/seeds.json). */
export interface JudgedSeed {
  tmdb_id: number;
  title: string;
  year: number;
  main_genre: string;
  audience: string;
  franchise_ids: number[];
  expect: string;
}

export const JUDGED_DIR = resolve(import.meta.dirname, '../../eval');

export function readJudged(dir = JUDGED_DIR): { seeds: JudgedSeed[]; groups: number[][] } {
  return {
    seeds: JSON.parse(readFileSync(join(dir, 'seeds.json'), 'utf8')) as JudgedSeed[],
    groups: JSON.parse(readFileSync(join(dir, 'unrelated-groups.json'), 'utf8')) as number[][],
  };
}

export interface JudgedSeedResult {
  tmdb_id: number;
  title: string;
  picks: { tmdb_id: number; title: string; year: number | null; main_genre: boolean; franchise: boolean }[];
  main_genre_share: number;
  /** Franchise members of the seed that are recommendable in the catalog, and how many are in the top 10. */
  franchise_available: number;
  franchise_in_top10: number;
  /** Share of the non-franchise picks released within ±2 years of the seed. */
  near_year_share: number;
  /** The same share among the recommendable catalog films of the seed's main genre (what genre alone explains). */
  near_year_base: number;
}

export interface JudgedSummary {
  seeds: number;
  picks_per_seed: number;
  /** Share of all picks that carry the seed's judged main genre (target ≥ 0.70). */
  main_genre_share: number;
  /** Seeds with a recommendable franchise member, and those with one in their top 10 (target: all). */
  franchise_seeds: number;
  franchise_seeds_hit: number;
  /** All franchise members found in the top 10, over those available (capped at 10 per seed). */
  franchise_recall: number;
  /** Share of the non-franchise picks within ±2 years of the seed (target ≤ 0.30 beyond genre). */
  near_year_share: number;
  near_year_base: number;
  near_year_excess: number;
  /** Films in more than two lists of one group of unrelated seeds (target: none). */
  recurring: { tmdb_id: number; title: string; lists: number; group: number }[];
  max_lists_per_film: number;
}

const GENRE_ID = new Map<string, number>(GENRES.map((g) => [g.name.toLowerCase(), g.id]));

/**
 * Stands in for a person's judgement on the evaluator's seeds: genre kept, franchise found,
 * years not clustered around the seed's, no canon recurring across unrelated seeds.
 */
export function judge(
  recommend: (tmdbId: number) => number[],
  catalog: CatalogIndex,
  seeds: JudgedSeed[],
  groups: number[][],
  opts: { k?: number; isCandidate?: (id: number) => boolean } = {},
): { summary: JudgedSummary; perSeed: JudgedSeedResult[] } {
  const k = opts.k ?? 10;
  const isCandidate = opts.isCandidate ?? ((id: number) => (catalog.get(id)?.vote_count ?? 0) >= 10);
  const yearOf = (id: number) => {
    const d = catalog.get(id)?.release_date;
    return d ? Number(d.slice(0, 4)) : null;
  };
  const baseCache = new Map<string, number>();
  const nearBase = (genre: number, year: number) => {
    const key = `${genre}:${year}`;
    let v = baseCache.get(key);
    if (v === undefined) {
      let n = 0;
      let near = 0;
      for (const m of catalog.byId.values()) {
        if (!m.genre_ids.includes(genre) || !isCandidate(m.id)) continue;
        const y = yearOf(m.id);
        if (y === null) continue;
        n++;
        if (Math.abs(y - year) <= 2) near++;
      }
      baseCache.set(key, (v = n ? near / n : 0));
    }
    return v;
  };

  const lists = new Map<number, number[]>();
  const perSeed: JudgedSeedResult[] = [];
  for (const s of seeds) {
    const genre = GENRE_ID.get(s.main_genre.toLowerCase());
    if (genre === undefined) throw new Error(`unknown genre "${s.main_genre}" for ${s.title}`);
    const list = catalog.get(s.tmdb_id) ? recommend(s.tmdb_id).slice(0, k) : [];
    lists.set(s.tmdb_id, list);
    const franchise = new Set(s.franchise_ids);
    const picks = list.map((id) => ({
      tmdb_id: id,
      title: catalog.get(id)?.title ?? String(id),
      year: yearOf(id),
      main_genre: catalog.get(id)?.genre_ids.includes(genre) ?? false,
      franchise: franchise.has(id),
    }));
    const others = picks.filter((p) => !p.franchise && p.year !== null);
    perSeed.push({
      tmdb_id: s.tmdb_id,
      title: s.title,
      picks,
      main_genre_share: picks.length ? picks.filter((p) => p.main_genre).length / picks.length : 0,
      franchise_available: s.franchise_ids.filter(isCandidate).length,
      franchise_in_top10: picks.filter((p) => p.franchise).length,
      near_year_share: others.length
        ? others.filter((p) => Math.abs(p.year! - s.year) <= 2).length / others.length
        : 0,
      near_year_base: nearBase(genre, s.year),
    });
  }

  const recurring: JudgedSummary['recurring'] = [];
  let maxLists = 0;
  groups.forEach((group, gi) => {
    const count = new Map<number, number>();
    for (const seed of group) for (const id of lists.get(seed) ?? []) count.set(id, (count.get(id) ?? 0) + 1);
    for (const [id, n] of count) {
      maxLists = Math.max(maxLists, n);
      if (n > 2)
        recurring.push({ tmdb_id: id, title: catalog.get(id)?.title ?? String(id), lists: n, group: gi });
    }
  });

  const allPicks = perSeed.flatMap((r) => r.picks);
  const nonFranchise = perSeed.flatMap((r) =>
    r.picks.filter((p) => !p.franchise && p.year !== null).map((p) => ({ p, seed: r })),
  );
  const seedYear = new Map(seeds.map((s) => [s.tmdb_id, s.year]));
  const near = nonFranchise.filter(
    ({ p, seed }) => Math.abs(p.year! - seedYear.get(seed.tmdb_id)!) <= 2,
  ).length;
  const base =
    nonFranchise.reduce((sum, { seed }) => sum + seed.near_year_base, 0) / (nonFranchise.length || 1);
  const withFranchise = perSeed.filter((r) => r.franchise_available > 0);
  const nearShare = nonFranchise.length ? near / nonFranchise.length : 0;
  return {
    summary: {
      seeds: seeds.length,
      picks_per_seed: k,
      main_genre_share: allPicks.length ? allPicks.filter((p) => p.main_genre).length / allPicks.length : 0,
      franchise_seeds: withFranchise.length,
      franchise_seeds_hit: withFranchise.filter((r) => r.franchise_in_top10 > 0).length,
      franchise_recall:
        withFranchise.reduce((s, r) => s + r.franchise_in_top10, 0) /
        (withFranchise.reduce((s, r) => s + Math.min(k, r.franchise_available), 0) || 1),
      near_year_share: nearShare,
      near_year_base: base,
      near_year_excess: nearShare - base,
      recurring,
      max_lists_per_film: maxLists,
    },
    perSeed,
  };
}
