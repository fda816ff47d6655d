import type { CatalogMovie } from '@app/catalog';
import { GENRE } from './understand/lexicon';

/**
 * What a film lover weighs besides fit (decision 0087): how well known a film is for its time and
 * how well loved it is. Each is on a 0..1-ish scale so that retrieval can weigh them against fit.
 */

/** The mean vote average of the catalog's films with 10+ votes (6.17): a rating is shrunk towards it. */
export const RATING_PRIOR = 6.2;
/** Votes a rating is worth when shrinking it (Bayesian): 150 votes move it halfway. */
export const RATING_WEIGHT = 150;

/** The vote average shrunk towards the catalog's mean by its votes (Bayesian). */
export function lovedRating(m: CatalogMovie, prior = RATING_PRIOR, weight = RATING_WEIGHT): number {
  return (m.vote_count * m.vote_average + weight * prior) / (m.vote_count + weight);
}

/** Below this many votes a film is unknown (fame 0). */
const FAME_FLOOR = 10;
/** The share of a decade's films a "very famous" film is above (its 99.5th percentile of votes). */
const FAME_TOP = 0.995;
/** A decade with few films still needs this many votes for fame 1. */
const FAME_MIN_REFERENCE = 300;

const decadeOf = (m: CatalogMovie) => {
  const y = Number(m.release_date?.slice(0, 4));
  return Number.isFinite(y) && y > 0 ? Math.floor(y / 10) * 10 : 0;
};

/**
 * Fame relative to the film's era, on a log scale: 0 at 10 votes, 1 at the votes of the decade's
 * best-known films (its 99.5th percentile: 1,412 in the 1940s, 4,574 in the 2000s), so that The
 * Maltese Falcon's 1,000 votes in 1941 count as much as Superbad's 2,150 in 2007. Capped at 1.1.
 */
export class EraFame {
  private readonly reference = new Map<number, number>();
  /** Each collection's best-known film (by votes): the one a friend names first. */
  private readonly heads = new Map<number, CatalogMovie>();

  constructor(films: Iterable<CatalogMovie>) {
    const byDecade = new Map<number, number[]>();
    for (const m of films) {
      const c = m.collection?.id;
      if (c !== undefined && (this.heads.get(c)?.vote_count ?? -1) < m.vote_count) this.heads.set(c, m);
      const d = decadeOf(m);
      let list = byDecade.get(d);
      if (!list) byDecade.set(d, (list = []));
      list.push(m.vote_count);
    }
    for (const [d, votes] of byDecade) {
      votes.sort((a, b) => a - b);
      const top = votes[Math.min(votes.length - 1, Math.floor(votes.length * FAME_TOP))] ?? 0;
      this.reference.set(d, Math.max(FAME_MIN_REFERENCE, top));
    }
  }

  /** The votes that make a film of this decade very famous. */
  referenceFor(decade: number): number {
    return this.reference.get(decade) ?? FAME_MIN_REFERENCE;
  }

  /**
   * 1 for a film of a collection that is not its best-known one (a sequel, a later remake), else 0
   * (decision 0096): asked for "films like Inception", a friend names The Matrix, not its sequel.
   */
  follower(m: CatalogMovie): number {
    const c = m.collection?.id;
    return c !== undefined && this.heads.get(c) !== undefined && this.heads.get(c)!.id !== m.id ? 1 : 0;
  }

  fame(m: CatalogMovie): number {
    const ref = this.referenceFor(decadeOf(m));
    const x =
      (Math.log1p(m.vote_count) - Math.log1p(FAME_FLOOR)) / (Math.log1p(ref) - Math.log1p(FAME_FLOOR));
    return Math.max(0, Math.min(1.1, x));
  }
}

/** How much a genre counts by its place in a film's genre list (TMDB lists the main one first). */
const PLACE_WEIGHT = [1, 0.7, 0.45, 0.3, 0.2];

/**
 * How central the genres asked for are to a film, 0..1: "a comedy" is first of all a comedy
 * (Superbad: Comedy) rather than an animated family adventure that is also funny (Up: Animation,
 * Comedy, Family, Adventure). 0 when no genre was asked for.
 */
export function genreFocus(m: CatalogMovie, groups: readonly (readonly number[])[]): number {
  if (groups.length === 0) return 0;
  let sum = 0;
  for (const group of groups) {
    let best = 0;
    m.genre_ids.forEach((g, i) => {
      if (group.includes(g)) best = Math.max(best, PLACE_WEIGHT[i] ?? 0.1);
    });
    sum += best;
  }
  return sum / groups.length;
}

/**
 * Kinds of film a person does not mean unless they say so: asked for "a comedy from the 2000s", a
 * friend names Superbad before Ratatouille. A small weight against them (never a filter).
 */
const UNASKED_KINDS: readonly number[] = [GENRE.animation, GENRE.family, GENRE.documentary, GENRE.music];

/** −1..0: how much of a kind nobody asked for the film is (animation, family, documentary, music). */
export function unaskedKind(
  m: CatalogMovie,
  asked: ReadonlySet<number>,
  child: boolean,
  seed: CatalogMovie | null,
): number {
  if (child) return 0;
  let x = 0;
  for (const g of UNASKED_KINDS) {
    if (asked.has(g) || seed?.genre_ids.includes(g)) continue;
    if (m.genre_ids.includes(g)) x -= g === GENRE.animation || g === GENRE.documentary ? 1 : 0.5;
  }
  return Math.max(-1, x);
}

/**
 * Decision 0119: 1 for a comedy-drama when a comedy was asked for and drama was not ("a 90s comedy",
 * "a comedy, no romance"): a friend names The Big Lebowski before Forrest Gump or Life Is Beautiful,
 * which are comedies as much as dramas. 0 for a mood's genres (a feel-good drama is feel-good) and
 * when a film was named (its own genres are asked).
 */
export function dramedy(m: CatalogMovie, comedyAsked: boolean, asked: ReadonlySet<number>): number {
  return comedyAsked && !asked.has(GENRE.drama) && m.genre_ids.includes(GENRE.drama) ? 1 : 0;
}
