import type { EvalReport } from './run-eval.ts';
import type { QuestionScore } from './score-answer.ts';
import type { EvalTotals } from './total-scores.ts';

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

const share = (part: number, whole: number, rate: number | null) =>
  rate === null ? 'n/a' : `${part} / ${whole} (${percent(rate)})`;

const decimal = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));

const yesNo = (value: boolean | null) => (value === null ? '–' : value ? 'yes' : 'NO');

/** The totals as (measure, value) rows, for the command's table and the benchmark's. */
export function evalTotalsRows(totals: EvalTotals): [string, string][] {
  const checked = (value: string) =>
    totals.claims === 0 && totals.notChecked > 0 ? 'not checked' : value;
  return [
    [
      'questions',
      `${totals.questions} (${totals.answerable} answerable, ${totals.unanswerable} not in the workspace)`,
    ],
    ['turns that failed', String(totals.failed)],
    [
      'expected source cited (page for PDFs)',
      share(totals.expectedSourceCited, totals.answerable, totals.expectedSourceCitedRate),
    ],
    [
      'answer contains the expected text',
      share(
        totals.answerContainsExpected,
        totals.withExpectedAnswer,
        totals.answerContainsExpectedRate,
      ),
    ],
    [
      'citation precision (supported / cited markers)',
      checked(`${decimal(totals.precision)} (${totals.supportedMarkers} / ${totals.citedMarkers})`),
    ],
    [
      'citation recall (claims with a supported source)',
      checked(`${decimal(totals.recall)} (${totals.supportedClaims} / ${totals.claims})`),
    ],
    [
      'cited citations with an exact quote',
      share(totals.exactQuotes, totals.citedCitations, totals.exactQuoteRate),
    ],
    ['duplicate passages (one passage, two numbers)', String(totals.duplicatePassages)],
    [
      'citations on unanswerable questions',
      `${totals.unanswerableCitations} (in ${totals.unanswerableWithCitations} of ${totals.unanswerable} answers)`,
    ],
    ['answers citing sources but not claim-checked', String(totals.notChecked)],
  ];
}

const QUESTION_HEADERS = [
  'id',
  'expected source',
  'cited',
  'text',
  'precision',
  'recall',
  'exact quotes',
  'dup',
  'status',
];

/** One row per question: what was expected and how the answer did. */
export function evalQuestionRows(scores: readonly QuestionScore[]): string[][] {
  return scores.map((s) => [
    s.id,
    s.expect === null
      ? '(not in the workspace)'
      : `${s.expect.path}${s.expect.page !== undefined ? ` p.${s.expect.page}` : ''}`,
    s.expect === null
      ? s.citedCitations === 0
        ? 'none'
        : `${s.citedCitations} CITED`
      : yesNo(s.expectedSourceCited),
    yesNo(s.answerContainsExpected),
    s.claimsChecked ? decimal(s.precision) : 'not checked',
    s.claimsChecked ? decimal(s.recall) : 'not checked',
    `${s.exactQuotes}/${s.citedCitations}`,
    String(s.duplicatePassages),
    s.status,
  ]);
}

/** Lays out rows under headers in aligned columns (numbers and counts right-aligned). */
export function layoutColumns(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  rightAligned: ReadonlySet<number> = new Set(),
): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    headers
      .map((_, i) => {
        const cell = cells[i] ?? '';
        const width = widths[i] ?? 0;
        return rightAligned.has(i) ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The whole report for people: a row per question, then the totals. */
export function formatEvalReport(report: EvalReport): string {
  const questions = layoutColumns(
    QUESTION_HEADERS,
    evalQuestionRows(report.questions),
    new Set([4, 5, 6, 7]),
  );
  const totals = layoutColumns(['total', 'value'], evalTotalsRows(report.totals));
  return `${questions}\n\n${totals}`;
}
