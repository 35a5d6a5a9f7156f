import type { AnalyzedFields } from '../core/index.ts';
import type { WeightedTerm } from './rank-bm25f.ts';

/** Settings of pseudo-relevance feedback (RM3). */
export interface FeedbackParams {
  /** How many top first-pass results are taken as evidence; 0 turns feedback off. */
  readonly documents: number;
  /** How many terms the relevance model keeps. */
  readonly terms: number;
  /** Share of the final query given to the words typed (the rest goes to the relevance model). */
  readonly originalWeight: number;
}

/** RM3 as usually run (10 documents, 20 terms, half the weight kept on the typed words). */
export const DEFAULT_FEEDBACK: FeedbackParams = { documents: 10, terms: 20, originalWeight: 0.5 };

const DIGITS = /^\d+$/;

/**
 * The relevance model of RM3: each top document's term distribution (counts over its length,
 * all fields), weighted by the document's first-pass score and summed; the `terms` most probable
 * terms are kept and scaled to sum to 1. Numbers are left out: page numbers, years and file
 * names say nothing about a topic.
 */
export function relevanceModel(
  top: ReadonlyArray<{ readonly fields: AnalyzedFields; readonly score: number }>,
  terms: number,
): Map<string, number> {
  const probability = new Map<string, number>();
  for (const { fields, score } of top) {
    if (score <= 0) continue;
    const words = [fields.title, fields.headings, fields.body].flatMap((f) =>
      f ? f.split(' ') : [],
    );
    if (words.length === 0) continue;
    const share = score / words.length;
    for (const term of words) probability.set(term, (probability.get(term) ?? 0) + share);
  }
  const kept = [...probability.entries()]
    .filter(([term]) => !DIGITS.test(term))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, terms);
  const total = kept.reduce((sum, [, p]) => sum + p, 0);
  return new Map(total > 0 ? kept.map(([term, p]) => [term, p / total]) : []);
}

/**
 * RM3's expanded query: the typed words share `originalWeight` equally, the relevance model
 * shares the rest; a typed word the model also picked gets both parts.
 */
export function expandQuery(
  typed: readonly string[],
  model: ReadonlyMap<string, number>,
  originalWeight: number,
): WeightedTerm[] {
  const feedbackWeight = 1 - originalWeight;
  const query = typed.map((term) => ({
    term,
    weight: originalWeight / typed.length + feedbackWeight * (model.get(term) ?? 0),
    typed: true,
  }));
  for (const [term, p] of model) {
    if (!typed.includes(term)) query.push({ term, weight: feedbackWeight * p, typed: false });
  }
  return query;
}
