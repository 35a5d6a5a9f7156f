import type { DocumentStore } from '../../core/index.ts';
import { runTurn, type TurnOptions } from '../run-turn.ts';
import type { EvalQuestion } from './eval-question.ts';
import type { QuotedDocument } from './exact-quote.ts';
import { type QuestionScore, scoreAnswer } from './score-answer.ts';
import { type EvalTotals, totalScores } from './total-scores.ts';

/** The parts of a turn that stay the same for every question (store, sessions, model, catalog …). */
export type EvalTurnOptions = Omit<
  TurnOptions,
  | 'message'
  | 'sessionId'
  | 'newSessionId'
  | 'mode'
  | 'dryRun'
  | 'permissions'
  | 'onEvent'
  | 'signal'
>;

/** Options of {@link runEval}. */
export interface RunEvalOptions {
  readonly questions: readonly EvalQuestion[];
  readonly turn: EvalTurnOptions;
  /** Called after each question is scored, e.g. to show progress. */
  readonly onQuestion?: (score: QuestionScore, index: number) => void;
  readonly signal?: AbortSignal;
}

/** What an evaluation run measured: every question's score and the totals. */
export interface EvalReport {
  readonly questions: readonly QuestionScore[];
  readonly totals: EvalTotals;
}

/** Loads each cited document once per run, so quotes are checked against the stored text. */
function documentLoader(store: DocumentStore) {
  const loaded = new Map<string, QuotedDocument | null>();
  return async (ids: readonly string[]): Promise<Map<string, QuotedDocument>> => {
    const out = new Map<string, QuotedDocument>();
    for (const id of new Set(ids)) {
      if (!loaded.has(id)) loaded.set(id, await store.getDocument(id));
      const document = loaded.get(id);
      if (document) out.set(id, document);
    }
    return out;
  };
}

/**
 * Asks every question as its own new chat turn (read-only chat mode, a fresh session each) and
 * scores the stored answer. Sessions go to `turn.sessions`: give it a throwaway store so an
 * evaluation leaves nothing in the user's history.
 */
export async function runEval(options: RunEvalOptions): Promise<EvalReport> {
  const { questions, turn, onQuestion, signal } = options;
  const load = documentLoader(turn.store);
  const scores: QuestionScore[] = [];
  for (const [index, question] of questions.entries()) {
    signal?.throwIfAborted();
    const result = await runTurn({
      ...turn,
      message: question.message,
      sessionId: null,
      mode: 'chat',
      ...(signal && { signal }),
    });
    const { assistant } = result;
    const documents = await load(
      assistant.citations.filter((c) => c.cited).map((c) => c.documentId),
    );
    const score = scoreAnswer(question, assistant, documents);
    scores.push(score);
    onQuestion?.(score, index);
  }
  return { questions: scores, totals: totalScores(scores) };
}
