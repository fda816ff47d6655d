import { LRUCache } from 'lru-cache';
import { READ_CACHE_TTL_MS, type Generations } from '../../integrations/redis/user-generations';

export { READ_CACHE_TTL_MS };

/** What one user's cached reads hang from; replaced as a whole when that user writes. */
interface UserReads {
  reads: Map<string, unknown>;
  /** With shared generations: the user's generation read before these reads were loaded. */
  generation?: string;
}

/**
 * The library reads of recent users, kept in memory until that user writes.
 *
 * With the embedded database (no `generations`) it is opened by this process alone, so every
 * write to the library passes through this process's services, which invalidate the writer's
 * entry (account deletion too, through Better Auth's hook).
 *
 * With PostgreSQL and Redis (`generations`, decision 0091) other instances write as well: each
 * read first fetches the user's generation from Redis (before loading, so a value loaded before a
 * write is always kept under the generation that write replaced), and an entry is served only while
 * Redis still holds its generation; a write bumps it before it is answered. When Redis cannot be
 * read, the read goes to the database and nothing is kept. With PostgreSQL and no Redis: no cache.
 *
 * A read that was in flight while its user wrote on this instance is not stored: it may predate the write.
 */
export class LibraryReadCache {
  private readonly users: LRUCache<string, UserReads>;

  constructor(
    maxUsers = 5_000,
    private readonly generations: Generations | null = null,
  ) {
    this.users = new LRUCache<string, UserReads>({
      max: maxUsers,
      ...(generations ? { ttl: READ_CACHE_TTL_MS } : {}),
    });
    generations?.onReset(() => this.users.clear());
  }

  /**
   * `generation`: the user's generation as this request already read it (its session check, after
   * the request arrived), so the read costs no second round trip to Redis.
   */
  async read<T>(userId: string, key: string, load: () => Promise<T>, generation?: string): Promise<T> {
    if (this.generations) return this.readShared(userId, key, load, generation ?? this.generations);
    let entry = this.users.get(userId);
    if (entry?.reads.has(key)) return entry.reads.get(key) as T;
    if (!entry) this.users.set(userId, (entry = { reads: new Map() }));
    const value = await load();
    // Still the same generation (no write, no eviction meanwhile): keep it.
    if (this.users.peek(userId) === entry) entry.reads.set(key, value);
    return value;
  }

  private async readShared<T>(
    userId: string,
    key: string,
    load: () => Promise<T>,
    known: string | Generations,
  ): Promise<T> {
    const generation = typeof known === 'string' ? known : await known.current(userId);
    if (generation === null) return load();
    let entry = this.users.get(userId);
    if (entry?.generation === generation && entry.reads.has(key)) return entry.reads.get(key) as T;
    if (entry?.generation !== generation) this.users.set(userId, (entry = { reads: new Map(), generation }));
    const value = await load();
    if (this.users.peek(userId) === entry) entry.reads.set(key, value);
    return value;
  }

  /**
   * A read already in the cache (undefined if not: it was never read, or the user wrote since).
   * Never with shared generations: whether a copy is current is known only by asking Redis.
   */
  cached<T>(userId: string, key: string): T | undefined {
    if (this.generations) return undefined;
    return this.users.get(userId)?.reads.get(key) as T | undefined;
  }

  /**
   * Forgets the user's reads; call after (and whether or not) a write of theirs committed, and
   * await it before answering: with shared generations every instance's copies end with it.
   */
  invalidate(userId: string): Promise<void> {
    this.users.delete(userId);
    return this.generations ? this.generations.bump(userId) : Promise.resolve();
  }
}
