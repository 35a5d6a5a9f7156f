import { describe, expect, it } from 'vitest';
import { FootnoteError } from '../../core/index.ts';
import {
  dropSchema,
  freshSchema,
  openTestPostgres,
  skipPostgres,
} from '../../testing/postgres-test-database.ts';
import { POSTGRES_MIGRATIONS } from './migrations.ts';

describe.skipIf(skipPostgres)('PostgresDatabase', () => {
  it('migrates once, finds the same workspace again, and refuses a schema newer than it knows', async () => {
    const schema = freshSchema();
    try {
      const first = await openTestPostgres('/w', schema);
      const latest = POSTGRES_MIGRATIONS.at(-1)?.version;
      const { rows } = await first.db.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(rows.map((r) => r.version)).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
      const again = await openTestPostgres('/w', schema);
      expect(again.db.ws).toBe(first.db.ws);
      const other = await openTestPostgres('/other', schema);
      expect(other.db.ws).not.toBe(first.db.ws);
      await other.db.close();
      await first.db.query("INSERT INTO schema_migrations VALUES (999, 'from the future', 'x')");
      const refused = await openTestPostgres('/w', schema).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(FootnoteError);
      expect(refused).toMatchObject({ code: 'schema_too_new', found: 999, supported: latest });
      await first.db.close();
      await again.db.close();
    } finally {
      await dropSchema(schema);
    }
  });

  it('runs a transaction on one client and rolls it back whole', async () => {
    const { db, cleanup } = await openTestPostgres();
    try {
      await expect(
        db.transaction(async () => {
          await db.query("INSERT INTO workspaces (key, created_at) VALUES ('/tx', 'x')");
          expect(db.inTransaction).toBe(true);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect((await db.query("SELECT 1 FROM workspaces WHERE key = '/tx'")).rows).toEqual([]);
      expect(db.inTransaction).toBe(false);
    } finally {
      await cleanup();
    }
  });
});
