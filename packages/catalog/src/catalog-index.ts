import MiniSearch from 'minisearch';
import type { CatalogFile, CatalogMovie } from './types';

export const PAGE_SIZE = 20;
export const MAX_PAGES = 500;
/** TMDB's top rated list only ranks movies with enough votes; 300 is the threshold TMDB uses. */
export const TOP_RATED_MIN_VOTES = 300;
/** "Now playing": released in the 6 weeks up to the catalog's reference date. */
export const NOW_PLAYING_DAYS = 45;
/** "Trending this week": popularity decayed by age (half-life 180 days), over the last 2 years. */
export const TRENDING_WINDOW_DAYS = 730;
export const TRENDING_HALF_LIFE_DAYS = 180;

export interface Page<T> {
  page: number;
  results: T[];
  total_pages: number;
  total_results: number;
}

const DAY = 86_400_000;

export function paginate<T>(items: readonly T[], page: number): Page<T> {
  const total_pages = Math.min(Math.ceil(items.length / PAGE_SIZE), MAX_PAGES);
  const start = (page - 1) * PAGE_SIZE;
  const results = page <= total_pages ? items.slice(start, start + PAGE_SIZE) : [];
  return { page, results, total_pages, total_results: items.length };
}

/**
 * The catalog's "today". The dataset was taken in mid-2017, but a few festival films carry
 * later dates with status Released; the newest 0.1% of release dates are ignored so that
 * "now playing" lands where the data is dense.
 */
export function referenceDate(movies: readonly CatalogMovie[]): string {
  const dates = movies
    .filter((m) => m.status === 'Released' && m.release_date)
    .map((m) => m.release_date!)
    .sort();
  if (dates.length === 0) return '1970-01-01';
  return dates[dates.length - 1 - Math.floor(dates.length * 0.001)]!;
}

export interface CatalogIndexOptions {
  /**
   * Leave the title search index to `buildSearchIndex()` (a server calls it once it listens):
   * the lists and genres are ready at once. A search before the index is complete completes it
   * first, so answers never depend on the timing.
   */
  deferSearchIndex?: boolean;
}

/** Movies added to the title index per slice in the background: a few milliseconds of event loop each. */
const INDEX_SLICE = 250;

/** In-memory indexes over the offline catalog: lists, genres, and a typo-tolerant title search. */
export class CatalogIndex {
  readonly byId = new Map<number, CatalogMovie>();
  readonly referenceDate: string;
  readonly popular: CatalogMovie[];
  readonly topRated: CatalogMovie[];
  readonly nowPlaying: CatalogMovie[];
  readonly trending: CatalogMovie[];
  private readonly byGenre = new Map<number, CatalogMovie[]>();
  private readonly search: MiniSearch<CatalogMovie>;
  private readonly boosts = new Map<number, number>();
  /**
   * Every title with a word starting with a prefix of up to SHORT_PREFIX characters, by prefix,
   * in the order of a scan of the popularity list: titles starting so first (or after "the"),
   * then the others. Made once (after the title index when it is built in the background).
   */
  private shortPrefixes: Map<string, CatalogMovie[]> | undefined;
  /** How many of `file.movies` the title index holds. */
  private indexed = 0;
  private building: Promise<void> | undefined;

