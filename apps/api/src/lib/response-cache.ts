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

/**
 * What a route's cached answers are compressed with: `cached` (the default) for answers many
 * visitors ask for again (lists, movies), `fast` for answers that are mostly asked once (a
 * search: every prefix typed is a new URL), compressed while the visitor waits.
 */
export type CacheCompression = 'cached' | 'fast';
const BROTLI_QUALITY: Record<CacheCompression, number> = { cached: CACHED_BROTLI_QUALITY, fast: 4 };
const GZIP_LEVEL: Record<CacheCompression, number> = { cached: 6, fast: 4 };

/**
 * Counts a request against a per-visitor limit before the fast path answers it: true to answer,
 * false to leave the request to Fastify, whose hook on the route then answers it (the 429)
 * without counting it again (`VisitorLimit`). At once when the count is in process, a promise
 * when it is elsewhere (Redis).
 */
export interface FastPathGate {
  admit(req: IncomingMessage): boolean | Promise<boolean>;
}

interface Entry {
  body: Buffer;
  /** The ETag of the identity body; a compressed copy's is this with `-br` or `-gz` inside the quotes. */
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  compression: CacheCompression;
  /**
   * For the fast path (`serve`): the headers every other hook of the route set on the answer
   * (security headers), as the full pipeline sent them; absent when the route's hooks must run
   * on every request and it has no gate for them.
   */
  common?: readonly string[];
  /** The route's per-visitor limit, counted by the fast path before it answers. */
  gate?: FastPathGate;
  /** The raw header lists of the fast path, by encoding (and 304 by encoding), made on first use. */
  raw?: Partial<Record<Encoding | `304-${Encoding}`, string[]>>;
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
    /**
     * False on a cached route whose hooks must run on every request, hit or not (a rate limit),
     * unless `cacheGate` does their work on the fast path.
     */
    cacheFastPath?: boolean;
    /** A per-visitor limit the fast path counts before answering a hit (the route's hook counts the rest). */
    cacheGate?: FastPathGate;
    /** How the route's answers are compressed (default `cached`). */
    cacheCompression?: CacheCompression;
  }
}

/** The ETag of a body in an encoding: each representation has its own strong validator. */
function etagFor(entry: Entry, encoding: Encoding): string {
  return encoding === 'identity'
    ? entry.etag
    : `${entry.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
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

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): `W/` is ignored on either side. */
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
   * writes nothing) for every other request, which then goes to Fastify as usual. A route with a
   * per-visitor limit (`cacheGate`) has it counted first: false (nothing written) when the limit
   * refuses the request, for Fastify to answer; a promise of that when the count is elsewhere.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
    if (req.method !== 'GET' || req.url === undefined) return false;
    const entry = this.entries.get(req.url);
    if (!entry?.common) return false;
    if (!entry.gate) return this.answer(entry, req, res);
    // The route's per-visitor limit first; refused, Fastify answers (the 429, through its hooks).
    const admitted = entry.gate.admit(req);
    if (typeof admitted === 'boolean') return admitted && this.answer(entry, req, res);
    const url = req.url;
    return admitted.then((ok) => ok && this.answer(this.entries.peek(url) ?? entry, req, res));
  }

  /** Writes a hit: one `writeHead` of a prebuilt header list and one `end`. */
  private answer(entry: Entry, req: IncomingMessage, res: ServerResponse): true {
    this.hits++;
    this.fastHits++;
    const encoding = this.encodingOf(entry, req.headers['accept-encoding']);
    const notModified = etagMatches(req.headers['if-none-match'], etagFor(entry, encoding));
    const body = notModified ? undefined : this.bodyIn(entry, encoding, req.url!);
    const kind = notModified ? (`304-${encoding}` as const) : encoding;
    const current = this.entries.peek(req.url!) ?? entry;
    let raw = current.raw?.[kind];
    if (!raw) {
      // In the order and form the full pipeline sends them (a 304 has no body: no
      // content-encoding nor content-length; the ETag is that of the representation it validates).
      raw = [
        ...current.common!,
        'content-type',
        JSON_TYPE,
        'etag',
        etagFor(current, encoding),
        'cache-control',
        this.cacheControl,
        'vary',
        'accept-encoding',
        ...(body && encoding !== 'identity' ? ['content-encoding', encoding] : []),
        ...(body ? ['content-length', String(body.length)] : []),
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
    const config = request.routeOptions.config;
    const gate = config.cacheGate;
    const entry: Entry = {
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      compression: config.cacheCompression ?? 'cached',
      ...(this.fastPath(request) ? { common: this.commonHeaders(reply.getHeaders()) } : {}),
      ...(gate ? { gate } : {}),
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

  /**
   * Sets the caching headers and answers the body in the client's encoding, or a 304 (no body:
   * Fastify then sends no content-length) when If-None-Match names that representation.
   */
  private encode(entry: Entry, request: FastifyRequest, reply: FastifyReply): Buffer | undefined {
    const encoding = this.encodingOf(entry, request.headers['accept-encoding']);
    const etag = etagFor(entry, encoding);
    reply.header('etag', etag);
    reply.header('cache-control', this.cacheControl);
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
      out =
        encoding === 'br'
          ? brotliCompressSync(entry.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[entry.compression],
                [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
                // A window no larger than the body: the encoder's default (4 MB) is allocated,
                // and collected, for every copy otherwise (a quarter of the time of a 14 KB copy).
                [constants.BROTLI_PARAM_LGWIN]: brotliWindow(entry.body.length),
              },
            })
          : gzipSync(entry.body, { level: GZIP_LEVEL[entry.compression] });
      out = exactSize(out);
      // A new object, so that the cache counts the compressed copy against its bound.
      const grown: Entry = { ...entry, [encoding]: out };
      if (this.entries.peek(url) === entry) this.entries.set(url, grown);
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
