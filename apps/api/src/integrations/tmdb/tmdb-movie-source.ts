import type { ListKind, MovieCredits, MovieDetails, MoviePage, PersonMovieCredits } from '@app/contracts';
import type { MovieSource } from '../../modules/catalog/movie-source';
import type { TmdbClient } from './tmdb-client';

const MIN = 60_000;
/** How long each kind of answer stays fresh; after that it is served stale while refreshed. */
export const TMDB_TTL = {
  list: 10 * MIN,
  discover: 30 * MIN,
  search: 60 * MIN,
  movie: 24 * 60 * MIN,
  credits: 24 * 60 * MIN,
  person: 24 * 60 * MIN,
} as const;

const LIST_PATHS: Record<ListKind, string> = {
  popular: 'movie/popular',
  top_rated: 'movie/top_rated',
  now_playing: 'movie/now_playing',
  trending: 'trending/movie/week',
};

/** TMDB live: only the spec's paths, with only the parameters each one needs. */
export class TmdbMovieSource implements MovieSource {
  readonly mode = 'live' as const;

  constructor(
    private readonly client: TmdbClient,
    private readonly ttl: Record<keyof typeof TMDB_TTL, number> = TMDB_TTL,
  ) {}

  list(kind: ListKind, page: number): Promise<MoviePage> {
    return this.client.get(LIST_PATHS[kind], { page: String(page) }, this.ttl.list);
  }

  discover({ with_genres, page }: { with_genres?: string | undefined; page: number }): Promise<MoviePage> {
    return this.client.get(
      'discover/movie',
      { with_genres, page: String(page), sort_by: 'popularity.desc', include_adult: 'false' },
      this.ttl.discover,
    );
  }

  search(query: string, page: number): Promise<MoviePage> {
    return this.client.get(
      'search/movie',
      { query: query.trim(), page: String(page), include_adult: 'false' },
      this.ttl.search,
    );
  }

  movie(id: number): Promise<MovieDetails> {
    return this.client.get(`movie/${id}`, {}, this.ttl.movie);
  }

  credits(id: number): Promise<MovieCredits> {
    return this.client.get(`movie/${id}/credits`, {}, this.ttl.credits);
  }

  async moviesWithPerson(name: string): Promise<number[] | null> {
    const found = await this.client.get<{ results: { id: number }[] }>(
      'search/person',
      { query: name.trim(), include_adult: 'false' },
      this.ttl.search,
    );
    const person = found.results[0];
    if (!person) return null;
    const credits = await this.personMovieCredits(person.id);
    return credits.cast.map((m) => m.id);
  }

  personMovieCredits(id: number): Promise<PersonMovieCredits> {
    return this.client.get(`person/${id}/movie_credits`, {}, this.ttl.person);
  }
}
