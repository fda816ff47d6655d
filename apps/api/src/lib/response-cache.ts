import type { FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
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

/**
 * What a route's cached answers are compressed with: `cached` (the default) for answers many
 * visitors ask for again (lists, movies), `fast` for answers that are mostly asked once (a
 * search: every prefix typed is a new URL), compressed while the visitor waits.
 */
export type CacheCompression = 'cached' | 'fast';
const BROTLI_QUALITY: Record<CacheCompression, number> = { cached: CACHED_BROTLI_QUALITY, fast: 4 };
const GZIP_LEVEL: Record<CacheCompression, number> = { cached: 6, fast: 4 };

/** `cache-control` of a cached public read (lists, movies): a CDN in front may serve it for a minute, then stale while it revalidates (a 304 when the bytes are the same). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
/** `cache-control` of a cached search: kept shorter (a catalog swap shows in its suggestions sooner). */
export const SEARCH_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';
/** `cache-control` of an answer that is one user's alone (their "hide what I've seen", their likes). */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

interface Entry {
  body: Buffer;
  /** The ETag of each representation: each encoding has its own strong validator (RFC 9110 §8.8.3). */
  etag: Record<Encoding, string>;
  br?: Buffer;
  gzip?: Buffer;
  compression: CacheCompression;
  cacheControl: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export interface ResponseCacheOptions {
  /** The bound on the bytes kept (bodies and their compressed copies). */
  maxBytes?: number;
  /** `cache-control` of the cached answers (a route's `cacheControl` config overrides it). */
  cacheControl?: string;
  /**
   * Requests whose answer depends on who asks (a user's "hide what I've seen"): never looked up
   * nor stored, sent `private, no-store`, compressed per request.
   */
  personal?: (request: FastifyRequest) => boolean;
  /**
   * How long an answer is kept (ms; none: until evicted or `clear()`): for answers made from
   * something that changes by itself (the recommender's lists, kept as long as its client keeps them).
   */
  ttlMs?: number;
}

export type Encoding = 'br' | 'gzip' | 'identity';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route's answers are compressed (default `cached`). */
    cacheCompression?: CacheCompression;
    /** The route's `cache-control` for its cached answers (default: the cache's). */
    cacheControl?: string;
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

/** `Accept-Encoding` values seen, and what they choose (clients send the same few strings). */
const chosen = new Map<string, Encoding>();

/**
 * The encoding a body of `length` bytes is sent in: as is below @fastify/compress's threshold,
 * else the client's preferred one (remembered for the few header values browsers send).
 */
export function encodingFor(header: string | undefined, length: number): Encoding {
  if (length < COMPRESS_THRESHOLD || !header) return 'identity';
  let e = chosen.get(header);
  if (e === undefined) {
    e = preferredEncoding(header);
    if (chosen.size < 100) chosen.set(header, e);
  }
  return e;
}

/** `body` compressed once, to be kept: at quality 6 (`cached`) or 4 (`fast`), in memory of its own size. */
export function compressOnce(
  body: Buffer,
  encoding: 'br' | 'gzip',
  compression: CacheCompression = 'cached',
): Buffer {
  return exactSize(
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[compression],
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            // A window no larger than the body: the encoder's default (4 MB) is allocated, and
            // collected, for every copy otherwise (a quarter of the time of a 14 KB copy).
            [constants.BROTLI_PARAM_LGWIN]: brotliWindow(body.length),
          },
        })
      : gzipSync(body, { level: GZIP_LEVEL[compression] }),
  );
}

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): `W/` is ignored on either side. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** A strong ETag for each representation of `body`: `"<sha1>"`, `"<sha1>-br"`, `"<sha1>-gz"`. */
export function etagsOf(body: Buffer): Record<Encoding, string> {
  const sha = createHash('sha1').update(body).digest('base64url');
  return { identity: `"${sha}"`, br: `"${sha}-br"`, gzip: `"${sha}-gz"` };
}

