import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations.ts';
import { migrate } from './open-database.ts';
import { SqliteSessionStore } from './sqlite-session-store.ts';

const dbs: DatabaseSync[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

/** A database at the schema before tool calls had rows, holding one session. */
function beforeToolCallRows(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  dbs.push(db);
  db.exec('PRAGMA foreign_keys = ON');
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version < 8),
  );
  db.prepare(
    `INSERT INTO sessions (id, workspace_id, user_id, title, created_at, updated_at)
     VALUES ('s1', 'default', 'local', 'Old', '2025-01-01', '2025-01-01')`,
  ).run();
  return db;
}

const insertMessage = (
  db: DatabaseSync,
  id: string,
  seq: number,
  version: number,
  payload: string,
) =>
  db
    .prepare(
      `INSERT INTO messages (id, session_id, seq, role, content, status, grounded, schema_version, payload, created_at, updated_at)
       VALUES (?, 's1', ?, 'assistant', 'answer', 'complete', 0, ?, ?, '2025-01-01', '2025-01-01')`,
    )
    .run(id, seq, version, payload);

const schema3Payload = (toolCalls: unknown) =>
  JSON.stringify({
    references: [],
    citations: [],
    invalidMarkers: [],
    toolCalls,
    context: null,
    error: null,
  });

describe('tool calls stored before they had rows of their own', () => {
  it('are moved into rows by the migration and load without documents; unreadable payloads are left alone', async () => {
    const db = beforeToolCallRows();
    insertMessage(
      db,
      'm1',
      1,
      3,
      schema3Payload([
        { id: 'c1', name: 'search', input: { query: 'pump' }, ok: true, summary: '3 results' },
        { name: 'links', input: { path: 'A' }, ok: false },
        'junk',
      ]),
    );
    insertMessage(db, 'm2', 2, 1, '');
    insertMessage(db, 'm3', 3, 3, '{"toolCalls": null}');
    migrate(db);

    const payload = db.prepare("SELECT payload FROM messages WHERE id = 'm1'").get() as {
      payload: string;
    };
    expect(JSON.parse(payload.payload)).not.toHaveProperty('toolCalls');
    const [m1, m2, m3] = await new SqliteSessionStore(db).listMessages('s1');
    expect(m1?.toolCalls).toEqual([
      {
        id: 'c1',
        name: 'search',
        input: { query: 'pump' },
        ok: true,
        summary: '3 results',
        documents: [],
      },
      { id: 'call-2', name: 'links', input: { path: 'A' }, ok: false, summary: '', documents: [] },
    ]);
    expect(m2?.toolCalls).toEqual([]);
    expect(m3?.toolCalls).toEqual([]);
  });

  it('load from a payload that still holds them', async () => {
    const db = beforeToolCallRows();
    migrate(db);
    insertMessage(
      db,
      'm1',
      1,
      3,
      schema3Payload([
        {
          id: 'c1',
          name: 'read_document',
          input: { path: 'A' },
          ok: true,
          summary: '{"title":"A"}',
        },
      ]),
    );
    const [m1] = await new SqliteSessionStore(db).listMessages('s1');
    expect(m1?.toolCalls).toEqual([
      {
        id: 'c1',
        name: 'read_document',
        input: { path: 'A' },
        ok: true,
        summary: '{"title":"A"}',
        documents: [],
      },
    ]);
  });
});
