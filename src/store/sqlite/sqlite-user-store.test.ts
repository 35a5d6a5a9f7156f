import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canAccessWorkspace, FootnoteError, UserExistsError } from '../../core/index.ts';
import { openDatabase } from './open-database.ts';
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
});
