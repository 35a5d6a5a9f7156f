import type { AnalyzedFields } from '../core/index.ts';
import { TermPattern } from './term-pattern.ts';

/** Two typed terms found close together in a candidate's body, and how close, in terms. */
export interface ClosePair {
  readonly first: string;
  readonly second: string;
  readonly gap: number;
}

/** The fields in the order their typed-term counts are kept. */
export const CANDIDATE_FIELDS: readonly (keyof AnalyzedFields)[] = ['title', 'headings', 'body'];

/** A candidate chunk prepared once per search: fields, their lengths, what the typed terms do in it. */
export interface Candidate {
  /** Analyzed fields: index terms joined by single spaces. */
  readonly fields: AnalyzedFields;
  readonly lengths: Readonly<Record<keyof AnalyzedFields, number>>;
  /**
   * How often each typed term occurs in each field: the counts of every typed term in
   * {@link CANDIDATE_FIELDS}' first field, then the second's, then the third's.
   */
  readonly typedCounts: readonly number[];
  /** Each pair of typed terms within the window of each other in the body, at its closest. */
  readonly closePairs: readonly ClosePair[];
}

/** How many terms an analyzed field holds: one more than its spaces, none when empty. */
function termCount(field: string): number {
  if (field === '') return 0;
  let count = 1;
  for (let at = field.indexOf(' '); at !== -1; at = field.indexOf(' ', at + 1)) count++;
  return count;
}

const NO_PAIRS: readonly ClosePair[] = [];

/**
 * Prepares the candidates of one search: where and how often the typed terms occur is found
 * once here, so scoring passes with different weights or added terms need not look again.
 */
export function prepareCandidates(
  hits: readonly AnalyzedFields[],
  typed: readonly string[],
  window: number,
): Candidate[] {
  const size = typed.length;
  const index = new Map(typed.map((term, i) => [term, i]));
  const pattern = new TermPattern(typed);
  const lastSeen = new Int32Array(size);
  const closest = new Int32Array(size * size);
  const bodyOffset = CANDIDATE_FIELDS.indexOf('body') * size;
  // The candidate being read; the callbacks below are made once, not per candidate.
  let counts: number[] = [];
  let offset = 0;
  let body = '';
  let position = 0;
  let counted = 0;
  const countTerm = (term: string) => {
    const at = offset + (index.get(term) as number);
    counts[at] = (counts[at] as number) + 1;
  };
  // A body match's position in terms is the number of spaces before it, counted on from the last.
  const placeBodyTerm = (term: string, start: number) => {
    const t = index.get(term) as number;
    counts[bodyOffset + t] = (counts[bodyOffset + t] as number) + 1;
    for (
      let at = body.indexOf(' ', counted);
      at !== -1 && at < start;
      at = body.indexOf(' ', at + 1)
    ) {
      position++;
    }
    counted = start;
    for (let other = 0; other < size; other++) {
      const seen = lastSeen[other] as number;
      if (other === t || seen < 0) continue;
      const pair = t < other ? t * size + other : other * size + t;
      if (position - seen < (closest[pair] as number)) closest[pair] = position - seen;
    }
    lastSeen[t] = position;
  };
  return hits.map((fields) => {
    counts = new Array<number>(size * CANDIDATE_FIELDS.length).fill(0);
    for (const [f, field] of CANDIDATE_FIELDS.entries()) {
      if (field === 'body' || fields[field] === '') continue;
      offset = f * size;
      pattern.forEach(fields[field], countTerm);
    }
    body = fields.body;
    position = 0;
    counted = 0;
    lastSeen.fill(-1);
    closest.fill(window + 1);
    pattern.forEach(body, placeBodyTerm);
    // The rest of the body's spaces give its length.
    for (let at = body.indexOf(' ', counted); at !== -1; at = body.indexOf(' ', at + 1)) position++;
    let closePairs = NO_PAIRS;
    for (let a = 0; a < size; a++) {
      for (let c = a + 1; c < size; c++) {
        const gap = closest[a * size + c] as number;
        if (gap > window) continue;
        if (closePairs === NO_PAIRS) closePairs = [];
        (closePairs as ClosePair[]).push({
          first: typed[a] as string,
          second: typed[c] as string,
          gap,
        });
      }
    }
    return {
      fields,
      lengths: {
        title: termCount(fields.title),
        headings: termCount(fields.headings),
        body: body === '' ? 0 : position + 1,
      },
      typedCounts: counts,
      closePairs,
    };
  });
}
