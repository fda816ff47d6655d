import { isShort, isTvMovie, type CatalogIndex, type CatalogMovie, type SemanticIndex } from '@app/catalog';
import { GENRE, MOODS, NAMES_NOT_SUBJECTS, STUDIOS } from './understand/lexicon';
import { groupKey, withinRuntimeMax, type Query } from './understand/query';
import { Lru } from './lru';
import {
  directionOf,
  directionRulesOut,
  directionScore,
  KEYWORD_FAMILIES,
  LIGHT_TONE,
  GENRE_THEMES,
  SAME_THEME,
  withinKind,
  type Direction,
} from './directions';
import { NEIGHBOUR_COUNT } from './neighbours';
import { KEYWORD_MIN_VOTES } from './keyword-index';
import {
  dramedy,
  EraFame,
  genreFocus,
  GenreTypicality,
  lovedRating,
  RATING_PRIOR,
  unaskedKind,
} from './rank';
import { stemmer } from 'stemmer';
import { setImmediate as nextTask } from 'node:timers/promises';
import { TextIndex } from './text-index';

/** Genres no film for a child has unless it is also a family film (Query.childAge). */
/** Shared empty lists for a film's matches when nothing is asked of it (never changed). */
const NONE: readonly number[] = Object.freeze([]);
const NO_WORDS = Object.freeze([]) as unknown as string[];

const NOT_FOR_CHILDREN = new Set<number>([GENRE.horror, GENRE.thriller, GENRE.crime, GENRE.war]);

/** The oldest age for which only family films will do. */
const YOUNG_CHILD = 8;
/**
 * The oldest age for which only animated family films will do: TMDB tags Harry Potter and the
 * Deathly Hallows and Back to the Future "Family" too, and nothing else in the catalog tells a
 * film for a four year old from one for a twelve year old.
 */
const PRESCHOOL = 5;

/**
 * Catalog keywords that mark a film as grown-up whatever its genres: violence and sex or drugs on
 * screen (the `violent` and `adult` families of directions.ts), a serial killer, a dark comedy. Of
 * the films with 100 votes or more, a family film has one of them in about 1 case of 200.
 */
const GROWN_UP_KEYWORDS: ReadonlySet<string> = new Set([
  ...KEYWORD_FAMILIES.violent,
  ...KEYWORD_FAMILIES.adult,
  'serial killer',
  'dark comedy',
]);
/** Genres that give a frightening or violent film a light side a child can share (Gremlins, Goosebumps). */
const LIGHT_SIDE = new Set<number>([
  GENRE.fantasy,
  GENRE.adventure,
  GENRE.family,
  GENRE.animation,
  GENRE.scifi,
]);
/**
 * The youngest age each US certification suits (a synced film's own rating, decision 0129): G and
 * PG any child, PG-13 from 10 (the age parents most often allow it, three years before its letter),
 * R and NC-17 no child.
 */
const CERTIFICATION_AGE: Readonly<Record<string, number>> = { G: 0, PG: 0, 'PG-13': 10, R: 18, 'NC-17': 18 };

/**
 * A film for a child of `age`. A synced film's certification rules out what it rates above the
 * age; then up to 5 an animated family film (a family film when animation is ruled out), up to 8 a
 * family film; from 9 on, also one with nothing grown-up: none of the genres above unless it is a
 * comic horror film with a light side (Gremlins, Goosebumps), and no grown-up keyword (an
 * adventure film for a 10 year old need not be tagged Family; The Hangover is not one).
 */
export function forChildren(m: CatalogMovie, age: number, animationOut = false): boolean {
  const rated = m.certification ? CERTIFICATION_AGE[m.certification] : undefined;
  if (rated !== undefined && rated > age) return false;
  const family = m.genre_ids.includes(GENRE.family);
  // "not animated this time": a family film, whatever the age.
  if (age <= PRESCHOOL && !animationOut) return family && m.genre_ids.includes(GENRE.animation);
  if (family) return true;
  if (age <= YOUNG_CHILD) return false;
  if (m.keywords.some((k) => GROWN_UP_KEYWORDS.has(k))) return false;
  const grownUp = m.genre_ids.filter((g) => NOT_FOR_CHILDREN.has(g));
  if (grownUp.length === 0) return true;
  // A comic horror film with a light side; never a crime, thriller or war film.
  const light = m.genre_ids.includes(GENRE.comedy) && m.genre_ids.some((g) => LIGHT_SIDE.has(g));
  return light && grownUp.every((g) => g === GENRE.horror);
}

/**
 * Feature films only, unless asked: no shorts, no TV movies (the catalog's kind rule, shared with
 * the recommender's lists: `@app/catalog` kind.ts).
 */
export { FEATURE_MIN_MINUTES } from '@app/catalog';

export interface Scored {
  movie: CatalogMovie;
  /** The user's theme keywords this film has. */
  matched: string[];
  /** Keywords of the asked mood this film has ("grief" for a sad film). */
  moodMatched?: string[];
  /** Semantic closeness to the message's themes, 0..1 (0 when not used). */
  semantic: number;
  /** Closeness to the named film, 0..1. */
  similarity: number;
}

export interface Retrieval {
  picks: Scored[];
  /** Constraints dropped to find enough films, in words for the reply. */
  relaxed: string[];
}

export interface RetrieveInput {
  exclude: ReadonlySet<number>;
  seed: CatalogMovie | null;
  /** Further films liked beside the seed ("like Memento or Inception"): as close to any counts. */
  alsoSeeds?: readonly CatalogMovie[];
  /** Neighbours from the recommendation service (id → rank), when it answered. */
  neighbours: Map<number, number> | null;
  /** Films of a named person, best known first (live mode). */
  personPool?: CatalogMovie[] | null;
  /** The last picks, when a comparative follow-up keeps their subject ("less scary" after horror films). */
  anchor?: readonly number[];
  count?: number;
}

const year = (m: CatalogMovie) => (m.release_date ? Number(m.release_date.slice(0, 4)) : NaN);

/** Over this runtime (minutes) a catalog entry is a series cut together, not a film (Band of Brothers: 705). */
export const SERIES_MIN_MINUTES = 300;
/** Themes ruled out remembered (expanded keywords, films most about each): the least recent go. */
export const THEME_CACHE_MAX = 2_000;
const SERIES_KEYWORDS = new Set(['miniseries', 'tv series', 'tv mini-series', 'tv episode', 'web series']);
const SERIES_TEXT =
  /\b(?:mini-?series|tv series|television series|(?:six|four|three|two|eight|ten)-part|episodes?)\b/i;
/**
 * A TV miniseries or series stored as one title: a TV keyword, a runtime no feature has, or a
 * summary that says so. Offered only when asked for ("a miniseries", "a TV movie").
 */
export const isSeries = (m: CatalogMovie): boolean =>
  (m.runtime ?? 0) > SERIES_MIN_MINUTES ||
  m.keywords.some((k) => SERIES_KEYWORDS.has(k)) ||
  ((m.runtime ?? 0) > 200 && SERIES_TEXT.test(m.overview));

/** Quality for ranking: the vote average shrunk towards 6.2 when few people voted. */
export function bayesianRating(m: CatalogMovie, prior = 6.2, weight = 300): number {
  return (m.vote_count * m.vote_average + weight * prior) / (m.vote_count + weight);
}

const DARK_GENRES: Record<number, number> = {
  [GENRE.horror]: 1,
  [GENRE.war]: 0.7,
  [GENRE.thriller]: 0.6,
  [GENRE.crime]: 0.5,
  [GENRE.mystery]: 0.3,
  [GENRE.drama]: 0.2,
  [GENRE.comedy]: -0.8,
  [GENRE.family]: -1,
  [GENRE.animation]: -0.7,
  [GENRE.music]: -0.5,
  [GENRE.romance]: -0.4,
  [GENRE.adventure]: -0.2,
};
/** Two keywords this close in meaning (cosine of their word vectors) are one theme to rule out. */
const KEYWORD_CLOSE = 0.75;
/** A theme ruled out this close in meaning to one asked for is ruled out by its keywords only. */
const ASKED_CLOSE = 0.4;
/**
 * Decision 0133: another form of an asked theme's word ("journalist" for "journalism", "boxer" for
 * "boxing", "deafness" for "deaf") counts for the theme as much as it is close in meaning to it, from
 * this closeness on (the vectors tell "training" from "train", "box" from "boxing"). The kinds of a
 * theme ("christmas party", "train crash", "ghost world") do not: they are often a scene in the film
 * rather than what it is about, and the word vectors cannot tell which.
 */
