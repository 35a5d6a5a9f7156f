import type { AnalyzedFields, LexicalStats } from '../core/index.ts';
import { CANDIDATE_FIELDS, type Candidate } from './candidate.ts';
import { TermPattern } from './term-pattern.ts';

type FieldName = keyof AnalyzedFields;

/** Tuning of {@link bm25fScorer}; defaults were tuned on the Cranfield dev split (see docs/decisions). */
export interface RankingParams {
  /** Term-frequency saturation. */
  readonly k1: number;
  /** Weight of a term occurrence in each field. */
  readonly weights: Readonly<Record<FieldName, number>>;
  /** Length normalization per field (0 = none, 1 = full). */
  readonly b: Readonly<Record<FieldName, number>>;
  /** Weight of the bonus for typed query terms that appear close together in the body. */
  readonly proximity: number;
  /** Largest gap, in terms, that still counts as "close". */
  readonly window: number;
}

/** The ranking used by default. */
export const DEFAULT_RANKING: RankingParams = {
  k1: 2,
  weights: { title: 3, headings: 2, body: 1 },
  b: { title: 0.5, headings: 0.5, body: 0.6 },
  proximity: 0.3,
  window: 4,
};

/** Robertson–Spärck Jones inverse document frequency, floored so common terms never count against a match. */
export function idf(chunks: number, frequency: number): number {
  return Math.log(1 + (chunks - frequency + 0.5) / (frequency + 0.5));
}

/** One term of a weighted query; only `typed` terms (the user's own words) earn the proximity bonus. */
export interface WeightedTerm {
  readonly term: string;
  readonly weight: number;
  readonly typed: boolean;
}

/** The user's words as a query, each with weight 1. */
export const typedQuery = (terms: readonly string[]): WeightedTerm[] =>
  terms.map((term) => ({ term, weight: 1, typed: true }));

/**
 * Compiles a weighted query into a BM25F scoring function for the candidates of one search.
 * Per-field length-normalized term frequencies are combined before saturation, so a term found
 * in both title and body is not counted twice over; a bonus rewards typed terms that occur near
 * each other in the body. Terms among `typed` (the list the candidates were prepared with) are
 * read from the counts made then; only the others are looked for in the fields. Query terms must
 * be distinct.
 */
export function bm25fScorer(
  query: readonly WeightedTerm[],
  stats: LexicalStats,
  typed: readonly string[],
  params: RankingParams = DEFAULT_RANKING,
): (candidate: Candidate) => number {
  const size = query.length;
  if (size === 0) return () => 0;
  const slots = new Map<string, number>();
  for (const [i, q] of query.entries()) slots.set(q.term, i);
  // Where each query term's count was kept when the candidates were prepared; -1 if it was not.
  const counted = query.map((q) => typed.indexOf(q.term));
  const pattern = new TermPattern(query.filter((_, i) => counted[i] === -1).map((q) => q.term));
  const termWeight = query.map(
    (q) => q.weight * idf(stats.chunks, stats.documentFrequency[q.term] ?? 0),
  );
  const count = new Int32Array(size);
  const tf = new Float64Array(size);
  const countTerm = (term: string) => {
    const slot = slots.get(term) as number;
    count[slot] = (count[slot] as number) + 1;
  };
  const typedWeight = (term: string) => {
    const slot = slots.get(term);
    return slot !== undefined && query[slot]?.typed ? (termWeight[slot] as number) : 0;
  };

  return (candidate) => {
    tf.fill(0);
    for (const [f, field] of CANDIDATE_FIELDS.entries()) {
      const length = candidate.lengths[field];
      if (length === 0) continue;
      count.fill(0);
      pattern.forEach(candidate.fields[field], countTerm);
      const average = stats.averageLength[field] || 1;
      const b = params.b[field];
      const scale = params.weights[field] / (1 - b + b * (length / average));
      const kept = f * typed.length;
      for (let slot = 0; slot < size; slot++) {
        const t = counted[slot] as number;
        const n = t === -1 ? (count[slot] as number) : (candidate.typedCounts[kept + t] as number);
        if (n > 0) tf[slot] = (tf[slot] as number) + n * scale;
      }
    }
    let score = 0;
    for (let slot = 0; slot < size; slot++) {
      const x = tf[slot] as number;
      if (x > 0) score += ((termWeight[slot] as number) * x * (params.k1 + 1)) / (x + params.k1);
    }
    if (params.proximity > 0) {
      for (const { first, second, gap } of candidate.closePairs) {
        if (gap > params.window) continue;
        const weight = Math.min(typedWeight(first), typedWeight(second));
        if (weight > 0) score += (params.proximity * weight) / gap;
      }
    }
    return score;
  };
}
