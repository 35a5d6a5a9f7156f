import { describe, expect, it } from 'vitest';
import {
  authorizeEditAction,
  authorizeRollback,
  authorizeWrite,
  canWrite,
  RoleForbiddenError,
  type WriteAction,
} from './authorize-write.ts';
import type { Actor } from './user.ts';

const viewer: Actor = { id: 'v', name: 'vera', role: 'viewer' };
const alice: Actor = { id: 'a', name: 'alice', role: 'member' };
const admin: Actor = { id: 'r', name: 'root', role: 'admin' };

const refusal = (run: () => void): RoleForbiddenError | null => {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(RoleForbiddenError);
    return error as RoleForbiddenError;
  }
};

describe('authorizeWrite', () => {
  it('refuses every write to a viewer with forbidden_role naming the role and action', () => {
    const actions: WriteAction[] = ['agent_mode', 'edit', 'apply', 'discard', 'undo', 'rollback'];
    for (const action of actions) {
      const error = refusal(() => authorizeWrite(viewer, action));
      expect(error).toMatchObject({ code: 'forbidden_role', role: 'viewer', action, userId: 'v' });
      expect(error?.message).toContain('viewer "vera" may not');
    }
    expect(canWrite('viewer')).toBe(false);
  });

  it('lets members and admins write', () => {
    expect(refusal(() => authorizeWrite(alice, 'edit'))).toBeNull();
    expect(refusal(() => authorizeWrite(admin, 'rollback'))).toBeNull();
    expect(canWrite('member') && canWrite('admin')).toBe(true);
    expect(canWrite('owner' as never)).toBe(false);
  });
});

describe('authorizeEditAction', () => {
  it('lets a member act on their own edits only, an admin on anyone’s, a viewer on none', () => {
    expect(refusal(() => authorizeEditAction(alice, 'undo', 'a'))).toBeNull();
    expect(refusal(() => authorizeEditAction(alice, 'undo', 'b'))?.message).toContain(
      "another user's edit",
    );
    expect(refusal(() => authorizeEditAction(alice, 'apply', null))).not.toBeNull();
    expect(refusal(() => authorizeEditAction(admin, 'undo', 'b'))).toBeNull();
    expect(refusal(() => authorizeEditAction(viewer, 'discard', 'v'))?.action).toBe('discard');
  });
});

describe('authorizeRollback', () => {
  const mine = { ownerId: 'a', what: 'version 1 (mine)' };
  const bobs = { ownerId: 'b', what: 'version 2 (bob)' };
  const outside = { ownerId: null, what: 'version 3 (by hand)' };

  it('lets a member take back only text they wrote, naming what is not theirs', () => {
    expect(refusal(() => authorizeRollback(alice, []))).toBeNull();
    expect(refusal(() => authorizeRollback(alice, [mine, mine]))).toBeNull();
    expect(refusal(() => authorizeRollback(alice, [mine, bobs]))?.message).toContain(
      'version 2 (bob), which another user wrote',
    );
    expect(refusal(() => authorizeRollback(alice, [outside]))?.message).toContain(
      'written outside Footnote',
    );
  });

  it('lets an admin take back anything and a viewer nothing', () => {
    expect(refusal(() => authorizeRollback(admin, [bobs, outside]))).toBeNull();
    expect(refusal(() => authorizeRollback(viewer, []))?.role).toBe('viewer');
  });
});