const FORM_CLOSE = 0.35;
/** The endings that make a word's other forms from its stem ("box" → "boxer", "journal" → "journalist"). */
const FORM_ENDINGS = ['', 'er', 'or', 'ist', 'ism', 'ian', 'ion'];
/** How far from a theme's median towards its 99th percentile a film must be to count as about it. */
const ABOUT_SHARE = 0.85;
const dot = (a: Float32Array, b: Float32Array) => {
  let x = 0;
  for (let i = 0; i < a.length; i++) x += a[i]! * b[i]!;
  return x;
};

/**
 * Whether a film is a studio's (`STUDIOS` key): its production companies, or for a comics house the
 * keyword TMDB gives its adaptations (Batman 1989 lists Warner Bros., and "dc comics").
 */
export function madeBy(m: CatalogMovie, studio: string): boolean {
  const re = STUDIOS[studio];
  if (re && m.production_companies.some((c) => re.test(c.name))) return true;
  const keyword = STUDIO_KEYWORDS[studio];
  return !!keyword && m.keywords.includes(keyword);
}
const STUDIO_KEYWORDS: Record<string, string> = {
  marvel: 'marvel comic',
  dc: 'dc comics',
  pixar: 'pixar animation',
};

/** How dark a film reads from its genres and keywords: about −1 (light) to +1 (dark). */
export function darkness(m: CatalogMovie): number {
  let d = 0;
  for (const g of m.genre_ids) d += DARK_GENRES[g] ?? 0;
  for (const k of m.keywords) d += KEYWORD_FAMILIES.dark.has(k) ? 0.25 : LIGHT_TONE.has(k) ? -0.25 : 0;
  return Math.max(-1.5, Math.min(1.5, d)) / 1.5;
}

/**
 * How well a film follows a direction (+1 darker, −1 lighter), −1..1. From a starting point (the
 * named film, the last picks) a film a clear step (0.3) that way scores fully: "lighter than Heat"
 * is an action comedy as much as a cartoon. Without one, the darker (lighter) the better.
 */
export function leaning(dir: number, d: number, from?: number): number {
  if (from === undefined) return dir * d;
  return Math.max(-1, Math.min(1, (dir * (d - from)) / 0.3));
}

/** Weights of a film's score (decision 0087; tuned on the development sets and own7.json). */
export const RANK_WEIGHTS = {
  /** Fit to the request, relative to the best-fitting film (saturating: see FIT_ENOUGH). */
  fit: 6,
  /**
   * Fame for its era (rank.ts EraFame, 0..1.1). 5 since decision 0098 (3 before): obvious pick
   * present fresh7 65.9% → 69.3%, fresh8 57.5% → 60.0%, own7 94.7% unchanged (chat:eval).
   */
  fame: 5,
  /**
   * Loved rating, per point above the catalog's mean (Bayesian, rank.ts lovedRating). 3.5 since
   * decision 0118 (1.5 before): a friend names the well-loved film of the kind first; first turns of
   * the development sets fresh7–14 with an obvious pick 330 → 342 of 490 (a plateau from 3.5 to 5.5).
   */
  rating: 3.5,
  /**
   * The asked genres' place in the film's genre list (rank.ts genreFocus, 0..1). 3 since decision
   * 0136 (1.5 before): a romance asked for is a film that is a romance first, not Forrest Gump;
   * obvious pick present over the development sets 3,107 → 3,121 of 4,314, expectations unchanged.
   */
  focus: 3,
  /**
   * A film outside a broad mood's genres (decision 0110: "feel-good", "epic", "mind-bending" rank by
   * their genres, they do not filter), per group it misses. Obvious pick present over the
   * development sets 298 → 300 of 456 (fresh10, fresh11), expectations met unchanged.
   */
  moodMiss: 1,
  /** A kind nobody asked for: animation, family, documentary, music (rank.ts unaskedKind, −1..0). */
  unasked: 1.5,
  /**
   * A film in a language nobody asked for, little known abroad, to someone writing in English
   * (`unaskedLanguage`, 0..1; decision 0134): obvious pick over the development sets 2,789 → 2,789
   * of 3,940, expectations 12,907 → 12,900 of 13,320; Dilwale Dulhania Le Jayenge (rated 9.1 by
   * 661 fans) no longer heads date-night and romance lists.
   */
  language: 4,
  /** A collection's film that is not its best-known one (rank.ts EraFame.follower, 0 or 1). */
  follower: 1,
  /**
   * A comedy-drama when a comedy was asked for (rank.ts dramedy, 0 or 1; decision 0119): obvious
   * pick present over the development sets 655 → 663 of 962 (0 → 2; 3.5 the same).
   */
  dramedy: 2,
  /** A soft direction ("less violent", "smarter": directions.ts), per unit of its score. */
  direction: 2.5,
  /** Darker or lighter (`Query.soft.dark`), per unit of `leaning`. */
  dark: 5,
  /** Funnier (`Query.soft.funny`): a comedy. */
  funny: 3,
  /**
   * The recommendation service's neighbours of the named film come first (whatever their fit); this
   * weighs their rank among themselves.
   */
  neighbour: 5,
} as const;

/** The share of a theme's well-known films in a language that makes the language the theme's own. */
const THEME_LANGUAGE_SHARE = 0.15;

/** The votes every film of a tone-filtered list has (`Retriever.toneFirst`). */
const TONE_MIN_VOTES = 100;

/** Weight of closeness to the last picks when the request has a subject of its own (else 4). */
const ANCHOR_WITH_SUBJECT = 1;

/** How much more the rating weighs when the request names one. */
export const RATING_ASKED = 2.5;

/**
 * A film this far from a typical candidate's fit to the best one counts as fitting fully: among
 * those, fame and love decide.
 */
export const FIT_ENOUGH = 0.8;

/**
 * The least spread of fit that counts as the whole range (a required keyword's worth): films that
 * all have the theme asked for and differ only a little in meaning all fit, and fame decides.
 */
const FIT_SPREAD_MIN = 2;

/** The least a film carrying every asked theme scores for fit, as a share of a full fit (0133). */
const CARRIED_FLOOR = -0.5;

/** Closeness to a vector over the films: its median and its 99th percentile. */
interface Scale {
  mid: number;
  top: number;
}

/** Closeness on its own scale, 0 at the median film, 1 at the top 1%. */
const scaled = (x: number, s: Scale) => Math.max(0, Math.min(1, (x - s.mid) / Math.max(1e-6, s.top - s.mid)));

/**
 * The fit of a typical candidate (the median) and of the best: fit counts from the typical one up,
 * so that a closeness every film has (the vectors of "the same day over and over" are near every
 * film's) does not count as fitting.
 */
function fitRange(found: readonly { fit: number }[]): [number, number] {
  if (found.length === 0) return [0, 0];
  const fits = found.map((c) => c.fit).sort((a, b) => a - b);
  return [fits[Math.floor(fits.length / 2)]!, fits[fits.length - 1]!];
}

/** A topic's text match counts as its share of the best score among films this well known (decision 0102). */
const TEXT_TOP_VOTES = 100;
/** What having one of the asked mood's keywords adds to fit (once, however many it has). */
export const MOOD_FIT = 1;
/**
 * Moods that name no kind of film, only their keywords ("trippy", "steamy"): such a mood is its
 * keywords, required as an asked theme is (relaxed the same way), or fame alone would pick among
 * all films ("something steamy": The Shawshank Redemption).
 */
