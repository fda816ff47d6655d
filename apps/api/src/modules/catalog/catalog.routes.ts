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
import type { MovieSource } from './movie-source';

const errors = { 400: ErrorBody, 404: ErrorBody, 502: ErrorBody };

/** The movie data proxy under /api/tmdb: exactly the paths of the spec, in TMDB's shapes. */
export const catalogRoutes =
  (source: MovieSource): FastifyPluginAsyncZod =>
  async (app) => {
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
        schema: {
          tags: ['movies'],
          summary: 'Search movies by title (typo-tolerant, prefix-aware)',
          querystring: SearchQuery,
          response: { 200: MoviePage, ...errors },
        },
      },
      (req) => source.search(req.query.query, req.query.page),
    );

    app.get(
      '/movie/:id',
      {
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
