import { type ChatMessage, FootnoteError, type SessionStore } from '../core/index.ts';

/** The answer asked to be written again is not an answer of this session. */
export class AnswerNotFoundError extends FootnoteError {
  readonly messageId: string;

  constructor(messageId: string) {
    super('answer_not_found', `no answer ${messageId} in this session`);
    this.name = 'AnswerNotFoundError';
    this.messageId = messageId;
  }
}

/** An answer to write again: the question it answers, and the messages before that question. */
export interface RetriedTurn {
  readonly question: ChatMessage;
  readonly answer: ChatMessage;
  /** The conversation as it stood when the question was asked: its history. */
  readonly before: readonly ChatMessage[];
}

/**
 * The turn of answer `answerId` among a session's messages, or null when it is not an assistant
 * message right after a user message (only such a pair is one turn).
 */
export function findRetriedTurn(
  messages: readonly ChatMessage[],
  answerId: string,
): RetriedTurn | null {
  const at = messages.findIndex((m) => m.id === answerId);
  const answer = messages[at];
  const question = messages[at - 1];
  if (answer?.role !== 'assistant' || question?.role !== 'user') return null;
  return { question, answer, before: messages.slice(0, at - 1) };
}

/**
 * Writes a retried turn over the stored one, in place (`user` and `assistant` carry the stored
 * ids): the question keeps its place with the references resolved now, the answer keeps its place
 * and starts again as `streaming`
 * with nothing of the old attempt (text, citations, tool calls, error); its edits still only
 * proposed are discarded, as the new attempt makes its own. No message is added, so the session
 * reads question, answer as before — never the question twice.
 */
export async function restartTurn(
  sessions: SessionStore,
  turn: RetriedTurn,
  user: ChatMessage,
  assistant: ChatMessage,
): Promise<void> {
  await sessions.updateMessage(user);
  await sessions.updateMessage(assistant);
  for (const edit of await sessions.listProposedEdits(turn.question.sessionId)) {
    if (edit.messageId !== turn.answer.id || edit.status !== 'proposed') continue;
    await sessions.updateProposedEditStatus(edit.id, {
      status: 'discarded',
      updatedAt: assistant.updatedAt,
      from: ['proposed'],
    });
  }
}
