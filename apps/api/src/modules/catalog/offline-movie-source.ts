import {
  GENRE_NAMES,
  MAX_PAGES,
  PAGE_SIZE,
  paginate,
  peopleIndexOf,
  type CatalogIndex,
  type CatalogMovie,
} from '@app/catalog';
import { RATING_MIN_VOTES, type ListOptions, type SortBy } from '@app/contracts';
import type {
  ListKind,
  MovieCredits,
  MovieDetails,
  MovieListItem,
  MoviePage,
  PersonMovieCredits,
} from '@app/contracts';
import { LRUCache } from 'lru-cache';
import { NotFoundError } from '../../lib/errors';
import type { MovieSource } from './movie-source';

/**
 * A movie's image paths as the API gives them: TMDB's own (for the image CDN) where the catalog has
 * them and the CDN is on, otherwise the generated art's (`/poster-{id}.svg`, `/backdrop-{id}.svg`).
 */
export function imagePaths(m: CatalogMovie, tmdbImages: boolean) {
  return {
    poster_path: tmdbImages && m.tmdb_poster_path ? m.tmdb_poster_path : m.poster_path,
    backdrop_path: tmdbImages && m.tmdb_backdrop_path ? m.tmdb_backdrop_path : m.backdrop_path,
  };
}

export function toListItem(m: CatalogMovie, tmdbImages = false): MovieListItem {
  return {
    adult: false,
    ...imagePaths(m, tmdbImages),
    genre_ids: m.genre_ids,
    id: m.id,
    original_language: m.original_language,
    original_title: m.original_title,
    overview: m.overview,
    popularity: m.popularity,
    release_date: m.release_date ?? '',
    title: m.title,
    video: false,
    vote_average: m.vote_average,
    vote_count: m.vote_count,
  };
}

export function toDetails(m: CatalogMovie, tmdbImages = false): MovieDetails {
  return {
    adult: false,
    ...imagePaths(m, tmdbImages),
    belongs_to_collection: m.collection
      ? { id: m.collection.id, name: m.collection.name, poster_path: null, backdrop_path: null }
      : null,
    budget: m.budget,
    genres: m.genre_ids.map((id) => ({ id, name: GENRE_NAMES.get(id) ?? 'Unknown' })),
    homepage: '',
    id: m.id,
    imdb_id: m.imdb_id,
    original_language: m.original_language,
    original_title: m.original_title,
    overview: m.overview,
    popularity: m.popularity,
    production_companies: m.production_companies.map((c) => ({
      id: c.id,
      name: c.name,
      logo_path: null,
      origin_country: '',
    })),
    release_date: m.release_date ?? '',
    revenue: m.revenue,
    runtime: m.runtime,
    status: m.status,
    tagline: m.tagline,
    title: m.title,
    video: false,
    vote_average: m.vote_average,
    vote_count: m.vote_count,
  };
}

/** The credits a synced film carries (decision 0084; none in the offline dataset). */
interface Credited {
  cast?: { id: number; name: string; character?: string | null; order?: number }[];
  directors?: { id: number; name: string }[];
  writers?: { id: number; name: string }[];
}
const crew = (p: { id: number; name: string }) => ({ id: p.id, name: p.name, profile_path: null });

const byPopularity = (a: CatalogMovie, b: CatalogMovie) => b.popularity - a.popularity || a.id - b.id;
const SORTS: Record<SortBy, (a: CatalogMovie, b: CatalogMovie) => number> = {
  'popularity.desc': byPopularity,
  // Films with enough votes first (a single 10/10 vote is not "highest rated"), then the rest.
  'vote_average.desc': (a, b) =>
    Number(b.vote_count >= RATING_MIN_VOTES) - Number(a.vote_count >= RATING_MIN_VOTES) ||
    b.vote_average - a.vote_average ||
    b.vote_count - a.vote_count ||
    a.id - b.id,
  // Undated films last in both directions.
  'primary_release_date.desc': (a, b) =>
    (b.release_date ?? '').localeCompare(a.release_date ?? '') || byPopularity(a, b),
  'primary_release_date.asc': (a, b) =>
    (a.release_date ?? '9999').localeCompare(b.release_date ?? '9999') || byPopularity(a, b),
};

