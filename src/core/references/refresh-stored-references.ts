import type { ChatMessage } from '../messages/message.ts';
import type { Reference, ReferenceStatus } from './reference.ts';
import type { ReferenceCatalog } from './reference-catalog.ts';

/** Statuses that say what became of a found document; the others never found one to follow. */
const FOLLOWED: ReadonlySet<ReferenceStatus> = new Set(['resolved', 'archived', 'deleted']);

const NOTE: Readonly<Record<'resolved' | 'archived' | 'deleted', string>> = {
  resolved: 'restored since this message was sent',
  archived: 'archived since this message was sent',
  deleted: 'deleted since this message was sent',
};

/**
 * A stored reference as it reads now: when its document was deleted or archived after the message
 * was sent (or came back), `status` and `target.status` say so, with a note, and `statusWhenSent`
 * keeps what it was for history. A document the index no longer has at all reads as deleted. An
 * unchanged, unresolved, ambiguous or over-limit reference comes back as it was.
 */
export function refreshStoredReference(reference: Reference, catalog: ReferenceCatalog): Reference {
  const target = reference.target;
  if (!target || !FOLLOWED.has(reference.status)) return reference;
  const documentStatus = catalog.get(target.documentId)?.status ?? 'deleted';
  const now = documentStatus === 'active' ? 'resolved' : documentStatus;
  if (now === reference.status) return reference;
  return {
    ...reference,
    status: now,
    statusWhenSent: reference.statusWhenSent ?? reference.status,
    target: { ...target, status: documentStatus },
    notes: [...reference.notes, NOTE[now]],
  };
}

/**
 * The messages of a stored session with every reference's status recomputed against the current
 * index (see {@link refreshStoredReference}); used where sessions are read back, never when stored.
 */
export function refreshStoredReferences(
  messages: readonly ChatMessage[],
  catalog: ReferenceCatalog,
): ChatMessage[] {
  return messages.map((message) => {
    const references = message.references.map((r) => refreshStoredReference(r, catalog));
    return references.every((r, i) => r === message.references[i])
      ? message
      : { ...message, references };
  });
}
