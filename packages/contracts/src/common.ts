import { z } from 'zod';

/**
 * The one error body of every route, `/api/auth/*` included: a message to show and, where the
 * client branches on it, a machine-readable code (Better Auth's codes, e.g. `EMAIL_NOT_VERIFIED`).
 */
export const ErrorBody = z
  .object({
    message: z.string(),
    code: z.string().optional().describe('Machine-readable, where a client branches on it'),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A positive integer path or body id (TMDB ids, playlist ids). */
export const PositiveIntId = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be a positive number' })
  .max(2_147_483_647, { error: 'is too large' });

export const IdParams = z.object({ id: PositiveIntId });
