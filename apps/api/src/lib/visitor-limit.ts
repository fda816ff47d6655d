import proxyAddr from '@fastify/proxy-addr';
import type { onRequestHookHandler } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Limiter } from './rate-limit';
import type { FastPathGate } from './response-cache';

/** Fastify's `trustProxy` option, as `buildApp` passes it. */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

/**
 * The visitor's address of a raw request, exactly as Fastify's `request.ip` derives it with the
 * same `trustProxy` option (fastify/lib/request.js: the last address `@fastify/proxy-addr` trusts,
 * or the socket's peer without a trusted proxy), for answers made before Fastify.
 * `visitor-limit.test.ts` compares the two over the settings and headers that matter.
 */
export function visitorAddress(trust: TrustProxy): (req: IncomingMessage) => string | undefined {
  if (!trust) return (req) => req.socket.remoteAddress;
  const fn =
    typeof trust === 'function'
      ? trust
      : trust === true
        ? () => true
        : proxyAddr.compile(trust.split(',').map((v) => v.trim()));
  return (req) => {
    const all = proxyAddr.all(req, fn);
    return all[all.length - 1];
  };
}

/**
 * A per-visitor limit on a route, counted once per request whichever path answers it: the route's
 * `onRequest` hook (`hook`) for what Fastify answers, `admit` for cached answers made before
 * Fastify. A request `admit` refused goes on to Fastify marked, and the hook answers it with the
 * error the limiter gave (the same 429 and body) without counting it a second time.
 */
export class VisitorLimit implements FastPathGate {
  private readonly refused = new WeakMap<IncomingMessage, unknown>();

  constructor(
    private readonly limiter: Limiter,
    private readonly address: (req: IncomingMessage) => string | undefined,
  ) {}

  /** Counts the request; false (and the error kept for the hook) when the limit refuses it. */
  admit(req: IncomingMessage): boolean | Promise<boolean> {
    const key = this.address(req)!;
    // In process the count is done at once: a cached hit is answered without a promise.
    if (this.limiter.consumeNow) {
      try {
        this.limiter.consumeNow(key);
        return true;
      } catch (err) {
        this.refused.set(req, err);
        return false;
      }
    }
    return this.limiter.consume(key).then(
      () => true,
      (err: unknown) => {
        this.refused.set(req, err);
        return false;
      },
    );
  }

  readonly hook: onRequestHookHandler = async (request) => {
    if (this.refused.has(request.raw)) {
      const err = this.refused.get(request.raw);
      this.refused.delete(request.raw);
      throw err;
    }
    if (this.limiter.consumeNow) this.limiter.consumeNow(request.ip);
    else await this.limiter.consume(request.ip);
  };
}
