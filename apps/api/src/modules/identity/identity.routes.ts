import { EMAIL_IN_USE, ERROR_CODES, INVALID_EMAIL, NO_USER_FOR_RESET } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { DATABASE_UNAVAILABLE } from '../../lib/db-errors';
import {
  AppError,
  BadRequestError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnprocessableError,
} from '../../lib/errors';
import { RateLimits, TOO_MANY_ATTEMPTS } from '../../lib/rate-limit';
import { POPUP_FLOW_HELMET } from '../../lib/security-headers';
import type { Auth } from './auth';
import { DeviceCookies } from './device-cookie';

/** The popup page's script: posts the outcome to the page that opened it, then closes. */
export const POPUP_CALLBACK_SCRIPT = `(function () {
  var error = new URLSearchParams(location.search).get('error');
  if (window.opener) window.opener.postMessage({ type: 'cinelog:oauth-popup', error: error }, location.origin);
  window.close();
})();
`;

export { EMAIL_IN_USE, INVALID_EMAIL, NO_USER_FOR_RESET, TOO_MANY_ATTEMPTS } from '@app/contracts';
/** RFC 5321: an address (a path less its brackets) is at most 254 characters, its local part 64. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;

/** An address no mail server would take: it could never be verified. */
function undeliverable(email: unknown): boolean {
  if (typeof email !== 'string') return false;
  const at = email.lastIndexOf('@');
  return email.length > EMAIL_MAX_LENGTH || (at >= 0 ? at : email.length) > EMAIL_LOCAL_MAX_LENGTH;
}

/** Parameters Better Auth redirects to. */
const REDIRECT_PARAMS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'];

/** A path of this site ("/login", not "//elsewhere") or an absolute URL (Better Auth checks its origin). */
function redirectTarget(value: string): boolean {
  return /^\/(?![/\\])/.test(value) || /^https?:\/\//i.test(value) ? URL.canParse(value, 'http://x') : false;
}

/** Better Auth's error body (`{code, message}`, or nothing), as far as it is one. */
function authErrorOf(text: string): { message?: string; code?: string } {
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown } | null;
    return {
      ...(typeof body?.message === 'string' && body.message ? { message: body.message } : {}),
      ...(typeof body?.code === 'string' && body.code ? { code: body.code } : {}),
    };
  } catch {
    return {};
  }
}

/** Auth endpoints that send a mail: limited per address and per account. */
const MAILING = new Set(['/sign-up/email', '/request-password-reset', '/send-verification-email']);
const SIGN_IN = '/sign-in/email';
/** Auth endpoints of a signed-in user that check the password: limited per address. */
const PASSWORD_CHECKED = new Set(['/change-password', '/delete-user']);

/**
 * Sign-in is limited by its failures (decision 0006, after OWASP's authentication guidance): per
 * (account, address) pair, and per address with a higher budget. The account-wide limit counts only
 * browsers that never signed in to the account (no device cookie: decision 0077), so an attacker
 * guessing from many addresses never locks the owner out of their own browser.
 */
export interface AuthRateLimits {
  /** Per address: mail-sending requests and failed sign-ins together. */
  perIp: number;
  /** Failed sign-ins per (account, address) pair; mail-sending requests per account. */
  perAccount: number;
  /** Failed sign-ins per account from browsers without its device cookie (default: 2 × perAccount). */
  perAccountUntrusted?: number;
  windowSeconds: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  perIp: 30,
  perAccount: 10,
  perAccountUntrusted: 20,
  windowSeconds: 15 * 60,
};

/** The account reads the checks in front of Better Auth need (app.ts binds them to the database). */
export interface AccountLookup {
  userIdByEmail(email: string): Promise<string | null>;
  databaseUnreachable(): Promise<boolean>;
}

/**
 * Better Auth turns these into redirects with `new URL(...)`, and answers a 500 for one that is
 * neither a path nor a URL: refuse them first; and an address no mail can reach.
 */