/**
 * Orders, narrows to a release-date range, and leaves out `exclude`, over a whole list (before
 * paging). `hidden` counts the films of the range that were left out. Sorted copies of a list are
 * kept per list, so a user's filtered request only filters.
 */
export function applyListOptions(
  list: CatalogMovie[],
  opts: ListOptions,
  sorted: WeakMap<CatalogMovie[], Map<SortBy, CatalogMovie[]>> = new WeakMap(),
): { movies: CatalogMovie[]; hidden: number } {
  let movies = list;
  if (opts.sort_by) {
    let bySort = sorted.get(list);
    if (!bySort) sorted.set(list, (bySort = new Map()));
    let s = bySort.get(opts.sort_by);
    if (!s) bySort.set(opts.sort_by, (s = [...list].sort(SORTS[opts.sort_by])));
    movies = s;
  }
  const { from, to, exclude } = opts;
  if (!from && !to && !exclude?.size) return { movies, hidden: 0 };
  let hidden = 0;
  const kept = movies.filter((m) => {
    if (from || to) {
      const d = m.release_date;
      if (!d || (from && d < from) || (to && d > to)) return false;
    }
    if (exclude?.has(m.id)) {
      hidden++;
      return false;
    }
    return true;
  });
  return { movies: kept, hidden };
}

interface SearchAnswer {
  movies: CatalogMovie[];
  total: number;
}
/** A search first puts this many pages in order; a later page asks for all that can be served. */
const FIRST_PAGES = 10;
/** The search cache holds at most this many movies in all (references: 8 bytes each). */
const SEARCH_CACHE_MOVIES = 2_000_000;

/** The default movie source: the offline catalog in memory. No network, no key. */
export class OfflineMovieSource implements MovieSource {
  readonly mode = 'offline' as const;
  // Typing a title sends one search per pause; many visitors type the same first letters. Bounded
  // by the movies held, not only by entries: at a million titles one short prefix matches 400,000.
  private readonly searchCache = new LRUCache<string, SearchAnswer>({
    max: 2000,
    maxSize: SEARCH_CACHE_MOVIES,
    sizeCalculation: (a) => a.movies.length + 1,
  });

  /** The catalog the search cache's answers come from (its id map): another one empties the cache. */
  private searchesOf: object | undefined;
  private readonly tmdbImages: boolean;
  private readonly sorted = new WeakMap<CatalogMovie[], Map<SortBy, CatalogMovie[]>>();

  /** `tmdbImages`: give TMDB's image paths (the image CDN is on) rather than the generated art's. */
  constructor(
    readonly index: CatalogIndex,
    opts: { tmdbImages?: boolean } = {},
  ) {
    this.tmdbImages = opts.tmdbImages ?? false;
  }

  async list(kind: ListKind, page: number, opts: ListOptions = {}): Promise<MoviePage> {
    const lists: Record<ListKind, CatalogMovie[]> = {
      popular: this.index.popular,
      top_rated: this.index.topRated,
      now_playing: this.index.nowPlaying,
      trending: this.index.trending,
    };
    return this.page(lists[kind], page, opts);
  }

  async discover(
    { with_genres, page }: { with_genres?: string | undefined; page: number },
    opts: ListOptions = {},
  ): Promise<MoviePage> {
    if (!with_genres) return this.page(this.index.popular, page, opts);
    const mode = with_genres.includes('|') ? 'any' : 'all';
    const ids = with_genres.split(/[,|]/).map(Number);
    return this.page(this.index.discover(ids, mode), page, opts);
  }

