import type { AnalyzedFields, LexicalStats } from '../core/index.ts';

type FieldName = keyof AnalyzedFields;
const FIELDS: readonly FieldName[] = ['title', 'headings', 'body'];

/** Tuning of {@link scoreBm25f}; defaults were tuned on the Cranfield dev split (see docs/decisions). */
export interface RankingParams {
  /** Term-frequency saturation. */
  readonly k1: number;
  /** Weight of a term occurrence in each field. */
  readonly weights: Readonly<Record<FieldName, number>>;
  /** Length normalization per field (0 = none, 1 = full). */
  readonly b: Readonly<Record<FieldName, number>>;
  /** Weight of the bonus for query terms that appear close together in the body. */
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

/** A chunk prepared for scoring: term counts and length per field, and the body's term sequence. */
export interface ScoringInput {
  readonly counts: Readonly<Record<FieldName, ReadonlyMap<string, number>>>;
  readonly lengths: Readonly<Record<FieldName, number>>;
  readonly body: readonly string[];
}

const countTerms = (terms: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
};

/** Splits analyzed field strings and counts their terms, once per candidate. */
export function prepareCandidate(fields: AnalyzedFields): ScoringInput {
  const title = fields.title ? fields.title.split(' ') : [];
  const headings = fields.headings ? fields.headings.split(' ') : [];
  const body = fields.body ? fields.body.split(' ') : [];
  return {
    counts: { title: countTerms(title), headings: countTerms(headings), body: countTerms(body) },
    lengths: { title: title.length, headings: headings.length, body: body.length },
    body,
  };
}

/** Closest distance between occurrences of two terms in a term list, or Infinity. */
function closest(terms: readonly string[], a: string, b: string): number {
  let lastA = -1;
  let lastB = -1;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    if (t === a) {
      lastA = i;
      if (lastB >= 0) best = Math.min(best, i - lastB);
    } else if (t === b) {
      lastB = i;
      if (lastA >= 0) best = Math.min(best, i - lastA);
    }
  }
  return best;
}

/**
 * BM25F relevance of one chunk for a query: per-field length-normalized term frequencies are
 * combined before saturation, so a term found in both title and body is not counted twice over;
 * an optional bonus rewards query terms that occur near each other.
 */
export function scoreBm25f(
  query: readonly string[],
  input: ScoringInput,
  stats: LexicalStats,
  params: RankingParams = DEFAULT_RANKING,
  termWeights?: ReadonlyMap<string, number>,
): number {
  let score = 0;
  const weights: number[] = [];
  for (const term of query) {
    const boost = termWeights?.get(term) ?? 1;
    let tf = 0;
    for (const field of FIELDS) {
      const count = input.counts[field].get(term);
      if (count === undefined) continue;
      const average = stats.averageLength[field] || 1;
      const norm = 1 - params.b[field] + params.b[field] * (input.lengths[field] / average);
      tf += (params.weights[field] * count) / norm;
    }
    const w = boost * idf(stats.chunks, stats.documentFrequency[term] ?? 0);
    weights.push(tf > 0 ? w : 0);
    if (tf > 0) score += (w * tf * (params.k1 + 1)) / (tf + params.k1);
  }
  if (params.proximity > 0) {
    // Only the words the user typed count for closeness; expansion terms are too many and too loose.
    const typed = query.flatMap((term, i) => (termWeights?.has(term) ? [] : [i]));
    for (const [x, i] of typed.entries()) {
      for (const j of typed.slice(x + 1)) {
        const wi = weights[i] as number;
        const wj = weights[j] as number;
        if (wi === 0 || wj === 0) continue;
        const gap = closest(input.body, query[i] as string, query[j] as string);
        if (gap <= params.window) score += (params.proximity * Math.min(wi, wj)) / gap;
      }
    }
  }
  return score;
}
