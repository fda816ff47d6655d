import { z } from 'zod';

export const ErrorBody = z.object({ message: z.string() }).meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A positive integer path or body id (TMDB ids, playlist ids). */
export const PositiveIntId = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be a positive number' })
  .max(2_147_483_647, { error: 'is too large' });

export const IdParams = z.object({ id: PositiveIntId });