const KEYWORD_MOODS = new Set(
  MOODS.filter((r) => !r.genres?.length && r.keywords?.length).map((r) => r.mood),
);

/**
 * A film must carry one of the mood's keywords: a mood of keywords alone, or an occasion's keywords
 * (decision 0160: "hosting a halloween party"), when no theme is asked.
 */
const moodRequired = (q: Query) =>
  q.moods.some((m) => KEYWORD_MOODS.has(m)) || (!!q.occasion && q.moodKeywords.length > 0);

/** What a full text match adds to fit: as much as a named film's closeness. */
const TEXT_FIT = 6;
/** The text's share of fit when the topic is a catalog keyword (the keyword carries it: 0133). */
const KEYWORD_TEXT_SHARE = 0.5;

/**
 * A film whose text matches the topic this strongly (of the best known film's score) stands in for
 * one with the theme's keyword ("a lighthouse keeper": The Light Between Oceans has no "lighthouse"
 * keyword; its summary is about a lighthouse keeper).
 */
const TEXT_ADMIT = 0.6;
// (A topic that is a catalog keyword admits by the keyword alone: its text only ranks, decision 0133.)
const textAdmits = (p: Plan, m: CatalogMovie) =>
  !!p.q.textWords?.length && (p.text?.get(m.id) ?? 0) >= TEXT_ADMIT;

/** "like X": how many of the closest films pass the gate (decision 0102). */
export const LIKE_GATE = 30;
/** What a film outside the gate loses: a full fit's worth (RANK_WEIGHTS.fit). */
const LIKE_GATE_PENALTY = 6;

/**
 * "like X" (decision 0102): fit is a gate before fame, as a person ranks: the LIKE_GATE closest
 * films to the named one (by fit) are the ones to choose among by fame and love; a famous film of
 * the same broad genre but little else in common (The Godfather for The Shawshank Redemption, Die
 * Hard for Inception) comes after them. The fit of the last film inside the gate, or null.
 */
function likeGate(found: readonly { fit: number }[]): number | null {
  if (found.length <= LIKE_GATE) return null;
  const fits = found.map((c) => c.fit).sort((a, b) => b - a);
  return fits[LIKE_GATE - 1]!;
}

/** A topic's gate (decision 0127): a film must fit at least this share of the best film's fit. */
const TOPIC_GATE_SHARE = 0.5;

/**
 * A topic only the films' own text can tell ("someone alone trying to survive against nature", "a
 * movie about a math genius", "movies set in tokyo"): no keyword asked for filters the pool, so
 * every film competed and a famous one that shared a word (The Godfather "barely survives") or
 * nothing at all (The Shawshank Redemption) outranked the films about it. Fit is a gate before fame
 * here too, as for "like X" (decision 0102): the films that fit at least TOPIC_GATE_SHARE as well as
 * the best one are those to choose among. The least fit inside the gate, or null (no such topic).
 */
function topicGate(found: readonly { fit: number }[], p: Plan): number | null {
  if (p.keywordsIn.length > 0 || !p.text) return null;
  let best = 0;
  for (const c of found) best = Math.max(best, c.fit);
  return best > 0 ? TOPIC_GATE_SHARE * best : null;
}

/** Closeness to several named films: to the closest of them ("like Memento or Inception"). */
function closestOf(each: ((b: CatalogMovie) => number)[]): (b: CatalogMovie) => number {
  if (each.length === 1) return each[0]!;
  return (b) => Math.max(...each.map((f) => f(b)));
}

/**
 * What the service's nearest neighbour adds to its closeness to the named film, its 50th nearly
 * nothing (`withNeighbours`). Over the development sets' 200 "like X" turns with obvious picks
 * (with the service): obvious pick present 108 → 119 at 0.6 (115 at 0.3; 120 taking the larger of
 * the two closenesses instead, which lost content-close picks: Atonement for The Notebook).
 */
export const NEIGHBOUR_CLOSENESS = 0.6;

/**
 * Closeness to the named film: the catalog's own (keywords, genres, meaning) and the recommendation
 * service's rank, added. The service learnt from what people watch together which films are alike
 * (Moneyball for The Social Network), where the catalog's words see shared keywords (Charlie St.
 * Cloud): its neighbours take part in the like gate (decision 0102) by their rank, not only after it.
 */
function withNeighbours(
  own: (b: CatalogMovie) => number,
  neighbours: ReadonlyMap<number, number> | null,
): (b: CatalogMovie) => number {
  if (!neighbours?.size) return own;
  return (b) => {
    const rank = neighbours.get(b.id);
    const base = own(b);
    return rank === undefined ? base : base + NEIGHBOUR_CLOSENESS * (1 - rank / NEIGHBOUR_COUNT);
  };
}

/** Everything a retrieval works out once from its query (shared by its attempts). */
interface Plan {
  q: Query;
  input: RetrieveInput;
  sem: SemanticIndex | null;
  /** The message's themes as a vector, the last picks' centroid (a comparative's anchor). */
  qv: Float32Array | null;
  av: Float32Array | null;
  /** Where closeness to each starts to mean something and where it is as close as films get. */
  qScale: Scale;
  aScale: Scale;
  keywordsIn: string[];
  /** Each asked theme's family: the catalog keywords that count for it, by closeness (0133). */
  families: ReadonlyMap<string, ReadonlyMap<string, number>>;
  moodKeywords: string[];
  /** A mood that names no kind asked for: a film must carry one of its keywords (`KEYWORD_MOODS`). */
  moodRequired: boolean;
  seed: CatalogMovie | null;
  /** The films the request is like: the seed and those liked beside it (none without a seed). */
  seeds: readonly CatalogMovie[];
  closeness: ((b: CatalogMovie) => number) | null;
  out: Set<number>;
  keywordsOut: Set<string>;
  aboutOut: { v: Float32Array; min: number }[];
  outText: RegExp | null;
  direction: Direction | undefined;
  /** Genres the request names (not a broad mood's) or the named film has (a direction never rules them out). */
  asked: Set<number>;
  /** A comedy was asked for as a genre (not brought by a broad mood), no film named, nothing darker. */
  comedyAsked: boolean;
  /** The direction's meanings: a vector, its scale over the films, its weight. */
  meanings: { v: Float32Array; scale: Scale; weight: number }[];
  /** Apply the direction's rule-outs (dropped when they leave fewer than 3 films). */
  directionFilters: boolean;
  /** A tone said of a kind filters by its genre (`toneFirst`). */
  toneFilters: boolean;
  /** Languages the asked themes' films are often in (`themeLanguagesOf`): asked, in effect. */
  themeLanguages: ReadonlySet<string>;
  /** The topic's text match per film (0..1, decision 0102; its keywords' too, 0133), or null without a topic. */
  text: Map<number, number> | null;
  /**
   * "like X" said with words (decision 0128): how much the message's topic words (their meaning,
   * their text match) add to closeness to X, one minus X's own match to them; 1 without a named film.
   */
  themeWeight: number;
  /** The text match's weight: as `themeWeight`, and less for a keyword topic (`textWeightOf`). */
  textWeight: number;
}

/**
 * "like X" said with words (decision 0128): one minus X's own match to them. A topic that is a
 * catalog keyword is carried by the keyword; the films' own text says how central it is, at
 * KEYWORD_TEXT_SHARE of the weight of a topic only the text can tell (decision 0133).
 */
function textWeightOf(q: Query, seed: CatalogMovie | null, text: Map<number, number> | null): number {
  const own = seed && text ? 1 - (text.get(seed.id) ?? 0) : 1;
  return own * (q.textWords?.length ? 1 : KEYWORD_TEXT_SHARE);
}

/** `carried`: the film has every asked theme's own keyword (decision 0133). */
type Candidate = Scored & { fit: number; prior: number; score: number; carried?: boolean };

/** Feature films only unless asked; no series unless asked. */
function kindAdmits(m: CatalogMovie, q: Query): boolean {
  if (!q.allowShorts && isShort(m)) return false;
  return q.allowTv || !(isTvMovie(m) || isSeries(m));
}

