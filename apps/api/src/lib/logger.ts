import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';
/** Query parameters that carry or lead to a secret (verification and reset links, OAuth callbacks). */
const SECRET_QUERY_PARAMS =
  /([?&](?:[^=&]*(?:token|password|secret|key|code|state|signature|callbackurl|redirect)[^=&]*)=)[^&#]*/gi;
/** Path segments that are secrets: Better Auth's reset link is /api/auth/reset-password/<token>. */
// A public playlist's slug is its only key: /p/{slug} and /api/public/playlists/{slug} too.
const SECRET_PATH_SEGMENTS =
  /(\/(?:reset-password|verify-email|magic-link|one-time-token|p|public\/playlists)\/)[^/?#]+/gi;
/** A JWT (header.payload.signature in base64url) wherever it sits. */
const JWT_LIKE = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;

/** URLs can carry tokens in their path or query (mailed links, OAuth callbacks): never log them. */
export function redactUrl(url: string): string {
  return url
    .replace(SECRET_PATH_SEGMENTS, `$1${REDACTED}`)
    .replace(SECRET_QUERY_PARAMS, `$1${REDACTED}`)
    .replace(JWT_LIKE, REDACTED);
}

/** pino options: request lines without secrets, and redaction of any auth-bearing field. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.accessToken',
        '*.idToken',
        '*.apiKey',
        'headers.authorization',
        '*.headers.cookie',
        '*.headers.authorization',
        'password',
        'newPassword',
        'token',
        'link',
      ],
      censor: REDACTED,
    },
    serializers: {
      req(req: { method: string; url: string; id: string; ip?: string }) {
        return { id: req.id, method: req.method, url: redactUrl(req.url), ip: req.ip };
      },
    },
  };
}

/** A request slower than this is logged at `warn`, whatever its status. */
export const SLOW_REQUEST_MS = 1000;

/**
 * One line per request, when it completes: method, URL (secrets redacted), status, time. At
 * `debug` for ordinary answers, so the default level (`info`) costs one level check per request;
 * server errors are logged by the error handler, slow answers at `warn`.
 */
export function registerRequestLog(app: FastifyInstance, slowMs = SLOW_REQUEST_MS): void {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const slow = ms >= slowMs;
    if (slow || request.log.level === 'debug' || request.log.level === 'trace') {
      request.log[slow ? 'warn' : 'debug'](
        {
          method: request.method,
          url: redactUrl(request.url),
          ip: request.ip,
          statusCode: reply.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        slow ? 'slow request' : 'request',
      );
    }
    done();
  });
}

/**
 * Fastify's per-request logger, made only when something logs through it. At the default level
 * most requests log nothing, and a pino child with its bindings and redaction cost more than the
 * rest of a cached catalog answer (CPU profile, decision 0018). Its methods exist at once (Fastify
 * checks them); the first call makes the real child, with the same bindings and options, so the
 * lines and their redaction are unchanged. `level` is the parent's until then (it is the same).
 */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  opts,
) => {
  let child: FastifyBaseLogger | undefined;
  const real = () => (child ??= logger.child(bindings, opts));
  return new Proxy(logger, {
    get(target, key) {
      if (child) return Reflect.get(child, key, child) as unknown;
      if (key === 'level') return target.level;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return Reflect.get(real(), key, child) as unknown;
      return (...args: unknown[]) => {
        const c = real();
        return (Reflect.get(c, key, c) as (...a: unknown[]) => unknown).apply(c, args);
      };
    },
    set(_target, key, value) {
      return Reflect.set(real(), key, value);
    },
  });
};
