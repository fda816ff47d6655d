import { ErrorBody, SignalList } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { UnauthorizedError } from '../../lib/errors';

export { signalsSecret } from '@app/contracts/config';

/**
 * GET /api/internal/signals: the library's implicit feedback for the recommendation service, which
 * polls it (with If-None-Match: an unchanged library is a 304 and costs no transfer). Bearer
 * secret only, compared in constant time; not in the public API documentation.
 */
export const signalsRoutes =
  (readSignals: () => Promise<SignalList['signals']>, secret: () => string): FastifyPluginAsyncZod =>
  async (app) => {
    // Read (or generated) on first use: an API that nobody polls never writes a secret file.
    let expected: Buffer | undefined;
    app.get(
      '/internal/signals',
      {
        schema: {
          hide: true,
          response: { 200: SignalList, 304: z.null(), 401: ErrorBody },
        },
      },
      async (req, reply) => {
        const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        expected ??= createHash('sha256').update(secret()).digest();
        if (!timingSafeEqual(createHash('sha256').update(given).digest(), expected))
          throw new UnauthorizedError('A valid recommender secret is required');
        const signals = await readSignals();
        const etag = `"${createHash('sha256').update(JSON.stringify(signals)).digest('base64url')}"`;
        reply.header('etag', etag).header('cache-control', 'no-store');
        if (req.headers['if-none-match'] === etag) return reply.code(304).send(null);
        return { signals };
      },
    );
  };
