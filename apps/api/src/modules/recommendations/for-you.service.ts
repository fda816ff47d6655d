import {
  FOR_YOU_LIMIT,
  RECOMMEND_USER_MAX_EXCLUDE,
  RECOMMEND_USER_MAX_ITEMS,
  type ForYouReason,
  type ForYouResponse,
  type RecommendedMovie,
} from '@app/contracts';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import {
  RecommendationsPreparingError,
  type RecommenderClient,
} from '../../integrations/recommender/recommender-client';
import { UpstreamError } from '../../lib/errors';
import type { MovieSource } from '../catalog/movie-source';
import { readUserSignals, type Signal, type SignalKind } from '../library/signals.repository';
import { readFriendLoves } from './friend-loves.repository';
import { blendFriends, FOR_YOU, friendScores, rankForYou, type FriendSignal } from '@app/contracts/for-you';
import { ratingWeight, SIGNAL_WEIGHTS } from '@app/contracts/signals';

/** Seeds used: the user's most recent distinct films with a signal. */
export const MAX_SEEDS = 12;

type HistoryFilm = { kind: ForYouReason['kind']; weight: number; timestamp: number };

/** Each film's rating, if the user rated it: a rating alone decides that film's weight and kind. */
const ratingsOf = (signals: Signal[]) =>
  new Map(signals.flatMap((s) => (s.kind === 'rated' ? [[s.item, s.rating ?? 3] as const] : [])));

/** What one signal says about its film, given the film's rating (if any). */
function signalWeight(s: Signal, rating: number | undefined): { kind: ForYouReason['kind']; weight: number } {
  if (rating !== undefined) return { kind: 'rated', weight: ratingWeight(rating) };
  const kind = s.kind as Exclude<SignalKind, 'rated'>;
  return { kind: kind === 'diary' ? 'watched' : kind, weight: SIGNAL_WEIGHTS[kind] };
}

/** Cards with the film of the user's that brought each (its title and what they did with it). */
function withReasons(
  cards: RecommendedMovie[],
  picks: Map<number, { because: number; popular?: boolean }>,
  titleOf: Map<number, string>,
  kindOf: (id: number) => ForYouReason['kind'],
): ForYouResponse {
  return {
    results: cards.map((c) => {
      const { because, popular } = picks.get(c.id)!;
      return {
        ...c,
        because: {
          tmdb_id: because,
          title: titleOf.get(because) ?? '',
          kind: kindOf(because),
          ...(popular ? { popular: true as const } : {}),
        },
      };
    }),
  };
}

/**
 * A history as `POST /recommend/user` takes it: every film with its strongest signal's weight (a
 * rating decides alone) and newest time; the newest RECOMMEND_USER_MAX_ITEMS films with a weight
 * are sent, and the films left (newest first) are excluded up to RECOMMEND_USER_MAX_EXCLUDE: past
 * that the contract refuses the body, and picks already in the library are dropped afterwards anyway.
 */
