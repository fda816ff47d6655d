import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** The oldest ID token accepted (they are issued for 15 minutes). */
export const MAX_TOKEN_AGE = '1h';

export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  emailVerified: boolean;
}

/**
 * Verifies ID tokens against the JWKS endpoint, as any API instance can: signature, issuer,
 * audience, expiry. Keys are cached and re-fetched when an unknown key id shows up.
 */
export class TokenVerifier {
  private readonly keys: JWTVerifyGetKey;

  constructor(
    jwksUrl: URL,
    private readonly issuer: string,
    private readonly audience: string,
  ) {
    this.keys = createRemoteJWKSet(jwksUrl, { cacheMaxAge: 10 * 60_000, cooldownDuration: 5_000 });
  }

  /** Throws for a missing, malformed, tampered, expired, never-expiring or foreign token. */
  async verify(token: string): Promise<AuthUser> {
    const { payload } = await jwtVerify(token, this.keys, {
      issuer: this.issuer,
      audience: this.audience,
      algorithms: ['EdDSA'],
      // A token that never expires is refused even with a valid signature; so is one issued
      // longer ago than any ID token lives (15 minutes), whatever its `exp` says.
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: MAX_TOKEN_AGE,
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string')
      throw new Error('incomplete token');
    return {
      uid: payload.sub,
      email: payload.email,
      displayName: typeof payload.name === 'string' && payload.name ? payload.name : null,
      emailVerified: payload.email_verified === true,
    };
  }
}
