import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  canAccessWorkspace,
  FootnoteError,
  UserExistsError,
  UserNotFoundError,
} from '../../core/index.ts';
import { describeUserStore } from '../user-store.contract.ts';
import { MIGRATIONS } from './migrations.ts';
import { migrate, openDatabase } from './open-database.ts';
import { hashToken, SqliteUserStore } from './sqlite-user-store.ts';

let dir: string;
let db: ReturnType<typeof openDatabase>;
let store: SqliteUserStore;
let clock: number;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'footnote-users-'));
  db = openDatabase(join(dir, 'footnote.db'));
  clock = Date.parse('2026-01-01T00:00:00.000Z');
  store = new SqliteUserStore(db, {
    now: () => {
      clock += 1000;
      return new Date(clock);
    },
  });
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const alice = { name: 'alice', role: 'member', workspaces: ['default'] } as const;

describe('SqliteUserStore', () => {
  it('adds a user and returns an fn_ token of 32 random bytes, different every time', async () => {
    const a = await store.addUser(alice);
    const b = await store.addUser({ ...alice, name: 'bob' });
    expect(a.token).toMatch(/^fn_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.token.slice(3), 'base64url')).toHaveLength(32);
    expect(a.token).not.toBe(b.token);
    expect(a.user).toEqual({
      id: expect.any(String),
      name: 'alice',
      role: 'member',
      workspaces: ['default'],
      createdAt: '2026-01-01T00:00:01.000Z',
    });
    expect(a.user.id).not.toBe(b.user.id);
  });

  it('finds the user by its token, with its memberships', async () => {
    const { user, token } = await store.addUser({ ...alice, workspaces: ['research', 'default'] });
    expect(await store.findUserByToken(token)).toEqual({
      ...user,
      workspaces: ['default', 'research'],
    });
  });

  it('answers null for a wrong, altered, malformed or empty token', async () => {
    const { token } = await store.addUser(alice);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [
      altered,
      `fn_${'A'.repeat(43)}`,
      token.slice(3),
      `${token} `,
      `Bearer ${token}`,
      '',
      'fn_',
      'x'.repeat(10_000),
    ])
      expect(await store.findUserByToken(wrong)).toBeNull();
  });

  it('stores only the SHA-256 of the token, never the token itself', async () => {
    const { token } = await store.addUser(alice);
    const rows = db.prepare('SELECT * FROM users').all();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashToken(token));
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const everything = JSON.stringify(
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .flatMap((t) => db.prepare(`SELECT * FROM "${String(t.name)}"`).all()),
    );
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(token.slice(3));
  });

  it('refuses a second user with the same name (case-insensitively) with a typed error', async () => {
    await store.addUser(alice);
    const error = await store.addUser({ ...alice, role: 'admin' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserExistsError);
    expect(FootnoteError.isInstance(error) && error.code).toBe('user_exists');
    await expect(store.addUser({ ...alice, name: 'Alice' })).rejects.toThrow(UserExistsError);
    expect(await store.listUsers()).toHaveLength(1);
    expect(db.prepare('SELECT COUNT(*) AS n FROM memberships').get()).toEqual({ n: 1 });
  });

  it('records memberships per workspace (deduplicated, sorted) and they decide access', async () => {
    const { user } = await store.addUser({
      name: 'carol',
      role: 'admin',
      workspaces: ['zeta', 'alpha', 'zeta'],
    });
    expect(user.workspaces).toEqual(['alpha', 'zeta']);
    expect(
      db.prepare('SELECT workspace_id FROM memberships WHERE user_id = ? ORDER BY 1').all(user.id),
    ).toEqual([{ workspace_id: 'alpha' }, { workspace_id: 'zeta' }]);
    expect(canAccessWorkspace(user, 'alpha')).toBe(true);
    expect(canAccessWorkspace(user, 'default')).toBe(false);
  });

  it('lists users oldest first, each with its own workspaces', async () => {
    await store.addUser(alice);
    await store.addUser({ name: 'bob', role: 'admin', workspaces: ['x', 'y'] });
    const users = await store.listUsers();
    expect(users.map((u) => [u.name, u.role, u.workspaces])).toEqual([
      ['alice', 'member', ['default']],
      ['bob', 'admin', ['x', 'y']],
    ]);
  });

  it('rejects invalid input before writing anything', async () => {
    await expect(store.addUser({ ...alice, name: ' ' })).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'name',
    });
    await expect(store.addUser({ ...alice, workspaces: [] })).rejects.toMatchObject({
      field: 'workspaces',
    });
    await expect(store.addUser({ ...alice, workspaces: ['../etc'] })).rejects.toMatchObject({
      field: 'workspaces',
    });
    expect(await store.listUsers()).toEqual([]);
  });

  it('removes memberships with their user (foreign key cascade)', async () => {
    const { user } = await store.addUser(alice);
    db.prepare('DELETE FROM users WHERE id = ?').run(user.id);
    expect(db.prepare('SELECT COUNT(*) AS n FROM memberships').get()).toEqual({ n: 0 });
  });

  it('adds viewers, and changes a role by name (any case), keeping token and memberships', async () => {
    const { user, token } = await store.addUser({ ...alice, role: 'viewer' });
    expect(user.role).toBe('viewer');
    const promoted = await store.setUserRole('ALICE', 'member');
    expect(promoted).toEqual({ ...user, role: 'member' });
    expect(await store.findUserByToken(token)).toEqual(promoted);
    expect((await store.setUserRole('alice', 'admin')).role).toBe('admin');
    await expect(store.setUserRole('nobody', 'admin')).rejects.toBeInstanceOf(UserNotFoundError);
    await expect(store.setUserRole('nobody', 'admin')).rejects.toMatchObject({
      code: 'user_not_found',
      userName: 'nobody',
    });
    await expect(store.setUserRole('alice', 'owner' as never)).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'role',
    });
    expect((await store.listUsers())[0]?.role).toBe('admin');
  });

  it('refuses a role outside viewer, member and admin in the database itself', () => {
    expect(() =>
      db
        .prepare(
          "INSERT INTO users (id, name, role, token_hash, created_at) VALUES ('x', 'x', 'owner', 'h', 't')",
        )
        .run(),
    ).toThrow(/CHECK/);
  });
});

