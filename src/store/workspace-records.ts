/** One row of a table as both stores read and write it: text, numbers, booleans, null. */
export type RecordRow = Readonly<Record<string, string | number | boolean | null>>;

/** A table of a workspace's history, as `footnote migrate` copies it between stores. */
export interface RecordTable {
  readonly name: string;
  /** Its columns, the same in both stores (PostgreSQL adds the workspace's `ws`). */
  readonly columns: readonly string[];
  /** Columns SQLite keeps as 0 or 1. */
  readonly booleans?: readonly string[];
  /** Read in this order; `written` is the order rows were stored in (SQLite's rowid, PostgreSQL's seq). */
  readonly order: readonly string[] | 'written';
  /** A row is written only when its parent row is there (e.g. a tool call's message). */
  readonly parent?: { readonly column: string; readonly table: string; readonly key: string };
  /** Columns written with a fixed value instead of the one read. */
  readonly reset?: Readonly<Record<string, string | number>>;
}

/**
 * What `footnote migrate` copies, parents first: users, documents' identities, sessions with
 * their messages and tool calls, versions, audit events and agent edits. Chunks, links and
 * summaries are the index, rebuilt from the folder; documents are copied only so that they keep
 * their ids (which the history refers to), with no content hash or modification time, so the next
 * index run reads every file again.
 */
export const RECORD_TABLES: readonly RecordTable[] = [
  {
    name: 'users',
    columns: ['id', 'name', 'role', 'token_hash', 'created_at'],
    order: ['created_at', 'id'],
  },
  {
    name: 'memberships',
    columns: ['user_id', 'workspace_id'],
    order: ['user_id', 'workspace_id'],
    parent: { column: 'user_id', table: 'users', key: 'id' },
  },
  {
    name: 'documents',
    columns: [
      'id',
      'path',
      'kind',
      'title',
      'aliases',
      'slug',
      'body',
      'metadata',
      'structure',
      'status',
      'content_hash',
      'size',
      'mtime_ms',
      'updated_at',
      'deleted_at',
    ],
    order: ['id'],
    reset: { content_hash: '', mtime_ms: -1 },
  },
  {
    name: 'sessions',
    columns: ['id', 'workspace_id', 'user_id', 'title', 'created_at', 'updated_at'],
    order: ['created_at', 'id'],
  },
  {
    name: 'messages',
    columns: [
      'id',
      'session_id',
      'seq',
      'role',
      'content',
      'status',
      'grounded',
      'schema_version',
      'payload',
      'created_at',
      'updated_at',
    ],
    booleans: ['grounded'],
    order: ['session_id', 'seq'],
    parent: { column: 'session_id', table: 'sessions', key: 'id' },
  },
  {
    name: 'tool_calls',
    columns: ['message_id', 'ordinal', 'call_id', 'name', 'input', 'ok', 'summary', 'documents'],
    booleans: ['ok'],
    order: ['message_id', 'ordinal'],
    parent: { column: 'message_id', table: 'messages', key: 'id' },
  },
  {
    name: 'versions',
    columns: [
      'id',
      'document_id',
      'path',
      'content',
      'content_hash',
      'reference',
      'note',
      'user_id',
      'user_name',
      'created_at',
    ],
    order: 'written',
  },
  {
    name: 'audit_events',
    columns: [
      'id',
      'kind',
      'user_id',
      'user_name',
      'session_id',
      'message_id',
      'document_id',
      'path',
      'detail',
      'created_at',
    ],
    order: 'written',
  },
  {
    name: 'proposed_edits',
    columns: [
      'id',
      'session_id',
      'message_id',
      'document_id',
      'path',
      'tool',
      'action',
      'reference',
      'base_hash',
      'new_content',
      'diff',
      'status',
      'version_id',
      'created_at',
      'updated_at',
    ],
    order: 'written',
    parent: { column: 'session_id', table: 'sessions', key: 'id' },
  },
];

/** A workspace's history tables in one store, read and written a page at a time. */
export interface WorkspaceRecords {
  /** Up to `limit` rows of `table` from `offset`, in its order, booleans as booleans. */
  readRecords(table: RecordTable, offset: number, limit: number): Promise<RecordRow[]>;
  /**
   * Writes the rows that are not there yet (by their keys) and whose parent row is; returns how
   * many it wrote. A row already there is left as it is, so copying twice writes nothing new.
   */
  writeRecords(table: RecordTable, rows: readonly RecordRow[]): Promise<number>;
}

/** How many rows of one table were read from the source and written to the target. */
export interface TableCopy {
  readonly table: string;
  readonly read: number;
  readonly copied: number;
}

/** Rows read and written per page. */
const PAGE = 200;

/**
 * Copies every history table from one store to another, parents first, a page at a time; rows
 * the target holds already (same key) are skipped, so a second run copies nothing new and an
 * interrupted one can be run again.
 */
export async function copyWorkspaceRecords(
  from: WorkspaceRecords,
  to: WorkspaceRecords,
  options: { readonly onTable?: (copy: TableCopy) => void } = {},
): Promise<TableCopy[]> {
  const copies: TableCopy[] = [];
  for (const table of RECORD_TABLES) {
    let read = 0;
    let copied = 0;
    for (;;) {
      const rows = await from.readRecords(table, read, PAGE);
      if (rows.length === 0) break;
      read += rows.length;
      copied += await to.writeRecords(table, rows);
      if (rows.length < PAGE) break;
    }
    const copy = { table: table.name, read, copied };
    options.onTable?.(copy);
    copies.push(copy);
  }
  return copies;
}

/** A row as it is written: its columns in order, with the table's reset values. */
export const valuesOf = (table: RecordTable, row: RecordRow) =>
  table.columns.map((column) => table.reset?.[column] ?? row[column] ?? null);
