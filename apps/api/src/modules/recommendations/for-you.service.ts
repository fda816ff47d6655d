import { FOR_YOU_LIMIT, type ForYouResponse, type RecommendedMovie } from '@app/contracts';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { RecommenderClient } from '../../integrations/recommender/recommender-client';
import { UpstreamError } from '../../lib/errors';
import type { MovieSource } from '../catalog/movie-source';
import { readUserSignals, type SignalKind } from '../library/signals.repository';

/** How much each kind of signal says about taste ("want to watch" is a weaker hint than a like). */
export const SEED_WEIGHTS: Record<SignalKind, number> = {
  like: 1,
  watched: 0.9,
  playlist: 0.7,
  want_to_watch: 0.3,
};
/** Seeds used: the user's most recent distinct films with a signal. */
export const MAX_SEEDS = 12;
const PER_SEED = 30;

/** Hydrates recommender ids into cards, in order, dropping ids the movie source no longer knows. */
export async function hydrate(source: MovieSource, ids: number[]): Promise<RecommendedMovie[]> {
  const movies = await Promise.all(ids.map((id) => source.movie(id).catch(() => null)));
  return movies.flatMap((m) =>
    m
      ? [
          {
            id: m.id,
            title: m.title,
            poster_path: m.poster_path,
            vote_average: m.vote_average,
            ...(m.release_date ? { release_date: m.release_date } : {}),
          },
        ]
      : [],
  );
}

/**
 * "For you": the recommender's neighbours of the user's recent likes, watched films and saved
 * films, summed with each seed's weight and a rank discount, without anything already in their
 * library; each pick says which of their films brought it (no seed brings more than its share).
 */
export class ForYouService {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly recommender: RecommenderClient,
    private readonly source: MovieSource,
  ) {}

  async forUser(userId: string): Promise<ForYouResponse> {
    const signals = await readUserSignals(this.db, userId);
    const known = new Set(signals.map((s) => s.item));
    // Strongest signal per film, newest films first.
    const seeds = new Map<number, { kind: SignalKind; weight: number }>();
    for (const s of signals) {
      const w = SEED_WEIGHTS[s.kind];
      const before = seeds.get(s.item);
      if (!before && seeds.size >= MAX_SEEDS) continue;
      if (!before || w > before.weight) seeds.set(s.item, { kind: s.kind, weight: w });
    }
    if (!seeds.size) return { results: [] };
    const lists = await Promise.all(
      [...seeds].map(([id]) => this.recommender.recommend(id, PER_SEED).catch((err: unknown) => err)),
    );
    if (lists.every((l) => !Array.isArray(l)) && lists.some((l) => l instanceof UpstreamError))
      throw new UpstreamError('Recommendations are unavailable right now.');
    const score = new Map<number, number>();
    const best = new Map<number, { seed: number; contribution: number }>();
    [...seeds].forEach(([seed, { weight }], si) => {
      const list = lists[si];
      if (!Array.isArray(list)) return;
      list.forEach((r, rank) => {
        if (known.has(r.tmdbId)) return;
        const c = weight * (1 - rank / (PER_SEED + 1));
        score.set(r.tmdbId, (score.get(r.tmdbId) ?? 0) + c);
        const b = best.get(r.tmdbId);
        if (!b || c > b.contribution) best.set(r.tmdbId, { seed, contribution: c });
      });
    });
    // Spread the row over the user's films: no seed brings more than its share while others have picks.
    const cap = Math.max(3, Math.ceil(FOR_YOU_LIMIT / seeds.size));
    const ranked = [...score].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const perSeed = new Map<number, number>();
    const chosen: number[] = [];
    const spill: number[] = [];
    for (const [id] of ranked) {
      const seed = best.get(id)!.seed;
      const n = perSeed.get(seed) ?? 0;
      if (n >= cap) spill.push(id);
      else {
        perSeed.set(seed, n + 1);
        chosen.push(id);
      }
      if (chosen.length >= FOR_YOU_LIMIT) break;
    }
    const ids = [...chosen, ...spill].slice(0, FOR_YOU_LIMIT);
    const [cards, titles] = await Promise.all([
      hydrate(this.source, ids),
      hydrate(this.source, [...new Set(ids.map((id) => best.get(id)!.seed))]),
    ]);
    const titleOf = new Map(titles.map((t) => [t.id, t.title]));
    return {
      results: cards.map((c) => {
        const seed = best.get(c.id)!.seed;
        return {
          ...c,
          because: { tmdb_id: seed, title: titleOf.get(seed) ?? '', kind: seeds.get(seed)!.kind },
        };
      }),
    };
  }
}