/** Years, runtime, rating and language bounds. */
function boundsAdmit(m: CatalogMovie, q: Query): boolean {
  const y = year(m);
  if (q.yearFrom !== undefined && !(y >= q.yearFrom)) return false;
  if (q.yearTo !== undefined && !(y <= q.yearTo)) return false;
  if (!withinRuntimeMax(m.runtime, q)) return false;
  if (q.runtimeMin !== undefined && !(m.runtime && m.runtime >= q.runtimeMin)) return false;
  if (q.minRating !== undefined && !(m.vote_average >= q.minRating && m.vote_count >= 30)) return false;
  if (!q.languages.length) return true;
  // Any of the languages asked, and none of those ruled out ("!ja").
  const asked = q.languages.filter((l) => !l.startsWith('!') || l === '!en');
  const out = q.languages.filter((l) => l.startsWith('!') && l !== '!en');
  return (
    out.every((l) => m.original_language !== l.slice(1)) &&
    (!asked.length ||
      asked.some((l) => (l === '!en' ? m.original_language !== 'en' : m.original_language === l)))
  );
}

/** A group of genres a broad mood brought (decision 0110): it ranks, it does not filter. */
const moodGroup = (q: Query, group: readonly number[]) => q.moodGroups?.includes(groupKey(group)) ?? false;

/** How many of the broad moods' genre groups a film has none of (decision 0110). */
function moodGroupsMissed(m: CatalogMovie, q: Query): number {
  if (!q.moodGroups?.length) return 0;
  return q.genreGroups.filter((grp) => moodGroup(q, grp) && !grp.some((g) => m.genre_ids.includes(g))).length;
}

/** No film of a franchise ruled out by name, nor of any when the films must stand alone (decision 0129). */
const franchiseAdmits = (m: CatalogMovie, q: Query) =>
  !m.collection || (!q.standalone && !q.collectionsOut?.some((c) => c.id === m.collection!.id));

/** Genres in and out, a child's age, sharing a genre with the named film. */
function genresAdmit(m: CatalogMovie, p: Plan): boolean {
  const q = p.q;
  if (m.genre_ids.some((g) => p.out.has(g))) return false;
  if (q.childAge !== undefined && !forChildren(m, q.childAge, p.out.has(GENRE.animation))) return false;
  if (
    !q.genreGroups.every(
      (grp) =>
        (moodGroup(q, grp) && !(p.toneFilters && grp.length === 1)) ||
        grp.some((g) => m.genre_ids.includes(g)),
    )
  )
    return false;
  if (p.seed && !p.seeds.some((x) => m.genre_ids.some((g) => x.genre_ids.includes(g)))) return false;
  return !(p.direction && p.directionFilters && directionRulesOut(p.direction, m, p.asked));
}

/** Themes ruled out: by keyword, by summary, by meaning. */
function themesAdmit(m: CatalogMovie, p: Plan): boolean {
  if (p.keywordsOut.size && m.keywords.some((k) => p.keywordsOut.has(k))) return false;
  if (p.outText && p.outText.test(m.overview)) return false;
  return !p.aboutOut.some((a) => p.sem!.score(a.v, m.id) >= a.min);
}

/**
 * Lesser-known films asked for ("underrated", "hidden gems", decision 0116): fame counts up to
 * LESSER_KNOWN_PEAK (known to some, as a 1,000-vote film of the 2010s is) and counts against a
 * film beyond it, so the most famous films of the kind come after the well-loved lesser-known ones.
 */
export const LESSER_KNOWN_PEAK = 0.6;
/**
 * Asked for lesser-known films, the films known to nearly everyone of their era (fame above this:
 * the decade's best-known 1% or so) are none of them, whatever their rating ("underrated sci-fi
 * rated 7+" gave Inception and The Empire Strikes Back: a rating asked for outweighed fame).
 */
export const LESSER_KNOWN_MAX = 0.8;
const fameFor = (f: number, q: Query) => (q.lesserKnown ? f - 2 * Math.max(0, f - LESSER_KNOWN_PEAK) : f);

/**
 * 0..1: how little known a film in a language nobody asked for is, to someone writing in English
 * (a friend names Amélie and Spirited Away to anyone, a Hindi film known to few only when asked).
 */
function unaskedLanguage(m: CatalogMovie, p: Plan, fame: number): number {
  const { q, seed } = p;
  if (q.lang !== 'en' || q.languages.length || m.original_language === 'en') return 0;
  if (p.themeLanguages.has(m.original_language)) return 0;
  if (seed && seed.original_language !== 'en') return 0;
  return Math.max(0, Math.min(1, (FAMOUS_ABROAD - fame) / FAME_ABROAD_SPAN));
}
/** Fame for its era from which a film is known whatever its language (Oldboy 0.86, City of God 0.85). */
const FAMOUS_ABROAD = 0.85;
/** How far below it a film is wholly unknown abroad (Dilwale Dulhania Le Jayenge 0.68: 0.7 of that). */
const FAME_ABROAD_SPAN = 0.25;

/** The catalog-wide measures a film is ranked by besides fit. */
interface Ranking {
  fame: EraFame;
  typical: GenreTypicality;
}

/** What weighs besides fit: fame, love, genre focus, kinds not asked for, directions, neighbours. */
function priorOf(m: CatalogMovie, p: Plan, r: Ranking, index: number, poolSize: number): number {
  const fame = r.fame;
  const w = RANK_WEIGHTS;
  const q = p.q;
  const loved = lovedRating(m);
  // A rating asked for ("7.5+", "highly rated") says the rating matters to them more than fame.
  const rating = q.minRating !== undefined ? w.rating * RATING_ASKED : w.rating;
  // "So bad it's good": the worst rated of the known films first (decision 0120).
  const love = q.worstFirst ? 2 * (RATING_PRIOR - loved) : loved - RATING_PRIOR;
  const known = fame.fame(m);
  let x = w.fame * fameFor(known, q) + rating * love;
  // A collection's later films come after its head, unless a film of it was named (its own sequels).
  if (!p.seed || p.seed.collection?.id !== m.collection?.id) x -= w.follower * fame.follower(m);
  x += w.focus * genreFocus(m, q.genreGroups, r.typical);
  x -= w.moodMiss * moodGroupsMissed(m, q);
  x += w.unasked * unaskedKind(m, p.asked, q.childAge !== undefined, p.seed);
  x -= w.language * unaskedLanguage(m, p, known);
  x -= w.dramedy * dramedy(m, p.comedyAsked, p.asked);
  if (p.direction) x += w.direction * directionScore(p.direction, m, loved);
  for (const d of p.meanings) x += w.direction * d.weight * scaled(p.sem!.score(d.v, m.id), d.scale);
  if (q.soft.dark) x += w.dark * leaning(q.soft.dark, darkness(m), q.darkFrom);
  if (q.soft.funny && m.genre_ids.includes(GENRE.comedy)) x += w.funny;
  const rank = p.seed ? p.input.neighbours?.get(m.id) : undefined;
  if (rank !== undefined) x += w.neighbour * (1 - rank / 50);
  if (p.input.personPool) x += 2 * (1 - index / poolSize);
  return x;
}

/**
 * Retrieval: every hard constraint of the query must hold (genres in and out, themes in and out,
 * years, runtime, rating, language, feature films); the rest ranks. Fit = named themes, mood
 * keywords, semantic closeness to the message's themes, closeness to a named film; a film fits
 * fully from FIT_ENOUGH of the best fit on, and among the films that fit, the well-known and
 * well-loved come first (fame for their era, a Bayesian rating, the asked genre being their main
 * one), moved by soft preferences (darker, lighter, a direction such as "less violent"). The
 * recommendation service's neighbours of a named film are the first candidates. When fewer than 3
 * films fit, the vote floor, then the theme requirement, are relaxed (and the reply says so).
 */
