import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import type { IndexLease, IndexRunOptions } from '../index-lease.ts';
import type { PostgresDatabase } from './postgres-database.ts';

/** Where a holder letting go of a lease says so, with the index version it leaves. */
const INDEX_CHANNEL = 'footnote_index';

/** Milliseconds since the epoch by the database's clock: every server judges expiry by one clock. */
const NOW_MS = '(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::bigint';

/** Options for {@link PostgresIndexLease}. */
export interface PostgresIndexLeaseOptions {
  /** How long a lease lasts unless renewed; a holder renews it every third of this. @default 30_000 */
  readonly ttlMs?: number;
  /** How often the lease row is read, for versions and abandoned runs no notification announced. @default 2_000 */
  readonly pollMs?: number;
  /** Names this holder in the lease row (tests pass their own). @default host:pid:random */
  readonly holder?: string;
}

/**
 * The index lease of one workspace in PostgreSQL: a row in `index_leases` with its holder and an
 * expiry by the database's clock, renewed while the holder indexes. A process refused the lease
 * sets `rerun`, so the holder indexes once more before it lets go; letting go bumps the version
 * when the index changed and announces it with `NOTIFY`. Versions are also polled, so one
 * announced while this process was disconnected is not missed.
 */
export class PostgresIndexLease implements IndexLease {
  private readonly db: PostgresDatabase;
  private readonly config: pg.ClientConfig;
  private readonly ttlMs: number;
  private readonly pollMs: number;
  private readonly holder: string;
  private readonly versionListeners = new Set<(version: number) => void>();
  private readonly runListeners = new Set<() => void>();
  /** Wake-ups of the runs waiting for the lease. */
  private readonly waiters = new Set<() => void>();
  private lastVersion: Promise<number> | null = null;
  private seen = 0;
  private listener: Promise<pg.Client> | null = null;
  private poller: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(db: PostgresDatabase, options: PostgresIndexLeaseOptions = {}) {
    this.db = db;
    this.config = db.connection;
    this.ttlMs = options.ttlMs ?? 30_000;
    this.pollMs = options.pollMs ?? 2_000;
    this.holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  async run<T>(work: () => Promise<T>, options: IndexRunOptions<T>): Promise<T | null> {
    await this.knownVersion();
    for (;;) {
      if (this.closed) throw new Error('the database handle is closed');
      if (await this.acquire()) break;
      if (!options.wait && (await this.askForRerun())) return null;
      if (options.wait) await this.nextChance();
    }
    return this.holding(work, options);
  }

  onVersion(listener: (version: number) => void): () => void {
    this.versionListeners.add(listener);
    this.watch();
    return () => this.versionListeners.delete(listener);
  }

  onRunRequested(listener: () => void): () => void {
    this.runListeners.add(listener);
    this.watch();
    return () => this.runListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poller);
    for (const wake of this.waiters) wake();
    const listener = await this.listener?.catch(() => null);
    await listener?.end().catch(() => undefined);
  }

  /** Runs `work` (again while another process asks for a rerun), renewing the lease, then lets go. */
  private async holding<T>(work: () => Promise<T>, options: IndexRunOptions<T>): Promise<T> {
    const renew = setInterval(() => {
      void this.db
        .query(
          `UPDATE index_leases SET expires_at = ${NOW_MS} + $3 WHERE ws = $1 AND holder = $2`,
          [this.db.ws, this.holder, this.ttlMs],
        )
        .catch(() => undefined);
    }, this.ttlMs / 3);
    renew.unref();
    let changed = false;
    try {
      for (;;) {
        let result: T;
        try {
          result = await work();
        } catch (error) {
          // A run that failed may have written part of the index: the others rebuild to be sure.
          await this.release(true).catch(() => undefined);
          throw error;
        }
        changed ||= options.changed(result);
        if (await this.release(changed)) return result;
        // Not let go: another process asked for a rerun meanwhile, or the lease was lost.
        const { rows } = await this.db.query(
          `UPDATE index_leases SET rerun = FALSE, expires_at = ${NOW_MS} + $3
           WHERE ws = $1 AND holder = $2 AND rerun RETURNING ws`,
          [this.db.ws, this.holder, this.ttlMs],
        );
        if (rows.length === 0) return result;
      }
    } finally {
      clearInterval(renew);
    }
  }

