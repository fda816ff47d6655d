import { LikedMovie } from '@app/contracts';
import type { onResponseHookHandler } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { TokenVerifier } from '../identity/token-verifier';
import type { LibraryService } from './library.service';

const LikedMovies = z.array(LikedMovie);
type LikedMovies = z.infer<typeof LikedMovies>;

/** The bodies @fastify/compress leaves as they are (its threshold). */
const COMPRESS_THRESHOLD = 1024;
/** Header lists kept (by Accept-Encoding); the oldest goes first, so odd values cannot fill it. */
const MAX_TEMPLATES = 50;
/** Headers that are the answer's own size or the connection's, not the route's. */
const NOT_TEMPLATE = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * `GET /api/user/likes` of a signed-in user whose token, account and likes are all in memory
 * (the embedded database's read cache): answered before Fastify, with the headers the full
 * pipeline sent for the same kind of answer. Everything else goes through Fastify as before:
 * a token not verified yet (or expired: the verifier's cache never outlives `exp`), an account
 * whose existence is not cached (deleted: the cache entry is gone, the route answers 401), likes
 * not read since the user's last write, a body that would be compressed.
 */
export class CachedLikesAnswer {
  /** The JSON of each cached likes list, encoded by the response schema once (text and bytes). */
  private readonly json = new WeakMap<object, { text: string; bytes: Buffer }>();
  /** Header lists the full pipeline sent, by Accept-Encoding and whether the body was large. */
  private readonly templates = new Map<string, readonly string[]>();
  /** Answers made here (tests, logs). */
  served = 0;

  constructor(
    private readonly path: string,
    private readonly verifier: TokenVerifier,
    private readonly service: LibraryService,
  ) {}

  /** The answer's body, as the route sends it (the same text on both paths). */
  body(likes: LikedMovies): string {
    return this.encoded(likes).text;
  }

  private encoded(likes: LikedMovies): { text: string; bytes: Buffer } {
    let json = this.json.get(likes);
    if (json === undefined) {
      const text = JSON.stringify(z.encode(LikedMovies, likes));
      json = { text, bytes: Buffer.from(text) };
      this.json.set(likes, json);
    }
    return json;
  }

  private static key(req: IncomingMessage, length: number): string {
    return `${req.headers['accept-encoding'] ?? ''}|${length >= COMPRESS_THRESHOLD}`;
  }

  /** onResponse of the route: what the full pipeline sent for a 200 left uncompressed. */
  readonly remember: onResponseHookHandler = (request, reply, done) => {
    const headers = reply.getHeaders();
    const length = Number(headers['content-length']);
    // `X-No-Compression` makes @fastify/compress leave a body as it is: such an answer is no
    // template for requests without it.
    const plain = request.headers['x-no-compression'] !== undefined;
    if (reply.statusCode === 200 && !headers['content-encoding'] && Number.isFinite(length) && !plain) {
      const key = CachedLikesAnswer.key(request.raw, length);
      if (!this.templates.has(key)) {
        if (this.templates.size >= MAX_TEMPLATES) this.templates.delete(this.templates.keys().next().value!);
        const list: string[] = [];
        for (const [name, value] of Object.entries(headers)) {
          if (value === undefined || NOT_TEMPLATE.has(name)) continue;
          for (const v of typeof value === 'object' ? value : [value]) list.push(name, String(v));
        }
        this.templates.set(key, Object.freeze(list));
      }
    }
    done();
  };

  /** Answers the request (true) or leaves it to Fastify (false, nothing written). */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || req.url !== this.path) return false;
    if (req.headers['x-no-compression'] !== undefined) return false;
    const header = req.headers.authorization;
    const token = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    const user = token ? this.verifier.known(token) : undefined;
    if (!user?.emailVerified) return false;
    const likes = this.service.cachedLikes(user.uid);
    if (!likes) return false;
    const body = this.encoded(likes).bytes;
    const template = this.templates.get(CachedLikesAnswer.key(req, body.length));
    if (!template) return false;
    this.served++;
    res.writeHead(200, [...template, 'content-length', String(body.length)]);
    res.end(body);
    return true;
  }
}