export class Retriever {
  constructor(
    private readonly catalog: CatalogIndex,
    private readonly byKeyword: ReadonlyMap<string, ReadonlySet<number>>,
    private readonly semantic: () => SemanticIndex | null,
    /** Off: keyword-only retrieval (kept for the A/B evaluation). */
    readonly useSemantic = true,
    themeCacheMax = THEME_CACHE_MAX,
    /** The catalog's text index (decision 0102): topic words find films by their own text. */
    private readonly text: () => TextIndex | null = () => null,
  ) {
    this.outCache = new Lru(themeCacheMax);
    this.aboutCache = new Lru(themeCacheMax);
    this.familyCache = new Lru(themeCacheMax);
  }

  /** How many themes are remembered (for tests: the caches are bounded). */
  cachedThemes(): { expanded: number; about: number; families: number } {
    return { expanded: this.outCache.size, about: this.aboutCache.size, families: this.familyCache.size };
  }

  /** Asked themes' families (keyed by a theme the user typed: bounded). */
  private readonly familyCache: Lru<string, ReadonlyMap<string, number>>;
  /** The catalog's one-word keywords by their stem, made on first use. */
  private stems: Map<string, string[]> | undefined;

  /**
   * Decision 0133: an asked theme's family, the catalog's other forms of its word ("journalist",
   * "immigration", "deafness"), each weighed by its closeness in meaning to the theme and kept from
   * FORM_CLOSE on. Without the vectors a theme is its own keyword only.
   */
  private familyOf(t: string, sem: SemanticIndex | null): ReadonlyMap<string, number> {
    const known = this.familyCache.get(t);
    if (known) return known;
    const family = new Map<string, number>();
    const tv = sem?.embed([t]);
    if (tv && /^[a-z]+$/.test(t)) {
      const stems = this.stemsOf();
      const stem = stemmer(t);
      for (const ending of FORM_ENDINGS)
        for (const k of stems.get(stem + ending) ?? []) {
          const kv = k === t ? null : sem!.embed([k]);
          const close = kv ? dot(tv, kv) : 0;
          if (close >= FORM_CLOSE) family.set(k, Math.min(1, close));
        }
    }
    this.familyCache.set(t, family);
    return family;
  }

  /** The catalog's one-word keywords by their stem. */
  private stemsOf(): Map<string, string[]> {
    if (this.stems) return this.stems;
    const stems = new Map<string, string[]>();
    for (const k of this.byKeyword.keys())
      if (/^[a-z]+$/.test(k)) {
        const st = stemmer(k);
        const same = stems.get(st);
        if (same) same.push(k);
        else stems.set(st, [k]);
      }
    return (this.stems = stems);
  }

  /** How much a film has an asked theme: 1 its own keyword, else its closest family keyword's weight. */
  private themeMatch(p: Plan, k: string, m: CatalogMovie): number {
    if (this.hasKeyword(k, m.id)) return 1;
    let best = 0;
    const family = p.families.get(k);
    if (family) for (const kw of m.keywords) best = Math.max(best, family.get(kw) ?? 0);
    return best;
  }

  private eraFame: EraFame | undefined;

  /** Films a pick can come from: known enough to judge (10+ votes), by popularity. */
  private knownFilms(): CatalogMovie[] {
    return (this.known ??= this.catalog.popular.filter((m) => m.vote_count >= 10));
  }

  private wellKnown: CatalogMovie[] | undefined;

  /**
   * The languages a good share of an asked theme's well-known films are in: kung fu films are
   * Cantonese and Mandarin as often as not, samurai films Japanese, spaghetti westerns Italian.
   * A friend asked for the theme names them whatever the asker's language, so such a language
   * counts as asked (`unaskedLanguage`: Kung Fu Hustle for "kung fu comedies"; decision 0144).
   */
  private themeLanguagesOf(keywords: readonly string[]): Set<string> {
    return new Set(keywords.flatMap((k) => this.languagesOfTheme(k)));
  }

  /** One theme's own languages, counted once per theme (bounded). */
  private languagesOfTheme(k: string): string[] {
    let found = this.themeLanguages.get(k);
    if (found) return found;
    const counts = new Map<string, number>();
    let all = 0;
    for (const id of this.byKeyword.get(k) ?? []) {
      const m = this.catalog.get(id);
      if (!m || m.vote_count < 100) continue;
      all++;
      counts.set(m.original_language, (counts.get(m.original_language) ?? 0) + 1);
    }
    found = [...counts].filter(([, n]) => n >= 2 && n >= THEME_LANGUAGE_SHARE * all).map(([lang]) => lang);
    this.themeLanguages.set(k, found);
    return found;
  }

  private readonly themeLanguages = new Lru<string, string[]>(THEME_CACHE_MAX);

  /** The films with 100+ votes, by popularity: where a closeness's scale is measured. */
  private wellKnownFilms(): CatalogMovie[] {
    return (this.wellKnown ??= this.knownFilms().filter((m) => m.vote_count >= 100));
  }

  private fame(): EraFame {
    return (this.eraFame ??= new EraFame(this.knownFilms()));
  }

  private typicality: GenreTypicality | undefined;

  /** What ranks besides fit: fame for the era, a genre's typical films. */
  private ranking(): Ranking {
    this.typicality ??= new GenreTypicality(
      this.byKeyword,
      () => this.knownFilms().filter((m) => m.vote_count >= KEYWORD_MIN_VOTES),
      (id) => this.catalog.get(id)?.genre_ids,
      () => this.wellKnownFilms(),
    );
    return { fame: this.fame(), typical: this.typicality };
  }

  retrieve(q: Query, input: RetrieveInput): Retrieval {
    const plan = this.plan(q, input);
    const toned = this.toneFirst(plan);
    if (toned) return toned;
    const found = this.attempts(plan);
    // A direction's rule-outs ("less violent": no war, no gore) give way when too few films are left.
    if (found.picks.length < 3 && plan.direction?.ruleOut)
      return this.attempts({ ...plan, directionFilters: false });
    return found;
  }

  /**
   * A tone said of a kind ("funny animated films", "a scary documentary") ranks by the tone's genre
   * (decision 0118: few films of a kind carry a tone's genre, Coraline is no horror film), unless
   * a whole list of well-known films of the kind does carry it: then those are the answer, as a
   * person asking for funny animated films means animated comedies (Howl's Moving Castle and
   * Princess Mononoke, fantasies, came among them; decision 0144). Null: the tone ranks.
   */
  private toneFirst(plan: Plan): Retrieval | null {
    // (A mood group of one genre, its key without a comma, is a tone said of a kind: understand.ts toneOfAKind.)
    if (!plan.q.moodGroups?.some((k) => !k.includes(','))) return null;
    const found = this.attempts({ ...plan, toneFilters: true });
    const enough =
      found.picks.length >= (plan.input.count ?? 5) &&
      !found.relaxed.length &&
      found.picks.every((c) => c.movie.vote_count >= TONE_MIN_VOTES);
    return enough ? found : null;
  }

