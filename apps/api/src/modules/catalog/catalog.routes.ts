import {
  DiscoverQuery,
  ErrorBody,
  MovieCredits,
  MovieDetails,
  MovieIdParams,
  MoviePage,
  ListPageQuery,
  PersonIdParams,
  PersonMovieCredits,
  SearchQuery,
  type ListKind,
  type ListOptions,
  type ListOptionsQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyContextConfig, FastifyRequest, onRequestHookHandler } from 'fastify';
import { BadRequestError } from '../../lib/errors';
import { RateLimits, TOO_MANY_ATTEMPTS } from '../../lib/rate-limit';
import { SEARCH_CACHE_CONTROL, type ResponseCache } from '../../lib/response-cache';
import { visitorLimit } from '../../lib/visitor-limit';
import type { MovieSource } from './movie-source';

/**
 * Searches per IP per minute. Suggestions are debounced (300 ms) in the app, so even fast typing
 * stays far below; a script hammering the full-text search does not.
 */
export const SEARCH_PER_IP_PER_MINUTE = 120;

const errors = { 400: ErrorBody, 404: ErrorBody, 502: ErrorBody };
const personalErrors = { 401: ErrorBody, 403: ErrorBody };

/** The films the signed-in user of a request hides (401/403 without a verified user's token). */
export type HiddenMovies = (request: FastifyRequest) => Promise<ReadonlySet<number>>;

/** Whether a catalog request asks for the user's view (so its answer is theirs alone). */
export const isPersonal = (request: FastifyRequest) =>
  Boolean(request.query && typeof request.query === 'object' && 'hide_seen' in request.query);

const LIST_OPTIONS_DESCRIPTION =
  'sort_by, primary_release_date.gte/.lte and hide_seen apply to the whole list before paging ' +
  '(offline). Live, TMDB orders and narrows genre pages only (others answer 400), and hide_seen ' +
  'filters each page (hidden counts that page).';

/**
 * The movie data proxy under /api/tmdb: exactly the paths of the spec, in TMDB's shapes. With a
 * `cache` (the offline catalog, whose answers depend on the URL only), whole answers are kept
 * serialized and compressed, with ETags.
 */
export const catalogRoutes =
  (
    source: MovieSource,
    rateLimits: RateLimits = new RateLimits(),
    cache: ResponseCache | null = null,
    hiddenMovies: HiddenMovies | null = null,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const searches = rateLimits.create({
      name: 'search-ip',
      points: SEARCH_PER_IP_PER_MINUTE,
      durationSeconds: 60,
      message: TOO_MANY_ATTEMPTS,
    });
    // Every search counts against the visitor's limit, answered from the cache or not: the route's
    // first hook, before the cache's lookup.
    const searchLimit = visitorLimit(searches);
    const cached = (limit?: onRequestHookHandler) =>
      cache
        ? {
            onRequest: limit ? [limit, cache.lookup] : cache.lookup,
            onSend: cache.store,
            compress: false as const,
            config: (limit
              ? // Each typed prefix is a new URL, mostly asked once: compressed while the visitor
                // waits, and kept by a CDN for less time than a list.
                { cacheCompression: 'fast', cacheControl: SEARCH_CACHE_CONTROL }
              : {}) satisfies FastifyContextConfig,
          }
        : limit
          ? { onRequest: limit }
          : {};
    const options = async (req: FastifyRequest, q: ListOptionsQuery): Promise<ListOptions> => {
      const from = q['primary_release_date.gte'];
      const to = q['primary_release_date.lte'];
      if (from && to && from > to)
        throw new BadRequestError('primary_release_date.gte must not be after primary_release_date.lte');
      let exclude: ReadonlySet<number> | undefined;
      if (q.hide_seen) {
        if (!hiddenMovies) throw new BadRequestError('hide_seen needs accounts, which are not enabled');
        exclude = await hiddenMovies(req);
      }
      return { sort_by: q.sort_by, from, to, exclude };
    };
    const lists: [string, ListKind, string][] = [
      ['/movie/popular', 'popular', 'Popular movies'],
      ['/movie/top_rated', 'top_rated', 'Top rated movies'],
      ['/movie/now_playing', 'now_playing', 'Movies now playing'],
      ['/trending/movie/week', 'trending', 'Movies trending this week'],
    ];
    for (const [url, kind, summary] of lists) {
      app.get(
        url,
        {
          ...cached(),
          schema: {
            tags: ['movies'],
            summary,
            description: LIST_OPTIONS_DESCRIPTION,
            querystring: ListPageQuery,
            response: { 200: MoviePage, ...errors, ...personalErrors },
          },
        },
        async (req) => source.list(kind, req.query.page, await options(req, req.query)),
      );
    }

    app.get(
      '/discover/movie',
      {
        ...cached(),
        schema: {
          tags: ['movies'],
          summary: 'Movies by genre, most popular first unless sort_by says otherwise',
          description: LIST_OPTIONS_DESCRIPTION,
          querystring: DiscoverQuery,
          response: { 200: MoviePage, ...errors, ...personalErrors },
        },
      },
      async (req) =>
        source.discover(
          { with_genres: req.query.with_genres, page: req.query.page },
          await options(req, req.query),
        ),
    );

    app.get(
      '/search/movie',
      {
        ...cached(searchLimit),
        schema: {
          tags: ['movies'],
          summary: 'Search movies by title (typo-tolerant, prefix-aware)',
          description: LIST_OPTIONS_DESCRIPTION,
          querystring: SearchQuery,
          response: { 200: MoviePage, ...errors, ...personalErrors, 429: ErrorBody },
        },
      },
      async (req) => source.search(req.query.query, req.query.page, await options(req, req.query)),
    );

    app.get(
      '/movie/:id',
      {
        ...cached(),
        schema: {
          tags: ['movies'],
          summary: "A movie's details",
          params: MovieIdParams,
          response: { 200: MovieDetails, ...errors },
        },
      },
      (req) => source.movie(req.params.id),
    );

    app.get(
      '/movie/:id/credits',
      {
        ...cached(),
        schema: {
          tags: ['movies'],
          summary: "A movie's cast and crew (empty in the offline catalog)",
          params: MovieIdParams,
          response: { 200: MovieCredits, ...errors },
        },
      },
      (req) => source.credits(req.params.id),
    );

    app.get(
      '/person/:id/movie_credits',
      {
        ...cached(),
        schema: {
          tags: ['people'],
          summary: "A person's movies (empty in the offline catalog)",
          params: PersonIdParams,
          response: { 200: PersonMovieCredits, ...errors },
        },
      },
      (req) => source.personMovieCredits(req.params.id),
    );
  };
