import { asksToEdit } from '../../../core/references/asks-to-edit.ts';
import type { ViewMessage } from '../chat/view-message.ts';

/**
 * Whether an answer came to a request for a change sent in chat mode, which is read-only: the
 * question asks to edit ("Rewrite [[…]]"), yet none of its references was granted write or insert
 * (agent mode grants them from the same verbs) and the answer made no edit.
 */
export function isReadOnlyEditRequest(question: ViewMessage | null, answer: ViewMessage): boolean {
  if (!question || answer.role !== 'assistant' || answer.edits.length > 0) return false;
  const granted = question.references.some((r) => r.origin === 'user' && r.permission !== 'read');
  return !granted && asksToEdit(question.content);
}
