import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EvalReport } from '../src/chat/eval/index.ts';
import { startOpenAIStubServer } from '../src/testing/openai-stub-server.ts';
import { copySampleWorkspace, runFootnote, runFootnoteAsync } from '../src/testing/run-footnote.ts';
import { createTempWorkspace, type TempWorkspace } from '../src/testing/temp-workspace.ts';

const PUMP = 'The pump reached 2.6 m3/h at noon on the first day.';
const BUDGET = 'The total budget is 148,500 dollars.';

/** Three questions whose scripted answers are right, cite the wrong source, and answer the unanswerable. */
const QUESTIONS = [
  {
    id: 'right',
    message: 'What flow rate did [[Pump]] reach?',
    expect: { path: 'Pump.md', answer: '2.6  M3/h' },
  },
  {
    id: 'wrong-source',
    message: 'How big is the budget? See [[Pump]] and [[Budget]].',
    expect: { path: 'Budget.md', answer: '148,500 dollars' },
  },
  { id: 'unanswerable', message: 'What colour is the cat in [[Pump]]?', expect: null },
];

let workspace: TempWorkspace | null = null;
afterEach(() => {
  workspace?.cleanup();
  workspace = null;
});

function tinyWorkspace(): TempWorkspace {
  workspace = createTempWorkspace({
    'Pump.md': `# Pump\n\n${PUMP}\n`,
    'Budget.md': `# Budget\n\n${BUDGET}\n`,
    'questions.jsonl': `${QUESTIONS.map((q) => JSON.stringify(q)).join('\n')}\n`,
  });
  return workspace;
}

describe('footnote eval on scripted answers (OpenAI-compatible stub)', () => {
  it('reports each question and the totals as JSON, and leaves no session in the workspace', async () => {
    const ws = tinyWorkspace();
    // [[Pump]] is source 1 in every question, [[Budget]] source 2 in the second.
    const stub = await startOpenAIStubServer([
      { text: `${PUMP.slice(0, -1)} [1].` },
      { text: `${BUDGET.slice(0, -1)} [1].` },
      { text: `${PUMP.slice(0, -1)} [1].` },
    ]);
    try {
      const run = await runFootnoteAsync([
        'eval',
        join(ws.root, 'questions.jsonl'),
        '--workspace',
        ws.root,
        '--model',
        'openai-compatible:stub',
        '--base-url',
        stub.url,
        '--json',
      ]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(stub.requests).toHaveLength(3);
      const report = JSON.parse(run.stdout) as EvalReport;
      const [right, wrong, unanswerable] = report.questions;

      expect(right).toMatchObject({
        id: 'right',
        status: 'complete',
        answerContainsExpected: true,
        expectedSourceCited: true,
        citedMarkers: 1,
        supportedMarkers: 1,
        precision: 1,
        claims: 1,
        supportedClaims: 1,
        recall: 1,
        claimsChecked: true,
        citedCitations: 1,
        exactQuotes: 1,
        duplicatePassages: 0,
        unanswerableCitations: 0,
      });
      expect(right?.cited).toEqual([
        { n: 1, path: 'Pump.md', page: null, support: 'supported', quote: PUMP, exactQuote: true },
      ]);

      // The right words, the wrong source: the number is not in Pump.md, so the pair is unsupported.
      expect(wrong).toMatchObject({
        id: 'wrong-source',
        answerContainsExpected: true,
        expectedSourceCited: false,
        citedMarkers: 1,
        supportedMarkers: 0,
        precision: 0,
        claims: 1,
        supportedClaims: 0,
        recall: 0,
        citedCitations: 1,
        unanswerableCitations: 0,
      });
      expect(wrong?.cited.map((c) => [c.path, c.support])).toEqual([['Pump.md', 'unsupported']]);

      expect(unanswerable).toMatchObject({
        id: 'unanswerable',
        answerContainsExpected: null,
        expectedSourceCited: null,
        citedMarkers: 1,
        supportedMarkers: 1,
        citedCitations: 1,
        exactQuotes: 1,
        unanswerableCitations: 1,
      });

      expect(report.totals).toMatchObject({
        questions: 3,
        failed: 0,
        answerable: 2,
        unanswerable: 1,
        withExpectedAnswer: 2,
        answerContainsExpected: 2,
        answerContainsExpectedRate: 1,
        expectedSourceCited: 1,
        expectedSourceCitedRate: 0.5,
        citedMarkers: 3,
        supportedMarkers: 2,
        precision: 2 / 3,
        claims: 3,
        supportedClaims: 2,
        recall: 2 / 3,
        notChecked: 0,
        citedCitations: 3,
        duplicatePassages: 0,
        unanswerableCitations: 1,
        unanswerableWithCitations: 1,
      });

      const sessions = runFootnote('sessions', 'list', '--workspace', ws.root, '--json');
      expect(JSON.parse(sessions.stdout)).toEqual({ sessions: [] });
    } finally {
      await stub.close();
    }
  });

  it('prints a table for people: a row per question, then the totals', () => {
    const ws = tinyWorkspace();
    const run = runFootnote('eval', join(ws.root, 'questions.jsonl'), '--workspace', ws.root);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^id\s+expected source\s+cited\s+text\s+precision\s+recall/);
    for (const q of QUESTIONS) expect(lines.some((l) => l.startsWith(`${q.id} `))).toBe(true);
    expect(run.stdout).toMatch(/^expected source cited \(page for PDFs\)\s+\d+ \/ 2 /m);
    expect(run.stdout).toMatch(
      /^citations on unanswerable questions\s+\d+ \(in \d+ of 1 answers\)/m,
    );
  });
});

