import { describe, expect, it } from 'vitest';
import type { AnalyzedFields, LexicalStats } from '../core/index.ts';
import { type Candidate, prepareCandidates } from './candidate.ts';
import { bm25fScorer, DEFAULT_RANKING, idf, typedQuery, type WeightedTerm } from './rank-bm25f.ts';

const stats = (frequency: Record<string, number>): LexicalStats => ({
  chunks: 1000,
  averageLength: { title: 3, headings: 2, body: 50 },
  documentFrequency: frequency,
});

const chunk = (title: string, body: string, headings = ''): AnalyzedFields => ({
  title,
  headings,
  body,
});
const noProximity = { ...DEFAULT_RANKING, proximity: 0 };
const score = (
  query: readonly string[] | readonly WeightedTerm[],
  fields: AnalyzedFields,
  s: LexicalStats,
  params = DEFAULT_RANKING,
) => {
  const weighted = query.map((q) => (typeof q === 'string' ? typedQuery([q])[0] : q));
  const typed = (weighted as WeightedTerm[]).filter((q) => q.typed).map((q) => q.term);
  const [candidate] = prepareCandidates([fields], typed, params.window);
  return bm25fScorer(weighted as WeightedTerm[], s, typed, params)(candidate as Candidate);
};

describe('idf', () => {
  it('is higher for rarer terms and never negative', () => {
    expect(idf(1000, 1)).toBeGreaterThan(idf(1000, 100));
    expect(idf(1000, 1000)).toBeGreaterThan(0);
  });
});

describe('bm25fScorer', () => {
  const s = stats({ pump: 10, flow: 100 });

  it('scores zero when no query term occurs', () => {
    expect(score(['pump'], chunk('other', 'noth here'), s)).toBe(0);
    expect(score([], chunk('pump', 'pump'), s)).toBe(0);
  });

  it('matches whole terms only, whatever characters a term holds', () => {
    expect(score(['pump'], chunk('', 'pumping repump pump2'), s)).toBe(0);
    expect(score(['a.b'], chunk('', 'axb a.b'), stats({ 'a.b': 1 }))).toBeGreaterThan(0);
    expect(score(['a.b'], chunk('', 'axb'), stats({ 'a.b': 1 }))).toBe(0);
  });

  it('ranks a rare term above a common one', () => {
    expect(score(['pump', 'flow'], chunk('', 'pump'), s, noProximity)).toBeGreaterThan(
      score(['pump', 'flow'], chunk('', 'flow'), s, noProximity),
    );
  });

  it('weights a title match above the same match in the body', () => {
    expect(score(['pump'], chunk('pump', 'x'), s)).toBeGreaterThan(
      score(['pump'], chunk('x', 'pump'), s),
    );
  });

  it('saturates repeated terms: ten mentions are worth less than ten times one', () => {
    const once = score(['pump'], chunk('', 'pump'), s, noProximity);
    const ten = score(['pump'], chunk('', Array(10).fill('pump').join(' ')), s, noProximity);
    expect(ten).toBeGreaterThan(once);
    expect(ten).toBeLessThan(once * 3);
  });

  it('prefers shorter bodies for the same matches (length normalization)', () => {
    const filler = Array(200).fill('x').join(' ');
    expect(score(['pump'], chunk('', 'pump'), s)).toBeGreaterThan(
      score(['pump'], chunk('', `pump ${filler}`), s),
    );
  });

  it('computes BM25F by hand: per-field normalized counts summed, then saturated', () => {
    // title: 1 × 3 / (0.5 + 0.5 × 1/3); body: 2 × 1 / (0.4 + 0.6 × 4/50); k1 = 2.
    const tf = 3 / (0.5 + 0.5 / 3) + 2 / (0.4 + 0.6 * (4 / 50));
    const expected = (idf(1000, 10) * tf * 3) / (tf + 2);
    expect(score(['pump'], chunk('pump', 'pump a pump b'), s, noProximity)).toBeCloseTo(expected);
  });

  it('measures closeness in terms, whatever their length, up to the window', () => {
    const bonus = (body: string) =>
      score(['pump', 'flow'], chunk('', body), s) -
      score(['pump', 'flow'], chunk('', body), s, noProximity);
    const full = DEFAULT_RANKING.proximity * idf(1000, 100);
    expect(bonus('pump extraordinarili flow')).toBeCloseTo(full / 2);
    expect(bonus('flow a b c pump')).toBeCloseTo(full / 4);
    expect(bonus('flow a b c d pump')).toBe(0);
  });

  it('rewards typed terms that appear close together, by their closest pair of occurrences', () => {
    const near = chunk('', 'flow a b c d e f pump flow');
    const far = chunk('', 'pump a b c d e f flow');
    expect(score(['pump', 'flow'], near, s)).toBeGreaterThan(score(['pump', 'flow'], far, s));
    const bonus = score(['pump', 'flow'], near, s) - score(['pump', 'flow'], near, s, noProximity);
    expect(bonus).toBeCloseTo(DEFAULT_RANKING.proximity * idf(1000, 100));
  });

  it('scales each term by its weight and gives no closeness bonus to terms not typed', () => {
    const c = chunk('', 'pump flow');
    const full = score(['pump', 'flow'], c, s, noProximity);
    const light = score(
      [
        { term: 'pump', weight: 1, typed: true },
        { term: 'flow', weight: 0.3, typed: false },
      ],
      c,
      s,
    );
    expect(light).toBeLessThan(full);
    expect(light).toBeGreaterThan(score(['pump'], c, s, noProximity));
    expect(light).toBeCloseTo(
      score(['pump'], c, s, noProximity) + 0.3 * score(['flow'], c, s, noProximity),
    );
  });

  it('scores a term the same whether its counts were kept when preparing or are looked up', () => {
    const fields = chunk('flow pump', 'pump flow flow a flow');
    const query: WeightedTerm[] = [
      { term: 'pump', weight: 1, typed: true },
      { term: 'flow', weight: 0.3, typed: false },
    ];
    const [both] = prepareCandidates([fields], ['pump', 'flow'], 4) as [Candidate];
    const [one] = prepareCandidates([fields], ['pump'], 4) as [Candidate];
    const kept = bm25fScorer(query, s, ['pump', 'flow'])(both);
    expect(kept).toBeGreaterThan(0);
    expect(bm25fScorer(query, s, ['pump'])(one)).toBeCloseTo(kept);
  });

  it('gives one compiled scorer the same score for a candidate whatever it scored before', () => {
    const [a, b] = prepareCandidates(
      [chunk('pump', 'pump flow'), chunk('flow', 'flow flow pump a b c')],
      ['pump', 'flow'],
      4,
    ) as [Candidate, Candidate];
    const scorer = bm25fScorer(typedQuery(['pump', 'flow']), s, ['pump', 'flow']);
    const first = scorer(a);
    scorer(b);
    expect(scorer(a)).toBe(first);
  });
});
