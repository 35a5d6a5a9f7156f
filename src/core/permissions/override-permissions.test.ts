import { describe, expect, it } from 'vitest';
import { userReference } from '../../testing/reference-fixture.ts';
import { authorizeEdit } from './authorize-edit.ts';
import { overridePermissions } from './override-permissions.ts';

const doc = (id: string) => ({
  id,
  path: `notes/${id}.md`,
  title: id,
  kind: 'note' as const,
  status: 'active' as const,
});

describe('overridePermissions', () => {
  it('sets the permission of user references to the chosen path, last choice winning', () => {
    const refs = [
      userReference(doc('a')),
      userReference(doc('b'), '[[b]]', { permission: 'write' }),
    ];
    const result = overridePermissions(refs, [
      { path: 'notes/a.md', permission: 'insert' },
      { path: 'notes/a.md', permission: 'write' },
      { path: 'notes/b.md', permission: 'read' },
    ]);
    expect(result.map((r) => r.permission)).toEqual(['write', 'read']);
    expect(authorizeEdit('a', 'write', result, 'agent').ok).toBe(true);
    expect(authorizeEdit('b', 'write', result, 'agent').ok).toBe(false);
  });

  it('never widens tool references, and leaves unmatched ones alone', () => {
    const tool = userReference(doc('a'), '[[a]]', { origin: 'tool' });
    const other = userReference(doc('c'));
    const result = overridePermissions(
      [tool, other],
      [{ path: 'notes/a.md', permission: 'write' }],
    );
    expect(result[0]).toBe(tool);
    expect(result[1]).toBe(other);
  });

  it('returns the same list when there are no overrides', () => {
    const refs = [userReference(doc('a'))];
    expect(overridePermissions(refs, [])).toBe(refs);
  });
});
