import { SESSION_EXPIRED } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import type { AuthUser, TokenVerifier } from './token-verifier';

export { SESSION_EXPIRED };
export const EMAIL_NOT_VERIFIED = 'Please verify your email address before using your library.';

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
    /**
     * The user's generation in Redis as this request's session check read it (PostgreSQL with
     * Redis: decision 0091): the request's cached reads use it instead of reading it again.
     */
    userGeneration?: string;
  }
}

/**
 * onRequest hook for user routes: a valid ID token (401 otherwise) of a verified account (403),
 * whose session is still alive (401 once it was signed out, ended by a password reset, or its
 * account deleted: decision 0077). `accountExists` says whether the token's account still exists,
 * unless the session read from the database just said so.
 */
export function requireVerifiedUser(
  verifier: TokenVerifier,
  accountExists?: (uid: string) => Promise<boolean>,
) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw new UnauthorizedError(SESSION_EXPIRED);
    let user: AuthUser;
    try {
      user = await verifier.verify(match[1]!);
    } catch {
      throw new UnauthorizedError(SESSION_EXPIRED);
    }
    if (!user.emailVerified) throw new ForbiddenError(EMAIL_NOT_VERIFIED);
    const session = await verifier.sessionCheck(user);
    if (!session.active) throw new UnauthorizedError(SESSION_EXPIRED);
    // With PostgreSQL the session just read vouches for the account (one query, not two); on the
    // embedded database the account check is a cached read the likes fast path relies on.
    if (accountExists && !verifier.sessionVouchesForAccount && !(await accountExists(user.uid)))
      throw new UnauthorizedError(SESSION_EXPIRED);
    request.user = user;
    if (session.generation !== undefined) request.userGeneration = session.generation;
  };
}

/** The verified user of a request that passed requireVerifiedUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError(SESSION_EXPIRED);
  return request.user;
}
