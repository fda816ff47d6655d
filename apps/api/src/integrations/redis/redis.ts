import { Redis } from 'ioredis';

/**
 * The shared Redis of every API instance (`REDIS_URL`): rate limits and chat conversations live
 * there so that any instance answers the same. Commands fail at once while it is unreachable (no
 * offline queue), and the callers fall back to their in-process copy instead of waiting.
 */
export function connectRedis(url: string, log: { warn(obj: object, msg: string): void }): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // Keep trying in the background, at most every 5 s.
    retryStrategy: (times) => Math.min(times * 200, 5_000),
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return; // one line per outage, not one per retry
    down = true;
    log.warn({ reason: err.message }, 'Redis unreachable; using in-process limits and conversations');
  });
  redis.on('ready', () => {
    down = false;
  });
  return redis;
}

export type { Redis };
