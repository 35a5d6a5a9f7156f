import { describe, expect, it } from 'vitest';
import type { Citation, CitationQuote, Claim, SourceSupport } from '../../core/index.ts';
import type { EvalQuestion } from './eval-question.ts';
import type { QuotedDocument } from './exact-quote.ts';
import { type EvaluatedAnswer, isDuplicatePassage, scoreAnswer } from './score-answer.ts';
import { totalScores } from './total-scores.ts';

const REPORT_PAGE_1 = 'Site: Wanjiru farm.\n';
const REPORT_PAGE_2 = 'Peak flow rate: 2.6 m3/h at 12:30.\n';
const report: QuotedDocument = {
  body: `${REPORT_PAGE_1}${REPORT_PAGE_2}`,
  pages: [
    { number: 1, start: 0, end: REPORT_PAGE_1.length },
    { number: 2, start: REPORT_PAGE_1.length, end: REPORT_PAGE_1.length + REPORT_PAGE_2.length },
  ],
  entity: null,
};
const design: QuotedDocument = {
  body: 'Peak flow rate reached 2.6 m3/h at 12:30, above the target. Silt clogged the strainer.',
  pages: [],
  entity: null,
};
const documents = new Map([
  ['report', report],
  ['design', design],
]);

const bodyQuote = (doc: QuotedDocument, text: string): CitationQuote => {
  const start = doc.body.indexOf(text);
  return { text, start, end: start + text.length, found: true };
};

const citation = (fields: Partial<Citation> & Pick<Citation, 'n' | 'documentId'>): Citation => ({
  path: fields.documentId === 'report' ? 'pdfs/field-report.pdf' : 'notes/Design Review.md',
  title: fields.documentId,
  kind: fields.documentId === 'report' ? 'pdf' : 'note',
  chunkId: null,
  page: null,
  section: null,
  heading: null,
  start: 0,
  end: 10,
  excerpt: '',
  cited: true,
  quote: null,
  support: null,
  ...fields,
});

const support = (n: number, verdict: SourceSupport['verdict']): SourceSupport => ({
  n,
  verdict,
  score: verdict === 'supported' ? 1 : 0,
  quote: null,
  missing: [],
});

const claim = (text: string, ...sources: SourceSupport[]): Claim => ({
  start: 0,
  end: text.length,
  text,
  markers: sources.map((s) => s.n),
  support: sources,
  verdict: sources.some((s) => s.verdict === 'supported') ? 'supported' : 'unsupported',
});

const answer = (fields: Partial<EvaluatedAnswer>): EvaluatedAnswer => ({
  content: '',
  status: 'complete',
  error: null,
  citations: [],
  claims: [],
  claimSummary: { claims: 0, supported: 0, partial: 0, unsupported: 0 },
  ...fields,
});

const flowQuestion: EvalQuestion = {
  id: 'flow',
  message: 'What flow rate did the pump reach in @field-report.pdf?',
  expect: { path: 'pdfs/field-report.pdf', page: 2, answer: '2.6   M3/H' },
  line: 1,
};
const ceoQuestion: EvalQuestion = { id: 'ceo', message: 'Who is the CEO?', expect: null, line: 2 };

const pageQuote: CitationQuote = {
  text: 'Peak flow rate: 2.6 m3/h',
  start: null,
  end: null,
  found: true,
  page: 2,
  pageStart: 0,
  pageEnd: 24,
};

