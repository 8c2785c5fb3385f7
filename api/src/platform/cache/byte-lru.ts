/**
 * An LRU map bounded by bytes (and, as a backstop, by entries): each entry is stored with its
 * size, the least recently used go first once the total passes the budget, and an entry larger
 * than an eighth of the budget is not kept at all (one huge answer must not empty the cache).
 * Sizes are estimates the caller gives (a string's length, a JSON's length): what matters is that
 * the total a process keeps is bounded whatever the keys an attacker sends.
 */
export class ByteLru<K, V> {
  private readonly map = new Map<K, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    readonly maxBytes: number,
    private readonly maxEntries = Number.POSITIVE_INFINITY,
  ) {}

  get(key: K): V | undefined {
    const hit = this.map.get(key);
    if (hit === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  /** Keeps `value` as `bytes` big; false when it is too large to keep (then any older entry for `key` is gone too). */
  set(key: K, value: V, bytes: number): boolean {
    this.delete(key);
    if (bytes > this.maxBytes / 8) return false;
    this.map.set(key, { value, bytes });
    this.total += bytes;
    while (this.total > this.maxBytes || this.map.size > this.maxEntries) {
      const oldest = this.map.entries().next();
      if (oldest.done) break;
      this.map.delete(oldest.value[0]);
      this.total -= oldest.value[1].bytes;
    }
    return true;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  delete(key: K): void {
    const old = this.map.get(key);
    if (old === undefined) return;
    this.map.delete(key);
    this.total -= old.bytes;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  keys(): IterableIterator<K> {
    return this.map.keys();
  }

  get size(): number {
    return this.map.size;
  }

  /** The estimated bytes kept. */
  get bytes(): number {
    return this.total;
  }
}