function refuseBadRedirectsAndEmails(request: FastifyRequest): void {
  const query = request.query as Record<string, unknown>;
  const body = (request.body ?? {}) as Record<string, unknown>;
  for (const name of REDIRECT_PARAMS) {
    for (const value of [query[name], request.method === 'POST' ? body[name] : undefined]) {
      if (typeof value === 'string' && !redirectTarget(value)) {
        throw new BadRequestError(`${name} must be a path on this site or an absolute URL`);
      }
    }
  }
  if (request.method === 'POST') {
    if (undeliverable(body.email) || undeliverable(body.newEmail)) {
      throw new BadRequestError(INVALID_EMAIL, ERROR_CODES.invalidEmail);
    }
  }
}

/**
 * Every error of the API is one body, `{message, code?}`, from one mapper (lib/error-handler.ts):
 * Better Auth's `{code, message}` keeps its code, and its empty bodies (an unknown path, a wrong
 * method) get a message.
 */
function authError(status: number, text: string, method: string, url: URL): AppError {
  const { message, code } = authErrorOf(text);
  const fallback =
    status === 404 ? `Route ${method} ${url.pathname} not found` : (STATUS_CODES[status] ?? 'Request failed');
  return new AppError(status, message ?? fallback, code);
}

/**
 * Mounts Better Auth under /api/auth. Fastify has parsed the body already, so the request is
 * rebuilt as a web Request; the answer's headers (several Set-Cookie included) are copied back.
 */
