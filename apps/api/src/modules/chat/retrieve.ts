import { isShort, isTvMovie, type CatalogIndex, type CatalogMovie } from '@app/catalog';
import type { SemanticIndex } from '@app/catalog';
import { GENRE } from './understand/lexicon';
import type { Query } from './understand/query';
import { Lru } from './lru';

/** Genres no film for a child has unless it is also a family film (Query.childAge). */
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
 * A film for a child of `age`: up to 5 an animated family film, up to 8 a family film; from 9 on,
 * also one with none of the genres above (an adventure film for a 10 year old need not be tagged
 * Family).
 */
export function forChildren(m: CatalogMovie, age: number): boolean {
  const family = m.genre_ids.includes(GENRE.family);
  if (age <= PRESCHOOL) return family && m.genre_ids.includes(GENRE.animation);
  if (family) return true;
  if (age <= YOUNG_CHILD) return false;
  return !m.genre_ids.some((g) => NOT_FOR_CHILDREN.has(g));
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
const DARK_KEYWORDS = new Set([
  'murder',
  'death',
  'violence',
  'serial killer',
  'suicide',
  'revenge',
  'rape',
  'drug',
  'dystopia',
  'torture',
  'prison',
  'grief',
  'war',
  'killer',
  'gore',
  'psychopath',
  'corruption',
  'kidnapping',
  'cancer',
  'depression',
  'abuse',
  'brutality',
  'neo-noir',
  'film noir',
  'nihilism',
  'tragedy',
  'post-apocalyptic',
]);
const LIGHT_KEYWORDS = new Set([
  'friendship',
  'christmas',
  'holiday',
  'musical',
  'dog',
  'wedding',
  'romantic comedy',
  'family',
  'best friend',
  'love',
  'dancing',
  'summer',
  'sport',
  'underdog',
  'buddy',
  'feel-good',
  'talking animal',
]);

/** Two keywords this close in meaning (cosine of their word vectors) are one theme to rule out. */
const KEYWORD_CLOSE = 0.75;
/** A theme ruled out this close in meaning to one asked for is ruled out by its keywords only. */
const ASKED_CLOSE = 0.4;
/** How far from a theme's median towards its 99th percentile a film must be to count as about it. */
const ABOUT_SHARE = 0.85;
const dot = (a: Float32Array, b: Float32Array) => {
  let x = 0;
  for (let i = 0; i < a.length; i++) x += a[i]! * b[i]!;
  return x;
};

/** How dark a film reads from its genres and keywords: about −1 (light) to +1 (dark). */
export function darkness(m: CatalogMovie): number {
  let d = 0;
  for (const g of m.genre_ids) d += DARK_GENRES[g] ?? 0;
  for (const k of m.keywords) d += DARK_KEYWORDS.has(k) ? 0.25 : LIGHT_KEYWORDS.has(k) ? -0.25 : 0;
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

/**
 * Retrieval: every hard constraint of the query must hold (genres in and out, themes in and out,
 * years, runtime, rating, language, feature films); the rest ranks. Fit = named themes, mood
 * keywords, semantic closeness to the message's themes, closeness to a named film, soft
 * preferences (darker, lighter, funnier); then a Bayesian rating. When fewer than 3 films fit, the
 * vote floor, then the theme requirement, are relaxed (and the reply says so).
 */
export class Retriever {
  constructor(
    private readonly catalog: CatalogIndex,
    private readonly byKeyword: ReadonlyMap<string, ReadonlySet<number>>,
    private readonly semantic: () => SemanticIndex | null,
    /** Off: keyword-only retrieval (kept for the A/B evaluation). */
    readonly useSemantic = true,
    themeCacheMax = THEME_CACHE_MAX,
  ) {
    this.outCache = new Lru(themeCacheMax);
    this.aboutCache = new Lru(themeCacheMax);
  }

  /** How many themes ruled out are remembered (for tests: the caches are bounded). */
  cachedThemes(): { expanded: number; about: number } {
    return { expanded: this.outCache.size, about: this.aboutCache.size };
  }

  retrieve(q: Query, input: RetrieveInput): Retrieval {
    const count = input.count ?? 5;
    const sem = this.useSemantic ? this.semantic() : null;
    const themeWords = [...q.themeWords, ...q.keywordsIn];
    const qv = sem && themeWords.length ? sem.embed(themeWords) : null;
    const av = sem && input.anchor?.length ? sem.centroid(input.anchor) : null;
    const hasKeyword = (k: string, id: number) => this.byKeyword.get(k)?.has(id) ?? false;
    const keywordsIn = q.keywordsIn.filter((k) => this.byKeyword.has(k));
    const moodKeywords = q.moodKeywords.filter((k) => !keywordsIn.includes(k));
    const seed = input.seed;
    const closeness = seed ? this.similarityTo(seed, sem) : null;
    const out = new Set([...q.genresOut, ...q.impliedOut]);
    const keywordsOut = this.expandOut(q.keywordsOut, sem);
    for (const k of keywordsIn) keywordsOut.delete(k);
    // A theme ruled out rules out the films most about it by meaning too ("burnt out on
    // superheroes": The Dark Knight has no "superhero" keyword), each against its own scale;
    // unless it is close in meaning to what was asked for ("AI, no killer robots"): the vectors
    // cannot tell those apart, so only the keywords rule out.
    const asked = sem && themeWords.length ? themeWords.map((w) => sem.embed([w])).filter((v) => !!v) : [];
    const aboutOut = sem
      ? q.keywordsOut
          .map((k) => this.aboutTheme(k, sem))
          .filter((x) => !!x && !asked.some((v) => dot(v, x.v) >= ASKED_CLOSE))
      : [];
    // A theme ruled out must not be what the film's summary is about either ("on the battlefield").
    const outText = q.keywordsOut.length
      ? new RegExp(
          `\\b(${q.keywordsOut.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
          'i',
        )
      : null;
    const attempts = [
      { minVotes: 100, keywords: true },
      { minVotes: 30, keywords: true },
      { minVotes: 10, keywords: true },
      { minVotes: 30, keywords: false },
    ].filter((a) => a.keywords || keywordsIn.length > 0);
    // Films a pick can come from: known enough to judge (10+ votes), by popularity; a required
    // theme narrows it to the films with one of those keywords.
    this.known ??= this.catalog.popular.filter((m) => m.vote_count >= 10);
    const withKeywords = keywordsIn.length
      ? this.known.filter((m) => keywordsIn.some((k) => hasKeyword(k, m.id)))
      : null;
    for (const attempt of attempts) {
      const pool = input.personPool ?? (attempt.keywords && withKeywords ? withKeywords : this.known);
      const scored: (Scored & { score: number })[] = [];
      for (const m of pool) {
        if (input.exclude.has(m.id) || (seed && m.id === seed.id)) continue;
        if (m.vote_count < (input.personPool ? 1 : attempt.minVotes)) continue;
        if (!q.allowShorts && isShort(m)) continue;
        if (!q.allowTv && (isTvMovie(m) || isSeries(m))) continue;
        const y = year(m);
        if (q.yearFrom !== undefined && !(y >= q.yearFrom)) continue;
        if (q.yearTo !== undefined && !(y <= q.yearTo)) continue;
        if (q.runtimeMax !== undefined && !(m.runtime && m.runtime <= q.runtimeMax)) continue;
        if (q.runtimeMin !== undefined && !(m.runtime && m.runtime >= q.runtimeMin)) continue;
        if (q.minRating !== undefined && !(m.vote_average >= q.minRating && m.vote_count >= 30)) continue;
        if (
          q.languages.length &&
          !q.languages.some((l) => (l === '!en' ? m.original_language !== 'en' : m.original_language === l))
        )
          continue;
        if (m.genre_ids.some((g) => out.has(g))) continue;
        if (q.childAge !== undefined && !forChildren(m, q.childAge)) continue;
        if (!q.genreGroups.every((grp) => grp.some((g) => m.genre_ids.includes(g)))) continue;
        if (keywordsOut.size && m.keywords.some((k) => keywordsOut.has(k))) continue;
        if (outText && outText.test(m.overview)) continue;
        if (aboutOut.some((a) => sem!.score(a!.v, m.id) >= a!.min)) continue;
        if (seed && !m.genre_ids.some((g) => seed.genre_ids.includes(g))) continue;
        const matched = keywordsIn.filter((k) => hasKeyword(k, m.id));
        if (attempt.keywords && keywordsIn.length && matched.length === 0) continue;
        const moodMatched = moodKeywords.filter((k) => hasKeyword(k, m.id));
        let fit = 2 * matched.length + 0.7 * moodMatched.length;
        const semantic = qv ? Math.max(0, sem!.score(qv, m.id)) : 0;
        fit += 4 * semantic;
        if (av) fit += 4 * Math.max(0, sem!.score(av, m.id));
        let similarity = 0;
        if (seed) {
          similarity = closeness!(m);
          fit += 6 * similarity;
          const rank = input.neighbours?.get(m.id);
          if (rank !== undefined) fit += 2 * (1 - rank / 50);
        }
        if (q.soft.dark) fit += 2.5 * leaning(q.soft.dark, darkness(m), q.darkFrom);
        if (q.soft.funny && m.genre_ids.includes(GENRE.comedy)) fit += 2;
        if (q.wantSeries && isSeries(m)) fit += 10;
        if (input.personPool) fit += 2 * (1 - pool.indexOf(m) / pool.length);
        scored.push({
          movie: m,
          matched,
          moodMatched,
          semantic,
          similarity,
          score: fit * 3 + bayesianRating(m),
        });
      }
      if (scored.length < 3 && attempt !== attempts[attempts.length - 1]) continue;
      scored.sort((a, b) => b.score - a.score || b.movie.vote_count - a.movie.vote_count);
      // At most one film per collection: a friend names the franchise once.
      const picks: Scored[] = [];
      const collections = new Set<number>();
      if (seed?.collection) collections.add(seed.collection.id);
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
      return { picks, relaxed: attempt.keywords ? [] : keywordsIn };
    }
    return { picks: [], relaxed: [] };
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
        set = new Set([t, ...[...this.byKeyword.keys()].filter((k) => re.test(k))]);
        const films = this.byKeyword.get(t);
        if (films && films.size >= 3) {
          for (const [k, ids] of this.byKeyword) {
            if (ids.size < 4 || set.has(k)) continue;
            let both = 0;
            for (const id of ids) if (films.has(id)) both++;
            if (both / ids.size >= 0.5) set.add(k);
          }
        }
        const tv = sem?.embed([t]);
        if (tv) {
          // Vectors of the keywords of 4+ films, made once.
          this.keywordVectors ??= [...this.byKeyword]
            .filter(([, ids]) => ids.size >= 4)
            .map(([k]) => [k, sem!.embed([k])] as const)
            .filter((x): x is readonly [string, Float32Array] => !!x[1]);
          for (const [k, kv] of this.keywordVectors)
            if (!set.has(k) && dot(tv, kv) >= KEYWORD_CLOSE) set.add(k);
        }
        this.outCache.set(t, set);
      }
      for (const k of set) out.add(k);
    }
    return out;
  }

  private keywordVectors: (readonly [string, Float32Array])[] | undefined;
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
      this.known ??= this.catalog.popular.filter((m) => m.vote_count >= 10);
      const scores = this.known.filter((m) => m.vote_count >= 100).map((m) => sem.score(v, m.id));
      scores.sort((a, b) => a - b);
      const at = (p: number) => scores[Math.min(scores.length - 1, Math.floor(scores.length * p))] ?? 1;
      if (scores.length >= 100) found = { v, min: at(0.5) + ABOUT_SHARE * (at(0.99) - at(0.5)) };
    }
    this.aboutCache.set(term, found);
    return found;
  }

  /** Closeness to a film (0..1): meaning of their texts, shared genres and keywords. */
  similarityTo(a: CatalogMovie, sem: SemanticIndex | null): (b: CatalogMovie) => number {
    const ga = new Set(a.genre_ids);
    const ka = new Set(a.keywords);
    return (b) => {
      let sharedGenres = 0;
      for (const g of b.genre_ids) if (ga.has(g)) sharedGenres++;
      const genreJaccard = sharedGenres / (ga.size + b.genre_ids.length - sharedGenres || 1);
      let sharedKeywords = 0;
      for (const k of b.keywords) if (ka.has(k)) sharedKeywords++;
      const text = sem ? Math.max(0, sem.similarity(a.id, b.id)) : 0;
      return 0.45 * text + 0.35 * genreJaccard + 0.2 * Math.min(1, sharedKeywords / 3);
    };
  }
}
