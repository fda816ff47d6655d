/**
 * What a person did with a film, as the library records it and the recommender learns from it:
 * a like, a watched mark, a playlist entry, a weaker "want to watch", a rating (with its value) or
 * a dated viewing in the diary. One definition for the API (For You seeds) and the recommendation
 * service (its training matrix), so the two cannot drift apart.
 */
export type SignalKind = 'like' | 'watched' | 'playlist' | 'want_to_watch' | 'rated' | 'diary';

/** How much a signal says the person liked the film (an export without kinds counts as likes). */
export const SIGNAL_WEIGHTS: Readonly<Record<Exclude<SignalKind, 'rated'>, number>> = {
  like: 1,
  watched: 1,
  diary: 1,
  playlist: 0.8,
  want_to_watch: 0.3,
};

/**
 * A half-star rating's weight: 4.5 and 5 stars weigh more than a like, 3 stars little, 2.5 and
 * below count against the film (a negative weight).
 */
export const ratingWeight = (rating: number): number =>
  rating >= 3 ? 0.4 + (rating - 3) * 0.55 : (rating - 3) * 0.5;
