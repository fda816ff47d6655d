import { FOR_YOU_LIMIT, type ForYouReason, type ForYouResponse, type RecommendedMovie } from '@app/contracts';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { RecommenderClient } from '../../integrations/recommender/recommender-client';
import { UpstreamError } from '../../lib/errors';
import type { MovieSource } from '../catalog/movie-source';
import { readUserSignals, type SignalKind } from '../library/signals.repository';
import { FOR_YOU, rankForYou } from '@app/recommender/for-you';

/** How much each kind of signal says about taste ("want to watch" is a weaker hint than a like). */
export const SEED_WEIGHTS: Record<Exclude<SignalKind, 'rated'>, number> = {
  like: 1,
  watched: 0.9,
  diary: 0.9,
  playlist: 0.7,
  want_to_watch: 0.3,
};
/**
 * A rating's weight (the recommender uses the same scale): 4.5 and 5 stars weigh more than a like,
 * 3 stars little, 2.5 and below count against (such a film is never a seed).
 */
export const ratingWeight = (rating: number): number =>
  rating >= 3 ? 0.4 + (rating - 3) * 0.55 : (rating - 3) * 0.5;
/** Seeds used: the user's most recent distinct films with a signal. */
export const MAX_SEEDS = 12;

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
 * films, summed with each seed's weight and a rank discount, blended with the service's
 * popular-lately prior within the user's genres (`rankForYou`, the same function the
 * recommender's evaluation scores), without anything already in their library; each pick says
 * which of their films brought it (no seed brings more than its share).
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
    const seeds = new Map<number, { kind: ForYouReason['kind']; weight: number }>();
    // A rating says more than any implicit signal of the same film: it alone decides its weight.
    const rated = new Map(
      signals.flatMap((s) => (s.kind === 'rated' ? [[s.item, s.rating ?? 3] as const] : [])),
    );
    for (const s of signals) {
      const rating = rated.get(s.item);
      const w =
        rating !== undefined ? ratingWeight(rating) : SEED_WEIGHTS[s.kind as Exclude<SignalKind, 'rated'>];
      if (w <= 0) continue;
      const kind =
        rating !== undefined ? 'rated' : s.kind === 'diary' ? 'watched' : (s.kind as ForYouReason['kind']);
      const before = seeds.get(s.item);
      if (!before && seeds.size >= MAX_SEEDS) continue;
      if (!before || w > before.weight) seeds.set(s.item, { kind, weight: w });
    }
    if (!seeds.size) return { results: [] };
    const seedIds = [...seeds.keys()];
    // One batch: each seed's neighbours, the popular-lately prior, and the seeds themselves (genres, titles).
    const [lists, trending, seedMovies] = await Promise.all([
      Promise.all(
        seedIds.map((id) => this.recommender.recommend(id, FOR_YOU.perSeed).catch((err: unknown) => err)),
      ),
      // The prior is a refinement: without it the row is the neighbours alone.
      this.recommender.trending(FOR_YOU.trendingPool).catch(() => []),
      Promise.all(seedIds.map((id) => this.source.movie(id).catch(() => null))),
    ]);
    if (lists.every((l) => !Array.isArray(l)) && lists.some((l) => l instanceof UpstreamError))
      throw new UpstreamError('Recommendations are unavailable right now.');
    const picks = rankForYou(
      seedIds.map((id, i) => ({
        item: id,
        weight: seeds.get(id)!.weight,
        genres: seedMovies[i]?.genres.map((g) => g.id) ?? [],
      })),
      lists.map((l) => (Array.isArray(l) ? (l as { tmdbId: number }[]).map((r) => r.tmdbId) : null)),
      trending.map((t) => ({ item: t.tmdbId, score: t.score, genres: t.genres })),
      known,
      { limit: FOR_YOU_LIMIT },
    );
    const byId = new Map(picks.map((p) => [p.item, p]));
    const cards = await hydrate(
      this.source,
      picks.map((p) => p.item),
    );
    const titleOf = new Map(seedIds.map((id, i) => [id, seedMovies[i]?.title ?? '']));
    return {
      results: cards.map((c) => {
        const { because, popular } = byId.get(c.id)!;
        return {
          ...c,
          because: {
            tmdb_id: because,
            title: titleOf.get(because) ?? '',
            kind: seeds.get(because)!.kind,
            ...(popular ? { popular: true } : {}),
          },
        };
      }),
    };
  }
}
