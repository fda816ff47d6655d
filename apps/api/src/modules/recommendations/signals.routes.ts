import { ErrorBody } from '@app/contracts';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { DatabaseSchema } from '../../db/schema';
import { UnauthorizedError } from '../../lib/errors';
import { readSignals } from '../library/signals.repository';

/**
 * The secret the recommender presents on `GET /api/internal/signals`: RECOMMENDER_SIGNALS_SECRET,
 * or, when both run on one host with nothing configured, one generated once into
 * DATA_DIR/recommender-secret (mode 600; created exclusively, so whichever of the two processes
 * starts first writes it and the other reads the same value).
 */
export function signalsSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'recommender-secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}

const SignalList = z
  .object({
    signals: z.array(
      z.object({
        user: z.string(),
        item: z.number(),
        timestamp: z.number(),
        kind: z.enum(['like', 'watched', 'want_to_watch', 'playlist']),
      }),
    ),
  })
  .meta({ id: 'Signals' });

/**
 * GET /api/internal/signals: the library's implicit feedback for the recommendation service, which
 * polls it (with If-None-Match: an unchanged library is a 304 and costs no transfer). Bearer
 * secret only, compared in constant time; not in the public API documentation.
 */
export const signalsRoutes =
  (db: Kysely<DatabaseSchema>, secret: () => string): FastifyPluginAsyncZod =>
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
        const signals = await readSignals(db);
        const etag = `"${createHash('sha256').update(JSON.stringify(signals)).digest('base64url')}"`;
        reply.header('etag', etag).header('cache-control', 'no-store');
        if (req.headers['if-none-match'] === etag) return reply.code(304).send(null);
        return { signals };
      },
    );
  };
