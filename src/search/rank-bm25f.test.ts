import { describe, expect, it } from 'vitest';
import type { LexicalStats } from '../core/index.ts';
import { DEFAULT_RANKING, idf, prepareCandidate, scoreBm25f } from './rank-bm25f.ts';

const stats = (frequency: Record<string, number>): LexicalStats => ({
  chunks: 1000,
  averageLength: { title: 3, headings: 2, body: 50 },
  documentFrequency: frequency,
});

const chunk = (title: string, body: string, headings = '') =>
  prepareCandidate({ title, headings, body });
const noProximity = { ...DEFAULT_RANKING, proximity: 0 };

describe('idf', () => {
  it('is higher for rarer terms and never negative', () => {
    expect(idf(1000, 1)).toBeGreaterThan(idf(1000, 100));
    expect(idf(1000, 1000)).toBeGreaterThan(0);
  });
});

describe('scoreBm25f', () => {
  const s = stats({ pump: 10, flow: 100 });

  it('scores zero when no query term occurs', () => {
    expect(scoreBm25f(['pump'], chunk('other', 'noth here'), s)).toBe(0);
  });

  it('ranks a rare term above a common one', () => {
    expect(scoreBm25f(['pump', 'flow'], chunk('', 'pump'), s, noProximity)).toBeGreaterThan(
      scoreBm25f(['pump', 'flow'], chunk('', 'flow'), s, noProximity),
    );
  });

  it('weights a title match above the same match in the body', () => {
    expect(scoreBm25f(['pump'], chunk('pump', 'x'), s)).toBeGreaterThan(
      scoreBm25f(['pump'], chunk('x', 'pump'), s),
    );
  });

  it('saturates repeated terms: ten mentions are worth less than ten times one', () => {
    const once = scoreBm25f(['pump'], chunk('', 'pump'), s, noProximity);
    const ten = scoreBm25f(['pump'], chunk('', Array(10).fill('pump').join(' ')), s, noProximity);
    expect(ten).toBeGreaterThan(once);
    expect(ten).toBeLessThan(once * 3);
  });

  it('prefers shorter bodies for the same matches (length normalization)', () => {
    const filler = Array(200).fill('x').join(' ');
    expect(scoreBm25f(['pump'], chunk('', 'pump'), s)).toBeGreaterThan(
      scoreBm25f(['pump'], chunk('', `pump ${filler}`), s),
    );
  });

  it('rewards query terms that appear close together', () => {
    const near = chunk('', 'pump flow a b c d e f');
    const far = chunk('', 'pump a b c d e f flow');
    expect(scoreBm25f(['pump', 'flow'], near, s)).toBeGreaterThan(
      scoreBm25f(['pump', 'flow'], far, s),
    );
    expect(scoreBm25f(['pump', 'flow'], near, s, noProximity)).toBeCloseTo(
      scoreBm25f(['pump', 'flow'], far, s, noProximity),
    );
  });

  it('scales a down-weighted (expansion) term and leaves it out of proximity', () => {
    const c = chunk('', 'pump flow');
    const full = scoreBm25f(['pump', 'flow'], c, s, noProximity);
    const light = scoreBm25f(['pump', 'flow'], c, s, noProximity, new Map([['flow', 0.3]]));
    expect(light).toBeLessThan(full);
    expect(light).toBeGreaterThan(scoreBm25f(['pump'], c, s, noProximity));
  });
});
