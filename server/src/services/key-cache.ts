/**
 * The services host's memory of API keys, per process.
 *
 * - Unknown key hashes, for a short while, so a client cycling through junk keys costs one
 *   look-up per distinct key per TTL, not one per request (the per-IP limit bounds how many
 *   distinct keys it can try).
 * - Known keys, with their organization and the deployment's price, so a metered call does not
 *   read them from the database every time (issue 30: the look-up was about 0.23 ms of the
 *   process's CPU and 0.07 ms of PostgreSQL's per call). Only while the process LISTENs for
 *   changes (`isLive()`): migration 0029 NOTIFYs at the commit of any change a call's checks
 *   read (a key deleted, disabled, rolled, restricted or capped; an organization's settings; a
 *   price), and every notification, or the listener's reconnection, drops every entry. The
 *   figures that change on every call (a wallet's balance, a key's spend this month) are not
 *   notified: they are decided under lock by the hold, and a refusal read from a remembered entry
 *   is checked again against the database before it is answered (see `authenticate`). A fill that
 *   raced a change is not kept (generations), and no entry outlives `ttlMs` in any case.
 *
 * Both are bounded: the oldest entries go first.
 */
export interface KeyCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Known keys are remembered only while this says so (the change listener is connected). */
  isLive?: () => boolean;
  now?: () => number;
}

export function createKeyCache<T>(options: KeyCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? 60_000;
  const knownTtlMs = Math.min(ttlMs, 10_000);
  const maxEntries = options.maxEntries ?? 50_000;
  const isLive = options.isLive ?? (() => false);
  const now = options.now ?? Date.now;
  const missing = new Map<string, number>();
  const known = new Map<string, { value: T; until: number }>();
  let generation = 0;
  const remember = <V>(map: Map<string, V>, id: string, value: V) => {
    if (map.size >= maxEntries) map.delete(map.keys().next().value!);
    map.set(id, value);
  };
  return {
    isKnownMissing(hash: string): boolean {
      const until = missing.get(hash);
      if (until === undefined) return false;
      if (until > now()) return true;
      missing.delete(hash);
      return false;
    },
    rememberMissing(hash: string): void {
      remember(missing, hash, now() + ttlMs);
    },

    /** A remembered key for this hash and deployment, while live and fresh. */
    get(hash: string, deployment: string): T | undefined {
      if (!isLive()) return undefined;
      const id = `${hash}\u0000${deployment}`;
      const entry = known.get(id);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.value;
      known.delete(id);
      return undefined;
    },
    /** Call before reading the database; pass to `set` after. */
    generation(): number {
      return generation;
    },
    /** Remembers a key read at `since` (a generation), unless something changed meanwhile. */
    set(hash: string, deployment: string, value: T, since: number): void {
      if (since !== generation || !isLive()) return;
      remember(known, `${hash}\u0000${deployment}`, { value, until: now() + knownTtlMs });
    },
    /** A change was notified (or may have been missed): forget every known key. */
    invalidate(): void {
      generation += 1;
      known.clear();
    },
    /** Known keys remembered (tests, metrics). */
    size: () => known.size,
  };
}
