import {
  IntList,
  SPACE_OR_PUNCTUATION,
  superscriptsAsDigits,
  TitleIndexBuilder,
  type TitleIndex,
  type TitleQueryTerm,
} from './title-index';
import type { CatalogFile, CatalogLists, CatalogMovie } from './types';

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

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The catalog's "today". The dataset was taken in mid-2017, but a few festival films carry
 * later dates with status Released; the newest 0.1% of release dates are ignored so that
 * "now playing" lands where the data is dense.
 */
export function referenceDate(movies: readonly CatalogMovie[]): string {
  // Dates as day numbers (YYYYMMDD) in a typed array: a numeric sort instead of a string sort
  // (the real catalog: 22 ms instead of 82 ms of CPU at its first call, load 23; same answer: for dates written
  // YYYY-MM-DD the two orders agree). Any other form of date falls back to the string sort.
  const days = new Int32Array(movies.length);
  let n = 0;
  for (const m of movies) {
    if (m.status !== 'Released' || !m.release_date) continue;
    const d = m.release_date;
    if (!ISO_DAY.test(d)) return referenceDateBySort(movies);
    days[n++] = Number(d.slice(0, 4)) * 10_000 + Number(d.slice(5, 7)) * 100 + Number(d.slice(8, 10));
  }
  if (n === 0) return '1970-01-01';
  const day = days.subarray(0, n).sort()[n - 1 - Math.floor(n * 0.001)]!;
  const two = (x: number) => String(x).padStart(2, '0');
  return `${String(Math.floor(day / 10_000)).padStart(4, '0')}-${two(Math.floor(day / 100) % 100)}-${two(day % 100)}`;
}

/** The definition, as a string sort of the released movies' dates. */
export function referenceDateBySort(movies: readonly CatalogMovie[]): string {
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
  /** A short prefix whose terms have more postings than this keeps its first pages (default `BUSY_PREFIX`). */
  busyPrefixPostings?: number;
}

/** The English articles a title may start with and a reader may leave out (as processed terms). */
const LEADING_ARTICLES = ['the', 'a', 'an'];

const byPopularity = (a: CatalogMovie, b: CatalogMovie) => b.popularity - a.popularity || a.id - b.id;

/** A short prefix whose terms have more postings than this keeps its first pages (`SHORT_LIST` titles). */
const BUSY_PREFIX = 10_000;
const SHORT_LIST = 200;

interface ShortList {
  /** Places in `popular`: the first titles of each group, by popularity. */
  starts: number[];
  others: number[];
  total: number;
}

/** Movies added to the title index per slice in the background: a few milliseconds of event loop each. */
const INDEX_SLICE = 250;

/**
 * The movies by TMDB id: an open-addressing table of ids and positions in two typed arrays,
 * read like a `Map`. Made in one pass over the movies' ids: a million took about 320 ms as a
 * `Map` (and 40 MB), a few milliseconds here (decision 0056). A repeated id keeps its last movie,
 * as `Map.set` would.
 */
export class MovieIdMap {
  private readonly ids: Int32Array;
  private readonly places: Int32Array;
  private readonly shift: number;
  private count = 0;

  constructor(private readonly movies: readonly CatalogMovie[]) {
    const bits = Math.max(4, Math.ceil(Math.log2(movies.length * 2 + 1)));
    this.shift = 32 - bits;
    this.ids = new Int32Array(1 << bits);
    this.places = new Int32Array(1 << bits).fill(-1);
    for (let i = 0; i < movies.length; i++) this.put(movies[i]!.id, i);
  }

  private slot(id: number): number {
    const mask = this.ids.length - 1;
    let h = Math.imul(id, 0x9e3779b1) >>> this.shift;
    while (this.places[h] !== -1 && this.ids[h] !== id) h = (h + 1) & mask;
    return h;
  }

  private put(id: number, place: number): void {
    if (!Number.isInteger(id) || id < -0x80000000 || id > 0x7fffffff)
      throw new Error(`A catalog movie's id must be a 32-bit integer: ${id}`);
    const h = this.slot(id);
    if (this.places[h] === -1) this.count++;
    this.ids[h] = id;
    this.places[h] = place;
  }

  get size(): number {
    return this.count;
  }

