import {
  ErrorBody,
  ForYouResponse,
  RecommendationList,
  RecommendedMovie,
  RecommendMoviesQuery,
  RecommendQuery,
  RECOMMEND_TOP_N_MAX,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequestError } from '../../lib/errors';
import type { RecommenderClient } from '../../integrations/recommender/recommender-client';
import { ResponseCache } from '../../lib/response-cache';
import { isPersonal, type HiddenMovies } from '../catalog/catalog.routes';
import type { MovieSource } from '../catalog/movie-source';
import { currentUser, requireVerifiedUser } from '../identity/auth-guard';
import type { TokenVerifier } from '../identity/token-verifier';
import { hydrate, type ForYouService } from './for-you.service';

/** How many more neighbours are asked for, at most, to make up for hidden ones. */
const HIDDEN_TOP_UP = 50;

/** GET /api/recommend: the recommendation service through our own origin; /movies hydrates the list. */
export const recommendationsRoutes =
  (
    client: RecommenderClient,
    source: MovieSource,
    hiddenMovies: HiddenMovies | null = null,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // A film's list as cards depends on the URL alone (but hide_seen's, which is the user's: never
    // kept): kept, serialized and compressed once, for as long as the client keeps the list it was
    // made from, and answered in the route's onRequest hook. Per request, hydrating, serializing
    // and compressing 10 cards with brotli made it a tenth of a bare server's speed.
    const ttlMs = client.listTtlMs;
    const cache =
      ttlMs > 0 ? new ResponseCache({ personal: isPersonal, ttlMs, maxBytes: 8 * 1024 * 1024 }) : null;
    app.get(
      '/recommend/movies',
      {
        ...(cache
          ? {
              onRequest: cache.lookup,
              onSend: cache.store,
              compress: false as const,
              config: {
                cacheControl: `public, max-age=${Math.ceil(ttlMs / 1000)}, stale-while-revalidate=600`,
              },
            }
          : {}),
        schema: {
          tags: ['recommendations'],
          summary: 'Movies like this one, as cards (one request for the movie page)',
          description:
            "With hide_seen=true and the bearer token, the user's hidden films are left out and the list " +
            'is topped up from further neighbours.',
          querystring: RecommendMoviesQuery,
          response: {
            200: z.array(RecommendedMovie),
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            502: ErrorBody,
            503: ErrorBody,
          },
        },
      },
      async (req, reply) => {
        const { tmdb_id, top_n, hide_seen } = req.query;
        if (!hide_seen) {
          const recs = await client.recommend(tmdb_id, top_n);
          return hydrate(
            source,
            recs.map((r) => r.tmdbId),
          );
        }
        if (!hiddenMovies) throw new BadRequestError('hide_seen needs accounts, which are not enabled');
        const hidden = await hiddenMovies(req);
        void reply.header('cache-control', 'private, no-store');
        // Never more than the service answers (asking past its maximum is a 400, and no list at all).
        const asked = Math.min(RECOMMEND_TOP_N_MAX, top_n + Math.min(hidden.size, HIDDEN_TOP_UP));
        const recs = await client.recommend(tmdb_id, asked);
        return hydrate(
          source,
          recs
            .map((r) => r.tmdbId)
            .filter((id) => !hidden.has(id))
            .slice(0, top_n),
        );
      },
    );
    app.get(
      '/recommend',
      {
        schema: {
          tags: ['recommendations'],
          summary: 'Movies like this one, from the recommendation service',
          querystring: RecommendQuery,
          response: {
            200: RecommendationList,
            400: ErrorBody,
            404: ErrorBody,
            502: ErrorBody,
            503: ErrorBody,
          },
        },
      },
      (req) => client.recommend(req.query.tmdb_id, req.query.top_n),
    );
  };

/** GET /api/user/for-you: the signed-in user's row of picks, each with the film that brought it. */
export const forYouRoutes =
  (service: ForYouService, verifier: TokenVerifier): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireVerifiedUser(verifier));
    app.get(
      '/for-you',
      {
        schema: {
          tags: ['recommendations'],
          security: [{ bearerAuth: [] }],
          summary: 'Picks for the signed-in user from what they liked, watched and saved (at most 20)',
          response: { 200: ForYouResponse, 401: ErrorBody, 403: ErrorBody, 502: ErrorBody, 503: ErrorBody },
        },
      },
      (req) => service.forUser(currentUser(req).uid),
    );
  };
