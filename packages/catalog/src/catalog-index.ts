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
  return dates[Math.max(0, Math.floor(dates.length * 0.999) - 1)]!;
}

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
  private readonly popularityRank = new Map<number, number>();

  constructor(readonly file: CatalogFile) {
    const movies = file.movies;
    for (const m of movies) this.byId.set(m.id, m);
    this.referenceDate = referenceDate(movies);
    const ref = Date.parse(this.referenceDate);
    const released = movies.filter(
      (m) => m.status === 'Released' && (!m.release_date || m.release_date <= this.referenceDate),
    );
    const byPopularity = (a: CatalogMovie, b: CatalogMovie) => b.popularity - a.popularity || a.id - b.id;
    this.popular = [...released].sort(byPopularity);
    this.popular.forEach((m, i) => this.popularityRank.set(m.id, i));
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
      searchOptions: {
        // The user is typing the last word: only it is completed as a prefix.
        prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 2,
        fuzzy: fuzziness,
        combineWith: 'AND',
      },
    });
    this.search.addAll(movies);
  }

  get(id: number): CatalogMovie | undefined {
    return this.byId.get(id);
  }

  /** TMDB's with_genres: "a,b" means all of them, "a|b" any of them. */
  discover(genreIds: number[], mode: 'all' | 'any'): CatalogMovie[] {
    if (genreIds.length === 1) return this.byGenre.get(genreIds[0]!) ?? [];
    return this.popular.filter((m) =>
      mode === 'all' ? genreIds.every((g) => m.genre_ids.includes(g)) : genreIds.some((g) => m.genre_ids.includes(g)),
    );
  }

  /**
   * Title search, typo-tolerant and prefix-aware. Relevance first; among near-equal matches the
   * better known movie wins (a gentle boost by vote count), as TMDB's own search does.
   */
  searchTitles(query: string): CatalogMovie[] {
    const q = withoutStopWords(query);
    if (!q) return [];
    let hits = this.search.search(q, {
      boostDocument: (id) => popularityBoost(this.byId.get(id as number)),
    });
    if (hits.length === 0) {
      // No movie matches every word: fall back to any word, so long queries still find something.
      hits = this.search.search(q, {
        combineWith: 'OR',
        boostDocument: (id) => popularityBoost(this.byId.get(id as number)),
      });
    }
    return hits.map((h) => this.byId.get(h.id as number)!).filter(Boolean);
  }
}

const STOP_WORDS = new Set(['the', 'a', 'an', 'of', 'and', 'in', 'on', 'to', 'at', 'la', 'le', 'el', 'der', 'die']);

/** Drops words that match thousands of titles, unless the query is nothing but such words. */
function withoutStopWords(query: string): string {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  // The last word may be a prefix being typed ("the" of "theory"): keep it.
  const kept = words.filter((w, i) => i === words.length - 1 || !STOP_WORDS.has(w));
  return kept.join(' ');
}

function fuzziness(term: string): number | boolean {
  if (term.length <= 3) return false;
  if (term.length <= 6) return 1;
  return 2;
}

function popularityBoost(m: CatalogMovie | undefined): number {
  if (!m) return 1;
  return 1 + Math.log10(1 + m.vote_count) / 2;
}
