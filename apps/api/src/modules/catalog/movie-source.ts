import type {
  ListKind,
  ListOptions,
  MovieCredits,
  MovieDetails,
  MoviePage,
  MovieVideos,
  PersonMovieCredits,
  WatchProviders,
} from '@app/contracts';

/** Where a film can be watched in one country, as a source knows it (the route adds how the country was chosen). */
export type WatchOffers = Pick<WatchProviders, 'id' | 'link' | 'flatrate' | 'rent' | 'buy'>;

/**
 * Where movie data comes from: the offline catalog (default) or TMDB live. Both answer in TMDB's
 * response shapes; nothing outside the two implementations sees a raw source format.
 */
export interface MovieSource {
  readonly mode: 'offline' | 'live';
  /**
   * The lists, genres and search take `opts` (order, release-date range, films to leave out); a
   * source that cannot honour an option throws BadRequestError rather than ignore it.
   */
  list(kind: ListKind, page: number, opts?: ListOptions): Promise<MoviePage>;
  discover(query: { with_genres?: string | undefined; page: number }, opts?: ListOptions): Promise<MoviePage>;
  search(query: string, page: number, opts?: ListOptions): Promise<MoviePage>;
  /** Throws NotFoundError for an unknown id. */
  movie(id: number): Promise<MovieDetails>;
  credits(id: number): Promise<MovieCredits>;
  personMovieCredits(id: number): Promise<PersonMovieCredits>;
  /** Live mode only: the ids of the movies a named person acted in (null if nobody matches). */
  moviesWithPerson?(name: string): Promise<number[] | null>;
  /** Live mode only (decision 0095): streaming, rental and purchase offers in a country. */
  watchProviders?(id: number, country: string): Promise<WatchOffers>;
  /** Live mode only (decision 0095): YouTube trailers and teasers, official trailers first. */
  videos?(id: number): Promise<MovieVideos>;
}
