import { describe, expect, it } from 'vitest';
import { expansionTerms } from './expand-query.ts';
import { prepareCandidate } from './rank-bm25f.ts';

const doc = (body: string, score: number) => ({
  input: prepareCandidate({ title: '', headings: '', body }),
  score,
});

describe('expansionTerms', () => {
  const documentFrequency = new Map([
    ['impel', 3],
    ['vane', 4],
    ['the', 900],
    ['data', 500],
  ]);
  const stats = { chunks: 1000, documentFrequency };

  it('adds terms frequent in the top results and rare in the corpus, never the query terms', () => {
    const top = [doc('pump impel vane impel data', 2), doc('pump impel vane data', 1)];
    const added = expansionTerms(['pump'], top, stats, { documents: 2, terms: 2, weight: 0.3 });
    expect(added).toEqual(['impel', 'vane']);
  });

  it('skips numbers and very short terms', () => {
    const top = [doc('pump 2024 ab impel', 1)];
    expect(expansionTerms(['pump'], top, stats, { documents: 1, terms: 5, weight: 0.3 })).toEqual([
      'impel',
    ]);
  });

  it('lets higher-scoring documents vote more', () => {
    const top = [doc('pump vane', 9), doc('pump impel', 1)];
    expect(expansionTerms(['pump'], top, stats, { documents: 2, terms: 1, weight: 0.3 })).toEqual([
      'vane',
    ]);
  });
});
