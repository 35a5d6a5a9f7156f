import type { DatabaseSync, StatementSync } from 'node:sqlite';

/** Prepares each SQL text once per connection; every store class shares the pattern. */
export class PreparedStatements {
  private readonly db: DatabaseSync;
  private readonly cache = new Map<string, StatementSync>();

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** The prepared statement for `text`, compiled on first use. */
  get(text: string): StatementSync {
    let statement = this.cache.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.cache.set(text, statement);
    }
    return statement;
  }
}

/** Runs synchronous work in one immediate transaction, or inside the one already open. */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) return work();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
