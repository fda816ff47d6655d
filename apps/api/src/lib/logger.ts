import type { FastifyInstance, FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';
/** Query parameters that carry or lead to a secret (verification and reset links, OAuth callbacks). */
const SECRET_QUERY_PARAMS =
  /([?&](?:[^=&]*(?:token|password|secret|key|code|state|signature|callbackurl|redirect)[^=&]*)=)[^&#]*/gi;
/** Path segments that are secrets: Better Auth's reset link is /api/auth/reset-password/<token>. */
const SECRET_PATH_SEGMENTS = /(\/(?:reset-password|verify-email|magic-link|one-time-token)\/)[^/?#]+/gi;
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
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const slow = ms >= SLOW_REQUEST_MS;
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