  get(id: number): CatalogMovie | undefined {
    if (!Number.isInteger(id) || id < -0x80000000 || id > 0x7fffffff) return undefined;
    const place = this.places[this.slot(id)]!;
    return place === -1 ? undefined : this.movies[place];
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  /** The ids, in the file's order (each once). */
  *keys(): IterableIterator<number> {
    for (const m of this.values()) yield m.id;
  }

  /** The movies, in the file's order (each id once). */
  *values(): IterableIterator<CatalogMovie> {
    const movies = this.movies;
    for (let i = 0; i < movies.length; i++) if (this.get(movies[i]!.id) === movies[i]) yield movies[i]!;
  }
}

/** In-memory indexes over the offline catalog: lists, genres, and a typo-tolerant title search. */
export class CatalogIndex {
  readonly byId: MovieIdMap;
  readonly referenceDate: string;
  readonly popular: CatalogMovie[];
  readonly topRated: CatalogMovie[];
  readonly nowPlaying: CatalogMovie[];
  readonly trending: CatalogMovie[];
  private readonly byGenre = new Map<number, CatalogMovie[]>();
  /**
   * Each genre's places in the file, by popularity, until the genre is first asked for: a
   * million movies' genre lists hold 1.95 million places, about 0.4 s of a start to resolve.
   */
  private readonly genrePlaces = new Map<number, number[]>();
  private builder: TitleIndexBuilder | undefined;
  private titles: TitleIndex | undefined;
  /** Each movie's place in `popular`, by its position in the file; -1 if not listed. */
  private readonly rank: Int32Array;
  /** The short queries' two lists of places, reused (a million-movie catalog's run to hundreds of thousands). */
  private wordLists: { starts: IntList; others: IntList } | undefined;
  /** The first pages of the short prefixes that match many titles (`BUSY_PREFIX`). */
  private readonly busy = new Map<string, ShortList>();
  /** The answers to an article and one character ("the s"), made once the index is built. */
  private readonly articleStarts = new Map<string, { movies: CatalogMovie[]; total: number }>();
  private readonly busyPostings: number;
  /** How many of `file.movies` the title index holds. */
  private indexed = 0;
  private building: Promise<void> | undefined;