describe('footnote eval usage errors', () => {
  it('exits 2 with the line number of a bad JSON line, before touching the workspace', () => {
    const ws = createTempWorkspace({
      'q.jsonl': '{"id":"a","message":"Hi","expect":null}\n\n{"id":"b","message":\n',
    });
    workspace = ws;
    const run = runFootnote('eval', join(ws.root, 'q.jsonl'), '--workspace', ws.root);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('q.jsonl:3: not JSON');
  });

  it('exits 2 on a missing file and on a line of the wrong shape', () => {
    const ws = createTempWorkspace({
      'q.jsonl': '{"id":"a","message":"Hi","expect":{"page":2}}\n',
    });
    workspace = ws;
    const missing = runFootnote('eval', join(ws.root, 'nope.jsonl'), '--workspace', ws.root);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*nope\.jsonl/);
    const shape = runFootnote('eval', join(ws.root, 'q.jsonl'), '--workspace', ws.root);
    expect(shape.code).toBe(2);
    expect(shape.stderr).toMatch(/q\.jsonl:1: expected .*expect\.path/);
  });
});

describe('the offline model on examples/eval/questions.jsonl (issue 11 targets)', () => {
  it('cites the expected source (and page) for ≥ 90% of answerable questions, with precise, exact, unduplicated citations, and none on unanswerable questions', async () => {
    const sample = copySampleWorkspace();
    try {
      const run = await runFootnoteAsync([
        'eval',
        resolve(import.meta.dirname, '../examples/eval/questions.jsonl'),
        '--workspace',
        sample.workspace,
        '--json',
      ]);
      expect(run.code).toBe(0);
      const { questions, totals } = JSON.parse(run.stdout) as EvalReport;
      const ids = (miss: (q: EvalReport['questions'][number]) => boolean) =>
        questions
          .filter(miss)
          .map((q) => q.id)
          .join(', ');
      expect(totals.questions).toBeGreaterThanOrEqual(40);
      expect(totals.failed).toBe(0);
      // Soft, so one run reports every target missed and the questions that missed it.
      expect
        .soft(
          totals.expectedSourceCitedRate,
          `source not cited: ${ids((q) => q.expectedSourceCited === false)}`,
        )
        .toBeGreaterThanOrEqual(0.9);
      expect
        .soft(
          totals.precision,
          `unsupported pairs: ${ids((q) => q.supportedMarkers < q.citedMarkers)}`,
        )
        .toBeGreaterThanOrEqual(0.95);
      expect
        .soft(
          totals.exactQuoteRate,
          `quotes not exact: ${ids((q) => q.exactQuotes < q.citedCitations)}`,
        )
        .toBe(1);
      expect
        .soft(totals.duplicatePassages, `duplicates: ${ids((q) => q.duplicatePassages > 0)}`)
        .toBe(0);
      expect
        .soft(totals.unanswerableCitations, `cited: ${ids((q) => q.unanswerableCitations > 0)}`)
        .toBe(0);
    } finally {
      sample.cleanup();
    }
  }, 120_000);
});
