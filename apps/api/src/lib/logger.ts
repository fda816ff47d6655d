import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY_PARAMS = /([?&](?:token|api_key|access_token|code|password|secret|callbackURL)=)[^&]*/gi;

/** Query strings can carry tokens (verification links, OAuth callbacks): never log them. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
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
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { method: string; url: string; id: string; ip?: string }) {
        return { id: req.id, method: req.method, url: redactUrl(req.url), ip: req.ip };
      },
    },
  };
}
