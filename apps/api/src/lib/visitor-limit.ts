import type { onRequestHookHandler } from 'fastify';
import type { Limiter } from './rate-limit';

/** Fastify's `trustProxy` option, as `buildApp` passes it. */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

/**
 * A per-visitor limit as a route's `onRequest` hook, counted by Fastify's `request.ip` (the
 * visitor's address behind a trusted proxy) on every request, before the response cache's
 * lookup: an answer from the cache counts like any other, and past the limit the route answers
 * the limiter's 429. In process the count is done at once, without a promise.
 */
export function visitorLimit(limiter: Limiter): onRequestHookHandler {
  if (limiter.consumeNow)
    return (request, _reply, done) => {
      try {
        limiter.consumeNow!(request.ip);
      } catch (err) {
        return done(err as Error);
      }
      done();
    };
  return (request, _reply, done) => {
    limiter.consume(request.ip).then(() => done(), done);
  };
}
