import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { NotFoundError } from '../../lib/errors';
import { RateLimits, TOO_MANY_ATTEMPTS } from '../../lib/rate-limit';
import type { Auth } from './auth';

export { TOO_MANY_ATTEMPTS } from '../../lib/rate-limit';
export const NO_USER_FOR_RESET = 'No user found with this email address.';
export const EMAIL_IN_USE = 'This email is already in use. Please log in or use a different email.';

/** Auth endpoints that cost a password check or send a mail: limited per IP (and per account when they name one). */
const LIMITED = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/send-verification-email',
  '/change-password',
  '/delete-user',
]);

export interface AuthRateLimits {
  perIp: number;
  perAccount: number;
  windowSeconds: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = { perIp: 30, perAccount: 10, windowSeconds: 15 * 60 };

/**
 * Mounts Better Auth under /api/auth. Fastify has parsed the body already, so the request is
 * rebuilt as a web Request; the answer's headers (several Set-Cookie included) are copied back.
 */
export async function identityRoutes(
  app: FastifyInstance,
  opts: {
    auth: Auth;
    database: Database;
    limits?: AuthRateLimits;
    rateLimits?: RateLimits;
    /** Moves a public-origin redirect to the request's origin when that one is allowed. */
    relink?: (url: string, request?: Request) => string;
  },
): Promise<void> {
  const limits = opts.limits ?? DEFAULT_AUTH_RATE_LIMITS;
  const rateLimits = opts.rateLimits ?? new RateLimits();
  const window = { durationSeconds: limits.windowSeconds, message: TOO_MANY_ATTEMPTS };
  const byIp = rateLimits.create({ name: 'auth-ip', points: limits.perIp, ...window });
  const byAccount = rateLimits.create({ name: 'auth-account', points: limits.perAccount, ...window });

  const consume = async (request: FastifyRequest, path: string) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    await byIp.consume(request.ip);
    if (typeof email === 'string' && email) await byAccount.consume(`${path}:${email.trim().toLowerCase()}`);
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
    const path = url.pathname.replace(/^\/api\/auth/, '');
    if (request.method === 'POST' && LIMITED.has(path)) await consume(request, path);

    // The spec tells the user when an address is unknown (reset) or taken (sign-up), where Better
    // Auth would stay silent about which addresses exist. Both are rate limited above.
    if (request.method === 'POST' && (path === '/request-password-reset' || path === '/sign-up/email')) {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      if (typeof email === 'string' && email.trim()) {
        const user = await opts.database.db
          .selectFrom('user')
          .select('id')
          .where('email', '=', email.trim().toLowerCase())
          .executeTakeFirst();
        if (path === '/request-password-reset' && !user) throw new NotFoundError(NO_USER_FOR_RESET);
        if (path === '/sign-up/email' && user) {
          return reply.code(422).send({ code: 'USER_ALREADY_EXISTS', message: EMAIL_IN_USE });
        }
      }
    }

    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(key, v);
      else headers.set(key, String(value));
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    const webRequest = new Request(url, {
      method: request.method,
      headers,
      ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
    });
    const response = await opts.auth.handler(webRequest);
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key === 'set-cookie' || key === 'content-length') return;
      // A mailed link opened at 127.0.0.1 must not redirect to localhost (other cookies): a redirect
      // to the public origin stays on the request's origin when that one is allowed.
      reply.header(key, key === 'location' && opts.relink ? opts.relink(value, webRequest) : value);
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
