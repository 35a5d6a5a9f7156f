import { describe, expect, it } from 'vitest';
import type { HistoryMessage } from './context-types.ts';
import { DEFAULT_HISTORY_MESSAGES, pruneHistory, recentHistory } from './prune-history.ts';
import type { TokenCounter } from './token-counter.ts';

/** One token per word keeps the arithmetic readable. */
const words: TokenCounter = { count: (text) => text.split(/\s+/).filter(Boolean).length };

/** `n` messages, user first, each `size` words long and numbered from 0. */
const conversation = (n: number, size = 1): HistoryMessage[] =>
  Array.from({ length: n }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: [`m${i}`, ...Array(size - 1).fill('w')].join(' '),
  }));

describe('pruneHistory', () => {
  it('keeps the last 10 messages by default, as seed 003 does, and counts the older ones', () => {
    const history = conversation(14);
    const pruned = pruneHistory(history, 10_000, words);
    expect(DEFAULT_HISTORY_MESSAGES).toBe(10);
    expect(pruned.kept.map((m) => m.content)).toEqual(history.slice(-10).map((m) => m.content));
    expect(pruned).toMatchObject({ overLimit: 4, overBudget: 0, tokens: 10 * 5 });
  });

  it('takes its limit as an option, and 0 keeps no history', () => {
    expect(pruneHistory(conversation(14), 10_000, words, 4).kept.map((m) => m.content)).toEqual([
      'm10',
      'm11',
      'm12',
      'm13',
    ]);
    expect(pruneHistory(conversation(4), 10_000, words, 0)).toMatchObject({
      kept: [],
      overLimit: 4,
      overBudget: 0,
      tokens: 0,
    });
  });

  it('drops the oldest of the last N first when the tokens run out', () => {
    // Each message costs 10 words + 4 framing tokens = 14; 60 tokens hold four.
    const pruned = pruneHistory(conversation(12, 10), 60, words);
    expect(pruned.kept.map((m) => m.content.split(' ')[0])).toEqual(['m8', 'm9', 'm10', 'm11']);
    expect(pruned).toMatchObject({ overLimit: 2, overBudget: 6, tokens: 56 });
  });

  it('never starts with a reply, and counts a dropped reply with the rule that cut its question', () => {
    // The limit of 3 starts at m9, a reply: it goes too, counted as over the limit.
    const limited = pruneHistory(conversation(12), 10_000, words, 3);
    expect(limited.kept.map((m) => m.content)).toEqual(['m10', 'm11']);
    expect(limited).toMatchObject({ overLimit: 10, overBudget: 0, tokens: 10 });
    // The budget holds three messages, m9 to m11: m9 is a reply, so it goes, counted for the budget.
    const tight = pruneHistory(conversation(12, 10), 42, words);
    expect(tight.kept.map((m) => m.content.split(' ')[0])).toEqual(['m10', 'm11']);
    expect(tight).toMatchObject({ overLimit: 2, overBudget: 8, tokens: 28 });
  });

  it('keeps everything when the session is short', () => {
    expect(pruneHistory(conversation(3), 10_000, words)).toMatchObject({
      overLimit: 0,
      overBudget: 0,
    });
    expect(pruneHistory([], 10_000, words).kept).toEqual([]);
  });
});

describe('recentHistory', () => {
  it('is the last N messages, all of them when fewer', () => {
    expect(recentHistory(conversation(5), 2).map((m) => m.content)).toEqual(['m3', 'm4']);
    expect(recentHistory(conversation(2), 10)).toHaveLength(2);
  });
});
