import type { FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Brotli quality for cached answers: compressed once per entry, so a good ratio is worth a
 * millisecond (quality 11 would cost tens of milliseconds of a busy event loop per entry).
 */
export const CACHED_BROTLI_QUALITY = 6;
/** Below this many bytes a body is sent as is (as @fastify/compress's threshold). */
const COMPRESS_THRESHOLD = 1024;

interface Entry {
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  /**
   * For the fast path (`serve`): the headers every other hook of the route set on the answer
   * (security headers), as the full pipeline sent them; absent when the route must run its
   * hooks on every request (a rate limit).
   */
  common?: readonly string[];
  /** The raw header lists of the fast path, by encoding (and `304`), made on first use. */
  raw?: Partial<Record<Encoding | '304', string[]>>;
}

/** Headers the cache sets itself (or Node does), so not part of an entry's `common` headers. */
const OWN_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'cache-control',
  'vary',
  'date',
  'connection',
  'keep-alive',
]);
const JSON_TYPE = 'application/json; charset=utf-8';

export interface ResponseCacheOptions {
  /** The bound on the bytes kept (bodies and their compressed copies). */
  maxBytes?: number;
  /** `cache-control` of the cached answers. */
  cacheControl?: string;
  /**
   * Requests whose answer depends on who asks (a user's "hide what I've seen"): never looked up
   * nor stored, sent `private, no-store`, compressed per request.
   */
  personal?: (request: FastifyRequest) => boolean;
  /**
   * Whether a route's hits may be answered by `serve`, before Fastify (default: yes). A route with
   * hooks that must run on every request, hit or not (a rate limit), says no.
   */
  fastPath?: (request: FastifyRequest) => boolean;
}

type Encoding = 'br' | 'gzip' | 'identity';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False on a cached route whose hooks must run on every request, hit or not (a rate limit). */
    cacheFastPath?: boolean;
  }
}

