import { ErrorBody } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RecommenderClient } from '../../integrations/recommender/recommender-client';

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

/** GET /api/recommend: the recommendation service through our own origin. */
export const recommendationsRoutes =
  (client: RecommenderClient): FastifyPluginAsyncZod =>
  async (app) => {
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
