import {
  type RecordRow,
  type RecordTable,
  valuesOf,
  type WorkspaceRecords,
} from '../workspace-records.ts';
import type { PostgresDatabase, SqlValue } from './postgres-database.ts';

/** The history tables of one workspace in PostgreSQL, for `footnote migrate`. */
export class PostgresRecords implements WorkspaceRecords {
  private readonly db: PostgresDatabase;

  constructor(db: PostgresDatabase) {
    this.db = db;
  }

  async readRecords(table: RecordTable, offset: number, limit: number): Promise<RecordRow[]> {
    const order = table.order === 'written' ? 'seq' : table.order.join(', ');
    const { rows } = await this.db.query<Record<string, string | number | boolean | null>>(
      `SELECT ${table.columns.join(', ')} FROM ${table.name} WHERE ws = $1
       ORDER BY ${order} LIMIT $2 OFFSET $3`,
      [this.db.ws, limit, offset],
    );
    return rows;
  }

  async writeRecords(table: RecordTable, rows: readonly RecordRow[]): Promise<number> {
    const { db } = this;
    const { parent } = table;
    let kept = rows;
    if (parent) {
      const keys = [...new Set(rows.map((row) => String(row[parent.column])))];
      const { rows: found } = await db.query<{ key: string }>(
        `SELECT ${parent.key} AS key FROM ${parent.table} WHERE ws = $1 AND ${parent.key} = ANY($2)`,
        [db.ws, keys],
      );
      const there = new Set(found.map((row) => row.key));
      kept = rows.filter((row) => there.has(String(row[parent.column])));
    }
    if (kept.length === 0) return 0;
    const width = table.columns.length + 1;
    const values: SqlValue[] = [];
    const tuples = kept.map((row, i) => {
      values.push(db.ws, ...(valuesOf(table, row) as SqlValue[]));
      return `(${Array.from({ length: width }, (_, j) => `$${i * width + j + 1}`).join(', ')})`;
    });
    const result = await db.query(
      `INSERT INTO ${table.name} (ws, ${table.columns.join(', ')}) VALUES ${tuples.join(', ')}
       ON CONFLICT DO NOTHING`,
      values,
    );
    return result.rowCount ?? 0;
  }
}