  constructor(
    readonly file: CatalogFile,
    opts: CatalogIndexOptions = {},
  ) {
    this.busyPostings = opts.busyPrefixPostings ?? BUSY_PREFIX;
    const movies = file.movies;
    this.byId = new MovieIdMap(movies);
    const lists = takeLists(file);
    this.referenceDate = lists.reference_date;
    const at = (positions: number[]) => positions.map((i) => movies[i]!);
    this.popular = at(lists.popular);
    this.rank = new Int32Array(movies.length).fill(-1);
    lists.popular.forEach((i, r) => (this.rank[i] = r));
    this.topRated = at(lists.top_rated);
    this.nowPlaying = at(lists.now_playing);
    this.trending = at(lists.trending);
    for (const [genre, positions] of Object.entries(lists.by_genre))
      this.genrePlaces.set(Number(genre), positions);
    this.builder = new TitleIndexBuilder(processTerm, (doc) => popularityBoost(movies[doc]!));
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
        this.addToIndex(end);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      // Packed in slices too; a search meanwhile packs the rest at once (`finishIndex`).
      const packed = await this.builder?.finishInSlices();
      if (packed && !this.titles) {
        this.titles = packed;
        this.builder = undefined;
      }
      this.finishIndex();
      await this.prepareBusyPrefixes();
    })();
    return this.building;
  }

  /** Adds whatever the title index still lacks, now. */
  private completeSearchIndex(): TitleIndex {
    this.addToIndex(this.file.movies.length);
    return this.finishIndex();
  }

  private addToIndex(end: number): void {
    const movies = this.file.movies;
    for (; this.indexed < end; this.indexed++) {
      const m = movies[this.indexed]!;
      // An original title that is the title is not a second match of the same words: counted
      // twice, it put "Internal Affairs" (English, so both) above "Infernal Affairs" (無間道)
      // for "infernal affairs" (decision 0057).
      this.builder!.add([
        superscriptsAsDigits(m.title),
        m.original_title === m.title ? '' : superscriptsAsDigits(m.original_title),
      ]);
    }
  }

  /** Packs the collected titles into the compact index (once). */
  private finishIndex(): TitleIndex {
    if (!this.titles) {
      this.titles = this.builder!.finish();
      this.builder = undefined;
    }
    return this.titles;
  }

  get(id: number): CatalogMovie | undefined {
    return this.byId.get(id);
  }

  /** A genre's movies by popularity (made on the genre's first request). */
  private genre(id: number): CatalogMovie[] {
    let list = this.byGenre.get(id);
    if (!list) {
      const places = this.genrePlaces.get(id);
      // A genre the catalog does not have is not kept (any number can be asked for).
      if (!places) return [];
      const movies = this.file.movies;
      list = places.map((i) => movies[i]!);
      this.byGenre.set(id, list);
      this.genrePlaces.delete(id);
    }
    return list;
  }

  /** TMDB's with_genres: "a,b" means all of them, "a|b" any of them. */
  discover(genreIds: number[], mode: 'all' | 'any'): CatalogMovie[] {
    if (genreIds.length === 1) return this.genre(genreIds[0]!);
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
    return this.searchTitlesTop(query, Infinity).movies;
  }

  /**
   * The first `limit` answers of `searchTitles`, and how many there are in all. `reading`: the
   * query is a reading of words typed without spaces (decision 0071), which finds the titles with
   * every one of its words or nothing; `exact`, each word whole, without slips.
   */
  searchTitlesTop(
    query: string,
    limit: number,
    reading?: 'exact' | 'loose',
  ): { movies: CatalogMovie[]; total: number } {
    const words = significantWords(query);
    if (words.length === 0) return { movies: [], total: 0 };
    // A reading of more words than are searched would drop some: not a reading.
    if (reading && searchedWordsDropped(query, words)) return { movies: [], total: 0 };
    const busy = reading ? undefined : this.busyPrefixAnswer(query, limit);
    if (busy) return busy;
    const titles = this.completeSearchIndex();
    // One to three letters typed: every title with a word starting so, by popularity.
    // (No whole title first here: two letters are more often the start of a known title than a
    // title themselves, "go" of The Godfather rather than Go.)
    if (words.length === 1 && words[0]!.length <= 3 && !reading)
      return this.titlesWithWordStarting(titles, words[0]!, limit);
    const { spec, initial } = titleQuerySpec(words, reading);
    // The titles that are the words typed come first (`exactFirst`); after one word, the other
    // first suggestions are looked at too, so at least that many answers are scored in order.
    const titled = this.titledAs(titles, query);
    const oneWord = query.split(SPACE_OR_PUNCTUATION).filter((w) => processTerm(w)).length === 1;
    const pool = oneWord && titled.length > 0 ? Math.max(limit, SUGGESTIONS + titled.length) : limit;
    let found = titles.searchTop(spec, 'and', pool, initial, this.typedFromStart(titles, query));
    if (found.total === 0 && reading) return { movies: [], total: 0 };
    // "dune 1984", "twelve angry men 1957": a year typed after a title's words, which no title
    // holding them all has in it ("death race 2000" is a title), picks that year's films among the
    // titles of the other words, first; the others follow.
    const year = found.total === 0 && words.length >= 2 ? releaseYear(words[words.length - 1]!) : null;
    const movies = this.file.movies;
    const yearFirst = (list: CatalogMovie[]) => {
      const inYear = new Set(list.filter((m) => m.release_date?.startsWith(year!)));
      return [...inYear].concat(list.filter((m) => !inYear.has(m)));
    };
    if (year) {
      const others = this.searchTitlesTop(words.slice(0, -1).join(' '), Math.max(limit, YEAR_POOL));
      if (others.movies.some((m) => m.release_date?.startsWith(year)))
        return { movies: yearFirst(others.movies).slice(0, limit), total: others.total };
    }
    // Nothing: a word may be words typed without a space ("wonderwoman", "toystory"; decision
    // 0071). A reading into whole words, each found exactly, is tried before two slips ("diehard"
    // is Die Hard, not Richard III); one whose words need a slip or whose last is only a word's
    // start ("kungfupan") after them, as the last resort before any word.
    if (found.total === 0) {
      const read = this.readJoined(titles, query, words, limit, 'exact');
      if (read) return read;
    }
    // Nothing at all: a word of seven or eight letters may be two slips away ("gatacca"), which the
    // usual tolerance (one edit up to eight letters) does not reach. Tried only when nothing
    // matched, so it never adds noise to answers that exist (decision 0064).
    if (found.total === 0 && spec.some((t) => widerFuzziness(t.term) > t.fuzzy))
      found = titles.searchTop(
        spec.map((t) => ({ ...t, fuzzy: widerFuzziness(t.term) })),
        'and',
        pool,
        initial,
      );
    if (found.total === 0) {
      const read = this.readJoined(titles, query, words, limit, 'loose');
      if (read) return read;
    }
    if (found.total === 0) {
      // No movie matches every word: fall back to any word, so long queries still find something
      // (with a year typed last, that year's films first).
      found = titles.searchTop(spec, 'or', pool);
      if (year) return { movies: yearFirst(found.hits.map((h) => movies[h.doc]!)), total: found.total };
    }
    return this.exactFirst(
      titled,
      oneWord,
      {
        movies: found.hits.map((h) => movies[h.doc]!),
        total: found.total,
      },
      limit,
    );
  }

  /**
   * "the s", "a c": an article and the first letter of the next word, what a typist passes on
   * the way to most titles, and at a million titles the dearest query there is (every title
   * with "the" read for a word starting with the letter): answered from the lists made once
   * the index was built (prepareBusyPrefixes), or undefined.
   */
  private busyPrefixAnswer(
    query: string,
    limit: number,
  ): { movies: CatalogMovie[]; total: number } | undefined {
    if (limit > SHORT_LIST || this.articleStarts.size === 0) return undefined;
    const made = this.articleStarts.get(query.trim().toLowerCase().replace(/\s+/g, ' '));
    return made ? { movies: made.movies.slice(0, limit), total: made.total } : undefined;
  }

  /**
   * The answer of the first reading of a word typed as words run together that finds titles with
   * every word (`searchTitlesTop` in that mode), or undefined. Only the words searched are read,
   * and only one that is no title's word, nor the start of one (the last), nor one slip from one.
   */
  private readJoined(
    titles: TitleIndex,
    query: string,
    searched: readonly string[],
    limit: number,
    mode: 'exact' | 'loose',
  ): { movies: CatalogMovie[]; total: number } | undefined {
    const typed = normalize(query).split(' ').filter(Boolean);
    for (let w = typed.length - 1; w >= 0; w--) {
      const word = typed[w]!;
      const last = w === typed.length - 1;
      if (word.length < JOINED_MIN_LETTERS || !searched.includes(word) || titles.find(word) >= 0) continue;
      if (last && titles.prefixRange(word)[0] < titles.prefixRange(word)[1]) continue;
      const splits = titles.joinedWords(word, last && mode === 'loose');
      // The slip test (a lookup of its own at a million titles) only for a word that reads so.
      if (splits.length === 0 || titles.fuzzyTerms(word, fuzziness(word)).length > 0) continue;
      for (const split of splits) {
        const spaced = [...typed.slice(0, w), ...split, ...typed.slice(w + 1)].join(' ');
        // Only the titles that have the word typed as words of theirs run together, in order:
        // "gotooth" is no title's "go tooth" (Dogtooth, two slips, is), "lifeofpi" is Life of Pi's.
        const runs = (m: CatalogMovie) =>
          runsTogether(m.title, word, mode === 'exact') ||
          (m.original_title !== m.title && runsTogether(m.original_title, word, mode === 'exact'));
        const found = this.searchTitlesTop(spaced, Math.max(limit, READING_POOL), mode).movies.filter(runs);
        if (found.length > 0) return { movies: found.slice(0, limit), total: found.length };
      }
    }
    return undefined;
  }

  /**
   * The titles that start with the words typed, the last one as its start ("sunset b": Sunset
   * Blvd.; "seventh s": The Seventh Seal), favoured by `TITLE_START` (decision 0069). Told from
   * the index's first two terms of each title, without reading titles: one word typed, a title
   * whose first term (or second, after an article) starts with it (a title opening with words
   * joined, "Spider-Man", by the joined word: "spiderm"); more, a title whose first two terms are
   * the first two typed (or whose second is the first typed, after an article or a joined word),
   * its words then compared (a handful of titles).
   */
  private typedFromStart(
    titles: TitleIndex,
    query: string,
  ): { test: (doc: number) => boolean; factor: number } | undefined {
    const typed = normalize(query).split(' ').filter(Boolean);
    if (typed.join('').length < 4) return undefined;
    const range = (word: string, last: boolean): [number, number] => {
      if (last) return titles.prefixRange(processTerm(word));
      const at = titles.find(processTerm(word));
      return at < 0 ? [0, 0] : [at, at + 1];
    };
    const [from0, to0] = range(typed[0]!, typed.length === 1);
    if (from0 >= to0) return undefined;
    const articles = new Set(LEADING_ARTICLES.map((a) => titles.find(a)).filter((at) => at >= 0));
    const skips = !LEADING_ARTICLES.includes(typed[0]!);
    const in0 = (t: number) => t >= from0 && t < to0;
    let test: (doc: number) => boolean;
    if (typed.length === 1) {
      test = (doc) =>
        in0(titles.leadTerm(doc, 0)) ||
        (skips && articles.has(titles.leadTerm(doc, 0)) && in0(titles.leadTerm(doc, 1)));
    } else {
      const [from1, to1] = range(typed[1]!, typed.length === 2);
      // A title opening with words joined ("Spider-Man: Into…") has the joined word first, the
      // first of its parts second.
      const [joinedFrom, joinedTo] = titles.prefixRange(processTerm(typed[0]!));
      const movies = this.file.movies;
      const two = typed.length === 2;
      test = (doc) => {
        const first = titles.leadTerm(doc, 0);
        const second = titles.leadTerm(doc, 1);
        if (in0(first) && second >= from1 && second < to1) {
          // Two words typed, the title's first two words (both the title's own, not the original
          // title's first): nothing more to compare.
          if (two) return titles.titleLeadCount(doc) === 2;
          return startsTitle(movies[doc]!.title, typed);
        }
        return (
          in0(second) &&
          (articles.has(first) || (first >= joinedFrom && first < joinedTo)) &&
          startsTitle(movies[doc]!.title, typed)
        );
      };
    }
    return { test, factor: TITLE_START };
  }

  /** The documents whose whole title (or original title) is the query's words, in order. */
  private titledAs(titles: TitleIndex, query: string): number[] {
    const words = query.split(SPACE_OR_PUNCTUATION).slice(0, 12).map(processTerm);
    const docs = titles.exactTitles(words);
    // Typed without its leading article, a title is the same title to the reader: where the words
    // are a whole title ("godfather": Godfather, 1991), "The Godfather" is one too, and popularity
    // decides between them. (Where no film has the bare words as its title, nothing changes:
    // "matrix" keeps its order by relevance.)
    const opening = words.find(Boolean);
    if (docs.length > 0 && opening !== undefined && !LEADING_ARTICLES.includes(opening))
      for (const article of LEADING_ARTICLES)
        for (const doc of titles.exactTitles([article, ...words])) if (!docs.includes(doc)) docs.push(doc);
    return docs;
  }

  /**
   * The answers with the movies whose whole title is the query first (its words in order, "the"
   * and all; by popularity): someone who types "the killer" or "a better tomorrow" means that
   * film, not a better known one sharing a word (decision 0057).
   */
  private exactFirst(
    docs: readonly number[],
    oneWord: boolean,
    found: { movies: CatalogMovie[]; total: number },
    limit: number,
  ): { movies: CatalogMovie[]; total: number } {
    const movies = this.file.movies;
    let exact = docs.map((doc) => movies[doc]!).sort(byPopularity);
    if (exact.length === 0) return { movies: found.movies.slice(0, limit), total: found.total };
    // One word is as often the start of a longer one as a title itself: "spirit" on the way to
    // Spirited Away, "hell" to Hellboy. Where the best known of the other first suggestions is far
    // better known (ten times the votes) than the titles that are the word, it comes first and the
    // best known of those titles second, still in view; the others take their place by score
    // (decision 0064).
    if (oneWord) {
      const titled = new Set(exact);
      const other = found.movies
        .filter((m) => !titled.has(m))
        .slice(0, SUGGESTIONS)
        .reduce<CatalogMovie | undefined>((a, m) => (a && a.vote_count >= m.vote_count ? a : m), undefined);
      if (other && exact[0]!.vote_count * UNSURE_WORD < other.vote_count) exact = [other, exact[0]!];
    }
    const first = new Set(exact);
    const merged = exact.concat(found.movies.filter((m) => !first.has(m))).slice(0, limit);
    return { movies: merged, total: Math.max(found.total, merged.length) };
  }

  /**
   * Every released title with a word starting with `prefix` (as the title index splits words):
   * first those whose title starts with it (or whose second word does, after "the"), then the
   * others, each group by popularity. The matches come from the index's terms that start so;
   * only the first `limit` are put in order (selected by their place in the popularity list).
   */
  private titlesWithWordStarting(
    titles: TitleIndex,
    prefix: string,
    limit: number,
  ): { movies: CatalogMovie[]; total: number } {
    const term = processTerm(prefix);
    const [from, to] = titles.prefixRange(term);
    // A prefix that matches many titles keeps its first pages once made.
    const found =
      limit <= SHORT_LIST && titles.postingCount(from, to) > this.busyPostings
        ? this.busyList(titles, term, from, to)
        : this.wordStarting(titles, from, to, limit);
    const first = found.starts.slice(0, limit);
    const rest = first.length < limit ? found.others.slice(0, limit - first.length) : [];
    return { movies: first.concat(rest).map((r) => this.popular[r]!), total: found.total };
  }

  /** A busy prefix's first pages (`SHORT_LIST` titles), made once. */
  private busyList(titles: TitleIndex, term: string, from: number, to: number): ShortList {
    let found = this.busy.get(term);
    if (!found) this.busy.set(term, (found = this.wordStarting(titles, from, to, SHORT_LIST)));
    return found;
  }

  /** The places in `popular` of the first `limit` titles of each group, and how many in all. */
  private wordStarting(titles: TitleIndex, from: number, to: number, limit: number): ShortList {
    const rank = this.rank;
    const { starts, others } = (this.wordLists ??= { starts: new IntList(), others: new IntList() });
    starts.length = 0;
    others.length = 0;
    titles.visitTermRange(from, to, titles.find('the'), (doc, leads) => {
      const r = rank[doc]!;
      if (r >= 0) (leads ? starts : others).push(r);
    });
    const first = smallest(starts, limit);
    return {
      starts: first,
      others: first.length < limit ? smallest(others, limit - first.length) : [],
      total: starts.length + others.length,
    };
  }

  /**
   * Makes the first pages of every prefix of one to three letters that matches many titles,
   * a few at a time between other work (a server calls it once the title index is built).
   */
  private async prepareBusyPrefixes(): Promise<void> {
    const next = () => new Promise<void>((resolve) => setImmediate(resolve));
    const titles = this.finishIndex();
    await next();
    const prefixes = titles.busyPrefixes(3, this.busyPostings);
    await next();
    for (let i = 0; i < prefixes.length; i++) {
      this.busyList(titles, prefixes[i]!, ...titles.prefixRange(prefixes[i]!));
      if (i % 8 === 7) await next();
    }
    // And an article followed by each letter or digit: each answer is computed as any query is,
    // one between other work, then kept (searchTitlesTop reads it).
    const made = new Map<string, { movies: CatalogMovie[]; total: number }>();
    for (const article of LEADING_ARTICLES)
      for (const c of 'abcdefghijklmnopqrstuvwxyz0123456789') {
        const query = `${article} ${c}`;
        made.set(query, this.searchTitlesTop(query, SHORT_LIST));
        await next();
      }
    for (const [query, answer] of made) this.articleStarts.set(query, answer);
  }
}