/** The best encoding the client accepts (q-values honoured; `*` counts for both). */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let br = -1;
  let gzip = -1;
  let star = -1;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (name === 'br') br = q;
    else if (name === 'gzip') gzip = q;
    else if (name === '*') star = q;
  }
  if (br < 0) br = star;
  if (gzip < 0) gzip = star;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Whole answers of read-only GET routes whose body depends only on the URL (the offline
 * catalog): serialized once, compressed once per encoding, with a strong ETag and 304s. A hit
 * skips validation, the handler and serialization. Only 200 answers are kept; errors never are.
 *
 * Use on a route: `onRequest: cache.lookup` (after any hook that must still run on a hit, such as
 * a rate limit), `onSend: cache.store`, and `compress: false` (this cache does the encoding).
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly cacheControl: string;
  private readonly served = new WeakSet<FastifyRequest>();
  private readonly personal: (request: FastifyRequest) => boolean;
  private readonly fastPath: (request: FastifyRequest) => boolean;
  /** Interned `common` header lists: every route sets the same ones. */
  private readonly commons = new Map<string, readonly string[]>();
  /** `Accept-Encoding` values seen, and what they choose (clients send the same few strings). */
  private readonly encodings = new Map<string, Encoding>();
  hits = 0;
  misses = 0;
  /** Hits answered by `serve`, before Fastify (counted in `hits` too). */
  fastHits = 0;

  constructor(opts: ResponseCacheOptions = {}) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: opts.maxBytes ?? 32 * 1024 * 1024,
      sizeCalculation: (e) => e.body.length + (e.br?.length ?? 0) + (e.gzip?.length ?? 0) + 200,
    });
    this.cacheControl = opts.cacheControl ?? 'public, max-age=300';
    this.personal = opts.personal ?? (() => false);
    this.fastPath = opts.fastPath ?? ((request) => request.routeOptions.config.cacheFastPath !== false);
  }

  /**
   * The fast path, called by the HTTP server before Fastify: answers a GET whose answer is
   * cached (and whose route allows it) with the bytes and headers the full pipeline sends for a
   * hit, without building Fastify's request and reply or running its hooks. Returns false (and
   * writes nothing) for every other request, which then goes to Fastify as usual.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || req.url === undefined) return false;
    const entry = this.entries.get(req.url);
    if (!entry?.common) return false;
    this.hits++;
    this.fastHits++;
    const notModified = etagMatches(req.headers['if-none-match'], entry.etag);
    const encoding = notModified ? 'identity' : this.encodingOf(entry, req.headers['accept-encoding']);
    const body = notModified ? undefined : this.bodyIn(entry, encoding, req.url);
    const kind = notModified ? '304' : encoding;
    const current = this.entries.peek(req.url) ?? entry;
    let raw = current.raw?.[kind];
    if (!raw) {
      // In the order and form the full pipeline sends them (a 304 included).
      raw = [
        ...current.common!,
        'content-type',
        JSON_TYPE,
        'etag',
        current.etag,
        'cache-control',
        this.cacheControl,
        'vary',
        'accept-encoding',
        ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
        'content-length',
        String(body?.length ?? 0),
      ];
      // Kept on the entry (same object: the compressed copies are already counted).
      current.raw = { ...current.raw, [kind]: raw };
    }
    res.writeHead(notModified ? 304 : 200, raw);
    res.end(body);
    return true;
  }

  private encodingOf(entry: Entry, header: string | undefined): Encoding {
    if (entry.body.length < COMPRESS_THRESHOLD || !header) return 'identity';
    let e = this.encodings.get(header);
    if (e === undefined) {
      e = preferredEncoding(header);
      if (this.encodings.size < 100) this.encodings.set(header, e);
    }
    return e;
  }

  get size(): number {
    return this.entries.size;
  }

  readonly lookup: onRequestHookHandler = (request, reply, done) => {
    const entry =
      (request.method === 'GET' || request.method === 'HEAD') && !this.personal(request)
        ? this.entries.get(request.url)
        : undefined;
    if (!entry) {
      this.misses++;
      return done();
    }
    this.hits++;
    this.served.add(request);
    this.send(entry, request, reply);
  };

  readonly store: onSendHookHandler<unknown> = (request, reply, payload, done) => {
    if (this.served.has(request) || reply.statusCode !== 200 || typeof payload !== 'string') {
      return done(null, payload);
    }
    if (this.personal(request)) {
      reply.header('cache-control', 'private, no-store');
      reply.header('vary', 'accept-encoding, authorization');
      const body = Buffer.from(payload);
      const encoding =
        body.length < COMPRESS_THRESHOLD ? 'identity' : preferredEncoding(request.headers['accept-encoding']);
      if (encoding === 'identity') return done(null, body);
      reply.header('content-encoding', encoding);
      return done(
        null,
        encoding === 'br'
          ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipSync(body, { level: 4 }),
      );
    }
    const body = Buffer.from(payload);
    const entry: Entry = {
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      ...(this.fastPath(request) ? { common: this.commonHeaders(reply.getHeaders()) } : {}),
    };
    this.entries.set(request.url, entry);
    done(null, this.encode(entry, request, reply));
  };

  /** The headers other hooks set (the security headers), as a flat list, interned. */
  private commonHeaders(
    headers: Record<string, string | number | readonly string[] | undefined>,
  ): readonly string[] {
    const list: string[] = [];
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || OWN_HEADERS.has(name.toLowerCase())) continue;
      for (const v of typeof value === 'object' ? value : [value]) list.push(name, String(v));
    }
    const key = JSON.stringify(list);
    let interned = this.commons.get(key);
    if (!interned) {
      interned = Object.freeze(list);
      if (this.commons.size < 100) this.commons.set(key, interned);
    }
    return interned;
  }

  private send(entry: Entry, request: FastifyRequest, reply: FastifyReply): void {
    void reply.type(JSON_TYPE).send(this.encode(entry, request, reply));
  }

  /** Sets the caching headers and answers the body in the client's encoding (or a 304). */
  private encode(entry: Entry, request: FastifyRequest, reply: FastifyReply): Buffer | string {
    reply.header('etag', entry.etag);
    reply.header('cache-control', this.cacheControl);
    reply.header('vary', 'accept-encoding');
    if (etagMatches(request.headers['if-none-match'], entry.etag)) {
      reply.code(304);
      return '';
    }
    const encoding = this.encodingOf(entry, request.headers['accept-encoding']);
    if (encoding === 'identity') return entry.body;
    const out = this.bodyIn(entry, encoding, request.url);
    reply.header('content-encoding', encoding);
    return out;
  }

  /** The entry's body in `encoding`, compressed (and kept) the first time it is asked for. */
  private bodyIn(entry: Entry, encoding: Encoding, url: string): Buffer {
    if (encoding === 'identity') return entry.body;
    let out = encoding === 'br' ? entry.br : entry.gzip;
    if (!out) {
      out =
        encoding === 'br'
          ? brotliCompressSync(entry.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: CACHED_BROTLI_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
              },
            })
          : gzipSync(entry.body, { level: 6 });
      // A new object, so that the cache counts the compressed copy against its bound.
      const grown: Entry = { ...entry, [encoding]: out };
      if (this.entries.peek(url) === entry) this.entries.set(url, grown);
    }
    return out;
  }
}
