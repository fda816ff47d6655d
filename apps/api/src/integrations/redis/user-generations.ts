import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * How long an instance keeps a user's reads, or a session found alive, when several instances
 * share the database: a bound on staleness should a bump ever be lost (Redis unreachable from
 * the writer only), or a row be deleted behind the services' back.
 */
export const READ_CACHE_TTL_MS = 5 * 60 * 1000;

/**
 * How long a user's generation key lives in Redis after their last write. Longer than any
 * in-process entry lives (READ_CACHE_TTL_MS), so a key that expires (read back as "never wrote")
 * cannot make an entry kept before that write look current again.
 */
export const GENERATION_TTL_MS = 24 * 60 * 60 * 1000;

/** What the read cache needs from the shared generations (tests give their own). */
export interface Generations {
  /** The user's current generation; null when it cannot be read (then nothing cached is trusted). */
  current(userId: string): Promise<string | null>;
  /** Gives the user a new generation: every instance's cached reads of theirs stop being current. */
  bump(userId: string): Promise<void>;
  /** Called when what was read before can no longer be trusted (the connection to Redis dropped). */
  onReset(listener: () => void): void;
}

/**
 * One key per user in the shared Redis (decision 0091): `<prefix>:gen:user:<id>`, set to a new
 * random value after each of their writes commits, before the write is answered. An instance keeps
 * a user's reads with the generation it read before loading them and serves them only while Redis
 * still holds that value: one GET per cached read, and no window in which an acknowledged write is
 * missing from any instance's answer (pub/sub would leave one between the write and the message,
 * and lose the message while a subscriber reconnects). Random values, not a counter: a Redis that
 * restarts empty cannot count back up to a value an instance still holds.
 */
export class RedisGenerations implements Generations {
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    // A dropped connection may hide a restart (keys gone) or writes whose bumps failed.
    redis.on('close', () => {
      for (const listener of this.listeners) listener();
    });
  }

  private key(userId: string) {
    return `${this.prefix}:gen:user:${userId}`;
  }

  async current(userId: string): Promise<string | null> {
    try {
      return (await this.redis.get(this.key(userId))) ?? '';
    } catch {
      return null;
    }
  }

  async bump(userId: string): Promise<void> {
    try {
      await this.redis.set(this.key(userId), randomBytes(9).toString('base64url'), 'PX', GENERATION_TTL_MS);
    } catch (err) {
      // The write is committed: it is answered as done. Other instances stop trusting their
      // copies when they lose Redis too, and no copy outlives READ_CACHE_TTL_MS.
      this.log.warn({ reason: (err as Error).message }, 'a user generation could not be bumped in Redis');
    }
  }

  onReset(listener: () => void): void {
    this.listeners.push(listener);
  }
}
