import { TOO_MANY_ATTEMPTS } from '@app/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from './errors';

/** The spec's too-many-requests text (section 8), from @app/contracts. */
export { TOO_MANY_ATTEMPTS };

/**
 * How many addresses (or accounts) one in-process limiter remembers at most. Past it the
 * oldest window still under its limit is forgotten first (that key starts a fresh count); a key
 * at or over its limit is never forgotten before its window ends, and when every remembered key
 * is at its limit a new key is refused (fail closed), so a flood of new keys cannot lift a lock.
 * Memory stays bounded whatever the number of distinct visitors: ~190 bytes of heap a key (the library's own store: ~455), ~5 MB a limiter at the cap.
 * 25,000 distinct visitors inside one window (a minute for most limits) is far past what one
 * instance serves; a flood of distinct addresses could already evade a per-address limit.
 */
export const MAX_KEYS_PER_LIMITER = 25_000;

export interface LimitSpec {
  /** Names the counter (with the instance-wide prefix). */
  name: string;
  points: number;
  durationSeconds: number;
  /** The 429's message. */
  message: string;
  /** In-process bound on remembered keys (default MAX_KEYS_PER_LIMITER). */
  maxKeys?: number;
}

export interface Limiter {
  /** Counts one request for `key`; throws a 429 error once the key is over its limit. */
  consume(key: string): Promise<void>;
  /**
   * The same count, done at once, where the count is in process (no Redis): throws the same 429
   * error. A per-visitor limit on a cached read counts with it without a promise (`visitorLimit`).
   */
  consumeNow?: (key: string) => void;
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
    const memory = boundedMemoryLimiter(base, spec.maxKeys ?? MAX_KEYS_PER_LIMITER);
    const limiter = this.redis
      ? new RateLimiterRedis({
          ...base,
          storeClient: this.redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
    // In process, the count is the store's own increment, read as RateLimiterMemory.consume reads
    // it (these limits set neither blockDuration nor execEvenly, its only other branches).
    const consumeNow = this.redis
      ? undefined
      : (key: string) => {
          const res = (memory as unknown as { _memoryStorage: BoundedMemoryStorage })._memoryStorage.incrby(
            memory.getKey(key),
            1,
            spec.durationSeconds,
          );
          if (res.consumedPoints > spec.points) throw new TooManyRequestsError(spec.message);
        };
    return {
      ...(consumeNow ? { consumeNow } : {}),
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

interface WindowRecord {
  value: number;
  /** Epoch ms when the window ends; null: never. */
  expiresAt: number | null;
}

/**
 * rate-limiter-flexible's in-process store, bounded: the library's own keeps a record and a
 * timer per key until its window ends (~450 bytes of heap a key; the bench's thousands of
 * simulated visitors, one address each, left tens of thousands). This one keeps a plain record
 * per key in a Map ordered by when its window began, ONE sweeping timer (unref'd, running only
 * while something is stored) that drops ended windows, and at most `maxKeys` keys: past that the
 * oldest window still under its limit (`points`) goes first. A key at or over its limit is kept
 * until its window ends (evicting it would reset a sign-in lock); when no key can go, a new key
 * is answered as over its limit without being stored (fail closed). An ended window is never counted (checked on every read), so the
 * sweep only reclaims memory; the limits behave as the library's store does.
 */
export class BoundedMemoryStorage {
  /** Named as the library's store names it (RateLimiterMemory.dump reads it). */
  readonly _storage = new Map<string, WindowRecord>();
  private timer: NodeJS.Timeout | null = null;
  /** Where evictOne's walk stopped. */
  private cursor: MapIterator<[string, WindowRecord]> | null = null;

  constructor(
    readonly maxKeys: number,
    private readonly sweepMs: number,
    /** The limiter's points: a key whose count reached it is never evicted. */
    readonly points: number,
  ) {}

  get size() {
    return this._storage.size;
  }

  incrby(key: string, value: number, durationSec: number): RateLimiterRes {
    const record = this._storage.get(key);
    if (record) {
      const left = record.expiresAt === null ? -1 : record.expiresAt - Date.now();
      if (record.expiresAt === null || left > 0) {
        record.value += value;
        return new RateLimiterRes(0, left, record.value, false);
      }
    }
    return this.set(key, value, durationSec);
  }

  set(key: string, value: number, durationSec: number): RateLimiterRes {
    const durationMs = durationSec * 1000;
    const msBeforeNext = durationMs === 0 ? -1 : durationMs;
    if (!this.put(key, { value, expiresAt: durationMs > 0 ? Date.now() + durationMs : null }))
      // Full of keys at their limit: the new key counts as over its limit (fail closed).
      return new RateLimiterRes(0, msBeforeNext, this.points + Math.max(value, 1), true);
    return new RateLimiterRes(0, msBeforeNext, value, true);
  }

  get(key: string): RateLimiterRes | null {
    const record = this.live(key);
    if (!record) return null;
    return new RateLimiterRes(
      0,
      record.expiresAt === null ? -1 : record.expiresAt - Date.now(),
      record.value,
      false,
    );
  }

  delete(key: string): boolean {
    return this._storage.delete(key);
  }

  /** What RateLimiterMemory.restore calls. */
  _restoreRecord(key: string, value: number, expiresAt: number | null) {
    if (expiresAt !== null && (!Number.isFinite(expiresAt) || expiresAt <= Date.now())) return;
    this.put(key, { value, expiresAt });
  }

  /** Drops every ended window now (the timer's work). */
  sweep(now = Date.now()) {
    for (const [key, record] of this._storage)
      if (record.expiresAt !== null && record.expiresAt <= now) this._storage.delete(key);
    if (this._storage.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private live(key: string) {
    const record = this._storage.get(key);
    if (record && record.expiresAt !== null && record.expiresAt <= Date.now()) {
      this._storage.delete(key);
      return undefined;
    }
    return record;
  }

  /** Stores `record` for `key`; false when the store is full of keys it may not evict. */
  private put(key: string, record: WindowRecord): boolean {
    // Re-inserted at the end: the Map stays in the order windows began.
    const known = this._storage.delete(key);
    if (!known && this._storage.size >= this.maxKeys && !this.evictOne()) return false;
    this._storage.set(key, record);
    if (!this.timer) {
      this.timer = setInterval(() => this.sweep(), this.sweepMs);
      this.timer.unref();
    }
    return true;
  }

  /**
   * Forgets the oldest ended window or window under its limit; false if every key is at its limit.
   * The walk goes on from where the last eviction stopped (a Map iterator survives deletes and
   * inserts) and starts over once at the end. A fresh walk from the front each time stepped over
   * every entry deleted since V8 last compacted the Map: ~8 µs a new visitor once the store was
   * full (a flood of new addresses), against ~0.4 µs with the kept walk (scripts/bench/limiter-evict.ts).
   */
  private evictOne(): boolean {
    const now = Date.now();
    for (let pass = 0; pass < 2; pass++) {
      this.cursor ??= this._storage.entries();
      for (let next = this.cursor.next(); !next.done; next = this.cursor.next()) {
        const [key, record] = next.value;
        if ((record.expiresAt !== null && record.expiresAt <= now) || record.value < this.points) {
          this._storage.delete(key);
          return true;
        }
      }
      this.cursor = null;
    }
    return false;
  }
}

/** A RateLimiterMemory whose store is bounded (BoundedMemoryStorage): same limits, same API. */
export function boundedMemoryLimiter(
  opts: { keyPrefix: string; points: number; duration: number },
  maxKeys: number,
): RateLimiterMemory {
  const limiter = new RateLimiterMemory(opts);
  // The library's store is a private field; its replacement has the same methods (checked by
  // rate-limit.test.ts through the limiter's public API).
  (limiter as unknown as { _memoryStorage: BoundedMemoryStorage })._memoryStorage = new BoundedMemoryStorage(
    maxKeys,
    Math.min(Math.max(opts.duration, 1), 60) * 1000,
    opts.points,
  );
  return limiter;
}
