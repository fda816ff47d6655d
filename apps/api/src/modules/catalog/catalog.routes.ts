import {
  DiscoverQuery,
  ErrorBody,
  MovieCredits,
  MovieDetails,
  MovieIdParams,
  MoviePage,
  PageQuery,
  PersonIdParams,
  PersonMovieCredits,
  SearchQuery,
  type ListKind,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { onRequestHookHandler } from 'fastify';
import { RateLimits, TOO_MANY_ATTEMPTS } from '../../lib/rate-limit';
import type { ResponseCache } from '../../lib/response-cache';
import type { MovieSource } from './movie-source';

/**
 * Searches per IP per minute. Suggestions are debounced (300 ms) in the app, so even fast typing
 * stays far below; a script hammering the full-text search does not.
 */
export const SEARCH_PER_IP_PER_MINUTE = 120;

const errors = { 400: ErrorBody, 404: ErrorBody, 502: ErrorBody };

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
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const searches = rateLimits.create({
      name: 'search-ip',
      points: SEARCH_PER_IP_PER_MINUTE,
      durationSeconds: 60,
      message: TOO_MANY_ATTEMPTS,
    });
    // Every search counts against the visitor's limit, answered from the cache or not.
    const searchLimit: onRequestHookHandler = async (req) => {
      await searches.consume(req.ip);
    };
    const cached = (before: onRequestHookHandler[] = []) =>
      cache
        ? { onRequest: [...before, cache.lookup], onSend: cache.store, compress: false as const }
        : before.length
          ? { onRequest: before }
          : {};
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
            querystring: PageQuery,
            response: { 200: MoviePage, ...errors },
          },
        },
        (req) => source.list(kind, req.query.page),
      );
    }

    app.get(
      '/discover/movie',
      {
        ...cached(),
        schema: {
          tags: ['movies'],
          summary: 'Movies by genre, most popular first',
          querystring: DiscoverQuery,
          response: { 200: MoviePage, ...errors },
        },
      },
      (req) => source.discover({ with_genres: req.query.with_genres, page: req.query.page }),
    );

    app.get(
      '/search/movie',
      {
        ...cached([searchLimit]),
        schema: {
          tags: ['movies'],
          summary: 'Search movies by title (typo-tolerant, prefix-aware)',
          querystring: SearchQuery,
          response: { 200: MoviePage, ...errors, 429: ErrorBody },
        },
      },
      (req) => source.search(req.query.query, req.query.page),
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
