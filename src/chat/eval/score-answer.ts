import type { ChatMessage, Citation } from '../../core/index.ts';
import type { EvalQuestion } from './eval-question.ts';
import { isExactQuote, type QuotedDocument } from './exact-quote.ts';

/** The parts of an assistant message the metrics read. */
export type EvaluatedAnswer = Pick<
  ChatMessage,
  'content' | 'status' | 'error' | 'citations' | 'claims' | 'claimSummary'
>;

/** One cited source of an answer, as the report lists it. */
export interface CitedSource {
  readonly n: number;
  readonly path: string;
  readonly page: number | null;
  readonly support: Citation['support'];
  /** The words of the source the citation rests on, as the answer's checker found them. */
  readonly quote: string | null;
  readonly exactQuote: boolean;
}

/** Every metric of one question; a ratio is null when it has nothing to count. */
export interface QuestionScore {
  readonly id: string;
  readonly message: string;
  readonly expect: EvalQuestion['expect'];
  readonly status: ChatMessage['status'];
  readonly error: string | null;
  readonly answer: string;
  /** The answer contains `expect.answer` (case and whitespace folded); null when none is expected. */
  readonly answerContainsExpected: boolean | null;
  /** A cited source is `expect.path` (on `expect.page` for a PDF); null for unanswerable questions. */
  readonly expectedSourceCited: boolean | null;
  /** (claim, source) pairs: every source each claim cites. */
  readonly citedMarkers: number;
  /** Pairs whose verdict is `supported`. */
  readonly supportedMarkers: number;
  /** supportedMarkers / citedMarkers. */
  readonly precision: number | null;
  readonly claims: number;
  /** Claims with at least one supported source. */
  readonly supportedClaims: number;
  /** supportedClaims / claims. */
  readonly recall: number | null;
  /** False when the message was stored before claims were checked (no claim summary). */
  readonly claimsChecked: boolean;
  readonly citedCitations: number;
  /** Cited citations whose quote is exactly the words of the source. */
  readonly exactQuotes: number;
  /** Pairs of cited citations of one document where one's span holds the other's, or on one page. */
  readonly duplicatePassages: number;
  /** Cited citations of an answer to a question the workspace cannot answer. */
  readonly unanswerableCitations: number;
  readonly cited: readonly CitedSource[];
}

/** Lower case, runs of whitespace as one space: how expected phrases are compared with answers. */
export const foldForComparison = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

const onExpectedPage = (citation: Citation, page: number | undefined) =>
  page === undefined || citation.page === page || citation.quote?.page === page;

/** Two cited citations show the same passage: the same page, or one span inside the other. */
export function isDuplicatePassage(a: Citation, b: Citation): boolean {
  if (a.documentId !== b.documentId) return false;
  if (a.page !== null && a.page === b.page) return true;
  const contains = (outer: Citation, inner: Citation) =>
    outer.start <= inner.start && inner.end <= outer.end;
  return contains(a, b) || contains(b, a);
}

function countDuplicatePassages(cited: readonly Citation[]): number {
  let pairs = 0;
  for (const [i, a] of cited.entries()) {
    for (const b of cited.slice(i + 1)) if (isDuplicatePassage(a, b)) pairs++;
  }
  return pairs;
}

/**
 * Scores one answer against its question. `documents` maps the document ids of the cited
 * citations to their stored text, against which quotes are checked; a missing one fails the check.
 */
export function scoreAnswer(
  question: EvalQuestion,
  answer: EvaluatedAnswer,
  documents: ReadonlyMap<string, QuotedDocument>,
): QuestionScore {
  const { expect } = question;
  const cited = answer.citations.filter((c) => c.cited);
  const exact = cited.map((c) => isExactQuote(c.quote, documents.get(c.documentId) ?? null));
  const pairs = answer.claims.flatMap((claim) => claim.support);
  const supportedMarkers = pairs.filter((s) => s.verdict === 'supported').length;
  const supportedClaims = answer.claims.filter((claim) =>
    claim.support.some((s) => s.verdict === 'supported'),
  ).length;
  return {
    id: question.id,
    message: question.message,
    expect,
    status: answer.status,
    error: answer.error,
    answer: answer.content,
    answerContainsExpected:
      expect?.answer === undefined
        ? null
        : foldForComparison(answer.content).includes(foldForComparison(expect.answer)),
    expectedSourceCited:
      expect === null
        ? null
        : cited.some((c) => c.path === expect.path && onExpectedPage(c, expect.page)),
    citedMarkers: pairs.length,
    supportedMarkers,
    precision: ratio(supportedMarkers, pairs.length),
    claims: answer.claims.length,
    supportedClaims,
    recall: ratio(supportedClaims, answer.claims.length),
    claimsChecked: answer.claimSummary !== null,
    citedCitations: cited.length,
    exactQuotes: exact.filter(Boolean).length,
    duplicatePassages: countDuplicatePassages(cited),
    unanswerableCitations: expect === null ? cited.length : 0,
    cited: cited.map((c, i) => ({
      n: c.n,
      path: c.path,
      page: c.quote?.page ?? c.page,
      support: c.support,
      quote: c.quote?.text ?? null,
      exactQuote: exact[i] ?? false,
    })),
  };
}
