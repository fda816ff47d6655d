import { LRUCache } from 'lru-cache';

/** What one user's cached reads hang from; replaced as a whole when that user writes. */
interface UserReads {
  reads: Map<string, unknown>;
}

/**
 * The library reads of recent users, kept in memory until that user writes. Only for the
 * embedded database: it is opened by this process alone, so every write to the library passes
 * through this process's LibraryService, which invalidates the writer's entry (account deletion
 * too, through Better Auth's hook). With PostgreSQL, other instances write as well: no cache.
 *
 * A read that was in flight while its user wrote is not stored: it may predate the write.
 */
export class LibraryReadCache {
  private readonly users: LRUCache<string, UserReads>;

  constructor(maxUsers = 5_000) {
    this.users = new LRUCache<string, UserReads>({ max: maxUsers });
  }

  async read<T>(userId: string, key: string, load: () => Promise<T>): Promise<T> {
    let entry = this.users.get(userId);
    if (entry?.reads.has(key)) return entry.reads.get(key) as T;
    if (!entry) this.users.set(userId, (entry = { reads: new Map() }));
    const value = await load();
    // Still the same generation (no write, no eviction meanwhile): keep it.
    if (this.users.peek(userId) === entry) entry.reads.set(key, value);
    return value;
  }

  /** A read already in the cache (undefined if not: it was never read, or the user wrote since). */
  cached<T>(userId: string, key: string): T | undefined {
    return this.users.get(userId)?.reads.get(key) as T | undefined;
  }

  /** Forgets the user's reads; call after (and whether or not) a write of theirs committed. */
  invalidate(userId: string): void {
    this.users.delete(userId);
  }
}
