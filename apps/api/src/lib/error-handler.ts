import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { mapDatabaseError } from './db-errors';
import { AppError, MethodNotAllowedError, NotFoundError, ServiceUnavailableError } from './errors';

/** The one error body (`ErrorBody` in @app/contracts): a message, and a code where a client branches. */
export const errorBody = (message: string, code?: string): { message: string; code?: string } =>
  code ? { message, code } : { message };

/** The answer when a route's `handlerTimeout` runs out: the work was too slow this time, not wrong. */
export const HANDLER_TIMEOUT_MESSAGE = 'The server is busy and could not answer in time: please try again';
export const HANDLER_TIMEOUT_RETRY_SECONDS = 5;

/** The messages of a failed zod validation, as one sentence a client can show. */
function validationMessage(error: FastifyError): string {
  const context = (error as { validationContext?: string }).validationContext;
  const issues = (error.validation ?? []).map((v) => {
    const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const raw = v.message ?? 'is invalid';
    // zod's own messages for our schemas already name the field ("page must be at least 1").
    if (!field || raw.toLowerCase().startsWith(field.split('.').pop()!.toLowerCase())) return raw;
    return `${field}: ${raw}`;
  });
  const where =
    context === 'body' ? 'Invalid request body' : context === 'params' ? 'Invalid path' : 'Invalid request';
  return issues.length ? issues.join('; ') : where;
}

/**
 * One error model for the whole API: typed errors keep their status and message, validation
 * failures are 400, client errors raised by Fastify keep their 4xx, and anything else is a 500
 * carrying only the request id (the details go to the log, never to the client).
 */
export function registerErrorHandling(
  app: FastifyInstance,
  opts: { spaFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean } = {},
): void {
  // A shadow router of every route pattern, to tell 405 (wrong method) from 404 (no such path).
  const shadow = FindMyWay({ ignoreTrailingSlash: true });
  const methodsByPath = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const url = route.url.length > 1 ? route.url.replace(/\/+$/, '') : route.url;
    let set = methodsByPath.get(url);
    if (!set) {
      set = new Set();
      methodsByPath.set(url, set);
      shadow.on('GET', url, () => {}, { methods: set });
    }
    for (const m of methods) if (m !== 'HEAD') set.add(m);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    // A page of the web app (client-side route): the SPA answers it.
    if (opts.spaFallback?.(request, reply)) return reply;
    const found = shadow.find('GET', path);
    const allowed = (found?.store as { methods?: Set<string> } | undefined)?.methods;
    if (allowed && allowed.size > 0 && !allowed.has(request.method)) {
      const allow = [...allowed];
      throw new MethodNotAllowedError(`Method ${request.method} is not allowed on ${path}`, allow);
    }
    throw new NotFoundError(`Route ${request.method} ${path} not found`);
  });

  app.setErrorHandler((raw: FastifyError, request, reply) => {
    // Database errors become typed errors here, in one place: unreachable is 503, a lost race on a
    // foreign key or unique key is the 401/404/409 of the check that lost it.
    const mapped = raw instanceof AppError ? null : mapDatabaseError(raw);
    if (mapped && mapped.statusCode >= 500) request.log.warn({ reason: raw.message }, 'database unavailable');
    const error = (mapped ?? raw) as FastifyError;
    if (error instanceof AppError) {
      if (error instanceof MethodNotAllowedError) reply.header('allow', error.allow.join(', '));
      if (error instanceof ServiceUnavailableError)
        reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.statusCode >= 500 && !mapped && !error.expected)
        request.log.warn({ err: error }, error.message);
      else if (error.expected) request.log.debug({ code: error.code }, error.message);
      return reply.code(error.statusCode).send(errorBody(error.message, error.code));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ message: validationMessage(error) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: `Internal server error (request id ${request.id})` });
    }
    if (error.code === 'FST_ERR_HANDLER_TIMEOUT') {
      // A route's handlerTimeout ran out (a busy machine): a 503 to retry, never a 500.
      request.log.warn({ url: request.url }, error.message);
      return reply
        .code(503)
        .header('retry-after', String(HANDLER_TIMEOUT_RETRY_SECONDS))
        .send({ message: HANDLER_TIMEOUT_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large...
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Malformed JSON body'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'Request body must not be empty'
            : error.message;
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: `Internal server error (request id ${request.id})` });
  });
}
