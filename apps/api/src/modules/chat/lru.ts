/**
 * A small least-recently-used map for the chat's process-wide caches (phrase splits, themes ruled
 * out, films most about a theme): their keys come from what people type, so they must not grow
 * without bound. A read refreshes the entry; past `max` entries, the least recently used goes.
 */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError('an LRU holds at least one entry');
  }

  get size(): number {
    return this.map.size;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key)!;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /**
   * The value without refreshing it: for hot read-mostly caches (the parser's phrase splits, read
   * on every token) where the bound matters and recency order does not pay for a delete + insert.
   */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): this {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
    return this;
  }
}
