import type { CatalogMovie } from './types';

/**
 * What kind of title a catalog entry is, from its own fields, so that every list (the
 * recommender's "more like this", "For you", popular lately, the chat's picks) keeps to feature
 * films unless the person asked from one of the other kinds.
 */

/** Under this runtime (minutes) a title is a short. An unknown runtime is not taken as short. */
export const FEATURE_MIN_MINUTES = 40;
/** TMDB's "TV Movie" genre: TV films and specials. */
export const TV_MOVIE_GENRE = 10770;
/** Below this many votes a title is obscure: too few people saw it to recommend it after a known film. */
export const WELL_KNOWN_VOTES = 50;
/** Below this many votes a title is never recommended at all (it can still be a seed). */
export const MIN_VOTES_TO_RECOMMEND = 10;

type KindFields = Pick<CatalogMovie, 'runtime' | 'genre_ids' | 'vote_count'>;

export const isShort = (m: KindFields): boolean =>
  m.runtime !== null && m.runtime > 0 && m.runtime < FEATURE_MIN_MINUTES;
export const isTvMovie = (m: KindFields): boolean => m.genre_ids.includes(TV_MOVIE_GENRE);
export const isObscure = (m: KindFields): boolean => m.vote_count < WELL_KNOWN_VOTES;

/** A feature film people know: not a short, not a TV movie or special, at least WELL_KNOWN_VOTES votes. */
export const isFeatureFilm = (m: KindFields): boolean => !isShort(m) && !isTvMovie(m) && !isObscure(m);

/**
 * May `cand` be recommended after `seed`? Never below MIN_VOTES_TO_RECOMMEND; a short, a TV
 * movie or an obscure title only after a seed of the same kind (a short after a short, a TV
 * special after a TV special, an obscure film after an obscure one). A member of the seed's own
 * franchise (`sameFranchise`) may be obscure: being a sequel is the reason to show it (Rasen after
 * Ringu), but a franchise's shorts and TV specials still stay out after a feature.
 */
export function fitsAfter(
  seed: KindFields,
  cand: KindFields,
  opts: { sameFranchise?: boolean } = {},
): boolean {
  if (cand.vote_count < MIN_VOTES_TO_RECOMMEND) return false;
  if (isShort(cand) && !isShort(seed)) return false;
  if (isTvMovie(cand) && !isTvMovie(seed)) return false;
  if (isObscure(cand) && !isObscure(seed) && !opts.sameFranchise) return false;
  return true;
}