export function historyQuery(signals: Signal[]): {
  films: Map<number, HistoryFilm>;
  items: { tmdbId: number; weight: number; timestamp: number }[];
  exclude: number[];
} {
  const rated = ratingsOf(signals);
  const films = new Map<number, HistoryFilm>();
  for (const s of signals) {
    const { kind, weight } = signalWeight(s, rated.get(s.item));
    const before = films.get(s.item);
    if (!before) films.set(s.item, { kind, weight, timestamp: s.timestamp });
    else {
      if (weight > before.weight) Object.assign(before, { kind, weight });
      before.timestamp = Math.max(before.timestamp, s.timestamp);
    }
  }
  const newest = [...films].sort((a, b) => b[1].timestamp - a[1].timestamp || a[0] - b[0]);
  const items = newest
    .filter(([, f]) => f.weight !== 0)
    .slice(0, RECOMMEND_USER_MAX_ITEMS)
    .map(([tmdbId, f]) => ({ tmdbId, weight: f.weight, timestamp: f.timestamp }));
  const sent = new Set(items.map((i) => i.tmdbId));
  // Films beyond the newest RECOMMEND_USER_MAX_ITEMS are still left out of the row.
  const exclude = newest
    .filter(([id]) => !sent.has(id))
    .slice(0, RECOMMEND_USER_MAX_EXCLUDE)
    .map(([id]) => id);
  return { films, items, exclude };
}

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
    const [signals, friends] = await Promise.all([
      readUserSignals(this.db, userId),
      readFriendLoves(this.db, userId),
    ]);
    const own = signals.length ? await this.fromOwnFilms(signals) : { results: [] };
    return friends.length ? this.withFriends(own, friends, new Set(signals.map((s) => s.item))) : own;
  }

  private async fromOwnFilms(signals: Signal[]): Promise<ForYouResponse> {
    const whole = await this.fromHistory(signals).catch((err: unknown) => {
      // The service cannot rank a history (down, loading, an older version): the per-film lists.
      if (err instanceof UpstreamError) return null;
      throw err;
    });
    return whole ?? this.fromRecentFilms(signals);
  }

  /**
   * What the people the user follows love (decision 0095), blended into the row (`blendFriends`):
   * their films as candidates, and a score term on the user's own picks; nothing already in the
   * user's library. A card says "Because ana rated it 5 stars" where the friend counts most.
   */
  private async withFriends(
    own: ForYouResponse,
    signals: FriendSignal[],
    known: ReadonlySet<number>,
  ): Promise<ForYouResponse> {
    const scores = friendScores(signals, Date.now() / 1000);
    for (const id of known) scores.delete(id);
    const blended = blendFriends(
      own.results.map((c) => c.id),
      scores,
      new Set(known),
      { limit: FOR_YOU_LIMIT },
    );
    const cards = new Map<number, RecommendedMovie>(own.results.map((c) => [c.id, c]));
    const reasons = new Map(own.results.map((c) => [c.id, c.because]));
    const fresh = blended.filter((p) => !cards.has(p.item)).map((p) => p.item);
    for (const c of await hydrate(this.source, fresh)) cards.set(c.id, c);
    return {
      results: blended.flatMap((p) => {
        const card = cards.get(p.item);
        if (!card) return [];
        const f = scores.get(p.item);
        const movie: RecommendedMovie = {
          id: card.id,
          title: card.title,
          poster_path: card.poster_path,
          vote_average: card.vote_average,
          ...(card.release_date ? { release_date: card.release_date } : {}),
        };
        const because: ForYouReason =
          p.byFriend && f
            ? {
                tmdb_id: card.id,
                title: card.title,
                kind: 'friend',
                friend: { username: f.friend, rating: f.rating },
              }
            : reasons.get(p.item)!;
        return [{ ...movie, because }];
      }),
    };
  }

  /**
   * The whole history to the service's `POST /recommend/user` (decision 0027): every film with its
   * strongest signal's weight (a rating decides alone, a low one counts against) and its newest
   * time; everything in the library is left out; `because` is the film that contributed most.
   */
  private async fromHistory(signals: Signal[]): Promise<ForYouResponse> {
    const { films, items, exclude } = historyQuery(signals);
    if (!items.some((i) => i.weight > 0)) return { results: [] };
    const picks = await this.recommender.recommendUser({ items, top_n: FOR_YOU_LIMIT, exclude });
    // Only picks whose reason is a film the user has a positive signal for (the service's contract).
    const shown = picks.filter((p) => (films.get(p.because)?.weight ?? 0) > 0 && !films.has(p.tmdbId));
    const reasons = [...new Set(shown.map((p) => p.because))];
    const [cards, reasonMovies] = await Promise.all([
      hydrate(
        this.source,
        shown.map((p) => p.tmdbId),
      ),
      Promise.all(reasons.map((id) => this.source.movie(id).catch(() => null))),
    ]);
    return withReasons(
      cards,
      new Map(shown.map((p) => [p.tmdbId, p])),
      new Map(reasons.map((id, i) => [id, reasonMovies[i]?.title ?? ''])),
      (id) => films.get(id)!.kind,
    );
  }

  /** The fallback (and the path before decision 0027): neighbours of the 12 most recent films. */
  private async fromRecentFilms(signals: Signal[]): Promise<ForYouResponse> {
    const known = new Set(signals.map((s) => s.item));
    // Strongest signal per film, newest films first.
    const seeds = new Map<number, { kind: ForYouReason['kind']; weight: number }>();
    // A rating says more than any implicit signal of the same film: it alone decides its weight.
    const rated = ratingsOf(signals);
    for (const s of signals) {
      const { kind, weight: w } = signalWeight(s, rated.get(s.item));
      if (w <= 0) continue;
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
    if (lists.every((l) => !Array.isArray(l))) {
      // The service's first model is still being prepared: say so (the row asks again), not "none".
      const preparing = lists.find((l) => l instanceof RecommendationsPreparingError);
      if (preparing) throw preparing;
      if (lists.some((l) => l instanceof UpstreamError))
        throw new UpstreamError('Recommendations are unavailable right now.');
    }
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
    const cards = await hydrate(
      this.source,
      picks.map((p) => p.item),
    );
    return withReasons(
      cards,
      new Map(picks.map((p) => [p.item, p])),
      new Map(seedIds.map((id, i) => [id, seedMovies[i]?.title ?? ''])),
      (id) => seeds.get(id)!.kind,
    );
  }
}
