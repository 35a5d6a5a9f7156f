import type { LexicalStats } from '../core/index.ts';
import { idf, type ScoringInput } from './rank-bm25f.ts';

/** Settings of pseudo-relevance feedback. */
export interface FeedbackParams {
  /** How many top results are taken as evidence. */
  readonly documents: number;
  /** How many new terms are added to the query. */
  readonly terms: number;
  /** Weight of an added term relative to an original query term. */
  readonly weight: number;
}

/** Feedback used by default: off when `documents` is 0. */
export const DEFAULT_FEEDBACK: FeedbackParams = { documents: 10, terms: 20, weight: 0.4 };

/**
 * Pseudo-relevance feedback: the terms that are frequent in the best first-pass results and rare
 * in the corpus are likely about the same topic, so they are added to the query with a low weight.
 * Each top document votes with its first-pass score share.
 */
export function expansionTerms(
  query: readonly string[],
  top: ReadonlyArray<{ readonly input: ScoringInput; readonly score: number }>,
  stats: Pick<LexicalStats, 'chunks'> & { readonly documentFrequency: ReadonlyMap<string, number> },
  params: FeedbackParams,
): string[] {
  const total = top.reduce((sum, t) => sum + t.score, 0) || 1;
  const weight = new Map<string, number>();
  for (const { input, score } of top) {
    const length = input.lengths.title + input.lengths.body;
    if (length === 0) continue;
    for (const field of ['title', 'body'] as const) {
      for (const [term, count] of input.counts[field]) {
        if (query.includes(term) || term.length < 3 || /^\d+$/.test(term)) continue;
        weight.set(term, (weight.get(term) ?? 0) + (score / total) * (count / length));
      }
    }
  }
  return [...weight.entries()]
    .map(([term, w]) => ({
      term,
      w: w * idf(stats.chunks, stats.documentFrequency.get(term) ?? stats.chunks),
    }))
    .sort((a, b) => b.w - a.w || (a.term < b.term ? -1 : 1))
    .slice(0, params.terms)
    .map((e) => e.term);
}
