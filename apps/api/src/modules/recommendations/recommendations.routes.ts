import { ErrorBody, ForYouResponse, RecommendedMovie } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RecommenderClient } from '../../integrations/recommender/recommender-client';
import type { MovieSource } from '../catalog/movie-source';
import { currentUser, requireVerifiedUser } from '../identity/auth-guard';
import type { TokenVerifier } from '../identity/token-verifier';
import { hydrate, type ForYouService } from './for-you.service';

export const RecommendQuery = z.object({
  tmdb_id: z.coerce
    .number({ error: 'tmdb_id must be a number' })
    .int()
    .positive({ error: 'tmdb_id must be a positive number' }),
  top_n: z.coerce
    .number()
    .int()
    .min(1, { error: 'top_n must be from 1 to 50' })
    .max(50, { error: 'top_n must be from 1 to 50' })
    .default(10),
});

export const RecommendationList = z
  .array(z.object({ tmdbId: z.number(), rating: z.number(), score: z.number() }))
  .meta({ id: 'Recommendations' });

/** GET /api/recommend: the recommendation service through our own origin; /movies hydrates the list. */
export const recommendationsRoutes =
  (client: RecommenderClient, source: MovieSource): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/recommend/movies',
      {
        schema: {
          tags: ['recommendations'],
          summary: 'Movies like this one, as cards (one request for the movie page)',
          querystring: RecommendQuery,
          response: { 200: z.array(RecommendedMovie), 400: ErrorBody, 404: ErrorBody, 502: ErrorBody },
        },
      },
      async (req) => {
        const recs = await client.recommend(req.query.tmdb_id, req.query.top_n);
        return hydrate(
          source,
          recs.map((r) => r.tmdbId),
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
          response: { 200: RecommendationList, 400: ErrorBody, 404: ErrorBody, 502: ErrorBody },
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
          response: { 200: ForYouResponse, 401: ErrorBody, 403: ErrorBody, 502: ErrorBody },
        },
      },
      (req) => service.forUser(currentUser(req).uid),
    );
  };