describe('migration 6 on a database of schema 5', () => {
  it('keeps users, memberships and edits, and allows viewers and rolled_back edits', async () => {
    const old = new DatabaseSync(join(dir, 'old.db'));
    old.exec('PRAGMA foreign_keys = ON');
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version <= 5),
    );
    old.exec(`
      INSERT INTO users VALUES ('u1', 'alice', 'member', 'hash', '2026-01-01');
      INSERT INTO memberships VALUES ('u1', 'default'), ('u1', 'research');
      INSERT INTO sessions VALUES ('s1', 'default', 'u1', 't', '2026-01-01', '2026-01-01');
      INSERT INTO proposed_edits VALUES ('e1', 's1', 'm1', 'd1', 'a.md', 'write_content', 'write',
        '[[a]]', 'h', 'new', 'diff', 'applied', 'v1', '2026-01-01', '2026-01-01');
      INSERT INTO audit_events VALUES ('a1', 'edit', 's1', 'm1', 'd1', 'a.md', '{}', '2026-01-01');
    `);
    expect(migrate(old)).toBe(MIGRATIONS.at(-1)?.version);
    const users = new SqliteUserStore(old);
    expect(await users.listUsers()).toMatchObject([
      { id: 'u1', name: 'alice', role: 'member', workspaces: ['default', 'research'] },
    ]);
    await users.setUserRole('alice', 'viewer');
    old.exec("UPDATE proposed_edits SET status = 'rolled_back' WHERE id = 'e1'");
    expect(old.prepare('SELECT user_id, user_name FROM audit_events').get()).toEqual({
      user_id: null,
      user_name: null,
    });
    expect(old.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    old.exec("DELETE FROM users WHERE id = 'u1'");
    expect(old.prepare('SELECT COUNT(*) AS n FROM memberships').get()).toEqual({ n: 0 });
    old.exec("DELETE FROM sessions WHERE id = 's1'");
    expect(old.prepare('SELECT COUNT(*) AS n FROM proposed_edits').get()).toEqual({ n: 0 });
    old.close();
  });
});

describeUserStore('SQLite file', async (now) => {
  const dir = mkdtempSync(join(tmpdir(), 'footnote-user-contract-'));
  const db = openDatabase(join(dir, 'footnote.db'));
  return {
    store: new SqliteUserStore(db, { now }),
    cleanup: async () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