/**
 * The catalog's served lists as positions in `movies`: what a start would otherwise sort. Made
 * when a catalog file is written (`writeCatalogFiles`) and, for a catalog without them, when it
 * is indexed; the same orders either way (each comparison ends on the id, so every order is total).
 */
export function catalogLists(movies: readonly CatalogMovie[], builtAt: string): CatalogLists {
  const reference = referenceDate(movies);
  const ref = Date.parse(reference);
  const released: number[] = [];
  for (let i = 0; i < movies.length; i++) {
    const m = movies[i]!;
    if (m.status === 'Released' && (!m.release_date || m.release_date <= reference)) released.push(i);
  }
  const popular = released.slice().sort((a, b) => byPopularity(movies[a]!, movies[b]!));
  const top_rated = released
    .filter((i) => movies[i]!.vote_count >= TOP_RATED_MIN_VOTES)
    .sort((a, b) => {
      const x = movies[a]!;
      const y = movies[b]!;
      return y.vote_average - x.vote_average || y.vote_count - x.vote_count || x.id - y.id;
    });
  /** Days from a movie's release to the reference date (Infinity without a date). */
  const age = (i: number) => {
    const d = movies[i]!.release_date;
    return d ? (ref - Date.parse(d)) / DAY : Infinity;
  };
  const now_playing = popular.filter((i) => age(i) <= NOW_PLAYING_DAYS);
  const trending = popular
    .filter((i) => age(i) <= TRENDING_WINDOW_DAYS)
    .map((i) => ({ i, s: movies[i]!.popularity * 0.5 ** (age(i) / TRENDING_HALF_LIFE_DAYS) }))
    .sort((a, b) => b.s - a.s || movies[a.i]!.id - movies[b.i]!.id)
    .map((x) => x.i);
  const by_genre: Record<string, number[]> = {};
  for (const i of popular) for (const g of movies[i]!.genre_ids) (by_genre[g] ??= []).push(i);
  return {
    movies: movies.length,
    built_at: builtAt,
    reference_date: reference,
    popular,
    top_rated,
    now_playing,
    trending,
    by_genre,
  };
}

