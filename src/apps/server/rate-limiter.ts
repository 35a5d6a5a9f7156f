import { InvalidInputError, type RateLimitDecision, type RateLimiter } from '../../core/index.ts';

export type { RateLimitDecision, RateLimiter } from '../../core/index.ts';

/** How many turns a key may take per window, and the clock to count them by. */
export interface RateLimiterOptions {
  /** Turns accepted per key within any window. @default 20 */
  readonly limit?: number;
  /** Length of the sliding window in milliseconds. @default 3_600_000 (one hour) */
  readonly windowMs?: number;
  /** Keys tracked at once before the least recently used is dropped, bounding memory. @default 10_000 */
  readonly maxKeys?: number;
  /** Milliseconds from a fixed origin; injected for deterministic tests. @default performance.now (monotonic) */
  readonly now?: () => number;
}

/** The limiter of a server that counts on its own, in memory (answers at once). */
export interface MemoryRateLimiter extends RateLimiter {
  take(key: string): RateLimitDecision;
  /** Keys currently tracked (for tests and metrics). */
  size(): number;
}

const positiveInteger = (field: string, value: number): number => {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new InvalidInputError(field, value, 'a positive integer');
  return value;
};

/**
 * Creates a limiter that keeps the times of accepted turns per key in this process, so a window
 * slides rather than resets at fixed hours. Servers sharing a PostgreSQL database count in it
 * instead (see `PostgresRateLimiter`).
 */
export function createRateLimiter(options: RateLimiterOptions = {}): MemoryRateLimiter {
  const limit = positiveInteger('limit', options.limit ?? 20);
  const windowMs = positiveInteger('windowMs', options.windowMs ?? 3_600_000);
  const maxKeys = positiveInteger('maxKeys', options.maxKeys ?? 10_000);
  const now = options.now ?? (() => performance.now());
  // Accepted turn times per key, oldest first; at most `limit` each. Map order is least recently
  // used first, because a key is re-inserted whenever it takes a turn.
  const turns = new Map<string, number[]>();
  let lastSweep = now();

  /** Drops every key whose newest turn has left the window; runs at most once per window. */
  const sweep = (at: number) => {
    if (at - lastSweep < windowMs) return;
    lastSweep = at;
    for (const [key, times] of turns) {
      const newest = times.at(-1);
      if (newest === undefined || at - newest >= windowMs) turns.delete(key);
    }
  };

  return {
    take(key) {
      const at = now();
      sweep(at);
      const times = turns.get(key) ?? [];
      let expired = 0;
      while (expired < times.length && at - (times[expired] as number) >= windowMs) expired++;
      if (expired > 0) times.splice(0, expired);
      if (times.length >= limit) {
        const oldest = times[0] as number;
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)),
        };
      }
      times.push(at);
      turns.delete(key);
      turns.set(key, times);
      if (turns.size > maxKeys) {
        const leastRecent = turns.keys().next().value;
        if (leastRecent !== undefined) turns.delete(leastRecent);
      }
      return { ok: true, remaining: limit - times.length };
    },
    size: () => turns.size,
  };
}
