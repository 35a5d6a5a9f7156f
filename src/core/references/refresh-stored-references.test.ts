import { describe, expect, it } from 'vitest';
import { entry } from '../../testing/reference-catalog-fixture.ts';
import { userReference } from '../../testing/reference-fixture.ts';
import type { DocumentStatus } from '../document.ts';
import type { ChatMessage } from '../messages/message.ts';
import type { ReferenceStatus } from './reference.ts';
import { ReferenceCatalog } from './reference-catalog.ts';
import { refreshStoredReference, refreshStoredReferences } from './refresh-stored-references.ts';

const catalogWith = (status: DocumentStatus | null) =>
  new ReferenceCatalog(status ? [entry('notes/Plan.md', { id: 'plan', status })] : []);

const stored = (status: ReferenceStatus) =>
  userReference(
    { id: 'plan', path: 'notes/Plan.md', title: 'Plan', kind: 'note', status: 'active' },
    '[[Plan]]',
    { status },
  );

describe('a stored reference reads as its document is now', () => {
  it.each([
    // stored status, document now, status read back, status when sent (absent: unchanged)
    ['resolved', 'active', 'resolved', undefined],
    ['resolved', 'deleted', 'deleted', 'resolved'],
    ['resolved', 'archived', 'archived', 'resolved'],
    ['resolved', null, 'deleted', 'resolved'],
    ['archived', 'deleted', 'deleted', 'archived'],
    ['archived', 'active', 'resolved', 'archived'],
    ['deleted', 'active', 'resolved', 'deleted'],
    ['over_limit', 'deleted', 'over_limit', undefined],
    ['ambiguous', 'deleted', 'ambiguous', undefined],
    ['unresolved', 'deleted', 'unresolved', undefined],
  ] as const)('stored %s, document %s → %s (sent as %s)', (was, now, reads, sent) => {
    const ref = refreshStoredReference(stored(was), catalogWith(now));
    expect(ref.status).toBe(reads);
    expect(ref.statusWhenSent).toBe(sent);
    if (sent) {
      expect(ref.target?.status).toBe(now ?? 'deleted');
      expect(ref.notes.at(-1)).toMatch(/since this message was sent$/);
    }
  });

  it('returns the same objects when nothing changed, and keeps the first status when sent', () => {
    const message = { id: 'm', references: [stored('resolved')] } as unknown as ChatMessage;
    expect(refreshStoredReferences([message], catalogWith('active'))[0]).toBe(message);
    const [changed] = refreshStoredReferences([message], catalogWith('deleted'));
    expect(changed?.references[0]).toMatchObject({
      status: 'deleted',
      statusWhenSent: 'resolved',
      notes: ['deleted since this message was sent'],
    });
    // Read back twice (the stored row never changes, but a caller might refresh a refreshed one).
    const again = refreshStoredReference(
      changed?.references[0] as ReturnType<typeof stored>,
      catalogWith('archived'),
    );
    expect(again).toMatchObject({ status: 'archived', statusWhenSent: 'resolved' });
    expect(message.references[0]?.status).toBe('resolved');
  });
});
