import pg from 'pg';
import { createKeyedQueue } from '../../core/index.ts';

/** Where a released lock is announced, so a waiter in another process tries again at once. */
const UNLOCK_CHANNEL = 'footnote_unlock';

/** Options for {@link AdvisoryLocks}. */
export interface AdvisoryLockOptions {
  /** How long a waiter sleeps between tries when no release is announced (a killed holder announces none). @default 250 */
  readonly retryMs?: number;
}

/**
 * The advisory locks of one process in one workspace, all held on one connection of their own:
 * any number of keys can be held at once without taking connections from the pool (a lock per
 * pooled connection would leave none for the work itself once as many turns run as the pool has
 * connections), and a process that dies drops its connection and every lock with it.
 *
 * A lock is taken with `pg_try_advisory_lock`; a waiter retries when another process announces a
 * release on {@link UNLOCK_CHANNEL}, or after `retryMs`. Advisory locks are re-entrant per
 * connection, so work on one key is queued in this process before it asks the database.
 */
export class AdvisoryLocks {
  private readonly config: pg.ClientConfig;
  private readonly ws: number;
  private readonly retryMs: number;
  private readonly queue = createKeyedQueue();
  /** Wake-ups of the waiters, by the key they wait for. */
  private readonly waiters = new Map<string, Set<() => void>>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  /** The statement last sent on the connection: the next one waits for it. */
  private sent: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(config: pg.ClientConfig, ws: number, options: AdvisoryLockOptions = {}) {
    this.config = config;
    this.ws = ws;
    this.retryMs = options.retryMs ?? 250;
  }

  /** Runs `work` while this process holds the lock on `key`, after every earlier piece of work on it here. */
  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.queue.run(key, async () => {
      const client = await this.acquire(key);
      try {
        return await work();
      } finally {
        await this.release(client, key);
      }
    });
  }

  /** Closes the connection; locks still held go with it. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of [...this.waiters.values()].flatMap((set) => [...set])) wake();
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async acquire(key: string): Promise<pg.Client> {
    for (;;) {
      if (this.closed) throw new Error('the database handle is closed');
      // Listening before trying: a release between the failed try and the wait is not missed.
      const released = this.waitFor(key);
      try {
        const client = await this.connect();
        const { rows } = await this.query<{ held: boolean }>(
          client,
          'SELECT pg_try_advisory_lock($1, hashtext($2)) AS held',
          [this.ws, key],
        );
        if (rows[0]?.held) return client;
        await released.wait;
      } finally {
        released.cancel();
      }
    }
  }

  private async release(client: pg.Client, key: string): Promise<void> {
    await this.query(
      client,
      'SELECT pg_advisory_unlock($1, hashtext($2)), pg_notify($3, $4)',
      [this.ws, key, UNLOCK_CHANNEL, `${this.ws}:${key}`],
      // A connection that broke took the lock with it: nothing is left to release.
    ).catch(() => undefined);
  }

  /** A promise that settles when `key` is announced free here or after `retryMs`, and its cancel. */
  private waitFor(key: string): { wait: Promise<void>; cancel(): void } {
    let wake = () => {};
    let timer: NodeJS.Timeout | undefined;
    const wait = new Promise<void>((done) => {
      wake = done;
      timer = setTimeout(done, this.retryMs);
    });
    const set = this.waiters.get(key) ?? new Set();
    set.add(wake);
    this.waiters.set(key, set);
    return {
      wait,
      cancel: () => {
        clearTimeout(timer);
        set.delete(wake);
        if (set.size === 0 && this.waiters.get(key) === set) this.waiters.delete(key);
      },
    };
  }

  /**
   * Runs a statement on the lock connection after the ones already sent (one connection answers
   * one statement at a time); a failure drops the connection so the next call reconnects.
   */
  private query<R extends pg.QueryResultRow>(
    client: pg.Client,
    text: string,
    values: unknown[],
  ): Promise<pg.QueryResult<R>> {
    const result = this.sent.then(() => client.query<R>(text, values));
    this.sent = result.catch(() => undefined);
    return result.catch((error: unknown) => {
      this.drop(client);
      throw error;
    });
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client(this.config);
      // A broken connection must not crash the process; the next lock reconnects.
      client.on('error', () => this.drop(client));
      client.on('end', () => this.drop(client));
      client.on('notification', (message) => {
        const prefix = `${this.ws}:`;
        if (!message.payload?.startsWith(prefix)) return;
        for (const wake of this.waiters.get(message.payload.slice(prefix.length)) ?? []) wake();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${UNLOCK_CHANNEL}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      } finally {
        this.connecting = null;
      }
      if (this.closed) {
        await client.end().catch(() => undefined);
        throw new Error('the database handle is closed');
      }
      this.client = client;
      return client;
    })();
    return this.connecting;
  }

  private drop(client: pg.Client): void {
    if (this.client === client) this.client = null;
    client.end().catch(() => undefined);
  }
}