/**
 * The file's stored lists if they were made from these movies, else made now. They are taken
 * off the file (a million movies' lists are about 30 MB of numbers, needed once); another
 * index over the same file makes its own.
 */
function takeLists(file: CatalogFile): CatalogLists {
  const stored = file.lists;
  delete file.lists;
  const fits =
    stored !== undefined &&
    stored.movies === file.movies.length &&
    stored.built_at === file.built_at &&
    [
      stored.popular,
      stored.top_rated,
      stored.now_playing,
      stored.trending,
      ...Object.values(stored.by_genre),
    ].every(
      (list) =>
        Array.isArray(list) && list.every((i) => Number.isInteger(i) && i >= 0 && i < file.movies.length),
    );
  return fits ? stored : catalogLists(file.movies, file.built_at);
}

/**
 * The `k` smallest of a list of distinct numbers (places in a list), in order: a histogram of
 * their high bits finds the few buckets that hold them, so only those are sorted.
 */
export function smallest(list: IntList, k: number): number[] {
  const n = list.length;
  if (k <= 0 || n === 0) return [];
  const values = list.items.subarray(0, n);
  if (k >= n || n < 4096) return Array.from(values.slice().sort().subarray(0, Math.min(k, n)));
  let max = 0;
  for (let i = 0; i < n; i++) if (values[i]! > max) max = values[i]!;
  const shift = Math.max(0, Math.ceil(Math.log2((max + 1) / 4096)));
  const counts = new Uint32Array((max >>> shift) + 2);
  for (let i = 0; i < n; i++) counts[values[i]! >>> shift]!++;
  let bucket = 0;
  for (let seen = 0; bucket < counts.length; bucket++) if ((seen += counts[bucket]!) >= k) break;
  const bound = (bucket + 1) << shift;
  const kept = new IntList(2 * k);
  for (let i = 0; i < n; i++) if (values[i]! < bound) kept.push(values[i]!);
  return Array.from(kept.items.subarray(0, kept.length).sort().subarray(0, k));
}

