import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import {
  type RecordRow,
  type RecordTable,
  valuesOf,
  type WorkspaceRecords,
} from '../workspace-records.ts';
import { inTransaction } from './prepared-statements.ts';

/** The history tables of a workspace's SQLite file, for `footnote migrate`. */
export class SqliteRecords implements WorkspaceRecords {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  async readRecords(table: RecordTable, offset: number, limit: number): Promise<RecordRow[]> {
    const order = table.order === 'written' ? 'rowid' : table.order.join(', ');
    const rows = this.db
      .prepare(
        `SELECT ${table.columns.join(', ')} FROM ${table.name} ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .all(limit, offset) as Record<string, string | number | null>[];
    const booleans = table.booleans ?? [];
    return rows.map((row) => {
      const out: Record<string, string | number | boolean | null> = { ...row };
      for (const column of booleans) out[column] = row[column] === 1;
      return out;
    });
  }

  async writeRecords(table: RecordTable, rows: readonly RecordRow[]): Promise<number> {
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO ${table.name} (${table.columns.join(', ')})
       VALUES (${table.columns.map(() => '?').join(', ')})`,
    );
    const { parent } = table;
    const parentThere = parent
      ? this.db.prepare(`SELECT 1 FROM ${parent.table} WHERE ${parent.key} = ?`)
      : null;
    return inTransaction(this.db, () => {
      let written = 0;
      for (const row of rows) {
        if (parent && !parentThere?.get(row[parent.column] as SQLInputValue)) continue;
        const values = valuesOf(table, row).map((value) =>
          typeof value === 'boolean' ? Number(value) : value,
        );
        written += Number(insert.run(...values).changes);
      }
      return written;
    });
  }
}
