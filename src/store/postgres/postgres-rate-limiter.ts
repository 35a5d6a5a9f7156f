import {
  InvalidInputError,
  type RateLimit,
  type RateLimitDecision,
  type RateLimiter,
} from '../../core/index.ts';
import type { PostgresDatabase } from './postgres-database.ts';

/** Class of the transaction locks that order the takes of one key (two-key form; workspace ids are positive). */
const RATE_LIMIT_CLASS = -2;

/** Options for {@link PostgresRateLimiter}. */
export interface PostgresRateLimitOptions extends RateLimit {
  /** Milliseconds since the epoch; injected for deterministic tests. @default the database's clock */
  readonly now?: () => number;
}

const positiveInteger = (field: string, value: number): number => {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new InvalidInputError(field, value, 'a positive integer');
  return value;
};

/**
 * A sliding-window limit counted in the database, so every server sharing it gives a user one
 * allowance (the same decisions as the in-memory limiter of a lone server). Each take runs in a
 * transaction holding a lock on the key, so two servers never both accept the last turn.
 */
export class PostgresRateLimiter implements RateLimiter {
  private readonly db: PostgresDatabase;
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: (() => number) | undefined;
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(db: PostgresDatabase, options: PostgresRateLimitOptions) {
    this.db = db;
    this.limit = positiveInteger('limit', options.limit);
    this.windowMs = positiveInteger('windowMs', options.windowMs);
    this.now = options.now;
  }

  async take(key: string): Promise<RateLimitDecision> {
    const { db, windowMs } = this;
    return db.transaction(async () => {
      await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
        RATE_LIMIT_CLASS,
        `${db.ws}:${key}`,
      ]);
      const at = this.now?.() ?? (await this.databaseNow());
      await this.sweep(at);
      await db.query('DELETE FROM rate_limit_turns WHERE ws = $1 AND key = $2 AND at <= $3', [
        db.ws,
        key,
        at - windowMs,
      ]);
      const { rows } = await db.query<{ n: number; oldest: number | null }>(
        'SELECT COUNT(*) AS n, MIN(at) AS oldest FROM rate_limit_turns WHERE ws = $1 AND key = $2',
        [db.ws, key],
      );
      const taken = rows[0]?.n ?? 0;
      if (taken >= this.limit) {
        const oldest = rows[0]?.oldest ?? at;
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)),
        };
      }
      await db.query('INSERT INTO rate_limit_turns (ws, key, at) VALUES ($1, $2, $3)', [
        db.ws,
        key,
        at,
      ]);
      return { ok: true, remaining: this.limit - taken - 1 };
    });
  }

  private async databaseNow(): Promise<number> {
    const { rows } = await this.db.query<{ now: number }>(
      'SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::bigint AS now',
    );
    return rows[0]?.now ?? Date.now();
  }

  /** Deletes the turns of every key that have left the window; at most once per window per process. */
  private async sweep(at: number): Promise<void> {
    if (at - this.lastSweep < this.windowMs) return;
    this.lastSweep = at;
    await this.db.query('DELETE FROM rate_limit_turns WHERE ws = $1 AND at <= $2', [
      this.db.ws,
      at - this.windowMs,
    ]);
  }
}
