import { LRUCache } from 'lru-cache';

/**
 * A least-recently-used map for the chat's process-wide caches (phrase splits, themes ruled out,
 * films most about a theme): their keys come from what people type, so they must not grow without
 * bound. A read refreshes the entry; past `max` entries, the least recently used goes. Backed by
 * `lru-cache` (decision 0086); values are boxed so that a cached null (a miss remembered) is kept
 * apart from an absent key, which lru-cache itself does not store.
 */
export class Lru<K extends NonNullable<unknown>, V> {
  private readonly cache: LRUCache<K, { value: V }>;

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError('an LRU holds at least one entry');
    this.cache = new LRUCache({ max });
  }

  get size(): number {
    return this.cache.size;
  }

  has(key: K): boolean {
    return this.cache.has(key);
  }

  get(key: K): V | undefined {
    return this.cache.get(key)?.value;
  }

  /**
   * The value without refreshing it: for hot read-mostly caches (the parser's phrase splits, read
   * on every token) where the bound matters and recency order does not.
   */
  peek(key: K): V | undefined {
    return this.cache.peek(key)?.value;
  }

  set(key: K, value: V): this {
    this.cache.set(key, { value });
    return this;
  }
}