  private plan(q: Query, input: RetrieveInput): Plan {
    const sem = this.useSemantic ? this.semantic() : null;
    const themeWords = [...q.themeWords, ...q.keywordsIn];
    const keywordsIn = q.keywordsIn.filter((k) => this.byKeyword.has(k));
    const named = q.keywordsOut.filter((k) => NAMES_NOT_SUBJECTS.has(k));
    const subjects = q.keywordsOut.filter((k) => !NAMES_NOT_SUBJECTS.has(k));
    const genreThemes = q.genresOut.flatMap((g) => GENRE_THEMES[g] ?? []);
    const keywordsOut = new Set([...this.expandOut(subjects, sem), ...named, ...genreThemes]);
    keepAskedThemes(keywordsOut, keywordsIn, subjects);
    // A theme ruled out rules out the films most about it by meaning too ("burnt out on
    // superheroes": The Dark Knight has no "superhero" keyword), each against its own scale;
    // unless it is close in meaning to what was asked for ("AI, no killer robots"): the vectors
    // cannot tell those apart, so only the keywords rule out.
    const asked = sem && themeWords.length ? themeWords.map((w) => sem.embed([w])).filter((v) => !!v) : [];
    const aboutOut = sem
      ? subjects
          .map((k) => this.aboutTheme(k, sem))
          .filter((x): x is { v: Float32Array; min: number } => !!x)
          .filter((x) => !asked.some((v) => dot(v, x.v) >= ASKED_CLOSE))
      : [];
    const seed = input.seed;
    const seeds = seed ? [seed, ...(input.alsoSeeds ?? [])] : [];
    const qv = sem && themeWords.length ? sem.embed(themeWords) : null;
    const av = sem && input.anchor?.length ? sem.centroid(input.anchor) : null;
    const kinds = q.genreGroups.filter((g) => !moodGroup(q, g)).flat();
    const direction = withinKind(directionOf(q), new Set(kinds.length ? kinds : (seed?.genre_ids ?? [])));
    const qScale = this.scaleOf(qv, sem);
    const text = this.textMatch(q);
    return {
      q,
      input,
      sem,
      qv,
      av,
      qScale,
      aScale: this.scaleOf(av, sem),
      keywordsIn,
      families: new Map(keywordsIn.map((k) => [k, this.familyOf(k, sem)])),
      moodKeywords: q.moodKeywords.filter((k) => !keywordsIn.includes(k)),
      // (Beside an asked theme, the theme is required and the mood lifts: "clever and twisty, a heist".)
      moodRequired: keywordsIn.length === 0 && moodRequired(q),
      seed,
      seeds,
      closeness: seed
        ? withNeighbours(
            closestOf(seeds.map((m) => this.similarityTo(m, sem))),
            input.personPool ? null : input.neighbours,
          )
        : null,
      out: new Set([...q.genresOut, ...q.impliedOut]),
      keywordsOut,
      aboutOut,
      // A theme ruled out must not be what the film's summary is about either ("on the battlefield").
      outText: q.keywordsOut.length
        ? new RegExp(
            `\\b(${q.keywordsOut.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
            'i',
          )
        : null,
      direction,
      meanings: this.meaningsOf(direction, sem),
      // A broad mood's genres ("feel-good": animation among them) ask for no cartoon (decision 0119).
      asked: new Set([
        ...q.genreGroups.filter((g) => !moodGroup(q, g)).flat(),
        ...seeds.flatMap((m) => m.genre_ids),
      ]),
      // (A dark comedy is one: In Bruges, Dr. Strangelove are comedies and dramas.)
      comedyAsked:
        !seed &&
        (q.soft.dark ?? 0) <= 0 &&
        q.genreGroups.some((g) => g.includes(GENRE.comedy) && !moodGroup(q, g)),
      directionFilters: true,
      toneFilters: false,
      themeLanguages: this.themeLanguagesOf(keywordsIn),
      text,
      themeWeight: seed && qv ? 1 - scaled(sem!.score(qv, seed.id), qScale) : 1,
      textWeight: textWeightOf(q, seed, text),
    };
  }

  /**
   * Decision 0102: the films whose own text (keywords, title, tagline, summary) is about the
   * message's topic words, with the topic phrases it read (BM25F, `text-index.ts`), each 0..1 of
   * the best-matching known film's score: the strongest matches count as a full fit.
   */
  private textMatch(q: Query): Map<number, number> | null {
    const index = this.text();
    if (!index || !(q.textWords?.length || q.keywordsIn.length)) return null;
    const words = [...(q.textWords ?? []), ...q.keywordsIn].flatMap((w) => TextIndex.words(w));
    const scores = index.search(words);
    if (!scores.size) return null;
    let top = 0;
    for (const [id, x] of scores)
      if (x > top && (this.catalog.get(id)?.vote_count ?? 0) >= TEXT_TOP_VOTES) top = x;
    if (top <= 0) return null;
    for (const [id, x] of scores) scores.set(id, Math.min(1, x / top));
    return scores;
  }

  /** A direction's meanings as vectors on their own scales (words the vectors lack are left out). */
  private meaningsOf(d: Direction | undefined, sem: SemanticIndex | null): Plan['meanings'] {
    if (!d?.meaning || !sem) return [];
    return Object.entries(d.meaning).flatMap(([word, weight]) => {
      const v = sem.embed([word]);
      if (!v) return [];
      // A meaning's scale is the same for every request (a pass over the films): made once.
      let scale = this.meaningScales.get(word);
      if (!scale) this.meaningScales.set(word, (scale = this.scaleOf(v, sem)));
      return [{ v, scale, weight }];
    });
  }

  /** Each direction meaning's scale over the films (the directions' words: a few dozen). */
  private readonly meaningScales = new Lru<string, Scale>(THEME_CACHE_MAX);

  /** Where closeness to a vector lies over the films with 100+ votes (its median and top 1%). */
  private scaleOf(v: Float32Array | null, sem: SemanticIndex | null): Scale {
    if (!v || !sem) return { mid: 0, top: 1 };
    const scores = sem.scoresAt(v, this.wellKnownRows(sem)).sort();
    const at = (q: number) => scores[Math.min(scores.length - 1, Math.floor(scores.length * q))] ?? 0;
    return scores.length >= 100 ? { mid: at(0.5), top: at(0.99) } : { mid: 0, top: 1 };
  }

  private wellKnownRowsMade: { sem: SemanticIndex; rows: Int32Array } | undefined;

  /** The well-known films' rows in the vectors, in `wellKnownFilms` order (made once per vectors). */
  private wellKnownRows(sem: SemanticIndex): Int32Array {
    if (this.wellKnownRowsMade?.sem !== sem)
      this.wellKnownRowsMade = { sem, rows: sem.rowsOf(this.wellKnownFilms().map((m) => m.id)) };
    return this.wellKnownRowsMade.rows;
  }

  /** The vote floor lowered, then the theme requirement dropped, until 3 films fit. */
  private attempts(p: Plan): Retrieval {
    const attempts = [
      { minVotes: 100, keywords: true },
      { minVotes: 30, keywords: true },
      { minVotes: 10, keywords: true },
      { minVotes: 30, keywords: false },
    ].filter((a) => a.keywords || p.keywordsIn.length > 0 || p.moodRequired);
    const withKeywords = p.keywordsIn.length ? this.themedFilms(p) : null;
    // The pool at an attempt's vote floor (`admits` asks the floor first; most films are under it).
    const poolOf = (a: { minVotes: number; keywords: boolean }) =>
      p.input.personPool ??
      (a.keywords && withKeywords
        ? withKeywords.filter((m) => m.vote_count >= a.minVotes)
        : this.knownFrom(a.minVotes));
    for (const attempt of attempts) {
      const scored = this.score(this.candidates(poolOf(attempt), p), p, attempt);
      if (scored.length < 3 && attempt !== attempts[attempts.length - 1]) continue;
      // Decision 0102: a topic few well-known films are about ("über die DDR" in German: three)
      // reaches down to films with 30 votes before it answers with fewer than asked for.
      if (scored.length < (p.input.count ?? 5) && attempt.minVotes === 100 && p.keywordsIn.length) {
        const lower = { ...attempt, minVotes: 30 };
        const more = this.score(this.candidates(poolOf(lower), p), p, lower);
        if (more.length > scored.length)
          return { picks: distinct(more, p.seed, p.input.count ?? 5), relaxed: [] };
      }
      return {
        picks: distinct(scored, p.seed, p.input.count ?? 5),
        relaxed: attempt.keywords ? [] : p.keywordsIn,
      };
    }
    return { picks: [], relaxed: [] };
  }

  /** The named film's neighbours from the recommendation service first, then the pool. */
  private candidates(pool: CatalogMovie[], p: Plan): CatalogMovie[] {
    const n = p.seed && !p.input.personPool ? p.input.neighbours : null;
    if (!n?.size) return pool;
    const first = [...n.keys()].map((id) => this.catalog.get(id)).filter((m): m is CatalogMovie => !!m);
    const ids = new Set(first.map((m) => m.id));
    return [...first, ...pool.filter((m) => !ids.has(m.id))];
  }

  /**
   * The known films (by popularity) with an asked theme: its keyword or one of its family's
   * (`themeMatch` above 0), or a summary that admits them (`textAdmits`), gathered from the
   * keyword index rather than by asking every film.
   */
  private themedFilms(p: Plan): CatalogMovie[] {
    const ids = new Set<number>();
    const add = (k: string) => this.byKeyword.get(k)?.forEach((id) => ids.add(id));
    for (const k of p.keywordsIn) {
      add(k);
      for (const kw of p.families.get(k)?.keys() ?? []) add(kw);
    }
    if (p.q.textWords?.length && p.text) for (const [id, x] of p.text) if (x >= TEXT_ADMIT) ids.add(id);
    return this.knownFilms().filter((m) => ids.has(m.id));
  }

  /** The known films with at least `minVotes` votes, by popularity: made once per floor (three). */
  private knownFrom(minVotes: number): CatalogMovie[] {
    let films = this.floors.get(minVotes);
    if (!films)
      this.floors.set(minVotes, (films = this.knownFilms().filter((m) => m.vote_count >= minVotes)));
    return films;
  }

  private readonly floors = new Map<number, CatalogMovie[]>();

  private hasKeyword(k: string, id: number): boolean {
    return this.byKeyword.get(k)?.has(id) ?? false;
  }

  private admits(m: CatalogMovie, p: Plan, minVotes: number): boolean {
    // The vote floor first: most of a pool is under it, and it costs the least to ask.
    if (m.vote_count < (p.input.personPool ? 1 : minVotes)) return false;
    if (p.input.exclude.has(m.id) || p.seeds.some((x) => x.id === m.id)) return false;
    if (p.q.lesserKnown && this.fame().fame(m) > LESSER_KNOWN_MAX) return false;
    if (!franchiseAdmits(m, p.q)) return false;
    if (p.q.studiosOut?.some((k) => madeBy(m, k))) return false;
    if (p.q.studiosIn?.length && !p.q.studiosIn.some((k) => madeBy(m, k))) return false;
    if (p.q.countriesIn?.length && !p.q.countriesIn.some((c) => m.production_countries.includes(c)))
      return false;
    if (p.q.countriesOut?.some((c) => m.production_countries.includes(c))) return false;
    return kindAdmits(m, p.q) && boundsAdmit(m, p.q) && genresAdmit(m, p) && themesAdmit(m, p);
  }

  /** Fit to the request (≥ 0): themes, mood keywords, meaning, the anchor, the named film. */
  private fitOf(
    m: CatalogMovie,
    p: Plan,
    matched: string[],
    themes: number,
  ): Omit<Candidate, 'prior' | 'score'> {
    const moodMatched = p.moodKeywords.length
      ? p.moodKeywords.filter((k) => this.hasKeyword(k, m.id))
      : NO_WORDS;
    // A mood's keyword says the film suits the mood; more of them do not make it suit more (decision
    // 0110: two of "sad"'s keywords put Collateral Beauty before The Green Mile for "a good cry").
    let fit = 2 * themes + MOOD_FIT * Math.min(1, moodMatched.length);
    const semantic = p.qv ? Math.max(0, p.sem!.score(p.qv, m.id)) : 0;
    fit += 4 * p.themeWeight * scaled(semantic, p.qScale);
    // The last picks keep a comparative's subject ("less scary" after horror films); when the
    // request keeps its own (a theme, a genre), closeness to them would pull back to their tone.
    const own = p.keywordsIn.length > 0 || p.q.genreGroups.length > 0;
    if (p.av) fit += (own ? ANCHOR_WITH_SUBJECT : 4) * scaled(p.sem!.score(p.av, m.id), p.aScale);
    const similarity = p.closeness ? p.closeness(m) : 0;
    fit += 6 * similarity;
    fit += TEXT_FIT * p.textWeight * (p.text?.get(m.id) ?? 0);
    if (p.q.wantSeries && isSeries(m)) fit += 10;
    return { movie: m, matched, moodMatched, semantic, similarity, fit };
  }

  private score(pool: CatalogMovie[], p: Plan, attempt: { minVotes: number; keywords: boolean }) {
    const ranking = this.ranking();
    const found: Candidate[] = [];
    pool.forEach((m, i) => {
      if (!this.admits(m, p, attempt.minVotes)) return;
      // (No theme asked, as for most moods: no arrays made per film.)
      const weights = p.keywordsIn.length ? p.keywordsIn.map((k) => this.themeMatch(p, k, m)) : NONE;
      const matched = weights.length ? p.keywordsIn.filter((_, k) => weights[k]! > 0) : NO_WORDS;
      if (attempt.keywords && p.keywordsIn.length && matched.length === 0 && !textAdmits(p, m)) return;
      if (attempt.keywords && p.moodRequired && !p.moodKeywords.some((k) => this.hasKeyword(k, m.id))) return;
      const themes = weights.reduce((a, b) => a + b, 0);
      const carried = p.keywordsIn.every((k) => this.hasKeyword(k, m.id));
      const c = this.fitOf(m, p, matched, themes) as Candidate;
      c.prior = priorOf(m, p, ranking, i, pool.length);
      c.score = 0;
      c.carried = carried;
      found.push(c);
    });
    const [typical, best] = fitRange(found);
    const gate = p.seed && !p.input.personPool ? likeGate(found) : topicGate(found, p);
    for (const c of found) {
      const x = (c.fit - typical) / Math.max(FIT_SPREAD_MIN, best - typical);
      // A film that carries every theme asked for by its own keyword fits the request: closeness
      // beyond that ranks it among the others, but never costs it more than CARRIED_FLOOR of a full
      // fit (decision 0133). (Another form of the word, "boxer" for Pulp Fiction, is no such proof.)
      const floor = p.keywordsIn.length > 0 && c.carried ? CARRIED_FLOOR : -1;
      c.score = RANK_WEIGHTS.fit * Math.max(floor, Math.min(1, x / FIT_ENOUGH)) + c.prior;
      if (gate && c.fit < gate) c.score -= LIKE_GATE_PENALTY;
    }
    // The service's neighbours of the named film that pass every filter come first, by score.
    const n = p.seed && !p.input.personPool ? p.input.neighbours : null;
    const tier = (c: Candidate) => (n?.has(c.movie.id) ? 1 : 0);
    found.sort((a, b) => tier(b) - tier(a) || b.score - a.score || b.movie.vote_count - a.movie.vote_count);
    return found;
  }

  /** Themes ruled out, expanded (keyed by a theme the user typed: bounded). */
  private readonly outCache: Lru<string, Set<string>>;
  private known: CatalogMovie[] | undefined;

  /**
   * A theme ruled out rules out its kinds too: "robot" → "killer robot", "robot as menace"; the
   * keywords that mostly come with it (half or more of their films carry it: "dc comics" with
   * "superhero"); and the keywords whose meaning is closest to it in the catalog's own vectors
   * ("marvel comic", "based on comic" for "superhero").
   */
  private expandOut(terms: readonly string[], sem: SemanticIndex | null): Set<string> {
    const out = new Set<string>();
    for (const t of terms) {
      let set = this.outCache.get(t);
      if (!set) {
        const re = new RegExp(`(^|[ -])${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(s|es)?($|[ -])`);
        set = new Set([t, ...[...this.byKeyword.keys()].filter((k) => k.includes(t) && re.test(k))]);
        for (const k of this.mostlyWith(t)) set.add(k);
        const tv = sem?.embed([t]);
        if (tv) {
          for (const [k, kv] of this.keywordVectorsOf(sem!))
            if (!set.has(k) && dot(tv, kv) >= KEYWORD_CLOSE) set.add(k);
        }
        for (const same of SAME_THEME) if (same.has(t)) for (const k of same) set.add(k);
        this.outCache.set(t, set);
      }
      for (const k of set) out.add(k);
    }
    return out;
  }

  private keywordVectors: (readonly [string, Float32Array])[] | undefined;
  /** Each keyword's place in the index (its order), made once. */
  private keywordOrder: Map<string, number> | undefined;

  private keywordOrderOf(): Map<string, number> {
    let i = 0;
    return (this.keywordOrder ??= new Map([...this.byKeyword.keys()].map((k) => [k, i++])));
  }

  /**
   * The keywords of 4+ films half or more of which carry `t` (of 3+ films), in the index's order:
   * counted over `t`'s own films' keywords, not over every keyword's films.
   */
  private mostlyWith(t: string): string[] {
    const films = this.byKeyword.get(t);
    if (!films || films.size < 3) return [];
    const both = new Map<string, number>();
    for (const id of films)
      for (const k of new Set(this.catalog.get(id)?.keywords))
        if (k !== t && this.byKeyword.get(k)?.has(id)) both.set(k, (both.get(k) ?? 0) + 1);
    const order = this.keywordOrderOf();
    return [...both]
      .filter(([k, n]) => {
        const size = this.byKeyword.get(k)!.size;
        return size >= 4 && n / size >= 0.5;
      })
      .map(([k]) => k)
      .sort((a, b) => order.get(a)! - order.get(b)!);
  }

  /** Vectors of the keywords of 4+ films, made once. */
  private keywordVectorsOf(sem: SemanticIndex): (readonly [string, Float32Array])[] {
    return (this.keywordVectors ??= [...this.byKeyword]
      .filter(([, ids]) => ids.size >= 4)
      .map(([k]) => [k, sem.embed([k])] as const)
      .filter((x): x is readonly [string, Float32Array] => !!x[1]));
  }

  /**
   * What every request's ranking and theme reading would otherwise make on first use (the pools
   * of known films, fame by era, each genre's typicality, the keywords' vectors and stems), made
   * now, each in a task of its own (a server, once listening; decision 0149): made by the first
   * visitors' messages instead, they cost them up to 200 ms each on a freshly started site.
   */
  async prepare(): Promise<void> {
    const steps: (() => unknown)[] = [
      () => this.wellKnownFilms(),
      () => this.ranking(),
      () => this.ranking().typical.prepare(),
      () => this.stemsOf(),
      () => this.keywordOrderOf(),
      () => {
        const sem = this.useSemantic ? this.semantic() : null;
        if (!sem) return;
        this.keywordVectorsOf(sem);
        this.wellKnownRows(sem);
      },
    ];
    for (const step of steps) {
      await nextTask();
      await step();
    }
  }
  /** The films most about a theme (keyed by a theme the user typed: bounded). */
  private readonly aboutCache: Lru<string, { v: Float32Array; min: number } | null>;

  /**
   * The films most about a theme by meaning: closeness to it above its median plus 85% of the way
   * to its 99th percentile over the films a pick can come from (about the top 2%).
   */
  private aboutTheme(term: string, sem: SemanticIndex): { v: Float32Array; min: number } | null {
    if (this.aboutCache.has(term)) return this.aboutCache.get(term)!;
    const v = sem.embed([term]);
    let found: { v: Float32Array; min: number } | null = null;
    if (v) {
      const scores = sem.scoresAt(v, this.wellKnownRows(sem)).sort();
      const at = (p: number) => scores[Math.min(scores.length - 1, Math.floor(scores.length * p))] ?? 1;
      if (scores.length >= 100) found = { v, min: at(0.5) + ABOUT_SHARE * (at(0.99) - at(0.5)) };
    }
    this.aboutCache.set(term, found);
    return found;
  }

  /**
   * Closeness to a film (0..1): meaning of their texts, shared genres and keywords (decision 0102).
   * The texts' closeness counts on the seed's own scale (0 at the median film, 1 at its closest
   * 1%): every film's vectors are about 0.8 close to every other's, so the raw figure told a heist
   * film from a prison drama hardly at all. Shared keywords count by how rare they are (IDF-weighted
   * cosine): "subconsciousness" and "wrongful imprisonment" say more than "murder".
   */
  similarityTo(a: CatalogMovie, sem: SemanticIndex | null): (b: CatalogMovie) => number {
    const ga = new Set(a.genre_ids);
    const idf = (k: string) =>
      Math.log(this.knownFilms().length / Math.max(1, this.byKeyword.get(k)?.size ?? 1));
    const ka = new Map(a.keywords.map((k) => [k, idf(k) ** 2]));
    let na = 0;
    for (const w of ka.values()) na += w;
    const textScale = sem ? this.textScaleOf(a, sem) : null;
    return (b) => {
      let sharedGenres = 0;
      for (const g of b.genre_ids) if (ga.has(g)) sharedGenres++;
      const genreJaccard = sharedGenres / (ga.size + b.genre_ids.length - sharedGenres || 1);
      let shared = 0;
      let nb = 0;
      for (const k of b.keywords) {
        const w = idf(k) ** 2;
        nb += w;
        shared += ka.has(k) ? w : 0;
      }
      const keywords = na && nb ? Math.min(1, (2 * shared) / Math.sqrt(na * nb)) : 0;
      const text = textScale ? scaled(sem!.similarity(a.id, b.id), textScale) : 0;
      return (
        SIMILARITY_WEIGHTS.text * text +
        SIMILARITY_WEIGHTS.genres * genreJaccard +
        SIMILARITY_WEIGHTS.keywords * keywords
      );
    };
  }

  /** Where a film's text closeness to others lies (median and top 1% over films with 100+ votes). */
  private textScaleOf(a: CatalogMovie, sem: SemanticIndex): Scale {
    const known = this.textScales.get(a.id);
    if (known) return known;
    const all = sem.similaritiesAt(a.id, this.wellKnownRows(sem));
    const own = this.wellKnownFilms().findIndex((m) => m.id === a.id);
    let scores = all;
    if (own >= 0) {
      scores = new Float64Array(all.length - 1);
      scores.set(all.subarray(0, own));
      scores.set(all.subarray(own + 1), own);
    }
    scores.sort();
    const at = (q: number) => scores[Math.min(scores.length - 1, Math.floor(scores.length * q))] ?? 0;
    const scale = scores.length >= 100 ? { mid: at(0.5), top: at(0.99) } : { mid: 0, top: 1 };
    this.textScales.set(a.id, scale);
    return scale;
  }

  /** Each named film's text scale, made once (a follow-up about the same film reuses it; bounded). */
  private readonly textScales = new Lru<number, Scale>(THEME_CACHE_MAX);
}

/** What closeness to a named film is made of (decision 0102; 0.45 / 0.35 / 0.2 before, raw text). */
const SIMILARITY_WEIGHTS = { text: 0.35, genres: 0.3, keywords: 0.35 };

/**
 * An asked theme is never ruled out, nor the kin a rule-out's group would add to it ("astronaut
 * films but no spaceship battles": only the words said are ruled out).
 */
function keepAskedThemes(keywordsOut: Set<string>, keywordsIn: readonly string[], said: readonly string[]) {
  for (const k of keywordsIn) {
    keywordsOut.delete(k);
    for (const same of SAME_THEME)
      if ([...same].some((x) => x === k || x.split(' ').includes(k)))
        for (const x of same) if (!said.includes(x)) keywordsOut.delete(x);
  }
}

/** The best `count` films, at most one per collection: a friend names the franchise once. */
function distinct(
  scored: (Scored & { score: number })[],
  seed: CatalogMovie | null,
  count: number,
): Scored[] {
  const picks: Scored[] = [];
  const collections = new Set<number>();
  for (const s of scored) {
    if (s.movie.collection && collections.has(s.movie.collection.id)) continue;
    if (s.movie.collection) collections.add(s.movie.collection.id);
    picks.push({
      movie: s.movie,
      matched: s.matched,
      moodMatched: s.moodMatched,
      semantic: s.semantic,
      similarity: s.similarity,
    });
    if (picks.length === count) break;
  }
  return picks;
}
