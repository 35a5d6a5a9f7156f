import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Migration } from '../sqlite/migrations.ts';
import { SchemaTooNewError } from '../sqlite/open-database.ts';
import { AdvisoryLocks } from './advisory-locks.ts';
import { POSTGRES_MIGRATIONS } from './migrations.ts';

/** Anything that runs a query: the pool, or the client of an open transaction. */
type Queryable = Pick<pg.PoolClient, 'query'>;

/** A value bound to a query parameter: a scalar, null, or an array of them. */
export type SqlValue =
  | string
  | number
  | boolean
  | null
  | ReadonlyArray<string | number | boolean | null>;

/** Held while migrating, so two servers starting together migrate once. */
const MIGRATION_LOCK = 0x466e6d67; // "Fnmg"

/** Class of the advisory locks that say a process is alive (two-key form; workspace ids are positive). */
const PRESENCE_CLASS = -1;

/** bigint (count, sum, BIGINT columns) read as a number: every value Footnote stores fits in 2^53. */
const TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** Options for {@link PostgresDatabase.open}. */
export interface PostgresOpenOptions {
  /** The workspace every query is scoped to (the folder's absolute path). */
  readonly workspace: string;
  /** A schema to work in instead of `public` (created if missing); tests use a fresh one. */
  readonly schema?: string;
  /** Most connections of the pool. @default 10 */
  readonly max?: number;
}

/**
 * One pool on a PostgreSQL database, scoped to one workspace: every adapter query goes through
 * {@link query} with the workspace id as its first parameter, and runs on the client of the
 * transaction in progress when there is one.
 */
export class PostgresDatabase {
  readonly pool: pg.Pool;
  /** The workspace's row id: the `ws` of every row this handle reads or writes. */
  readonly ws: number;
  readonly workspaceKey: string;
  private readonly current = new AsyncLocalStorage<pg.PoolClient>();
  private closed = false;
  private presence: { readonly id: string; readonly client: pg.PoolClient } | null = null;
  private readonly locks: AdvisoryLocks;
  /** How to open a connection of its own to this database (one that holds locks or listens). */
  readonly connection: pg.ClientConfig;

  private constructor(pool: pg.Pool, ws: number, workspaceKey: string, url: string) {
    this.pool = pool;
    this.ws = ws;
    this.workspaceKey = workspaceKey;
    this.connection = { connectionString: url };
    this.locks = new AdvisoryLocks(this.connection, ws);
  }

  /** Connects, migrates to the latest schema (refusing a newer one) and finds or adds the workspace. */
  static async open(url: string, options: PostgresOpenOptions): Promise<PostgresDatabase> {
    const schema = options.schema;
    if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
      throw new Error(`not a plain schema name: ${schema}`);
    }
    const pool = new pg.Pool({
      connectionString: url,
      max: options.max ?? 10,
      types: TYPES,
      ...(schema && { options: `-c search_path=${schema}` }),
    });
    // A connection that breaks must not crash the process: idle ones are dropped by the pool,
    // a checked-out one fails its query (and is not reused); the next query reconnects.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    try {
      if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await migratePostgres(pool);
      const ws = await workspaceId(pool, options.workspace);
      return new PostgresDatabase(pool, ws, options.workspace, url);
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  /** Runs one statement on the transaction's client, or on the pool outside a transaction. */
  async query<R extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    values: readonly SqlValue[] = [],
  ): Promise<pg.QueryResult<R>> {
    const client: Queryable = this.current.getStore() ?? this.pool;
    return client.query<R>(text, values as unknown[]);
  }

  /** Whether a transaction of this handle is open in the calling async context. */
  get inTransaction(): boolean {
    return this.current.getStore() !== undefined;
  }

  /** Runs `work` in one transaction on one client (or inside the one already open here). */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.current.getStore()) return work();
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await this.current.run(client, work);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      // A connection that could not even roll back is closed, not handed to the next caller.
      client.release(broken);
    }
  }

  /**
   * Runs `work` while holding a PostgreSQL advisory lock on `key` in this workspace, so work on
   * one key never overlaps across processes (one session's turns, edits to one file, on any
   * server). Every lock of the handle lives on one connection of its own (see
   * {@link AdvisoryLocks}): a process that dies drops it, and its locks with it.
   */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.locks.run(key, work);
  }

  /**
   * Says, until this handle closes or its process dies, that the process `id` is alive in this
   * workspace: an advisory lock held on a connection of its own, which any server on any host can
   * test with {@link isAlive}. Called once per handle by the session store.
   */
  async announce(id: string): Promise<void> {
    if (this.presence) return;
    const client = await this.pool.connect();
    const { rows } = await client.query<{ held: boolean }>(
      'SELECT pg_try_advisory_lock($1, hashtext($2)) AS held',
      [PRESENCE_CLASS, `${this.ws}:${id}`],
    );
    // Not granted: another handle of this very process (same id, same workspace) holds it.
    if (rows[0]?.held) this.presence = { id, client };
    else client.release();
  }

  /** Whether a process announced as `id` still holds its presence lock (on any host). */
  async isAlive(id: string): Promise<boolean> {
    if (this.presence?.id === id) return true;
    const client = await this.pool.connect();
    try {
      const key = `${this.ws}:${id}`;
      const { rows } = await client.query<{ free: boolean }>(
        'SELECT pg_try_advisory_lock($1, hashtext($2)) AS free',
        [PRESENCE_CLASS, key],
      );
      if (rows[0]?.free) {
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [PRESENCE_CLASS, key]);
      }
      return !rows[0]?.free;
    } finally {
      client.release();
    }
  }

  /** Ends the pool (and this process's presence); later calls do nothing. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.presence?.client.release(true);
    await this.locks.close();
    await this.pool.end();
  }
}

/** Applies every migration not yet recorded, in one transaction under an advisory lock (two servers starting together migrate once). */
export async function migratePostgres(
  pool: pg.Pool,
  migrations: readonly Migration[] = POSTGRES_MIGRATIONS,
): Promise<number> {
  const latest = migrations.at(-1)?.version ?? 0;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
      const { rows } = await client.query<{ v: number | null }>(
        'SELECT MAX(version) AS v FROM schema_migrations',
      );
      const current = rows[0]?.v ?? 0;
      if (current > latest) throw new SchemaTooNewError(current, latest);
      for (const migration of migrations) {
        if (migration.version <= current) continue;
        await client.query(migration.sql);
        await client.query(
          'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
          [migration.version, migration.name, new Date().toISOString()],
        );
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
  return latest;
}

async function workspaceId(pool: pg.Pool, key: string): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO workspaces (key, created_at) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET key = excluded.key RETURNING id`,
    [key, new Date().toISOString()],
  );
  const id = rows[0]?.id as number;
  await pool.query('INSERT INTO corpus_totals (ws) VALUES ($1) ON CONFLICT (ws) DO NOTHING', [id]);
  return id;
}
