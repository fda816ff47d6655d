import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import type { ActiveSessions, SessionCheck } from './active-sessions';

/** The oldest ID token accepted (they are issued for 15 minutes). */
export const MAX_TOKEN_AGE = '1h';

export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  emailVerified: boolean;
  /** The session the token was issued to (its `sid` claim): the token ends with it. */
  sid: string;
}

/** A verified token is trusted again without its signature check for at most this long. */
export const VERIFIED_TOKEN_TTL_MS = 60_000;

/**
 * Verifies ID tokens against the JWKS endpoint, as any API instance can: signature, issuer,
 * audience, expiry. Keys are cached and re-fetched when an unknown key id shows up. A token
 * that verified is remembered (by its exact text) until it expires, at most a minute: an
 * app sends the same token with every request, and an EdDSA check costs more than the rest of a
 * cached read.
 */
export class TokenVerifier {
  private readonly keys: JWTVerifyGetKey;
  private readonly verified = new LRUCache<string, AuthUser>({ max: 10_000, ttl: VERIFIED_TOKEN_TTL_MS });

  constructor(
    jwksUrl: URL,
    private readonly issuer: string,
    private readonly audience: string,
    /** Whether a token's session is still alive; without it, every verified token is. */
    private readonly sessions?: ActiveSessions,
  ) {
    this.keys = createRemoteJWKSet(jwksUrl, { cacheMaxAge: 10 * 60_000, cooldownDuration: 5_000 });
  }

  /**
   * The user of a token that verified recently (never past its expiry) and whose session is known
   * to be alive, without checking either again.
   */
  known(token: string): AuthUser | undefined {
    const user = this.verified.get(token);
    return user && (!this.sessions || this.sessions.known(user.sid, user.uid)) ? user : undefined;
  }

  /**
   * True when each token's session is read from the database on every request: a session row goes
   * with its account's, so that read also says the account exists.
   */
  get sessionVouchesForAccount(): boolean {
    return this.sessions?.asksEveryTime ?? false;
  }

  /** False once the token's session has ended (signed out, password reset, account deleted). */
  sessionActive(user: AuthUser): Promise<boolean> {
    return this.sessions ? this.sessions.active(user.sid, user.uid) : Promise.resolve(true);
  }

  /** sessionActive, with the user's generation the check read (shared generations: decision 0091). */
  sessionCheck(user: AuthUser): Promise<SessionCheck> {
    return this.sessions ? this.sessions.check(user.sid, user.uid) : Promise.resolve({ active: true });
  }

  /** Throws for a missing, malformed, tampered, expired, never-expiring or foreign token. */
  async verify(token: string): Promise<AuthUser> {
    const known = this.verified.get(token);
    if (known) return known;
    const { payload } = await jwtVerify(token, this.keys, {
      issuer: this.issuer,
      audience: this.audience,
      algorithms: ['EdDSA'],
      // A token that never expires is refused even with a valid signature; so is one issued
      // longer ago than any ID token lives (15 minutes), whatever its `exp` says.
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: MAX_TOKEN_AGE,
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.email !== 'string' ||
      typeof payload.sid !== 'string'
    )
      throw new Error('incomplete token');
    const user: AuthUser = {
      uid: payload.sub,
      email: payload.email,
      displayName: typeof payload.name === 'string' && payload.name ? payload.name : null,
      emailVerified: payload.email_verified === true,
      sid: payload.sid,
    };
    // Never past the token's own expiry (jwtVerify has checked there is one in the future).
    const left = typeof payload.exp === 'number' ? payload.exp * 1000 - Date.now() : 0;
    if (left > 1000) this.verified.set(token, user, { ttl: Math.min(left, VERIFIED_TOKEN_TTL_MS) });
    return user;
  }
}