  /** Takes the lease when it is free or expired. */
  private async acquire(): Promise<boolean> {
    const { rows } = await this.db.query(
      `INSERT INTO index_leases AS l (ws, holder, expires_at, rerun)
       VALUES ($1, $2, ${NOW_MS} + $3, FALSE)
       ON CONFLICT (ws) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at,
         rerun = FALSE
       WHERE l.holder IS NULL OR l.expires_at < ${NOW_MS}
       RETURNING l.ws`,
      [this.db.ws, this.holder, this.ttlMs],
    );
    return rows.length > 0;
  }

  /** Asks the live holder to index once more; false when there is none (the lease is free again). */
  private async askForRerun(): Promise<boolean> {
    const { rows } = await this.db.query(
      `UPDATE index_leases SET rerun = TRUE
       WHERE ws = $1 AND holder IS NOT NULL AND expires_at >= ${NOW_MS} RETURNING ws`,
      [this.db.ws],
    );
    return rows.length > 0;
  }

  /** Lets go unless a rerun was asked for, bumping the version when the index changed; announces it. */
  private async release(changed: boolean): Promise<boolean> {
    const { rows } = await this.db.query<{ version: number }>(
      `UPDATE index_leases SET holder = NULL, expires_at = 0,
         version = version + CASE WHEN $3 THEN 1 ELSE 0 END
       WHERE ws = $1 AND holder = $2 AND NOT rerun RETURNING version`,
      [this.db.ws, this.holder, changed],
    );
    const version = rows[0]?.version;
    if (version === undefined) return false;
    this.seen = Math.max(this.seen, version);
    await this.db
      .query('SELECT pg_notify($2, $1::text || $3)', [this.db.ws, INDEX_CHANNEL, `:${version}`])
      .catch(() => undefined);
    return true;
  }

  /** The version this process has seen, read once before its first run or subscription. */
  private knownVersion(): Promise<number> {
    this.lastVersion ??= this.db
      .query<{ version: number }>('SELECT version FROM index_leases WHERE ws = $1', [this.db.ws])
      .then(({ rows }) => {
        this.seen = Math.max(this.seen, rows[0]?.version ?? 0);
        return this.seen;
      });
    return this.lastVersion;
  }

  /** Resolves when a holder announces it let go, or after the poll interval. */
  private nextChance(): Promise<void> {
    this.connectListener();
    return new Promise((done) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        done();
      };
      const timer = setTimeout(wake, Math.min(this.pollMs, 500));
      this.waiters.add(wake);
    });
  }

  /** Starts listening for announcements and polling the lease row, once. */
  private watch(): void {
    if (this.poller || this.closed) return;
    void this.knownVersion().catch(() => undefined);
    this.connectListener();
    this.poller = setInterval(() => void this.poll().catch(() => undefined), this.pollMs);
    this.poller.unref();
  }

  private async poll(): Promise<void> {
    await this.knownVersion();
    const { rows } = await this.db.query<{ version: number; abandoned: boolean }>(
      `SELECT version, (holder IS NOT NULL AND rerun AND expires_at < ${NOW_MS}) AS abandoned
       FROM index_leases WHERE ws = $1`,
      [this.db.ws],
    );
    const row = rows[0];
    if (!row) return;
    this.announce(row.version);
    if (row.abandoned) for (const listener of this.runListeners) listener();
  }

  private announce(version: number): void {
    if (version <= this.seen) return;
    this.seen = version;
    for (const listener of this.versionListeners) listener(version);
  }

  private connectListener(): void {
    if (this.listener || this.closed) return;
    const connecting = (async () => {
      const client = new pg.Client(this.config);
      const lost = () => {
        if (this.listener === connecting) this.listener = null;
        client.end().catch(() => undefined);
      };
      // A broken connection must not crash the process; polling covers the gap until it is back.
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', (message) => {
        const [ws, version] = (message.payload ?? '').split(':').map(Number);
        if (ws !== this.db.ws || version === undefined) return;
        for (const wake of [...this.waiters]) wake();
        this.announce(version);
      });
      await client.connect();
      await client.query(`LISTEN ${INDEX_CHANNEL}`);
      if (this.closed) await client.end();
      return client;
    })();
    this.listener = connecting;
    connecting.catch(() => {
      if (this.listener === connecting) this.listener = null;
    });
  }
}