  constructor(
    readonly file: CatalogFile,
    opts: CatalogIndexOptions = {},
  ) {
    const movies = file.movies;
    for (const m of movies) this.byId.set(m.id, m);
    this.referenceDate = referenceDate(movies);
    const ref = Date.parse(this.referenceDate);
    const released = movies.filter(
      (m) => m.status === 'Released' && (!m.release_date || m.release_date <= this.referenceDate),
    );
    const byPopularity = (a: CatalogMovie, b: CatalogMovie) => b.popularity - a.popularity || a.id - b.id;
    this.popular = [...released].sort(byPopularity);
    this.topRated = released
      .filter((m) => m.vote_count >= TOP_RATED_MIN_VOTES)
      .sort((a, b) => b.vote_average - a.vote_average || b.vote_count - a.vote_count || a.id - b.id);
    this.nowPlaying = this.popular.filter(
      (m) => m.release_date && ref - Date.parse(m.release_date) <= NOW_PLAYING_DAYS * DAY,
    );
    const trendScore = (m: CatalogMovie) =>
      m.popularity * 0.5 ** ((ref - Date.parse(m.release_date!)) / DAY / TRENDING_HALF_LIFE_DAYS);
    this.trending = this.popular
      .filter((m) => m.release_date && ref - Date.parse(m.release_date) <= TRENDING_WINDOW_DAYS * DAY)
      .map((m) => ({ m, s: trendScore(m) }))
      .sort((a, b) => b.s - a.s || a.m.id - b.m.id)
      .map((x) => x.m);
    for (const m of this.popular) {
      for (const g of m.genre_ids) {
        let list = this.byGenre.get(g);
        if (!list) this.byGenre.set(g, (list = []));
        list.push(m);
      }
    }
    this.search = new MiniSearch<CatalogMovie>({
      fields: ['title', 'original_title'],
      storeFields: [],
      processTerm: (term) => foldAccents(term.toLowerCase()),
      searchOptions: {
        // The user is typing the last word: only it is completed as a prefix.
        prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 2,
        fuzzy: fuzziness,
        combineWith: 'AND',
      },
    });
    for (const m of movies) this.boosts.set(m.id, popularityBoost(m));
    if (!opts.deferSearchIndex) this.completeSearchIndex();
  }

  get searchIndexReady(): boolean {
    return this.indexed === this.file.movies.length;
  }

