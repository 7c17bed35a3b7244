/**
 * Remembers, for a short while, key hashes the database did not know, so a client cycling
 * through junk keys costs one look-up per distinct key per TTL, not one per request (the per-IP
 * limit bounds how many distinct keys it can try). Bounded: the oldest entries go first.
 */
export function createKeyCache(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 50_000;
  const missing = new Map<string, number>();
  return {
    isKnownMissing(hash: string): boolean {
      const until = missing.get(hash);
      if (until === undefined) return false;
      if (until > Date.now()) return true;
      missing.delete(hash);
      return false;
    },
    rememberMissing(hash: string): void {
      if (missing.size >= maxEntries) missing.delete(missing.keys().next().value!);
      missing.set(hash, Date.now() + ttlMs);
    },
  };
}
