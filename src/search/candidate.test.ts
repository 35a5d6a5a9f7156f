import { describe, expect, it } from 'vitest';
import { prepareCandidates } from './candidate.ts';

const body = (text: string) => ({ title: '', headings: '', body: text });

describe('prepareCandidates', () => {
  it('counts the terms of each analyzed field, an empty field as none', () => {
    const [c] = prepareCandidates([{ title: 'pump', headings: '', body: 'flow pump flow' }], [], 4);
    expect(c?.lengths).toEqual({ title: 1, headings: 0, body: 3 });
  });

  it('finds each pair of typed terms at its closest, in terms, within the window', () => {
    const [c] = prepareCandidates(
      [body('pump a b c d e flow x vane pump extraordinarili long flow')],
      ['pump', 'flow', 'vane', 'absent'],
      4,
    );
    expect(c?.closePairs).toEqual([
      { first: 'pump', second: 'flow', gap: 3 },
      { first: 'pump', second: 'vane', gap: 1 },
      { first: 'flow', second: 'vane', gap: 2 },
    ]);
  });

  it('leaves out pairs further apart than the window, and needs two typed terms', () => {
    const [far] = prepareCandidates([body('pump a b c d flow')], ['pump', 'flow'], 4);
    expect(far?.closePairs).toEqual([]);
    const [one] = prepareCandidates([body('pump pump')], ['pump'], 4);
    expect(one?.closePairs).toEqual([]);
  });

  it('counts each typed term in each field', () => {
    const [c] = prepareCandidates(
      [{ title: 'pump', headings: 'flow flow', body: 'pump flow pump vane' }],
      ['pump', 'flow'],
      4,
    );
    // title: pump 1, flow 0; headings: 0, 2; body: 2, 1.
    expect([...(c?.typedCounts ?? [])]).toEqual([1, 0, 0, 2, 2, 1]);
  });

  it('matches whole terms only', () => {
    const [c] = prepareCandidates([body('pumping flow repump flow2 pump')], ['pump', 'flow'], 4);
    expect(c?.closePairs).toEqual([{ first: 'pump', second: 'flow', gap: 3 }]);
  });
});
