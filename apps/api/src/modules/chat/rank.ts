import type { CatalogMovie } from '@app/catalog';
import { setImmediate as nextTask } from 'node:timers/promises';
import { GENRES } from '@app/contracts';
import { GENRE } from './understand/lexicon';

/** Each TMDB genre's place in a per-genre array. */
const GENRE_SLOT: ReadonlyMap<number, number> = new Map(GENRES.map((g, i) => [g.id, i]));

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

/** Films a keyword must be on before it says anything about a genre (fewer: the genre's own share). */
const TYPICAL_SMOOTHING = 5;

/**
 * How typical of a genre a film's story is, from the catalog itself: the share of films with each of
 * its keywords that have the genre (leaving the film out, smoothed towards the genre's share), over
 * the genre's share. TMDB tags The Green Mile Fantasy first and Citizen Kane Mystery first, but
 * "death row" and "newspaper" are rarely fantasy or mystery keywords, while "elves" and "wizard"
 * nearly always are: a friend asked for "a fantasy film" names The Lord of the Rings. Given as
 * the film's place among the genre's well-known films (0..1), 0.5 for a film without keywords.
 */
export class GenreTypicality {
  /** Per keyword (counted on first use): how many films carry it, then how many of them have each genre. */
  private readonly counts = new Map<string, Uint32Array>();
  /** Each genre's share of the keyword index's films (made on first use). */
  private share: Float64Array | undefined;
  /** Per genre, the sorted typicality of its well-known films (made on first use). */
  private readonly spread = new Map<number, Float64Array>();

  constructor(
    /** The films of each keyword (the chat's keyword index). */
    private readonly byKeyword: ReadonlyMap<string, ReadonlySet<number>>,
    /** The films the keyword index holds. */
    private readonly indexed: () => Iterable<CatalogMovie>,
    private readonly genresOf: (id: number) => readonly number[] | undefined,
    /** The films a genre's spread is measured over (the well-known ones). */
    private readonly reference: () => Iterable<CatalogMovie>,
  ) {}

  private shares(): Float64Array {
    if (this.share) return this.share;
    const share = new Float64Array(GENRE_SLOT.size);
    let films = 0;
    for (const m of this.indexed()) {
      films++;
      for (const g of m.genre_ids) {
        const slot = GENRE_SLOT.get(g);
        if (slot !== undefined) share[slot]!++;
      }
    }
    for (let i = 0; i < share.length; i++) share[i] = (share[i]! + 1) / (films + 1);
    return (this.share = share);
  }

  private countsOf(k: string): Uint32Array | undefined {
    let c = this.counts.get(k);
    if (c) return c;
    const ids = this.byKeyword.get(k);
    if (!ids) return undefined;
    c = new Uint32Array(GENRE_SLOT.size + 1);
    for (const id of ids) {
      c[0]!++;
      for (const g of this.genresOf(id) ?? []) {
        const slot = GENRE_SLOT.get(g);
        if (slot !== undefined) c[slot + 1]!++;
      }
    }
    this.counts.set(k, c);
    return c;
  }

  /** The film's keywords' lift for the genre (1: as often the genre as any film), or null without keywords. */
  lift(m: CatalogMovie, genre: number): number | null {
    const slot = GENRE_SLOT.get(genre);
    if (slot === undefined) return null;
    const prior = this.shares()[slot]!;
    const own = m.genre_ids.includes(genre) ? 1 : 0;
    let sum = 0;
    let n = 0;
    for (const k of m.keywords) {
      const c = this.countsOf(k);
      if (!c) continue;
      // Left out: the film itself, when it is among the keyword's films.
      const self = this.byKeyword.get(k)!.has(m.id) ? 1 : 0;
      sum += (c[slot + 1]! - own * self + TYPICAL_SMOOTHING * prior) / (c[0]! - self + TYPICAL_SMOOTHING);
      n++;
    }
    return n === 0 ? null : sum / n / prior;
  }

  /** The genre's spread (made on first use, or by `prepare`). */
  private spreadOf(genre: number): Float64Array {
    let sorted = this.spread.get(genre);
    if (!sorted) {
      const lifts: number[] = [];
      for (const f of this.reference()) {
        if (!f.genre_ids.includes(genre)) continue;
        const l = this.lift(f, genre);
        if (l !== null) lifts.push(l);
      }
      sorted = Float64Array.from(lifts).sort();
      this.spread.set(genre, sorted);
    }
    return sorted;
  }

  /** Every genre's spread made now (a server, once listening), each in a task of its own. */
  async prepare(): Promise<void> {
    for (const genre of GENRE_SLOT.keys()) {
      await nextTask();
      this.spreadOf(genre);
    }
  }

  /** 0..1: the film's place among the genre's well-known films by lift; 0.5 when it has no keywords. */
  of(m: CatalogMovie, genre: number): number {
    const x = this.lift(m, genre);
    if (x === null) return 0.5;
    const sorted = this.spreadOf(genre);
    if (sorted.length === 0) return 0.5;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo / sorted.length;
  }
}

/**
 * How much of a genre's weight is how typical of it the film is (GenreTypicality), the rest its
 * place in the film's genre list. 0.5 (decision 0139): over every development set, turns with an
 * obvious pick 3,279 → 3,284 of 4,502 and obvious films named 7,222 → 7,310 (0.7: 3,279 and 7,287),
 * expectations met unchanged.
 */
export const TYPICAL_SHARE = 0.5;
/** How much a genre counts by its place in a film's genre list (TMDB lists the main one first). */
const PLACE_WEIGHT = [1, 0.7, 0.45, 0.3, 0.2];

/**
 * How central the genres asked for are to a film, 0..1: "a comedy" is first of all a comedy
 * (Superbad: Comedy) rather than an animated family adventure that is also funny (Up: Animation,
 * Comedy, Family, Adventure). 0 when no genre was asked for. With `typical`, half of it is how
 * typical of the genre the film is (decision 0139: The Lord of the Rings before The Green Mile).
 */
export function genreFocus(
  m: CatalogMovie,
  groups: readonly (readonly number[])[],
  typical?: GenreTypicality,
): number {
  if (groups.length === 0) return 0;
  let sum = 0;
  for (const group of groups) {
    let best = 0;
    m.genre_ids.forEach((g, i) => {
      if (!group.includes(g)) return;
      const place = PLACE_WEIGHT[i] ?? 0.1;
      const x = typical ? (1 - TYPICAL_SHARE) * place + TYPICAL_SHARE * typical.of(m, g) : place;
      best = Math.max(best, x);
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

/**
 * −1..0: how much of a kind nobody asked for the film is (animation, family, documentary, music).
 * For a child the family kind is the one meant (2): a friend names Home Alone and Zootopia for a
 * ten-year-old's sleepover before The Lord of the Rings, which suits a child too.
 */
export function unaskedKind(
  m: CatalogMovie,
  asked: ReadonlySet<number>,
  child: boolean,
  seed: CatalogMovie | null,
): number {
  if (child) return m.genre_ids.includes(GENRE.family) ? 2 : 0;
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
