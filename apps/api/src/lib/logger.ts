import type { FastifyInstance, FastifyServerOptions } from 'fastify';

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