describe('scoreAnswer', () => {
  it('scores a right answer: expected page cited, expected text folded, every pair supported, exact quote', () => {
    const score = scoreAnswer(
      flowQuestion,
      answer({
        content: 'Peak flow rate: 2.6 m3/h\nat 12:30 [1]. It then fell [1][2].',
        citations: [
          citation({ n: 1, documentId: 'report', page: 2, start: 20, end: 55, quote: pageQuote }),
          citation({
            n: 2,
            documentId: 'design',
            quote: bodyQuote(design, 'Silt clogged the strainer.'),
          }),
          citation({ n: 3, documentId: 'design', cited: false }),
        ],
        claims: [
          claim('Peak flow rate: 2.6 m3/h at 12:30.', support(1, 'supported')),
          claim('It then fell.', support(1, 'partial'), support(2, 'supported')),
        ],
        claimSummary: { claims: 2, supported: 2, partial: 0, unsupported: 0 },
      }),
      documents,
    );
    expect(score).toMatchObject({
      answerContainsExpected: true,
      expectedSourceCited: true,
      citedMarkers: 3,
      supportedMarkers: 2,
      precision: 2 / 3,
      claims: 2,
      supportedClaims: 2,
      recall: 1,
      claimsChecked: true,
      citedCitations: 2,
      exactQuotes: 2,
      duplicatePassages: 0,
      unanswerableCitations: 0,
    });
    expect(score.cited.map((c) => [c.n, c.page, c.exactQuote])).toEqual([
      [1, 2, true],
      [2, null, true],
    ]);
  });

  it('does not count the right document on the wrong page, nor an uncited citation of it', () => {
    const score = scoreAnswer(
      flowQuestion,
      answer({
        content: 'It flowed at 2.6 m3/h [1].',
        citations: [
          citation({ n: 1, documentId: 'report', page: 1 }),
          citation({ n: 2, documentId: 'report', page: 2, cited: false }),
        ],
        claims: [claim('It flowed at 2.6 m3/h.', support(1, 'unsupported'))],
      }),
      documents,
    );
    expect(score.expectedSourceCited).toBe(false);
    expect(score.answerContainsExpected).toBe(true);
    expect(score.precision).toBe(0);
    expect(score.recall).toBe(0);
    expect(score.exactQuotes).toBe(0);
  });

  it("takes the quote's page when the citation covers the whole PDF", () => {
    const score = scoreAnswer(
      flowQuestion,
      answer({
        citations: [
          citation({ n: 1, documentId: 'report', page: null, end: 55, quote: pageQuote }),
        ],
      }),
      documents,
    );
    expect(score.expectedSourceCited).toBe(true);
    expect(score.answerContainsExpected).toBe(false);
  });

  it('counts cited citations on a question the workspace cannot answer', () => {
    const score = scoreAnswer(
      ceoQuestion,
      answer({
        content: 'Silt clogged the strainer [2].',
        citations: [
          citation({ n: 1, documentId: 'report', cited: false }),
          citation({ n: 2, documentId: 'design' }),
        ],
      }),
      documents,
    );
    expect(score.expectedSourceCited).toBeNull();
    expect(score.answerContainsExpected).toBeNull();
    expect(score.unanswerableCitations).toBe(1);
    expect(score.precision).toBeNull();
    expect(score.recall).toBeNull();
  });

  it('marks an answer stored before claim checking as not checked', () => {
    const score = scoreAnswer(
      flowQuestion,
      answer({ citations: [citation({ n: 1, documentId: 'design' })], claimSummary: null }),
      documents,
    );
    expect(score.claimsChecked).toBe(false);
    expect(score.precision).toBeNull();
  });

  it('counts every pair of cited citations that show one passage under two numbers', () => {
    const score = scoreAnswer(
      ceoQuestion,
      answer({
        citations: [
          citation({ n: 1, documentId: 'design', start: 0, end: 87 }),
          citation({ n: 2, documentId: 'design', start: 10, end: 40 }),
          citation({ n: 3, documentId: 'design', start: 60, end: 87 }),
          citation({ n: 4, documentId: 'report', page: 2, start: 20, end: 55 }),
          citation({ n: 5, documentId: 'report', page: 2, start: 20, end: 30 }),
          citation({ n: 6, documentId: 'report', page: 1, start: 0, end: 20 }),
        ],
      }),
      documents,
    );
    // 1 holds 2 and 3; 4 and 5 share page 2 (and 4 holds 5); 6 is elsewhere.
    expect(score.duplicatePassages).toBe(3);
  });
});

describe('isDuplicatePassage', () => {
  it('tells overlapping but not nested spans apart from nested ones, and documents apart', () => {
    const a = citation({ n: 1, documentId: 'design', start: 0, end: 30 });
    expect(
      isDuplicatePassage(a, citation({ n: 2, documentId: 'design', start: 20, end: 50 })),
    ).toBe(false);
    expect(isDuplicatePassage(a, citation({ n: 2, documentId: 'design', start: 0, end: 30 }))).toBe(
      true,
    );
    expect(isDuplicatePassage(a, citation({ n: 2, documentId: 'report', start: 0, end: 30 }))).toBe(
      false,
    );
  });
});

describe('totalScores', () => {
  it('adds up pairs, claims and quotes as micro-averages and counts unanswerable answers that cite', () => {
    const right = scoreAnswer(
      flowQuestion,
      answer({
        content: 'Peak flow rate: 2.6 m3/h [1].',
        citations: [citation({ n: 1, documentId: 'report', page: 2, quote: pageQuote })],
        claims: [claim('Peak flow rate: 2.6 m3/h.', support(1, 'supported'))],
      }),
      documents,
    );
    const wrong = scoreAnswer(
      { ...flowQuestion, id: 'flow-2' },
      answer({
        content: 'The budget is 148,500 dollars [1].',
        citations: [citation({ n: 1, documentId: 'design' })],
        claims: [claim('The budget is 148,500 dollars.', support(1, 'unsupported'))],
      }),
      documents,
    );
    const cited = scoreAnswer(
      ceoQuestion,
      answer({
        content: 'Silt clogged the strainer [1].',
        citations: [
          citation({
            n: 1,
            documentId: 'design',
            quote: bodyQuote(design, 'Silt clogged the strainer.'),
          }),
        ],
        claims: [claim('Silt clogged the strainer.', support(1, 'supported'))],
      }),
      documents,
    );
    const failed = scoreAnswer(
      { ...ceoQuestion, id: 'ceo-2' },
      answer({ status: 'failed', error: 'boom', claimSummary: null }),
      documents,
    );
    expect(totalScores([right, wrong, cited, failed])).toEqual({
      questions: 4,
      failed: 1,
      answerable: 2,
      unanswerable: 2,
      withExpectedAnswer: 2,
      answerContainsExpected: 1,
      answerContainsExpectedRate: 0.5,
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
      exactQuotes: 2,
      exactQuoteRate: 2 / 3,
      duplicatePassages: 0,
      unanswerableCitations: 1,
      unanswerableWithCitations: 1,
    });
  });

  it('leaves ratios null when nothing was counted', () => {
    const totals = totalScores([]);
    expect(totals.precision).toBeNull();
    expect(totals.expectedSourceCitedRate).toBeNull();
    expect(totals.exactQuoteRate).toBeNull();
  });
});
