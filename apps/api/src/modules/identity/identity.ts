import { join } from 'node:path';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/database';
import type { Generations } from '../../integrations/redis/user-generations';
import { Mailer, type MailerLog } from '../../integrations/mail/mailer';
import { ActiveSessions } from './active-sessions';
import { createAuth, loadOrCreateSecret, mailLink, type Auth } from './auth';
import type { AuthRateLimits } from './identity.routes';
import { TokenVerifier } from './token-verifier';

export interface Identity {
  auth: Auth;
  verifier: TokenVerifier;
  mailer: Mailer;
  limits?: AuthRateLimits | undefined;
  /** A public-origin URL moved to the request's origin when that one is allowed (see `mailLink`). */
  relink: (url: string, request?: Request) => string;
  /** Listeners told the id of each deleted account (caches of that user's data). */
  userDeleted: Set<(userId: string) => void>;
}

/**
 * Wires accounts together. `baseURL` is the site's public origin (links in mails, token issuer and
 * audience); `jwksOrigin` is where this instance fetches the JWKS from (itself, by default).
 */
export function createIdentity(opts: {
  config: AppConfig;
  database: Database;
  log: MailerLog;
  baseURL: string;
  jwksOrigin?: string;
  limits?: AuthRateLimits;
  /** Other origins the site is reached at (localhost and 127.0.0.1 of the same port). */
  trustedOrigins?: string[];
  /** Origins a mailed link may use when the request came in there (see `mailLink`). */
  linkOrigins?: string[];
  /** PostgreSQL with Redis: sessions remembered under their user's generation (decision 0091). */
  generations?: Generations | null;
}): Identity {
  const { env } = opts.config;
  const mailer = new Mailer(
    { smtpUrl: env.SMTP_URL, outboxDir: join(opts.config.dataDir, 'outbox') },
    opts.log,
  );
  const userDeleted = new Set<(userId: string) => void>();
  // The embedded database is this process's alone: a session found alive can be remembered.
  // Shared by several instances (PostgreSQL), with Redis: remembered under the user's generation.
  const pglite = opts.database.kind === 'pglite';
  const sessions = new ActiveSessions(opts.database, {
    remember: pglite,
    generations: pglite ? null : (opts.generations ?? null),
  });
  userDeleted.add((userId) => void sessions.ended(undefined, userId));
  const auth = createAuth({
    userDeleted,
    sessionEnded: (sessionId, userId) => sessions.ended(sessionId, userId),
    mailFailed: (err) => opts.log.error({ err }, 'a password reset mail could not be sent'),
    database: opts.database,
    mailer,
    baseURL: opts.baseURL,
    secret: loadOrCreateSecret(opts.config.dataDir, env.AUTH_SECRET),
    trustedOrigins: opts.trustedOrigins ?? [],
    linkOrigins: opts.linkOrigins ?? [],
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER,
          }
        : undefined,
  });
  const verifier = new TokenVerifier(
    new URL('/api/auth/jwks', opts.jwksOrigin ?? opts.baseURL),
    opts.baseURL,
    opts.baseURL,
    sessions,
  );
  const linkOrigins = opts.linkOrigins ?? [];
  return {
    auth,
    verifier,
    mailer,
    limits: opts.limits,
    relink: (url, request) => mailLink(url, opts.baseURL, linkOrigins, request),
    userDeleted,
  };
}