export async function identityRoutes(
  app: FastifyInstance,
  opts: {
    auth: Auth;
    /** The two account reads the checks in front of Better Auth need. */
    accounts: AccountLookup;
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
  const byPair = rateLimits.create({ name: 'auth-pair', points: limits.perAccount, ...window });
  const byUntrusted = rateLimits.create({
    name: 'auth-account-untrusted',
    points: limits.perAccountUntrusted ?? limits.perAccount * 2,
    ...window,
  });
  const devices = new DeviceCookies(
    opts.auth.options.secret ?? randomBytes(32).toString('base64url'),
    opts.auth.options.baseURL?.startsWith('https:') ?? false,
  );

  const emailOf = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
  };

  /** The request, rebuilt as a web Request, through Better Auth. */
  const forward = async (
    request: FastifyRequest,
    url: URL,
  ): Promise<{ response: Response; webRequest: Request }> => {
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
    // Better Auth turns a database error into a bare 500; while the database is unreachable that
    // is an outage, answered like every other route's: 503 {message}.
    if (response.status === 500 && (await opts.accounts.databaseUnreachable()))
      throw new ServiceUnavailableError(DATABASE_UNAVAILABLE);
    return { response, webRequest };
  };

  /**
   * Counts a request against the limits that apply to it (sign-in, mail-sending and password-checking
   * requests); one over a limit is told when to come back.
   */
  const consumeLimits = async (
    request: FastifyRequest,
    reply: FastifyReply,
    at: { path: string; email: string | null; pair: string; isSignIn: boolean; untrusted: boolean },
  ) => {
    const { path, email, pair } = at;
    try {
      if (at.isSignIn) {
        // Every attempt is counted up front (atomically, so parallel guesses cannot slip past the
        // limit); only a failure keeps its point, below.
        await byPair.consume(pair);
        await byIp.consume(request.ip).catch(async (err: unknown) => {
          await byPair.refund(pair);
          throw err;
        });
        if (at.untrusted)
          await byUntrusted.consume(email!).catch(async (err: unknown) => {
            await Promise.all([byPair.refund(pair), byIp.refund(request.ip)]);
            throw err;
          });
      } else if (request.method === 'POST' && MAILING.has(path)) {
        await byIp.consume(request.ip);
        if (email) await byAccount.consume(`${path}:${email}`);
      } else if (request.method === 'POST' && PASSWORD_CHECKED.has(path)) {
        await byIp.consume(request.ip);
      }
    } catch (err) {
      // Told when to come back: at the latest when the window has passed.
      if (err instanceof TooManyRequestsError) reply.header('retry-after', String(limits.windowSeconds));
      throw err;
    }
  };

  // The spec tells the user when an address is unknown (reset) or taken (sign-up), where Better
  // Auth would stay silent about which addresses exist. Both are rate limited above.
  const checkAccountFor = async (method: string, path: string, email: string | null) => {
    if (method !== 'POST' || (path !== '/request-password-reset' && path !== '/sign-up/email')) return;
    if (!email) return;
    const user = await opts.accounts.userIdByEmail(email);
    if (path === '/request-password-reset' && !user) throw new NotFoundError(NO_USER_FOR_RESET);
    if (path === '/sign-up/email' && user) {
      throw new UnprocessableError(EMAIL_IN_USE, ERROR_CODES.userAlreadyExists);
    }
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
    const path = url.pathname.replace(/^\/api\/auth/, '');
    const email = request.method === 'POST' ? emailOf(request) : null;
    const isSignIn = request.method === 'POST' && path === SIGN_IN;
    // JSON.stringify keeps the pair key unambiguous whatever the address and email contain.
    const pair = JSON.stringify([email, request.ip]);
    // A browser that signed in to this account before is exempt from the account-wide count.
    const untrusted = isSignIn && email !== null && !devices.trusts(request.headers.cookie, email);
    await consumeLimits(request, reply, { path, email, pair, isSignIn, untrusted });

    refuseBadRedirectsAndEmails(request);
    await checkAccountFor(request.method, path, email);

    let response: Response;
    let webRequest: Request;
    try {
      ({ response, webRequest } = await forward(request, url));
    } catch (err) {
      if (isSignIn)
        await Promise.all([
          byPair.refund(pair),
          byIp.refund(request.ip),
          untrusted ? byUntrusted.refund(email) : undefined,
        ]);
      throw err;
    }
    if (isSignIn && response.status !== 401) {
      // Only a wrong password (or an unknown account, 401) counts against the pair, the address and
      // the account. A success ends the pair's run of failures; anything else is given back.
      await Promise.all([
        response.ok ? byPair.reset(pair) : byPair.refund(pair),
        byIp.refund(request.ip),
        untrusted ? byUntrusted.refund(email) : undefined,
      ]);
    }
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key === 'set-cookie' || key === 'content-length') return;
      // A mailed link opened at 127.0.0.1 must not redirect to localhost (other cookies): a redirect
      // to the public origin stays on the request's origin when that one is allowed.
      reply.header(key, key === 'location' && opts.relink ? opts.relink(value, webRequest) : value);
    });
    const cookies = response.headers.getSetCookie();
    // A browser that signed in is known to this account from now on.
    if (isSignIn && response.ok && email) cookies.push(devices.issue(email));
    if (cookies.length) reply.header('set-cookie', cookies);
    const text = await response.text();
    // Every error of the API is one body, `{message, code?}` (authError).
    if (response.status >= 400) throw authError(response.status, text, request.method, url);
    return reply.send(text || null);
  };

  // Where the Google popup lands after the provider: tells the opener and closes itself. The
  // script is a file of its own (the CSP allows no inline script) and reads `?error=` itself.
  app.get(
    '/auth/popup-callback',
    { schema: { hide: true }, helmet: POPUP_FLOW_HELMET },
    async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><meta charset="utf-8"><title>Signing in…</title><p>Signing in… you can close this window.</p>` +
            `<script src="/auth/popup-callback.js"></script>`,
        ),
  );
  app.get(
    '/auth/popup-callback.js',
    { schema: { hide: true }, helmet: POPUP_FLOW_HELMET },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(POPUP_CALLBACK_SCRIPT),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    // The OAuth callback (a redirect to the popup's last page) is part of the popup's way back.
    helmet: POPUP_FLOW_HELMET,
    handler,
  });
}
