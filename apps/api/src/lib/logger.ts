import type { FastifyServerOptions } from 'fastify';

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
