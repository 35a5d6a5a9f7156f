import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations.ts';
import { migrate, openDatabase, SchemaTooNewError } from './open-database.ts';

const dirs: string[] = [];
const tempDb = () => {
  const dir = mkdtempSync(join(tmpdir(), 'footnote-db-'));
  dirs.push(dir);
  return join(dir, 'nested', 'footnote.db');
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('creates the file in WAL mode with foreign keys on, at the latest schema version', () => {
    const db = openDatabase(tempDb());
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(db.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
    const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
    expect(versions.map((v) => v.version)).toEqual(MIGRATIONS.map((m) => m.version));
    db.close();
  });

  it('applies each migration once, however often it is opened', () => {
    const path = tempDb();
    openDatabase(path).close();
    const db = openDatabase(path);
    const { n } = db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as { n: number };
    expect(n).toBe(MIGRATIONS.length);
    db.close();
  });

  it('refuses a database written by a newer version', () => {
    const path = tempDb();
    const db = openDatabase(path);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
      999,
      'future',
      'x',
    );
    expect(() => migrate(db)).toThrow(SchemaTooNewError);
    db.close();
  });

  it('rolls back a failing migration and leaves the version unchanged', () => {
    const db = openDatabase(tempDb());
    const broken = [
      ...MIGRATIONS,
      { version: 99, name: 'broken', sql: 'CREATE TABLE ok (x); CREATE TABLE ok (x);' },
    ];
    expect(() => migrate(db, broken)).toThrow();
    const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as {
      v: number;
    };
    expect(row.v).toBe(MIGRATIONS.at(-1)?.version);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'ok'").get()).toBeUndefined();
    db.close();
  });

  it('cascades chunk deletion from documents (foreign keys are enforced)', () => {
    const db = openDatabase(tempDb());
    expect(() =>
      db
        .prepare(
          'INSERT INTO chunks (id, document_id, ordinal, text, start_offset, end_offset) VALUES (?, ?, 0, ?, 0, 1)',
        )
        .run('c1', 'no-such-document', 'x'),
    ).toThrow(/FOREIGN KEY/);
    db.close();
  });
});
