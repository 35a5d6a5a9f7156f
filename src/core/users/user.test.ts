import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import {
  canAccessWorkspace,
  LOCAL_USER,
  parseUserRole,
  USER_ROLES,
  type User,
  UserExistsError,
  validateNewUser,
} from './user.ts';

const member: User = {
  id: 'u1',
  name: 'alice',
  role: 'member',
  workspaces: ['default', 'research'],
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('canAccessWorkspace', () => {
  it('lets a user into the workspaces they belong to, and no other', () => {
    expect(canAccessWorkspace(member, 'default')).toBe(true);
    expect(canAccessWorkspace(member, 'research')).toBe(true);
    expect(canAccessWorkspace(member, 'finance')).toBe(false);
    expect(canAccessWorkspace(member, '')).toBe(false);
    expect(canAccessWorkspace(member, 'Default')).toBe(false);
  });

  it('does not let the admin role stand in for membership', () => {
    expect(canAccessWorkspace({ ...member, role: 'admin' }, 'finance')).toBe(false);
    expect(canAccessWorkspace({ ...member, workspaces: [] }, 'default')).toBe(false);
  });

  it('lets the local user (member of "*") into every workspace', () => {
    expect(LOCAL_USER).toMatchObject({ id: 'local', name: 'local', role: 'admin' });
    expect(LOCAL_USER.workspaces).toEqual(['*']);
    expect(canAccessWorkspace(LOCAL_USER, 'default')).toBe(true);
    expect(canAccessWorkspace(LOCAL_USER, 'anything-else')).toBe(true);
    expect(Object.isFrozen(LOCAL_USER)).toBe(true);
  });
});

describe('validateNewUser', () => {
  it('trims the name and deduplicates and sorts the workspaces', () => {
    expect(
      validateNewUser({ name: ' alice ', role: 'member', workspaces: ['b', 'a', 'b'] }),
    ).toEqual({ name: 'alice', role: 'member', workspaces: ['a', 'b'] });
  });

  it('rejects bad names, roles and workspace ids naming the field', () => {
    const bad = [
      { name: '', role: 'member', workspaces: ['default'] },
      { name: 'has space', role: 'member', workspaces: ['default'] },
      { name: 'a'.repeat(65), role: 'member', workspaces: ['default'] },
      { name: 'alice', role: 'owner', workspaces: ['default'] },
      { name: 'alice', role: 'member', workspaces: [] },
      { name: 'alice', role: 'member', workspaces: ['a/b'] },
    ] as const;
    const fields = bad.map((input) => {
      try {
        validateNewUser(input as never);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidInputError);
        return (error as InvalidInputError).field;
      }
    });
    expect(fields).toEqual(['name', 'name', 'name', 'role', 'workspaces', 'workspaces']);
  });

  it('accepts the viewer role', () => {
    expect(validateNewUser({ name: 'vera', role: 'viewer', workspaces: ['default'] }).role).toBe(
      'viewer',
    );
  });
});

describe('parseUserRole', () => {
  it('knows viewer, member and admin, least power first, and names the field otherwise', () => {
    expect(USER_ROLES).toEqual(['viewer', 'member', 'admin']);
    for (const role of USER_ROLES) expect(parseUserRole(role)).toBe(role);
    for (const bad of ['owner', 'Admin', '', null, 1]) {
      expect(() => parseUserRole(bad)).toThrow(InvalidInputError);
      expect(() => parseUserRole(bad)).toThrow('role: expected viewer, member or admin');
    }
  });
});

describe('UserExistsError', () => {
  it('carries the stable code user_exists and the name', () => {
    const error = new UserExistsError('alice');
    expect(error.code).toBe('user_exists');
    expect(error.userName).toBe('alice');
    expect(error.message).toContain('"alice"');
  });
});
