import { describe, expect, it } from 'vitest';
import { expandQuery, relevanceModel } from './expand-query.ts';

const doc = (body: string, score: number, title = '') => ({
  fields: { title, headings: '', body },
  score,
});

describe('relevanceModel', () => {
  it('weights each term by its share of a document times the document score, summed and scaled to 1', () => {
    const model = relevanceModel([doc('pump impel impel vane', 3), doc('pump vane', 1)], 10);
    // pump: 3 × 1/4 + 1 × 1/2; impel: 3 × 2/4; vane: 3 × 1/4 + 1 × 1/2.
    expect(model.get('pump')).toBeCloseTo(1.25 / 4);
    expect(model.get('impel')).toBeCloseTo(1.5 / 4);
    expect(model.get('vane')).toBeCloseTo(1.25 / 4);
    expect([...model.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1);
  });

  it('keeps the most probable terms, counts the title, and leaves numbers out', () => {
    const model = relevanceModel([doc('impel impel vane 2024 2024 2024', 1, 'rotor')], 2);
    expect([...model.keys()]).toEqual(['impel', 'rotor']);
  });

  it('lets higher-scoring documents vote more', () => {
    const model = relevanceModel([doc('vane', 9), doc('impel', 1)], 1);
    expect([...model.keys()]).toEqual(['vane']);
  });

  it('is empty when no document has a positive score', () => {
    expect(relevanceModel([doc('vane', 0)], 5).size).toBe(0);
  });
});

describe('expandQuery', () => {
  it('splits the weight between the typed words and the model; typed words the model picked get both', () => {
    const model = new Map([
      ['pump', 0.5],
      ['impel', 0.3],
      ['vane', 0.2],
    ]);
    expect(expandQuery(['pump', 'flow'], model, 0.5)).toEqual([
      { term: 'pump', weight: 0.25 + 0.25, typed: true },
      { term: 'flow', weight: 0.25, typed: true },
      { term: 'impel', weight: 0.15, typed: false },
      { term: 'vane', weight: 0.1, typed: false },
    ]);
  });
});
