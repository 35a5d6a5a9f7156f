import { describe, expect, it } from 'vitest';
import { userReference } from '../../testing/reference-fixture.ts';
import { resolutionAuditEvents } from './resolution-audit.ts';

const doc = {
  id: 'post',
  path: 'content/post.md',
  title: 'Post',
  kind: 'content' as const,
  status: 'active' as const,
};

describe('resolutionAuditEvents', () => {
  it('gives each user reference one reference_resolved event with its outcome; tool references none', () => {
    let n = 0;
    const events = resolutionAuditEvents(
      [
        userReference(doc, '@post:conclusion', {
          permission: 'insert',
          syntax: 'mention',
          target: { section: 'what-comes-next', heading: 'What comes next' },
        }),
        userReference(doc, '[[Post]]', { origin: 'tool' }),
        {
          ...userReference(doc, '@nothing'),
          status: 'unresolved',
          target: null,
          suggestions: [{ label: 'Note', insert: '@note', documentId: 'n', path: 'note.md' }],
        },
      ],
      {
        sessionId: 's',
        messageId: 'm',
        user: { id: 'u', name: 'Ada' },
        createdAt: '2026-03-01T00:00:00.000Z',
        newId: () => `e${++n}`,
      },
    );
    expect(events).toEqual([
      {
        id: 'e1',
        kind: 'reference_resolved',
        user: { id: 'u', name: 'Ada' },
        sessionId: 's',
        messageId: 'm',
        documentId: null,
        path: null,
        detail: {
          reference: '@post:conclusion',
          outcome: 'resolved',
          documentId: 'post',
          path: 'content/post.md',
          syntax: 'mention',
          permission: 'insert',
          times: 1,
          part: {
            heading: 'What comes next',
            block: null,
            section: 'what-comes-next',
            page: null,
            entity: null,
            span: null,
          },
        },
        createdAt: '2026-03-01T00:00:00.000Z',
      },
      expect.objectContaining({
        id: 'e2',
        detail: expect.objectContaining({
          reference: '@nothing',
          outcome: 'unresolved',
          documentId: null,
          suggestions: ['@note'],
        }),
      }),
    ]);
  });
});
