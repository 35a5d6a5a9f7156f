import { describe, expect, it } from 'vitest';
import {
  historyDropLabel,
  outcomeCounts,
  outcomeLabel,
  readContextReport,
  signalsLabel,
} from './context-report.ts';

const report = {
  budget: {
    contextWindow: 8000,
    answerReserve: 1000,
    fixedTokens: 300,
    historyAllowance: 500,
    contextTokens: 6200,
    usedTokens: 2100,
  },
  items: [
    {
      origin: 'reference',
      label: 'Solar Pump Project # Risks',
      documentId: 'd1',
      path: 'notes/projects/Solar Pump Project.md',
      n: 1,
      fullTokens: 400,
      tokens: 400,
      outcome: 'whole',
      reason: null,
    },
    {
      origin: 'retrieval',
      label: 'Budget',
      documentId: 'd2',
      path: 'notes/projects/Budget.md',
      n: null,
      fullTokens: 900,
      tokens: 0,
      outcome: 'dropped',
      reason: 'over budget',
    },
  ],
  history: { messages: 4, kept: 4, dropped: 0, tokens: 250 },
  totalTokens: 2650,
};

describe('readContextReport', () => {
  it('reads the report the server stores', () => {
    const read = readContextReport(report);
    expect(read?.items).toHaveLength(2);
    expect(read?.items[1]?.reason).toBe('over budget');
    expect(read?.totalTokens).toBe(2650);
    expect(read?.history.kept).toBe(4);
  });

  it('reads which retrievals found a searched block, and says it in words', () => {
    const found = (signals: unknown) =>
      readContextReport({ ...report, items: [{ ...report.items[1], signals }] })?.items[0];
    expect(found(['vector'])?.signals).toEqual(['vector']);
    expect(signalsLabel(found(['vector']) as never)).toBe('meaning');
    expect(signalsLabel(found(['lexical', 'vector']) as never)).toBe('words + meaning');
    expect(signalsLabel(found(['lexical']) as never)).toBe('words');
    // Older reports and odd values say nothing rather than something wrong.
    for (const odd of [undefined, [], ['semantic'], 'vector']) {
      expect(found(odd)?.signals).toBeUndefined();
      expect(signalsLabel(found(odd) as never)).toBeNull();
    }
  });

  it('rejects shapes it does not know', () => {
    expect(readContextReport(null)).toBeNull();
    expect(readContextReport({ items: 'x' })).toBeNull();
    expect(readContextReport({ ...report, budget: {} })).toBeNull();
    expect(readContextReport({ ...report, items: [{ label: 'x' }] })).toBeNull();
    expect(
      readContextReport({ ...report, items: [{ ...report.items[0], outcome: 'eaten' }] }),
    ).toBeNull();
  });

  it('fills missing history and totals', () => {
    const { history: _history, totalTokens: _total, ...rest } = report;
    const read = readContextReport(rest);
    expect(read?.history).toEqual({
      messages: 0,
      kept: 0,
      dropped: 0,
      limit: null,
      overLimit: 0,
      overBudget: 0,
      tokens: 0,
    });
    expect(read?.totalTokens).toBe(2100);
  });
});

describe('labels', () => {
  it('says how far a block was cut', () => {
    const cut = { ...report.items[0], outcome: 'cut', tokens: 120, fullTokens: 400 } as const;
    expect(outcomeLabel(cut as never)).toBe('cut to 120 of 400');
  });

  it('counts outcomes', () => {
    expect(outcomeCounts(readContextReport(report)?.items ?? [])).toEqual({
      whole: 1,
      cut: 0,
      dropped: 1,
    });
  });
});

describe('history', () => {
  const history = (over: object) =>
    readContextReport({ ...report, history: { ...report.history, ...over } })?.history;

  it('says how many older messages were left out, and why', () => {
    const h = history({
      messages: 16,
      kept: 8,
      dropped: 8,
      limit: 10,
      overLimit: 6,
      overBudget: 2,
    });
    expect(h).toMatchObject({ limit: 10, overLimit: 6, overBudget: 2 });
    expect(historyDropLabel(h as never)).toBe(
      '8 left out: 6 older than the last 10, 2 for lack of room',
    );
    const limited = history({ messages: 14, kept: 10, dropped: 4, limit: 10, overLimit: 4 });
    expect(historyDropLabel(limited as never)).toBe('4 left out: 4 older than the last 10');
    expect(historyDropLabel(history({}) as never)).toBeNull();
  });

  it('reads a report stored before the limit as drops for lack of room', () => {
    const old = history({ messages: 6, kept: 4, dropped: 2 });
    expect(old).toMatchObject({ limit: null, overLimit: 0, overBudget: 2 });
    expect(historyDropLabel(old as never)).toBe('2 left out: 2 for lack of room');
  });
});
