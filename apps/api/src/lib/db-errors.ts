import { SESSION_EXPIRED } from '../modules/identity/auth-guard';
import { MESSAGES } from '../modules/library/library.service';
import type { AppError } from './errors';
import { ConflictError, NotFoundError, ServiceUnavailableError, UnauthorizedError } from './errors';

/** The 503 a request gets while the database cannot be reached. */
export const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';

interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

// SQLSTATEs that mean "the server or the connection is gone", not "the request was wrong":
// class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect now),
// 53300 (too many connections).
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
// Node's socket errors, from pg when the server is down or the connection broke.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg's own errors for a connection it lost or could not get in time.
const PG_CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|Connection ended/i;

/** True when `err` says the database is unreachable (as opposed to a query the database refused). */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as PgLikeError & { cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_STATES.test(e.code) || SOCKET_CODES.has(e.code)))
    return true;
  if (typeof e.message === 'string' && PG_CONNECTION_MESSAGES.test(e.message)) return true;
  // ECONNREFUSED on a host with several addresses arrives as an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true;
  return e.cause !== undefined && e.cause !== err && isDatabaseUnavailable(e.cause);
}

/**
 * What a constraint violation means to the client, by the column whose foreign key failed. A race
 * (a playlist deleted while a movie is being added to it, an account deleted while its still-valid
 * token writes) is decided by the database; it answers like the check that lost the race would have.
 */
const FOREIGN_KEY_ERRORS: Record<string, () => AppError> = {
  user_id: () => new UnauthorizedError(SESSION_EXPIRED),
  playlist_id: () => new NotFoundError(MESSAGES.playlistNotFound),
  tmdb_id: () => new NotFoundError(MESSAGES.movieNotFound),
};

/**
 * Maps a database error to the API's typed error: unreachable → 503, foreign-key violation → the
 * 401/404 of the missing parent, unique violation → 409. Anything else stays unmapped (a 500).
 */
export function mapDatabaseError(err: unknown): AppError | null {
  if (isDatabaseUnavailable(err)) return new ServiceUnavailableError(DATABASE_UNAVAILABLE);
  if (!err || typeof err !== 'object') return null;
  const { code, constraint } = err as PgLikeError;
  if (code === '23503') {
    // PostgreSQL names foreign keys <table>_<column>_fkey unless told otherwise.
    const column =
      typeof constraint === 'string'
        ? /_(user_id|playlist_id|tmdb_id)_fkey$/.exec(constraint)?.[1]
        : undefined;
    return (column && FOREIGN_KEY_ERRORS[column]?.()) || new NotFoundError('Not found');
  }
  if (code === '23505') return new ConflictError('Already exists');
  return null;
}
