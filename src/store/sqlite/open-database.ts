import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { FootnoteError } from '../../core/index.ts';
import { MIGRATIONS, type Migration } from './migrations.ts';

/** The database was written by a newer Footnote than this one. */
export class SchemaTooNewError extends FootnoteError {
  readonly found: number;
  readonly supported: number;

  constructor(found: number, supported: number) {
    super(
      'schema_too_new',
      `database schema version ${found} is newer than this Footnote supports (${supported})`,
    );
    this.name = 'SchemaTooNewError';
    this.found = found;
    this.supported = supported;
  }
}

/** Applies every migration not yet recorded, each in its own transaction. */
export function migrate(db: DatabaseSync, migrations: readonly Migration[] = MIGRATIONS): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as {
    v: number | null;
  };
  const current = row.v ?? 0;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) throw new SchemaTooNewError(current, latest);
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
  return latest;
}

/**
 * Opens (creating if needed) a Footnote database file in WAL mode with foreign keys on, migrated to
 * the latest schema. Extensions may be loaded into it: sqlite-vec, once vectors are first used.
 */
export function openDatabase(path: string): DatabaseSync {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path, { timeout: 5000, allowExtension: true });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA synchronous = NORMAL');
  // 32 MiB of page cache (the default is 2 MiB): an index transaction of a thousand notes then
  // stays in memory until it commits, instead of spilling pages to the WAL as it goes.
  db.exec('PRAGMA cache_size = -32768');
  migrate(db);
  return db;
}