export const STOP_WORDS = new Set([
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
/**
 * A title that starts with the words typed (the last one as its start; "sunset b" of Sunset Blvd.,
 * "the seventh s" of The Seventh Seal) scores this many times its match: someone typing a title
 * types it from its start, so a title holding the same words elsewhere (Before Sunset, Seventh Son)
 * is the weaker guess. A factor, not a rule: a far better known match still leads (decision 0069).
 */
const TITLE_START = 2;

/** Whether the words typed (the last one as its start) begin the title, its article aside. */
export function startsTitle(title: string, typed: readonly string[]): boolean {
  if (typed.length === 0) return false;
  const begins = (words: string[]): boolean => {
    if (typed.length > words.length) return false;
    for (let i = 0; i < typed.length - 1; i++) if (words[i] !== typed[i]) return false;
    return words[typed.length - 1]!.startsWith(typed[typed.length - 1]!);
  };
  const words = normalize(title).split(' ').filter(Boolean);
  return (
    begins(words) ||
    (LEADING_ARTICLES.includes(words[0] ?? '') && words[0] !== typed[0] && begins(words.slice(1)))
  );
}
/** How many times the votes of a title that is the one word typed another answer needs to come first. */
const UNSURE_WORD = 10;
/** The suggestions the search box shows. */
const SUGGESTIONS = 6;

const foldAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

function normalize(s: string): string {
  return foldAccents(superscriptsAsDigits(s).toLowerCase())
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
  } else if (kept.length > 1 && last.length > 1 && [...STOP_WORDS].some((s) => s.startsWith(last))) {
    kept.pop();
  } else if (kept.length === 1 && last.length === 1 && words.length > 1) {
    // "la la l": stop words and the first letter of the next word, which alone says nothing.
    return words.slice(-MAX_QUERY_WORDS);
  }
  // A last single letter stays (decision 0064): it is the start of the word being typed, "star w"
  // (`searchTitlesTop` keeps the other words' titles with a word that starts so).
  return kept.slice(0, MAX_QUERY_WORDS);
}

/** The shortest word read as words typed without spaces ("toystory"): shorter ones are mostly typos. */
const JOINED_MIN_LETTERS = 6;
/** How many answers of a reading are looked at for the titles that run its words together. */
const READING_POOL = 200;

/**
 * Whether `title` has `word` as some of its words run together, in order ("Die Hard" has
 * "diehard"; "Kung Fu Panda" has "kungfupan" when it may end inside a word, `whole` false).
 */
export function runsTogether(title: string, word: string, whole: boolean): boolean {
  const words = normalize(title).split(' ').filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    let joined = '';
    for (let j = i; j < words.length && joined.length < word.length; j++) {
      joined += words[j]!;
      if (joined === word || (!whole && joined.startsWith(word))) return true;
      if (!word.startsWith(joined)) break;
    }
  }
  return false;
}

