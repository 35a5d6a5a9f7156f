import { join } from 'node:path';
import type {
  ChunkVectorStore,
  DocumentStore,
  RateLimit,
  RateLimiter,
  SessionStore,
  UserStore,
} from '../core/index.ts';
import { type IndexLease, localIndexLease } from './index-lease.ts';
import { PostgresDatabase } from './postgres/postgres-database.ts';
import { PostgresIndexLease } from './postgres/postgres-index-lease.ts';
import { PostgresRateLimiter } from './postgres/postgres-rate-limiter.ts';
import { PostgresRecords } from './postgres/postgres-records.ts';
import { PostgresSessionStore } from './postgres/postgres-session-store.ts';
import { PostgresStore } from './postgres/postgres-store.ts';
import { PostgresUserStore } from './postgres/postgres-user-store.ts';
import { PostgresVectorStore } from './postgres/postgres-vectors.ts';
import { SqliteRecords } from './sqlite/sqlite-records.ts';
import { SqliteSessionStore } from './sqlite/sqlite-session-store.ts';
import { SqliteStore } from './sqlite/sqlite-store.ts';
import { SqliteUserStore } from './sqlite/sqlite-user-store.ts';
import { SqliteVectorStore } from './sqlite/sqlite-vectors.ts';
import type { WorkspaceRecords } from './workspace-records.ts';

/** Every store port of one workspace, on one database connection (or pool). */
export interface WorkspaceStores {
  readonly store: DocumentStore;
  readonly sessions: SessionStore;
  readonly users: UserStore;
  /** Chunk embeddings and nearest-chunk search; its vector extension is loaded only when first used. */
  readonly vectors: ChunkVectorStore;
  /** Which database holds them: the workspace's SQLite file, or a PostgreSQL server. */
  readonly backend: 'sqlite' | 'postgres';
  /**
   * Runs `work` exclusively for `key` among the processes sharing this database (PostgreSQL: an
   * advisory lock); SQLite serves one process, whose own queue is enough, so it just runs it.
   */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T>;
  /**
   * A turn limit counted in the database, shared by every process on it (PostgreSQL); null when
   * one process serves the store (SQLite), which counts in memory instead.
   */
  sharedRateLimiter(limit: RateLimit): RateLimiter | null;
  /** Who indexes the workspace: one process at a time, the others told of each new index version. */
  readonly indexLease: IndexLease;
  /** The history tables, as `footnote migrate` copies them to another store. */
  readonly records: WorkspaceRecords;
  close(): Promise<void>;
}

/** Where a workspace keeps its embedded database. */
export const sqliteDatabasePath = (root: string) => join(root, '.footnote', 'footnote.db');

/**
 * Opens the stores of the workspace folder `root` (an absolute path): on PostgreSQL when a
 * database URL is given — scoped to the folder, writing nothing into `.footnote/footnote.db` —
 * else in the folder's own SQLite file.
 */
export async function openWorkspaceStores(
  root: string,
  options: { readonly databaseUrl?: string | undefined } = {},
): Promise<WorkspaceStores> {
  if (options.databaseUrl) {
    const db = await PostgresDatabase.open(options.databaseUrl, { workspace: root });
    const indexLease = new PostgresIndexLease(db);
    return {
      store: new PostgresStore(db),
      sessions: new PostgresSessionStore(db),
      users: new PostgresUserStore(db),
      vectors: new PostgresVectorStore(db),
      backend: 'postgres',
      exclusive: (key, work) => db.exclusive(key, work),
      sharedRateLimiter: (limit) => new PostgresRateLimiter(db, limit),
      indexLease,
      records: new PostgresRecords(db),
      close: async () => {
        await indexLease.close();
        await db.close();
      },
    };
  }
  const store = SqliteStore.open(sqliteDatabasePath(root));
  return {
    store,
    sessions: new SqliteSessionStore(store.db),
    users: new SqliteUserStore(store.db),
    vectors: new SqliteVectorStore(store.db),
    backend: 'sqlite',
    exclusive: (_key, work) => work(),
    sharedRateLimiter: () => null,
    indexLease: localIndexLease(),
    records: new SqliteRecords(store.db),
    close: () => store.close(),
  };
}
