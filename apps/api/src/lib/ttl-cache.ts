// Process-local caches for reference data that is the same for every API process and may be up to a minute
// stale (category tree, vehicles, per-vehicle counts). Nothing user-specific goes here. Concurrent misses
// share one load (single flight), and a failed load is not cached.

export interface Cached<T> {
  get(): Promise<T>;
  /** Drops the value; the next get() loads again. */
  invalidate(): void;
}

export function cached<T>(load: () => Promise<T>, ttlMs: number): Cached<T> {
  let value: { data: T; at: number } | undefined;
  let pending: Promise<T> | undefined;
  return {
    get() {
      if (value && Date.now() - value.at < ttlMs) return Promise.resolve(value.data);
      pending ??= load()
        .then((data) => {
          value = { data, at: Date.now() };
          return data;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    invalidate() {
      value = undefined;
    },
  };
}

/** Keyed variant with a size bound (oldest entry evicted first), for per-category / per-vehicle data. */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { data: V; at: number }>();
  private readonly pending = new Map<K, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return Promise.resolve(hit.data);
    let pending = this.pending.get(key);
    if (!pending) {
      pending = load()
        .then((data) => {
          this.entries.delete(key);
          if (this.entries.size >= this.maxEntries) {
            const oldest = this.entries.keys().next();
            if (!oldest.done) this.entries.delete(oldest.value);
          }
          this.entries.set(key, { data, at: Date.now() });
          return data;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** One instance of something per database handle (tests run several apps, each on its own database). */
export function perDb<D extends object, T>(create: (db: D) => T): (db: D) => T {
  const instances = new WeakMap<D, T>();
  return (db) => {
    let instance = instances.get(db);
    if (!instance) {
      instance = create(db);
      instances.set(db, instance);
    }
    return instance;
  };
}
