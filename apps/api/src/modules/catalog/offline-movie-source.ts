import { GENRE_NAMES, paginate, type CatalogIndex, type CatalogMovie } from '@app/catalog';
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

/** The default movie source: the offline catalog in memory. No network, no key. */
export class OfflineMovieSource implements MovieSource {
  readonly mode = 'offline' as const;
  // Typing a title sends one search per pause; many visitors type the same first letters.
  private readonly searchCache = new LRUCache<string, CatalogMovie[]>({ max: 2000 });

  private readonly tmdbImages: boolean;

  /** `tmdbImages`: give TMDB's image paths (the image CDN is on) rather than the generated art's. */
  constructor(
    readonly index: CatalogIndex,
    opts: { tmdbImages?: boolean } = {},
  ) {
    this.tmdbImages = opts.tmdbImages ?? false;
  }

  async list(kind: ListKind, page: number): Promise<MoviePage> {
    const lists: Record<ListKind, CatalogMovie[]> = {
      popular: this.index.popular,
      top_rated: this.index.topRated,
      now_playing: this.index.nowPlaying,
      trending: this.index.trending,
    };
    return this.page(lists[kind], page);
  }

  async discover({
    with_genres,
    page,
  }: {
    with_genres?: string | undefined;
    page: number;
  }): Promise<MoviePage> {
    if (!with_genres) return this.page(this.index.popular, page);
    const mode = with_genres.includes('|') ? 'any' : 'all';
    const ids = with_genres.split(/[,|]/).map(Number);
    return this.page(this.index.discover(ids, mode), page);
  }

  async search(query: string, page: number): Promise<MoviePage> {
    const key = query.trim().toLowerCase().replace(/\s+/g, ' ');
    let hits = this.searchCache.get(key);
    if (!hits) {
      hits = this.index.searchTitles(key);
      this.searchCache.set(key, hits);
    }
    return this.page(hits, page);
  }

  async movie(id: number): Promise<MovieDetails> {
    return toDetails(this.require(id), this.tmdbImages);
  }

  /** The offline dataset has no cast or crew: an empty cast, as TMDB answers for such a film. */
  async credits(id: number): Promise<MovieCredits> {
    this.require(id);
    return { id, cast: [], crew: [] };
  }

  async personMovieCredits(id: number): Promise<PersonMovieCredits> {
    return { id, cast: [], crew: [] };
  }

  private require(id: number): CatalogMovie {
    const m = this.index.get(id);
    if (!m) throw new NotFoundError('Movie not found');
    return m;
  }

  private page(list: CatalogMovie[], page: number): MoviePage {
    const p = paginate(list, page);
    return { ...p, results: p.results.map((m) => toListItem(m, this.tmdbImages)) };
  }
}
