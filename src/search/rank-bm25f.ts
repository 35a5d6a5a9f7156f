import type { AnalyzedFields, LexicalStats } from '../core/index.ts';

type FieldName = keyof AnalyzedFields;
const FIELDS: readonly FieldName[] = ['title', 'headings', 'body'];

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
export interface QueryTerm {
  readonly term: string;
  readonly weight: number;
  readonly typed: boolean;
}

/** The user's words as a query, each with weight 1. */
export const typedQuery = (terms: readonly string[]): QueryTerm[] =>
  terms.map((term) => ({ term, weight: 1, typed: true }));

/** A candidate chunk's analyzed fields split into terms, once per search. */
export interface CandidateTerms {
  readonly title: readonly string[];
  readonly headings: readonly string[];
  readonly body: readonly string[];
}

/** Splits the analyzed field strings the store returns (terms joined by single spaces). */
export function splitFields(fields: AnalyzedFields): CandidateTerms {
  return {
    title: fields.title ? fields.title.split(' ') : [],
    headings: fields.headings ? fields.headings.split(' ') : [],
    body: fields.body ? fields.body.split(' ') : [],
  };
}

/**
 * Compiles a weighted query into a BM25F scoring function for candidates. Per-field
 * length-normalized term frequencies are combined before saturation, so a term found in both
 * title and body is not counted twice over; a bonus rewards typed terms that occur near each
 * other in the body. Each field is read once per candidate, looking up only the query's terms.
 */
export function bm25fScorer(
  query: readonly QueryTerm[],
  stats: LexicalStats,
  params: RankingParams = DEFAULT_RANKING,
): (candidate: CandidateTerms) => number {
  const size = query.length;
  const slots = new Map<string, number>();
  for (const [i, q] of query.entries()) slots.set(q.term, i);
  const termWeight = query.map(
    (q) => q.weight * idf(stats.chunks, stats.documentFrequency[q.term] ?? 0),
  );
  // Typed terms numbered 0..typed-1, for the proximity bonus; -1 for the others.
  const typedIndex = new Int32Array(size).fill(-1);
  const typedSlots: number[] = [];
  for (const [i, q] of query.entries()) {
    if (q.typed) {
      typedIndex[i] = typedSlots.length;
      typedSlots.push(i);
    }
  }
  const typed = typedSlots.length;
  const useProximity = params.proximity > 0 && typed > 1;
  const counts = FIELDS.map(() => new Int32Array(size));
  const tf = new Float64Array(size);
  const lastSeen = new Int32Array(typed);
  const closest = new Float64Array(typed * typed);

  return (candidate) => {
    tf.fill(0);
    if (useProximity) {
      lastSeen.fill(-1);
      closest.fill(Number.POSITIVE_INFINITY);
    }
    for (const [f, field] of FIELDS.entries()) {
      const terms = candidate[field];
      const count = counts[f] as Int32Array;
      count.fill(0);
      const trackGaps = useProximity && field === 'body';
      for (let position = 0; position < terms.length; position++) {
        const slot = slots.get(terms[position] as string);
        if (slot === undefined) continue;
        count[slot] = (count[slot] as number) + 1;
        if (!trackGaps) continue;
        const t = typedIndex[slot] as number;
        if (t < 0) continue;
        for (let other = 0; other < typed; other++) {
          const seen = lastSeen[other] as number;
          if (other === t || seen < 0) continue;
          const pair = t < other ? t * typed + other : other * typed + t;
          if (position - seen < (closest[pair] as number)) closest[pair] = position - seen;
        }
        lastSeen[t] = position;
      }
      const average = stats.averageLength[field] || 1;
      const b = params.b[field];
      const norm = 1 - b + b * (terms.length / average);
      const scale = params.weights[field] / norm;
      for (let slot = 0; slot < size; slot++) {
        const n = count[slot] as number;
        if (n > 0) tf[slot] = (tf[slot] as number) + n * scale;
      }
    }
    let score = 0;
    for (let slot = 0; slot < size; slot++) {
      const x = tf[slot] as number;
      if (x > 0) score += ((termWeight[slot] as number) * x * (params.k1 + 1)) / (x + params.k1);
    }
    if (useProximity) {
      for (let a = 0; a < typed; a++) {
        for (let c = a + 1; c < typed; c++) {
          const gap = closest[a * typed + c] as number;
          if (gap > params.window) continue;
          const wa = termWeight[typedSlots[a] as number] as number;
          const wc = termWeight[typedSlots[c] as number] as number;
          score += (params.proximity * Math.min(wa, wc)) / gap;
        }
      }
    }
    return score;
  };
}
