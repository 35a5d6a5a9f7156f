import type { QuestionScore } from './score-answer.ts';

/** The metrics over a whole question set; ratios are micro-averages, null when nothing counts. */
export interface EvalTotals {
  readonly questions: number;
  /** Questions whose turn did not complete (the model failed or was interrupted). */
  readonly failed: number;
  /** Questions with an expected source. */
  readonly answerable: number;
  readonly unanswerable: number;
  /** Questions with an expected phrase, and how many answers contain it. */
  readonly withExpectedAnswer: number;
  readonly answerContainsExpected: number;
  readonly answerContainsExpectedRate: number | null;
  /** Answerable questions whose answer cites the expected source (and page). */
  readonly expectedSourceCited: number;
  readonly expectedSourceCitedRate: number | null;
  readonly citedMarkers: number;
  readonly supportedMarkers: number;
  /** supportedMarkers / citedMarkers over all answers. */
  readonly precision: number | null;
  readonly claims: number;
  readonly supportedClaims: number;
  /** supportedClaims / claims over all answers. */
  readonly recall: number | null;
  /** Answers that cite sources but were not claim-checked (stored without a claim summary). */
  readonly notChecked: number;
  readonly citedCitations: number;
  readonly exactQuotes: number;
  readonly exactQuoteRate: number | null;
  readonly duplicatePassages: number;
  readonly unanswerableCitations: number;
  /** Unanswerable questions whose answer cites anything. */
  readonly unanswerableWithCitations: number;
}

const sum = (scores: readonly QuestionScore[], pick: (s: QuestionScore) => number) =>
  scores.reduce((total, s) => total + pick(s), 0);

const count = (scores: readonly QuestionScore[], test: (s: QuestionScore) => boolean) =>
  scores.filter(test).length;

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** Adds up per-question scores into the figures a question set is judged by. */
export function totalScores(scores: readonly QuestionScore[]): EvalTotals {
  const answerable = count(scores, (s) => s.expect !== null);
  const withExpectedAnswer = count(scores, (s) => s.answerContainsExpected !== null);
  const answerContainsExpected = count(scores, (s) => s.answerContainsExpected === true);
  const expectedSourceCited = count(scores, (s) => s.expectedSourceCited === true);
  const citedMarkers = sum(scores, (s) => s.citedMarkers);
  const supportedMarkers = sum(scores, (s) => s.supportedMarkers);
  const claims = sum(scores, (s) => s.claims);
  const supportedClaims = sum(scores, (s) => s.supportedClaims);
  const citedCitations = sum(scores, (s) => s.citedCitations);
  const exactQuotes = sum(scores, (s) => s.exactQuotes);
  return {
    questions: scores.length,
    failed: count(scores, (s) => s.status !== 'complete'),
    answerable,
    unanswerable: scores.length - answerable,
    withExpectedAnswer,
    answerContainsExpected,
    answerContainsExpectedRate: ratio(answerContainsExpected, withExpectedAnswer),
    expectedSourceCited,
    expectedSourceCitedRate: ratio(expectedSourceCited, answerable),
    citedMarkers,
    supportedMarkers,
    precision: ratio(supportedMarkers, citedMarkers),
    claims,
    supportedClaims,
    recall: ratio(supportedClaims, claims),
    notChecked: count(scores, (s) => !s.claimsChecked && s.citedCitations > 0),
    citedCitations,
    exactQuotes,
    exactQuoteRate: ratio(exactQuotes, citedCitations),
    duplicatePassages: sum(scores, (s) => s.duplicatePassages),
    unanswerableCitations: sum(scores, (s) => s.unanswerableCitations),
    unanswerableWithCitations: count(scores, (s) => s.unanswerableCitations > 0),
  };
}
