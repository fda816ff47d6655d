import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../../lib/db-errors';
import { NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import { RateLimits, TOO_MANY_ATTEMPTS } from '../../lib/rate-limit';
import type { Auth } from './auth';

export { TOO_MANY_ATTEMPTS } from '../../lib/rate-limit';
export const NO_USER_FOR_RESET = 'No user found with this email address.';
export const EMAIL_IN_USE = 'This email is already in use. Please log in or use a different email.';

/** Auth endpoints that send a mail: limited per address and per account. */
const MAILING = new Set(['/sign-up/email', '/request-password-reset', '/send-verification-email']);
const SIGN_IN = '/sign-in/email';

/**
 * Sign-in is limited by its failures (decision 0006, after OWASP's authentication guidance): per
 * (account, address) pair, and per address with a higher budget. There is no account-wide lock, so
 * an attacker who fails on someone's account from their own address never locks the owner out.
 */
export interface AuthRateLimits {
  /** Per address: mail-sending requests and failed sign-ins together. */
  perIp: number;
  /** Failed sign-ins per (account, address) pair; mail-sending requests per account. */
  perAccount: number;
  windowSeconds: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = { perIp: 30, perAccount: 10, windowSeconds: 15 * 60 };

/** True when a trivial query fails because the database cannot be reached. */
async function databaseUnreachable(database: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(database.db);
    return false;
  } catch (err) {
    return isDatabaseUnavailable(err);
  }
}

/**
 * Mounts Better Auth under /api/auth. Fastify has parsed the body already, so the request is
 * rebuilt as a web Request; the answer's headers (several Set-Cookie included) are copied back.
 */
export async function identityRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; database: Database; limits?: AuthRateLimits; rateLimits?: RateLimits },
): Promise<void> {
  const limits = opts.limits ?? DEFAULT_AUTH_RATE_LIMITS;
  const rateLimits = opts.rateLimits ?? new RateLimits();
  const window = { durationSeconds: limits.windowSeconds, message: TOO_MANY_ATTEMPTS };
  const byIp = rateLimits.create({ name: 'auth-ip', points: limits.perIp, ...window });
  const byAccount = rateLimits.create({ name: 'auth-account', points: limits.perAccount, ...window });
  const byPair = rateLimits.create({ name: 'auth-pair', points: limits.perAccount, ...window });

  const emailOf = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
  };

  /** The request, rebuilt as a web Request, through Better Auth. */
  const forward = async (request: FastifyRequest, url: URL): Promise<Response> => {
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(key, v);
      else headers.set(key, String(value));
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    const response = await opts.auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
      }),
    );
    // Better Auth turns a database error into a bare 500; while the database is unreachable that
    // is an outage, answered like every other route's: 503 {message}.
    if (response.status === 500 && (await databaseUnreachable(opts.database)))
      throw new ServiceUnavailableError(DATABASE_UNAVAILABLE);
    return response;
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
    const path = url.pathname.replace(/^\/api\/auth/, '');
    const email = request.method === 'POST' ? emailOf(request) : null;
    const isSignIn = request.method === 'POST' && path === SIGN_IN;
    // JSON.stringify keeps the pair key unambiguous whatever the address and email contain.
    const pair = JSON.stringify([email, request.ip]);
    if (isSignIn) {
      // Every attempt is counted up front (atomically, so parallel guesses cannot slip past the
      // limit); only a failure keeps its point, below.
      await byPair.consume(pair);
      await byIp.consume(request.ip).catch(async (err: unknown) => {
        await byPair.refund(pair);
        throw err;
      });
    } else if (request.method === 'POST' && MAILING.has(path)) {
      await byIp.consume(request.ip);
      if (email) await byAccount.consume(`${path}:${email}`);
    }

    // The spec tells the user when an address is unknown (reset) or taken (sign-up), where Better
    // Auth would stay silent about which addresses exist. Both are rate limited above.
    if (request.method === 'POST' && (path === '/request-password-reset' || path === '/sign-up/email')) {
      if (email) {
        const user = await opts.database.db
          .selectFrom('user')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirst();
        if (path === '/request-password-reset' && !user) throw new NotFoundError(NO_USER_FOR_RESET);
        if (path === '/sign-up/email' && user) {
          return reply.code(422).send({ code: 'USER_ALREADY_EXISTS', message: EMAIL_IN_USE });
        }
      }
    }

    let response: Response;
    try {
      response = await forward(request, url);
    } catch (err) {
      if (isSignIn) await Promise.all([byPair.refund(pair), byIp.refund(request.ip)]);
      throw err;
    }
    if (isSignIn && response.status !== 401) {
      // Only a wrong password (or an unknown account, 401) counts against the pair and the
      // address. A success ends the pair's run of failures; anything else is given back.
      await Promise.all([response.ok ? byPair.reset(pair) : byPair.refund(pair), byIp.refund(request.ip)]);
    }
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    const text = await response.text();
    return reply.send(text || null);
  };

  // Where the Google popup lands after the provider: tells the opener and closes itself.
  app.get('/auth/popup-callback', { schema: { hide: true } }, async (request, reply) => {
    const error = (request.query as { error?: string }).error ?? null;
    const message = JSON.stringify({ type: 'cinelog:oauth-popup', error }).replace(/</g, '\\u003c');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Signing in…</title><p>Signing in… you can close this window.</p>` +
          `<script>if (window.opener) { window.opener.postMessage(${message}, location.origin); } window.close();</script>`,
      );
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler,
  });
}
