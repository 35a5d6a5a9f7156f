import type { HistoryMessage } from './context-types.ts';
import type { TokenCounter } from './token-counter.ts';

/** Per-message framing the chat format adds around each message's text. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * Keeps the most recent messages that fit in `budget` tokens, dropping the oldest first. The
 * system context is never part of history, so it is never dropped here.
 */
export function pruneHistory(
  history: readonly HistoryMessage[],
  budget: number,
  counter: TokenCounter,
): HistoryMessage[] {
  const kept: HistoryMessage[] = [];
  let used = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i] as HistoryMessage;
    const cost = counter.count(message.content) + MESSAGE_OVERHEAD_TOKENS;
    if (used + cost > budget) break;
    used += cost;
    kept.unshift(message);
  }
  // A reply without the question it answers confuses the model: never start with an assistant turn.
  while (kept[0]?.role === 'assistant') kept.shift();
  return kept;
}
