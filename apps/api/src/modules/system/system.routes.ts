import { ConfigResponse, HealthResponse } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Health and the public configuration the web app reads at start (no secrets in it). */
export const systemRoutes =
  (getConfig: () => ConfigResponse): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Answers 200 once the API can serve',
          response: { 200: HealthResponse },
        },
      },
      async () => ({ status: 'ok' as const, uptime_s: Math.round(process.uptime()) }),
    );
    app.get(
      '/config',
      {
        schema: {
          tags: ['system'],
          summary: 'Public configuration for the web app',
          response: { 200: ConfigResponse },
        },
      },
      async () => getConfig(),
    );
  };