  /**
   * Builds the title index in slices, yielding to the event loop between them, so that a server
   * answers meanwhile. Resolves when it is complete (at once if it already is).
   */
  buildSearchIndex(): Promise<void> {
    this.building ??= (async () => {
      const movies = this.file.movies;
      while (this.indexed < movies.length) {
        const end = Math.min(this.indexed + INDEX_SLICE, movies.length);
        this.search.addAll(movies.slice(this.indexed, end));
        this.indexed = end;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      while (!this.shortPrefixes) {
        this.shortPrefixIndex(this.prefixBuild.done + INDEX_SLICE * 4);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    })();
    return this.building;
  }

  /** Adds whatever the title index still lacks, now. */
  private completeSearchIndex(): void {
    const movies = this.file.movies;
    if (this.indexed < movies.length) {
      this.search.addAll(this.indexed === 0 ? movies : movies.slice(this.indexed));
      this.indexed = movies.length;
    }
  }

  get(id: number): CatalogMovie | undefined {
    return this.byId.get(id);
  }

  /** TMDB's with_genres: "a,b" means all of them, "a|b" any of them. */
  discover(genreIds: number[], mode: 'all' | 'any'): CatalogMovie[] {
    if (genreIds.length === 1) return this.byGenre.get(genreIds[0]!) ?? [];
    return this.popular.filter((m) =>
      mode === 'all'
        ? genreIds.every((g) => m.genre_ids.includes(g))
        : genreIds.some((g) => m.genre_ids.includes(g)),
    );
  }

  /**
   * Title search, typo-tolerant and prefix-aware. Relevance first; among near-equal matches the
   * better known movie wins (a gentle boost by vote count), as TMDB's own search does.
   */
  searchTitles(query: string): CatalogMovie[] {
    const words = significantWords(query);
    if (words.length === 0) return [];
    // One or two letters typed: every title with a word starting so. A scan of the popularity
    // list is faster than scoring thousands of index hits, and popularity is the right order.
    if (words.length === 1 && words[0]!.length <= SHORT_PREFIX) return this.titlesWithWordStarting(words[0]!);
    this.completeSearchIndex();
    const q = words.join(' ');
    const boostDocument = (id: unknown) => this.boosts.get(id as number) ?? 1;
    let hits = this.search.search(q, { boostDocument });
    if (hits.length === 0) {
      // No movie matches every word: fall back to any word, so long queries still find something.
      hits = this.search.search(q, { combineWith: 'OR', boostDocument });
    }
    return hits.map((h) => this.byId.get(h.id as number)!);
  }

  private titlesWithWordStarting(prefix: string): CatalogMovie[] {
    return this.shortPrefixIndex().get(prefix) ?? [];
  }

  /** The short-prefix lists being made: how far through the popularity list, and the lists. */
  private prefixBuild = {
    done: 0,
    starts: new Map<string, CatalogMovie[]>(),
    contains: new Map<string, CatalogMovie[]>(),
  };

  /**
   * The answers for every short prefix, from one pass over the popularity list: for each title,
   * the prefixes (1 to SHORT_PREFIX characters) of each word of its title and original title.
   * A title "starts with" the prefix when its first word does, or its second after "the".
   * A few MB for the 45,000 movies; each short query is then a lookup instead of a scan of every
   * title. Made in slices after the title index (`buildSearchIndex`), or at once when asked first.
   */
  private shortPrefixIndex(upTo = this.popular.length): Map<string, CatalogMovie[]> {
    if (this.shortPrefixes) return this.shortPrefixes;
    const { starts, contains } = this.prefixBuild;
    const push = (map: Map<string, CatalogMovie[]>, key: string, m: CatalogMovie) => {
      const list = map.get(key);
      if (list) list.push(m);
      else map.set(key, [m]);
    };
    const seen = new Set<string>();
    const end = Math.min(upTo, this.popular.length);
    for (; this.prefixBuild.done < end; this.prefixBuild.done++) {
      const m = this.popular[this.prefixBuild.done]!;
      const title = normalize(m.title).split(' ');
      const original = normalize(m.original_title).split(' ');
      // What a scan of " <title> <original title>" for " <prefix>" (or " the <prefix>") finds.
      const first = title[0]!;
      const afterThe = first === 'the' ? (title.length > 1 ? title[1]! : original[0]!) : '';
      seen.clear();
      for (const word of [...title, ...original]) {
        for (let n = 1; n <= Math.min(SHORT_PREFIX, word.length); n++) {
          const p = word.slice(0, n);
          if (seen.has(p)) continue;
          seen.add(p);
          push(first.startsWith(p) || afterThe.startsWith(p) ? starts : contains, p, m);
        }
      }
    }
    if (this.prefixBuild.done < this.popular.length) return starts;
    const index = new Map<string, CatalogMovie[]>();
    for (const [p, list] of starts) index.set(p, list.concat(contains.get(p) ?? []));
    for (const [p, list] of contains) if (!index.has(p)) index.set(p, list);
    this.prefixBuild = { done: this.popular.length, starts: new Map(), contains: new Map() };
    return (this.shortPrefixes = index);
  }
}

/** Queries of one word this short are answered from the short-prefix index (no fuzzy matching). */
const SHORT_PREFIX = 3;

const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'of',
  'and',
  'in',
  'on',
  'to',
  'at',
  'la',
  'le',
  'el',
  'der',
  'die',
]);
const MAX_QUERY_WORDS = 4;

const foldAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

function normalize(s: string): string {
  return foldAccents(s.toLowerCase())
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The words worth searching for: stop words go (they match thousands of titles) unless the query
 * is nothing else; a last word that is only the start of a stop word ("war of th") or a single
 * letter goes too when other words remain; at most four words are kept (enough to pin a title, and each costs a fuzzy lookup).
 */
export function significantWords(query: string): string[] {
  const words = normalize(query).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  const kept = words.filter((w) => !STOP_WORDS.has(w));
  if (kept.length === 0) return [words[words.length - 1]!];
  const last = kept[kept.length - 1]!;
  const lastWasTyped = words[words.length - 1] === last;
  if (!lastWasTyped) {
    // The query ends with a stop word or its start: keep the words before it.
  } else if (
    kept.length > 1 &&
    ((last.length === 1 && /[a-z]/.test(last)) || [...STOP_WORDS].some((s) => s.startsWith(last)))
  ) {
    kept.pop();
  }
  return kept.slice(0, MAX_QUERY_WORDS);
}

function fuzziness(term: string): number | boolean {
  if (term.length <= 4) return false;
  if (term.length <= 8) return 1;
  return 2;
}

function popularityBoost(m: CatalogMovie): number {
  return 1 + Math.log10(1 + m.vote_count) / 2;
}
