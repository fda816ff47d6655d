import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import type { Socket } from 'node:net';
import { BadRequestError } from './errors';

/** Largest request body, in bytes (every body the API takes is a few hundred bytes). */
export const BODY_LIMIT = 64 * 1024;
/** Deepest JSON a body may nest (objects and arrays); the API's own bodies nest two levels. */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP = `JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

export interface RequestTimeouts {
  /** From the connection's first byte to the end of the request's headers. */
  headersMs: number;
  /** From the connection's first byte to the end of the request's body. */
  requestMs: number;
  /** How often Node checks connections against the two timeouts above. */
  checkIntervalMs: number;
}

/** Slow clients: headers within 10 s, the whole request (body included) within 15 s. */
export const DEFAULT_TIMEOUTS: RequestTimeouts = {
  headersMs: 10_000,
  requestMs: 15_000,
  checkIntervalMs: 1_000,
};

/** Fastify server options that bound how long a client may take to send its request. */
export function timeoutOptions(t: RequestTimeouts): { requestTimeout: number; http: http.ServerOptions } {
  return {
    requestTimeout: t.requestMs,
    // Node's own server options: Fastify passes them to http.createServer.
    http: {
      headersTimeout: t.headersMs,
      requestTimeout: t.requestMs,
      connectionsCheckingInterval: t.checkIntervalMs,
    },
  };
}

/**
 * Errors Node raises on a connection before Fastify has a request (timeout, oversized headers,
 * unparsable HTTP): answered as `{message}` like every other error, with the security headers
 * every other answer carries (`securityHeaders`: securityHeaderValues), and never logged with the
 * raw bytes (they may hold a token).
 */
export function clientErrorAnswer(
  securityHeaders: Record<string, string>,
): (err: NodeJS.ErrnoException, socket: Socket) => void {
  const headers = Object.entries(securityHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (err, socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timed out']
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request headers are too large']
          : [400, 'Bad request'];
    const body = JSON.stringify({ message });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n${headers}` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

/**
 * Whether JSON text nests deeper than `max` objects/arrays. A linear scan that skips strings, run
 * before `JSON.parse`, so that no later recursion over the value (serialising it, walking it) can
 * overflow the stack.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

// A NUL (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its pair (no UTF-8 form:
// it would be stored as U+FFFD, silently changing what the client sent).
// eslint-disable-next-line no-control-regex -- a NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// A line break or another control character (a tab aside) in a path or a query: no URL of the site
// needs one, and a library that logs a value as it came (Better Auth logs an OAuth callback's
// `error` to the console) would write a forged log line, or a terminal escape, with it.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/;

/** The path of the first string (value or key) in `value` that `bad` matches (default: cannot be stored as text), or null. */
export function findUnstorableText(value: unknown, path = '', bad: RegExp = UNSTORABLE): string | null {
  if (typeof value === 'string') return bad.test(value) ? path || 'body' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (bad.test(key)) return at;
    const found = findUnstorableText(child, at, bad);
    if (found) return found;
  }
  return null;
}

export function unstorableTextMessage(field: string): string {
  return `${field} contains a character that is not allowed (NUL or an unpaired surrogate)`;
}

export function controlCharacterMessage(field: string): string {
  return `${field} contains a character that is not allowed (a line break or another control character)`;
}

/** The longest Location the API sends: a path of the site with a token or an OAuth error is far shorter. */
export const MAX_REDIRECT_LENGTH = 2048;
export const REDIRECT_REFUSED = 'The redirect target must be a short address on this site';

/**
 * Whether `location` may be sent as a redirect: at most MAX_REDIRECT_LENGTH characters, and on
 * this site (resolved against the request's origin, it is that origin or one of `origins`).
 */
export function redirectAllowed(
  location: string,
  requestOrigin: string,
  origins: readonly string[],
): boolean {
  if (location.length > MAX_REDIRECT_LENGTH) return false;
  let origin: string;
  try {
    origin = new URL(location, requestOrigin).origin;
  } catch {
    return false;
  }
  return origin === new URL(requestOrigin).origin || origins.includes(origin);
}

/**
 * Bad input is refused before any handler: JSON bodies deeper than MAX_JSON_DEPTH (400), any
 * path parameter, query parameter or body string that could not be stored as text (400), and a
 * line break or another control character in a path or query parameter (400). The body size is
 * bounded by Fastify's bodyLimit (413). On the way out, a redirect that is long or leaves the site
 * (a value of the request reflected into it) is answered 400 instead. `siteOrigins`: the origins
 * of the site besides the request's own (PUBLIC_URL's, Better Auth's trusted ones).
 */
export function registerRequestGuards(app: FastifyInstance, opts: { siteOrigins?: string[] } = {}): void {
  const siteOrigins = (opts.siteOrigins ?? []).flatMap((url) =>
    URL.canParse(url) ? [new URL(url).origin] : [],
  );
  // Fastify's own parser (with its prototype-poisoning protection), behind a depth check.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new BadRequestError(JSON_TOO_DEEP), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = findUnstorableText(value);
      if (field)
        throw new BadRequestError(unstorableTextMessage(part === 'body' ? field : `${part} ${field}`));
      const control = part === 'body' ? null : findUnstorableText(value, '', CONTROL);
      if (control) throw new BadRequestError(controlCharacterMessage(`${part} ${control}`));
    }
  });

  // A callback, not an async hook: on every answer, and most have no Location (no promise for them).
  app.addHook('onSend', (request, reply, payload, done) => {
    const location = reply.getHeader('location');
    if (location === undefined) return done(null, payload);
    const here = `${request.protocol}://${request.host}`;
    if (URL.canParse(here) && redirectAllowed(String(location), here, siteOrigins))
      return done(null, payload);
    reply.removeHeader('location');
    done(new BadRequestError(REDIRECT_REFUSED));
  });
}
