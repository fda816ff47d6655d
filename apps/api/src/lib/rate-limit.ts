import { TOO_MANY_ATTEMPTS } from '@app/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from './errors';

/** The spec's too-many-requests text (section 8), from @app/contracts. */
export { TOO_MANY_ATTEMPTS };

export interface LimitSpec {
  /** Names the counter (with the instance-wide prefix). */
  name: string;
  points: number;
  durationSeconds: number;
  /** The 429's message. */
  message: string;
}

export interface Limiter {
  /** Counts one request for `key`; throws a 429 error once the key is over its limit. */
  consume(key: string): Promise<void>;
  /** Gives back one point consumed for `key` (the attempt turned out not to count). */
  refund(key: string): Promise<void>;
  /** Forgets `key`'s count (a success ends a run of failures). */
  reset(key: string): Promise<void>;
}

/**
 * Every rate limit of the API, from rate-limiter-flexible: in Redis when `REDIS_URL` is set (shared
 * by all instances), with an in-process limiter as insurance while Redis is unreachable; in
 * process otherwise.
 */
export class RateLimits {
  constructor(
    private readonly redis: Redis | null = null,
    private readonly prefix = 'cinelog',
  ) {}

  create(spec: LimitSpec): Limiter {
    const base = {
      keyPrefix: `${this.prefix}:limit:${spec.name}`,
      points: spec.points,
      duration: spec.durationSeconds,
    };
    const memory = new RateLimiterMemory(base);
    const limiter = this.redis
      ? new RateLimiterRedis({
          ...base,
          storeClient: this.redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
    return {
      consume: async (key) => {
        try {
          await limiter.consume(key);
        } catch (err) {
          if (err instanceof RateLimiterRes) throw new TooManyRequestsError(spec.message);
          throw err;
        }
      },
      refund: async (key) => {
        await limiter.reward(key, 1);
      },
      reset: async (key) => {
        await limiter.delete(key);
      },
    };
  }
}
