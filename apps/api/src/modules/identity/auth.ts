import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@app/contracts';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth, jwt, openAPI } from 'better-auth/plugins';
import { jwtVerify } from 'jose';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../../db/database';
import { accountMail, PRODUCT_NAME, type Mailer } from '../../integrations/mail/mailer';

/** The one password rule (@app/contracts), which the browser's forms check too. */
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;
export const ID_TOKEN_LIFETIME = '15m';
export const VERIFY_SEND_FAILED = 'Could not send verification email. Please try again later.';

export interface AuthOptions {
  database: Database;
  mailer: Mailer;
  /** Public origin of the site: mailed links, token issuer and audience. */
  baseURL: string;
  secret: string;
  google?: { clientId: string; clientSecret: string; issuer: string } | undefined;
  trustedOrigins?: string[];
  /**
   * Other origins a mailed link may point at: a request that came in at one of these gets links
   * to it, any other request (whatever its Host header says) gets links to `baseURL`.
   */
  linkOrigins?: string[];
  /** Told the id of each deleted account (after its rows, and its library's, are gone). */
  userDeleted?: Set<(userId: string) => void>;
  /**
   * Told the id (and account) of each session Better Auth deletes (sign-out, password reset,
   * account deleted); awaited before the answer (every instance forgets it: decision 0091).
   */
  sessionEnded?: (sessionId: string, userId: string) => void | Promise<void>;
  /** Told when a reset mail could not be sent (the request was answered without waiting for it). */
  mailFailed?: (err: unknown) => void;
}

/**
 * The address a plain email-verification link (Better Auth's HS256 token) verifies, or null for a
 * link that is invalid, expired, or changes an address (a flow of its own).
 */
async function verificationEmail(token: unknown, secret: string): Promise<string | null> {
  if (typeof token !== 'string') return null;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return typeof payload.email === 'string' && payload.updateTo === undefined ? payload.email : null;
  } catch {
    return null;
  }
}

/**
 * A mailed link's origin. The Host header is the visitor's to write, so it is never trusted as such
 * (password-reset poisoning): the request's origin is used only when it is one of `allowed`
 * (the loopback names of our own port, when no PUBLIC_URL is set); otherwise the public origin.
 */
export function mailLink(
  url: string,
  baseURL: string,
  allowed: readonly string[],
  request?: Request,
): string {
  const base = new URL(baseURL).origin;
  let origin: string | undefined;
  try {
    origin = request ? new URL(request.url).origin : undefined;
  } catch {
    origin = undefined;
  }
  if (!origin || origin === base || !allowed.includes(origin) || !url.startsWith(base)) return url;
  return origin + url.slice(base.length);
}

/** The auth secret: AUTH_SECRET, or one generated once and kept in DATA_DIR (mode 600). */
export function loadOrCreateSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Better Auth on our database: email and password with required verification (argon2id),
 * password reset, display-name update, sign-out, signed ID tokens (jwt plugin, JWKS), and Google
 * sign-in through OpenID Connect discovery when configured.
 */
export function createAuth(opts: AuthOptions) {
  const { mailer } = opts;
  const link = (url: string, request?: Request) =>
    mailLink(url, opts.baseURL, opts.linkOrigins ?? [], request);
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: opts.baseURL,
    basePath: '/api/auth',
    secret: opts.secret,
    database: { db: opts.database.db, type: 'postgres' },
    trustedOrigins: [opts.baseURL, ...(opts.trustedOrigins ?? [])],
    // Our own limiter (identity.routes.ts) covers IP and account, with the spec's message.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: {
        hash: (password) => argon2Hash(password),
        verify: ({ hash, password }) => argon2Verify(hash, password),
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Over SMTP not awaited: a known address is answered as soon as an unknown one, whatever the
      // mail server's speed (decision 0077); a failure is logged. The outbox (a local file, the
      // setup-free default) is written before the answer, so the link is there when it says so.
      sendResetPassword: async ({ user, url }, request) => {
        const href = link(url, request);
        const sent = mailer.send(accountMail('reset', user.email, user.name, href));
        if (mailer.mode === 'outbox') return sent;
        sent.catch((err: unknown) => opts.mailFailed?.(err));
      },
    },
    emailVerification: {
      // The client asks for the mail right after sign-up (as the spec's flow does), so a failure
      // to send reaches the user instead of being swallowed.
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }, request) => {
        const href = link(url, request);
        try {
          await mailer.send(accountMail('verify', user.email, user.name, href));
        } catch {
          throw new APIError('SERVICE_UNAVAILABLE', {
            message: VERIFY_SEND_FAILED,
            code: 'VERIFICATION_EMAIL_FAILED',
          });
        }
      },
    },
    // A verification link works once: once its address is verified, the link is answered as an
    // invalid one is (Better Auth's own answer to a token it cannot read), never as a success again.
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/verify-email') return;
        const email = await verificationEmail(ctx.query?.token, ctx.context.secret);
        const found = email ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
        if (found?.user.emailVerified) return { context: { query: { ...ctx.query, token: 'used' } } };
      }),
    },
    databaseHooks: {
      session: {
        delete: {
          after: async (session) => {
            await opts.sessionEnded?.(session.id, session.userId);
          },
        },
      },
    },
    user: {
      deleteUser: {
        enabled: true,
        afterDelete: async (user) => {
          for (const listener of opts.userDeleted ?? []) listener(user.id);
        },
      },
    },
    plugins: [
      // Describes Better Auth's endpoints for the API's OpenAPI document (app.ts); its own
      // reference page (a CDN script) is off.
      openAPI({ disableDefaultReference: true }),
      jwt({
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
        jwt: {
          issuer: opts.baseURL,
          audience: opts.baseURL,
          expirationTime: ID_TOKEN_LIFETIME,
          // `sid`: the session the token belongs to; user routes refuse it once that session has
          // ended (ActiveSessions).
          definePayload: ({ user, session }) => ({
            email: user.email,
            name: user.name,
            email_verified: user.emailVerified,
            sid: session.id,
          }),
        },
      }),
      ...(opts.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: opts.google.clientId,
                  clientSecret: opts.google.clientSecret,
                  discoveryUrl: `${opts.google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