/**
 * Whole answers of read-only GET routes whose body depends only on the URL (the offline
 * catalog): serialized once, compressed once per encoding, with a strong ETag per encoding and
 * 304s. A hit is answered by the route's `onRequest` hook (`lookup`): after every global hook
 * (security headers) and the route's own earlier ones (a per-visitor limit), it skips
 * validation, the handler and serialization, and goes out through Fastify's reply like any other
 * answer (its onSend and onResponse hooks: the request log). Only 200 answers are kept; errors
 * never are.
 *
 * Use on a route: `onRequest: cache.lookup` (after any hook that must still run on a hit, such as
 * a rate limit), `onSend: cache.store`, and `compress: false` (this cache does the encoding).
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly cacheControl: string;
  private readonly served = new WeakSet<FastifyRequest>();
  /** The generation each miss started in: a miss that began before `clear()` is not stored. */
  private readonly missed = new WeakMap<FastifyRequest, number>();
  private generation = 0;
  private readonly personal: (request: FastifyRequest) => boolean;
  hits = 0;
  misses = 0;

  constructor(opts: ResponseCacheOptions = {}) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: opts.maxBytes ?? 32 * 1024 * 1024,
      sizeCalculation: (e) => e.body.length + (e.br?.length ?? 0) + (e.gzip?.length ?? 0) + 200,
      ...(opts.ttlMs ? { ttl: opts.ttlMs } : {}),
    });
    this.cacheControl = opts.cacheControl ?? PUBLIC_CACHE_CONTROL;
    this.personal = opts.personal ?? (() => false);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Forgets every answer (the catalog behind them changed). An answer being made from the old
   * catalog when this is called is sent but not kept.
   */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  readonly lookup: onRequestHookHandler = (request, reply, done) => {
    const entry =
      (request.method === 'GET' || request.method === 'HEAD') && !this.personal(request)
        ? this.entries.get(request.url)
        : undefined;
    if (!entry) {
      this.misses++;
      this.missed.set(request, this.generation);
      return done();
    }
    this.hits++;
    this.served.add(request);
    void reply.send(this.encode(entry, request, reply));
  };

  readonly store: onSendHookHandler<unknown> = (request, reply, payload, done) => {
    if (this.served.has(request) || reply.statusCode !== 200 || typeof payload !== 'string') {
      return done(null, payload);
    }
    if (this.personal(request)) {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      reply.header('vary', 'accept-encoding, authorization');
      const body = Buffer.from(payload);
      const encoding = encodingFor(request.headers['accept-encoding'], body.length);
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
    const config = request.routeOptions.config;
    const entry: Entry = {
      body,
      etag: etagsOf(body),
      compression: config.cacheCompression ?? 'cached',
      cacheControl: config.cacheControl ?? this.cacheControl,
    };
    if (this.missed.get(request) === this.generation) this.entries.set(request.url, entry);
    done(null, this.encode(entry, request, reply));
  };

  /**
   * Sets the caching headers and answers the body in the client's encoding, or a 304 (no body:
   * Fastify then sends no content-length) when If-None-Match names that representation.
   */
  private encode(entry: Entry, request: FastifyRequest, reply: FastifyReply): Buffer | undefined {
    const encoding = encodingFor(request.headers['accept-encoding'], entry.body.length);
    const etag = entry.etag[encoding];
    reply.header('content-type', JSON_TYPE);
    reply.header('etag', etag);
    reply.header('cache-control', entry.cacheControl);
    reply.header('vary', 'accept-encoding');
    if (etagMatches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return undefined;
    }
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return this.bodyIn(entry, encoding, request.url);
  }

  /** The entry's body in `encoding`, compressed (and kept) the first time it is asked for. */
  private bodyIn(entry: Entry, encoding: Encoding, url: string): Buffer {
    if (encoding === 'identity') return entry.body;
    let out = encoding === 'br' ? entry.br : entry.gzip;
    if (!out) {
      out = compressOnce(entry.body, encoding, entry.compression);
      // A new object, so that the cache counts the compressed copy against its bound.
      const grown: Entry = { ...entry, [encoding]: out };
      // Its compressed copy does not make an answer younger (noUpdateTTL).
      if (this.entries.peek(url) === entry) this.entries.set(url, grown, { noUpdateTTL: true });
    }
    return out;
  }
}

/**
 * The bytes of `b` in memory of their own size. zlib's synchronous calls answer a view of their
 * 16 KB output chunk: a 600-byte compressed movie kept in the cache held 16 KB, out of the
 * cache's count (which counts `length`), so the cache's bound on memory did not hold. A copy
 * (from Node's shared pool below 4 KB) keeps what is counted.
 */
export function exactSize(b: Buffer): Buffer {
  return b.buffer.byteLength > Math.max(b.length, Buffer.poolSize) ? Buffer.from(b) : b;
}

/** The smallest brotli window (log2 of its bytes, 10 to 24) that holds a body of `bytes`. */
export function brotliWindow(bytes: number): number {
  return Math.min(24, Math.max(10, Math.ceil(Math.log2(bytes + 16))));
}