/** How many answers of the other words a year typed after them is looked for among. */
const YEAR_POOL = 200;

/** A word that reads as a release year (1880 to next year), else null. */
/**
 * The terms searched for `words`, and a last single letter after other words, which is the start
 * of the next word ("star w"): the titles of the other words that have a word starting with it
 * (decision 0064).
 */
function titleQuerySpec(
  words: readonly string[],
  reading: 'exact' | 'loose' | undefined,
): { spec: TitleQueryTerm[]; initial: string | undefined } {
  const terms = words.flatMap((w) => w.split(SPACE_OR_PUNCTUATION).map(processTerm)).filter(Boolean);
  const initial = terms.length > 1 && /^[a-z]$/.test(terms[terms.length - 1]!) ? terms.pop() : undefined;
  const spec: TitleQueryTerm[] = terms.map((term, i) => ({
    term,
    // The user is typing the last word: only it is completed as a prefix.
    prefix: reading !== 'exact' && initial === undefined && i === terms.length - 1 && term.length >= 2,
    fuzzy: reading === 'exact' ? 0 : fuzziness(term),
  }));
  return { spec, initial };
}

/** More words in `query` (stop words aside) than the `searched` ones: a reading would drop some. */
function searchedWordsDropped(query: string, searched: readonly string[]): boolean {
  return (
    normalize(query)
      .split(' ')
      .filter((w) => w && !STOP_WORDS.has(w)).length > searched.length
  );
}

function releaseYear(word: string): string | null {
  if (!/^(18[89]\d|19\d\d|20\d\d)$/.test(word)) return null;
  return Number(word) <= new Date().getFullYear() + 1 ? word : null;
}

/** The largest edit distance a word may be from a title's word: none up to 4 letters, then 1, then 2 past 8. */
function fuzziness(term: string): number {
  if (term.length <= 4) return 0;
  if (term.length <= 8) return 1;
  return 2;
}

/** The tolerance tried when nothing matched: two edits from seven letters. */
function widerFuzziness(term: string): number {
  return term.length >= 7 ? 2 : fuzziness(term);
}

const processTerm = (term: string) => foldAccents(term.toLowerCase());

/**
 * A title's prior: 1 + log10(1 + votes), from 1 (no votes) to about 5 (14,000). Half as steep
 * before decision 0064; with the word being typed completed at 0.8 of the whole word, this is what
 * lets the film most people mean win over a title that merely holds the letters typed.
 */
export function popularityBoost(m: Pick<CatalogMovie, 'vote_count'>): number {
  return 1 + Math.log10(1 + m.vote_count);
}
