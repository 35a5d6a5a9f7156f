import type { HistoryMessage } from './context-types.ts';
import type { TokenCounter } from './token-counter.ts';

/** Per-message framing the chat format adds around each message's text. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** Earlier messages a turn carries at most (seed 003 keeps the last 10). */
export const DEFAULT_HISTORY_MESSAGES = 10;

/** The history a turn keeps, and how many older messages each rule dropped. */
export interface PrunedHistory {
  /** The messages kept, oldest first. */
  readonly kept: HistoryMessage[];
  /** Dropped for being older than the last `limit` messages. */
  readonly overLimit: number;
  /** Dropped because the token budget ran out. */
  readonly overBudget: number;
  /** Tokens the kept messages take, framing included. */
  readonly tokens: number;
}

const cost = (message: HistoryMessage, counter: TokenCounter) =>
  counter.count(message.content) + MESSAGE_OVERHEAD_TOKENS;

/** The last `limit` messages: the only ones a turn may carry, whatever the budget. */
export const recentHistory = (
  history: readonly HistoryMessage[],
  limit: number,
): readonly HistoryMessage[] => history.slice(Math.max(0, history.length - Math.max(0, limit)));

/**
 * Keeps at most the last `limit` messages, and of those the most recent that fit in `budget`
 * tokens, dropping the oldest first. The system context is never part of history, so it is never
 * dropped here. A reply whose question was dropped goes too, counted with the rule that dropped it.
 */
export function pruneHistory(
  history: readonly HistoryMessage[],
  budget: number,
  counter: TokenCounter,
  limit: number = DEFAULT_HISTORY_MESSAGES,
): PrunedHistory {
  const recent = recentHistory(history, limit);
  const kept: HistoryMessage[] = [];
  let tokens = 0;
  for (let i = recent.length - 1; i >= 0; i--) {
    const message = recent[i] as HistoryMessage;
    const size = cost(message, counter);
    if (tokens + size > budget) break;
    tokens += size;
    kept.unshift(message);
  }
  const cutForBudget = kept.length < recent.length;
  // A reply without the question it answers confuses the model: never start with an assistant turn.
  let orphans = 0;
  while (kept[0]?.role === 'assistant') {
    tokens -= cost(kept.shift() as HistoryMessage, counter);
    orphans++;
  }
  const overLimit = history.length - recent.length + (cutForBudget ? 0 : orphans);
  return { kept, overLimit, overBudget: history.length - kept.length - overLimit, tokens };
}
