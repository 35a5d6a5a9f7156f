import { describe, expect, it } from 'vitest';
import { firstOccurrences, mean, ndcgAt, percentile, recallAt } from './metrics.ts';

const grades = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('ndcgAt', () => {
  it('is 1 for the ideal order', () => {
    expect(ndcgAt(10, ['a', 'b', 'c'], grades({ a: 3, b: 2, c: 1 }))).toBe(1);
  });

  it('uses the grade as gain and log2(rank + 1) as discount', () => {
    // DCG  = 1/log2(2) + 0/log2(3) + 3/log2(4)       = 1 + 0 + 1.5        = 2.5
    // IDCG = 3/log2(2) + 2/log2(3) + 1/log2(4)       = 3 + 1.26186 + 0.5  = 4.76186
    const value = ndcgAt(10, ['c', 'x', 'a'], grades({ a: 3, b: 2, c: 1 }));
    expect(value).toBeCloseTo(2.5 / (3 + 2 / Math.log2(3) + 0.5), 12);
    expect(value).toBeCloseTo(0.525, 3);
  });

  it('ignores results below the cut-off', () => {
    const ranked = ['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9', 'n10', 'a'];
    expect(ndcgAt(10, ranked, grades({ a: 4 }))).toBe(0);
  });

  it('builds the ideal from the judgments, cut at k', () => {
    // Twelve documents of grade 1; the ten best possible are any ten of them.
    const judged = grades(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`d${i}`, 1])));
    const ranked = Array.from({ length: 10 }, (_, i) => `d${i}`);
    expect(ndcgAt(10, ranked, judged)).toBe(1);
    // A relevant document the ranking never returns still lowers the score.
    // DCG = 2/1 = 2; IDCG = 4/1 + 2/log2(3)
    expect(ndcgAt(10, ['b'], grades({ a: 4, b: 2 }))).toBeCloseTo(2 / (4 + 2 / Math.log2(3)), 12);
  });

  it('cuts the ideal at a small k', () => {
    // k = 1: DCG = 2, IDCG = 4
    expect(ndcgAt(1, ['b', 'a'], grades({ a: 4, b: 2 }))).toBe(0.5);
  });

  it('gives no gain for grade 0 and is 0 when nothing is relevant', () => {
    expect(ndcgAt(10, ['z', 'a'], grades({ z: 0, a: 1 }))).toBeCloseTo(1 / Math.log2(3), 12);
    expect(ndcgAt(10, ['z'], grades({ z: 0 }))).toBe(0);
    expect(ndcgAt(10, [], grades({ a: 2 }))).toBe(0);
  });
});

describe('recallAt', () => {
  it('counts relevant documents (grade > 0) found within k', () => {
    expect(recallAt(100, ['a', 'x', 'd', 'c'], grades({ a: 3, b: 1, c: 2, d: 0 }))).toBeCloseTo(
      2 / 3,
      12,
    );
  });

  it('ignores results below the cut-off', () => {
    const ranked = [...Array.from({ length: 100 }, (_, i) => `n${i}`), 'a'];
    expect(recallAt(100, ranked, grades({ a: 1, b: 1 }))).toBe(0);
    expect(recallAt(101, ranked, grades({ a: 1, b: 1 }))).toBe(0.5);
  });

  it('is 0 when nothing is relevant', () => {
    expect(recallAt(100, ['a'], grades({ a: 0 }))).toBe(0);
  });
});

describe('percentile', () => {
  it('picks by nearest rank', () => {
    const values = [5, 1, 3, 2, 4];
    expect(percentile(values, 50)).toBe(3);
    expect(percentile(values, 99)).toBe(5);
    expect(percentile(values, 0)).toBe(1);
    expect(
      percentile(
        Array.from({ length: 200 }, (_, i) => i + 1),
        99,
      ),
    ).toBe(198);
    expect(percentile([], 50)).toBe(0);
  });
});

describe('mean and firstOccurrences', () => {
  it('average, and dedupe keeping order', () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(mean([])).toBe(0);
    expect(firstOccurrences(['b', 'a', 'b', 'c', 'a'])).toEqual(['b', 'a', 'c']);
  });
});
