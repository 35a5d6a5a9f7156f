/** The verdict on one turn: accepted (and how many remain) or refused (and when to retry, for `Retry-After`). */
export type RateLimitDecision =
  | { readonly ok: true; readonly remaining: number }
  | { readonly ok: false; readonly retryAfterSeconds: number };

/**
 * A per-key sliding-window limit on chat turns (429 past it): counted in memory by a server of
 * its own, or in the database that several servers share, so a user gets one allowance in all.
 */
export interface RateLimiter {
  /** Counts one turn for the key when under the limit; a refused turn is not counted. */
  take(key: string): RateLimitDecision | Promise<RateLimitDecision>;
}

/** How many turns a key may take in a sliding window. */
export interface RateLimit {
  /** Turns accepted per key within any window. */
  readonly limit: number;
  /** Length of the sliding window in milliseconds. */
  readonly windowMs: number;
}
