import {
  type ChatMessage,
  FootnoteError,
  type ProposedEdit,
  type SessionStore,
} from '../core/index.ts';
import type { RetriedTurn } from './retry-answer.ts';

/** Why a question cannot be edited and asked again. */
export type NotEditableReason = 'not_found' | 'not_last' | 'applied_edits';

/**
 * The question asked to be edited is not the session's last question with its answer, or its
 * answer made edits that were applied (undo them first: the new answer could not own them).
 */
export class QuestionNotEditableError extends FootnoteError {
  readonly messageId: string;
  readonly reason: NotEditableReason;

  constructor(messageId: string, reason: NotEditableReason) {
    super('question_not_editable', QuestionNotEditableError.explain(messageId, reason));
    this.name = 'QuestionNotEditableError';
    this.messageId = messageId;
    this.reason = reason;
  }

  /** The sentence a caller is told, by reason. */
  static explain(messageId: string, reason: NotEditableReason): string {
    switch (reason) {
      case 'not_found':
        return `no question ${messageId} in this session`;
      case 'not_last':
        return `question ${messageId} is not the last of this session: only the last question can be edited`;
      case 'applied_edits':
        return `the answer to question ${messageId} made edits that were applied; undo them before editing the question`;
    }
  }
}

/**
 * The turn of question `questionId` when it can be edited and asked again: the session's last
 * question, followed by its answer and nothing else, none of whose edits were applied; else why not.
 */
export function findEditedTurn(
  messages: readonly ChatMessage[],
  questionId: string,
  edits: readonly ProposedEdit[],
): RetriedTurn | NotEditableReason {
  const at = messages.findIndex((m) => m.id === questionId);
  const question = messages[at];
  if (question?.role !== 'user') return 'not_found';
  const answer = messages[at + 1];
  if (answer?.role !== 'assistant' || at + 2 !== messages.length) return 'not_last';
  if (edits.some((e) => e.messageId === answer.id && e.status === 'applied'))
    return 'applied_edits';
  return { question, answer, before: messages.slice(0, at) };
}

/** The edited turn of `questionId` in a stored session, or the error that says why there is none. */
export async function editedTurnOf(
  sessions: SessionStore,
  sessionId: string,
  questionId: string,
): Promise<RetriedTurn> {
  const [messages, edits] = await Promise.all([
    sessions.listMessages(sessionId),
    sessions.listProposedEdits(sessionId),
  ]);
  const found = findEditedTurn(messages, questionId, edits);
  if (typeof found === 'string') throw new QuestionNotEditableError(questionId, found);
  return found;
}