  async search(query: string, page: number, opts: ListOptions = {}): Promise<MoviePage> {
    const key = query.trim().toLowerCase().replace(/\s+/g, ' ');
    if (opts.sort_by || opts.from || opts.to || opts.exclude?.size) {
      // Another order, a date range or films left out: every match takes part.
      return this.page(this.searchAnswer(key, Infinity).movies, page, opts);
    }
    // Relevance order: only the matches up to the page asked for are put in order.
    const { movies, total } = this.searchAnswer(key, page * PAGE_SIZE);
    const total_pages = Math.min(Math.ceil(total / PAGE_SIZE), MAX_PAGES);
    const results = page <= total_pages ? movies.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) : [];
    return {
      page,
      results: results.map((m) => toListItem(m, this.tmdbImages)),
      total_pages,
      total_results: total,
      // Hide-seen with nothing seen: nothing hidden, said as the other lists say it.
      ...(opts.exclude ? { hidden: 0 } : {}),
    };
  }

  /** At least the first `needed` matches in relevance order (all if there are fewer), and their count. */
  private searchAnswer(key: string, needed: number): SearchAnswer {
    // A new catalog (a sync swapped it in: decision 0084): the old one's answers go.
    if (this.searchesOf !== this.index.byId) this.forgetSearches();
    const cached = this.searchCache.get(key);
    if (cached && (cached.movies.length >= needed || cached.movies.length === cached.total)) return cached;
    // The first pages for a typist; past them, every page that can be served.
    const limit =
      needed <= FIRST_PAGES * PAGE_SIZE
        ? FIRST_PAGES * PAGE_SIZE
        : needed === Infinity
          ? needed
          : MAX_PAGES * PAGE_SIZE;
    const answer = this.index.searchTitlesTop(key, limit);
    this.searchCache.set(key, answer);
    return answer;
  }

  async movie(id: number): Promise<MovieDetails> {
    return toDetails(this.require(id), this.tmdbImages);
  }

  /** The searches answered so far are forgotten (the catalog changed). */
  forgetSearches(): void {
    this.searchCache.clear();
    this.searchesOf = this.index.byId;
  }

  /**
   * A movie's cast and crew from the catalog: a synced film's top-billed cast, directors and
   * writers (decision 0084); the offline dataset has none: an empty cast, as TMDB answers for such a film.
   */
  async credits(id: number): Promise<MovieCredits> {
    const m = this.require(id) as CatalogMovie & Credited;
    return {
      id,
      cast: (m.cast ?? []).map((c) => ({
        id: c.id,
        name: c.name,
        character: c.character ?? '',
        order: c.order,
        profile_path: null,
      })),
      crew: [
        ...(m.directors ?? []).map((p) => ({ ...crew(p), job: 'Director', department: 'Directing' })),
        ...(m.writers ?? []).map((p) => ({ ...crew(p), job: 'Writer', department: 'Writing' })),
      ],
    };
  }

  /** A person's films from the synced catalog's credits (none offline, where there are none). */
  async personMovieCredits(id: number): Promise<PersonMovieCredits> {
    const person = peopleIndexOf(this.index).get(id);
    const cast: PersonMovieCredits['cast'] = [];
    const crewed: PersonMovieCredits['crew'] = [];
    for (const f of person?.films ?? []) {
      const item = toListItem(f.movie, this.tmdbImages);
      if (f.job === 'cast') cast.push({ ...item, character: f.character ?? '' });
      else crewed.push({ ...item, job: f.job === 'director' ? 'Director' : 'Writer' });
    }
    return { id, cast, crew: crewed };
  }

  private require(id: number): CatalogMovie {
    const m = this.index.get(id);
    if (!m) throw new NotFoundError('Movie not found');
    return m;
  }

  private page(list: CatalogMovie[], page: number, opts: ListOptions = {}): MoviePage {
    const { movies, hidden } = applyListOptions(list, opts, this.sorted);
    const p = paginate(movies, page);
    return {
      ...p,
      results: p.results.map((m) => toListItem(m, this.tmdbImages)),
      ...(opts.exclude ? { hidden } : {}),
    };
  }
}
