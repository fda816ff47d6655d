import { LikedMovie } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { compressOnce, encodingFor, PRIVATE_CACHE_CONTROL, type Encoding } from '../../lib/response-cache';

const LikedMovies = z.array(LikedMovie);
type LikedMovies = z.infer<typeof LikedMovies>;

/** One likes list's answer: its JSON (encoded by the response schema) and its compressed copies. */
interface Bodies {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The answer of `GET /api/user/likes` with the embedded database's read cache, made by the route
 * (after its authentication hook, like every other answer): a cached likes list is encoded by
 * the response schema once, and compressed once per encoding the first time a client asks for
 * it, the bytes kept with the list (a WeakMap on the cached list: a write makes a new list, and
 * the old bytes go with the old list). A user's likes are theirs alone: `private, no-store`.
 */
export class CachedLikesAnswer {
  private readonly bodies = new WeakMap<object, Bodies>();
  /** Answers sent from bytes made for an earlier request (tests; an operator's check). */
  served = 0;

  /** Sets the answer's headers and gives its body in the client's encoding (sent as is). */
  send(request: FastifyRequest, reply: FastifyReply, likes: LikedMovies): Buffer {
    let bodies = this.bodies.get(likes);
    if (bodies) this.served++;
    else {
      bodies = { identity: Buffer.from(JSON.stringify(z.encode(LikedMovies, likes))) };
      this.bodies.set(likes, bodies);
    }
    const encoding: Encoding =
      request.headers['x-no-compression'] === undefined
        ? encodingFor(request.headers['accept-encoding'], bodies.identity.length)
        : 'identity';
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    reply.header('vary', 'accept-encoding');
    if (encoding === 'identity') return bodies.identity;
    // Set here, @fastify/compress leaves the body as it is.
    reply.header('content-encoding', encoding);
    return (bodies[encoding] ??= compressOnce(bodies.identity, encoding, 'fast'));
  }
}
