import { describe, expect, it } from 'vitest';
import { userReference } from '../../testing/reference-fixture.ts';
import type { Reference } from '../references/reference.ts';
import { authorizeEdit } from './authorize-edit.ts';

const ref = (
  documentId: string,
  permission: Reference['permission'],
  over: Partial<Omit<Reference, 'target'>> = {},
): Reference =>
  userReference(
    { id: documentId, path: `${documentId}.md`, title: documentId, kind: 'note', status: 'active' },
    `[[${documentId}]]`,
    {
      permission,
      ...over,
    },
  );

describe('authorizeEdit', () => {
  it('allows a write to a document referenced with write permission in agent mode', () => {
    const result = authorizeEdit('a', 'write', [ref('a', 'write')], 'agent');
    expect(result).toMatchObject({ ok: true, reference: { raw: '[[a]]' } });
  });

  it('lets insert permission add but not change', () => {
    expect(authorizeEdit('a', 'insert', [ref('a', 'insert')], 'agent').ok).toBe(true);
    const refused = authorizeEdit('a', 'write', [ref('a', 'insert')], 'agent');
    expect(refused).toEqual({
      ok: false,
      reason: expect.stringMatching(/insert permission, which does not allow changing/),
    });
  });

  it('refuses a document that was not referenced, or only by a tool, or only read', () => {
    expect(authorizeEdit('b', 'write', [ref('a', 'write')], 'agent')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/did not reference/),
    });
    expect(authorizeEdit('a', 'write', [ref('a', 'write', { origin: 'tool' })], 'agent').ok).toBe(
      false,
    );
    expect(authorizeEdit('a', 'write', [ref('a', 'read')], 'agent').ok).toBe(false);
    expect(
      authorizeEdit('a', 'write', [ref('a', 'write', { status: 'over_limit' })], 'agent').ok,
    ).toBe(false);
  });

  it('refuses everything in chat mode', () => {
    expect(authorizeEdit('a', 'write', [ref('a', 'write')], 'chat')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/read-only/),
    });
  });
});
