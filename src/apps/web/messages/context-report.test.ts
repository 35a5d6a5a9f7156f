import { describe, expect, it } from 'vitest';
import { outcomeCounts, outcomeLabel, readContextReport } from './context-report.ts';

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
    expect(read?.history).toEqual({ messages: 0, kept: 0, dropped: 0, tokens: 0 });
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
