import type { ViewMessage } from './view-message.ts';

/** The last turn's question and answer, when the question may be edited and sent again. */
export interface EditableTurn {
  readonly question: ViewMessage;
  readonly answer: ViewMessage;
}

/** Ids the server has not stored yet (shown before the stored session is read again). */
const isLocal = (id: string) => id.startsWith('local-') || id.startsWith('pending-');

/**
 * The turn whose question can be edited: the last question with its answer after it, both stored,
 * the answer done (not still streaming) and none of its edits applied (the server refuses those:
 * the new answer could not own them). Null otherwise.
 */
export function editableTurn(messages: readonly ViewMessage[]): EditableTurn | null {
  const answer = messages.at(-1);
  const question = messages.at(-2);
  if (question?.role !== 'user' || answer?.role !== 'assistant') return null;
  if (isLocal(question.id) || isLocal(answer.id) || answer.status === 'streaming') return null;
  if (answer.edits.some((e) => e.status === 'applied')) return null;
  return { question, answer };
}
