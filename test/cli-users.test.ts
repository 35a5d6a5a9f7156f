import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySampleWorkspace, runFootnote } from '../src/testing/run-footnote.ts';

let sample: ReturnType<typeof copySampleWorkspace>;

beforeAll(() => {
  sample = copySampleWorkspace();
});
afterAll(() => sample.cleanup());

const users = (...args: string[]) => runFootnote('users', ...args, '--workspace', sample.workspace);

describe('footnote users', () => {
  it('adds a user and prints its token once, on stdout', () => {
    const run = users('add', 'alice');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^Token for alice \(keep it; it is not shown again\): fn_[A-Za-z0-9_-]{43}\n$/,
    );
    expect(run.stderr).toContain('Added member alice');
    expect(run.stderr).toContain('default');
  });

  it('keeps only a hash of the token in the workspace database', () => {
    const run = users('add', 'dora');
    expect(run.code, run.stderr).toBe(0);
    const token = run.stdout.trim().split(' ').at(-1) ?? '';
    const db = new DatabaseSync(join(sample.workspace, '.footnote', 'footnote.db'), {
      readOnly: true,
    });
    const row = db.prepare('SELECT token_hash FROM users WHERE name = ?').get('dora');
    db.close();
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toContain(token.slice(3));
  });

  it('prints { user, token } with --json, with every --workspace-id and the role', () => {
    const run = users(
      'add',
      'bob',
      '--role',
      'admin',
      '--workspace-id',
      'research',
      '--workspace-id',
      'default',
      '--json',
    );
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(Object.keys(out).sort()).toEqual(['token', 'user']);
    expect(out.token).toMatch(/^fn_[A-Za-z0-9_-]{43}$/);
    expect(out.user).toEqual({
      id: expect.any(String),
      name: 'bob',
      role: 'admin',
      workspaces: ['default', 'research'],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('exits 2 on a name that is taken, and on a bad role or name', () => {
    const dup = users('add', 'alice');
    expect(dup.code).toBe(2);
    expect(dup.stderr).toContain('already exists');
    expect(dup.stdout).toBe('');
    expect(users('add', 'carol', '--role', 'owner').code).toBe(2);
    expect(users('add', 'has space').code).toBe(2);
    expect(users('add', 'carol', '--workspace-id', '../x').code).toBe(2);
  });

  it('lists the users without their tokens', () => {
    const run = users('list');
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.map((l) => l.split(/\s+/).slice(0, 2))).toEqual([
      ['alice', 'member'],
      ['dora', 'member'],
      ['bob', 'admin'],
    ]);
    expect(run.stdout).not.toContain('fn_');

    const json = JSON.parse(users('list', '--json').stdout);
    expect(json.users.map((u: { name: string }) => u.name)).toEqual(['alice', 'dora', 'bob']);
    expect(json.users[2]).toMatchObject({ role: 'admin', workspaces: ['default', 'research'] });
    expect(JSON.stringify(json)).not.toMatch(/token/i);
  });

  it('adds a viewer and changes roles with set-role (exit 2 for an unknown user or role)', () => {
    const added = users('add', 'vera', '--role', 'viewer', '--json');
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout).user.role).toBe('viewer');
    const promoted = users('set-role', 'VERA', 'admin', '--json');
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(JSON.parse(promoted.stdout).user).toMatchObject({ name: 'vera', role: 'admin' });
    const missing = users('set-role', 'nobody', 'admin');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no user named "nobody"');
    const bad = users('set-role', 'vera', 'owner');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('expected viewer, member or admin');
  });

  it('says so when there are no users yet', () => {
    const empty = copySampleWorkspace();
    try {
      const run = runFootnote('users', 'list', '--workspace', empty.workspace);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('No users yet');
    } finally {
      empty.cleanup();
    }
  });

  it('explains --workspace-id in its help', () => {
    const run = runFootnote('users', 'add', '--help');
    expect(run.code).toBe(0);
    const help = run.stdout.replace(/\s+/g, ' ');
    expect(help).toContain('--workspace-id <id>');
    expect(help).toContain('Distinct from --workspace, which names the folder');
  });
});
