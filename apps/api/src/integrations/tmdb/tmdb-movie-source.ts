import {
  RATING_MIN_VOTES,
  type ListKind,
  type ListOptions,
  type MovieCredits,
  type MovieDetails,
  type MoviePage,
  type MovieVideo,
  type MovieVideos,
  type PersonMovieCredits,
  type WatchProvider,
} from '@app/contracts';
import { BadRequestError } from '../../lib/errors';
import type { MovieSource, WatchOffers } from '../../modules/catalog/movie-source';
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
  /** JustWatch's offers change daily at most; one answer holds every country. */
  watch: 6 * 60 * MIN,
  videos: 24 * 60 * MIN,
} as const;

const LIST_PATHS: Record<ListKind, string> = {
  popular: 'movie/popular',
  top_rated: 'movie/top_rated',
  now_playing: 'movie/now_playing',
  trending: 'trending/movie/week',
};

/** Said when a live list is asked for an order or a range TMDB cannot give for it. */
export const LIVE_SORT_UNSUPPORTED =
  'Sorting and the year range are available on genre pages only with live TMDB data';

/**
 * Leaves `exclude` out of one TMDB page. TMDB pages the list, so the count is of this page: the
 * page is shorter rather than refilled from the next one, which would shift every later page.
 */
function withoutExcluded(page: MoviePage, exclude: ReadonlySet<number> | undefined): MoviePage {
  if (!exclude) return page;
  const results = page.results.filter((m) => !exclude.has(m.id));
  return { ...page, results, hidden: page.results.length - results.length };
}

/** TMDB's search and fixed lists take no order and no date range: refuse rather than ignore them. */
function refuseOrder(opts: ListOptions): void {
  if (opts.sort_by || opts.from || opts.to) throw new BadRequestError(LIVE_SORT_UNSUPPORTED);
}

/** TMDB's `/movie/{id}/watch/providers`: every country's offers in one answer. */
interface TmdbWatchProviders {
  id: number;
  results: Record<
    string,
    {
      link?: string;
      flatrate?: TmdbProvider[];
      rent?: TmdbProvider[];
      buy?: TmdbProvider[];
    }
  >;
}
interface TmdbProvider {
  provider_id: number;
  provider_name: string;
  logo_path: string | null;
  display_priority?: number;
}
interface TmdbVideo {
  key: string;
  name: string;
  site: string;
  type: string;
  official?: boolean;
}

const providers = (list: TmdbProvider[] | undefined): WatchProvider[] =>
  [...(list ?? [])]
    .sort((a, b) => (a.display_priority ?? 999) - (b.display_priority ?? 999))
    .map((p) => ({ id: p.provider_id, name: p.provider_name, logo_path: p.logo_path ?? null }));

/** Official trailers, official teasers, then unofficial trailers and teasers; TMDB's order within each. */
const videoRank = (v: MovieVideo) => (v.official ? 0 : 2) + (v.type === 'Trailer' ? 0 : 1);

export function trailersOf(id: number, videos: TmdbVideo[]): MovieVideos {
  const results = videos
    .filter((v) => v.site === 'YouTube' && (v.type === 'Trailer' || v.type === 'Teaser') && v.key)
    .map((v) => ({
      key: v.key,
      name: v.name,
      type: v.type as MovieVideo['type'],
      official: v.official ?? false,
    }));
  return { id, results: results.sort((a, b) => videoRank(a) - videoRank(b)) };
}

/** TMDB live: only the spec's paths, with only the parameters each one needs. */
export class TmdbMovieSource implements MovieSource {
  readonly mode = 'live' as const;

  constructor(
    private readonly client: TmdbClient,
    private readonly ttl: Record<keyof typeof TMDB_TTL, number> = TMDB_TTL,
  ) {}

  async list(kind: ListKind, page: number, opts: ListOptions = {}): Promise<MoviePage> {
    refuseOrder(opts);
    const p = await this.client.get<MoviePage>(LIST_PATHS[kind], { page: String(page) }, this.ttl.list);
    return withoutExcluded(p, opts.exclude);
  }

  async discover(
    { with_genres, page }: { with_genres?: string | undefined; page: number },
    opts: ListOptions = {},
  ): Promise<MoviePage> {
    const sort = opts.sort_by ?? 'popularity.desc';
    const p = await this.client.get<MoviePage>(
      'discover/movie',
      {
        with_genres,
        page: String(page),
        sort_by: sort,
        include_adult: 'false',
        // TMDB ranks a film with one 10/10 vote first otherwise.
        'vote_count.gte': sort === 'vote_average.desc' ? String(RATING_MIN_VOTES) : undefined,
        'primary_release_date.gte': opts.from,
        'primary_release_date.lte': opts.to,
      },
      this.ttl.discover,
    );
    return withoutExcluded(p, opts.exclude);
  }

  async search(query: string, page: number, opts: ListOptions = {}): Promise<MoviePage> {
    refuseOrder(opts);
    const p = await this.client.get<MoviePage>(
      'search/movie',
      { query: query.trim(), page: String(page), include_adult: 'false' },
      this.ttl.search,
    );
    return withoutExcluded(p, opts.exclude);
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

  async watchProviders(id: number, country: string): Promise<WatchOffers> {
    const all = await this.client.get<TmdbWatchProviders>(`movie/${id}/watch/providers`, {}, this.ttl.watch);
    const here = all.results?.[country] ?? {};
    return {
      id,
      link: here.link ?? `https://www.themoviedb.org/movie/${id}/watch?locale=${country}`,
      flatrate: providers(here.flatrate),
      rent: providers(here.rent),
      buy: providers(here.buy),
    };
  }

  async videos(id: number): Promise<MovieVideos> {
    const v = await this.client.get<{ results?: TmdbVideo[] }>(`movie/${id}/videos`, {}, this.ttl.videos);
    return trailersOf(id, v.results ?? []);
  }

  personMovieCredits(id: number): Promise<PersonMovieCredits> {
    return this.client.get(`person/${id}/movie_credits`, {}, this.ttl.person);
  }
}
