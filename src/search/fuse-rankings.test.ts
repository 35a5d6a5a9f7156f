import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuseRankings, type RankedEntry } from './fuse-rankings.ts';

const list = (...ids: string[]): RankedEntry[] => ids.map((id, i) => ({ id, score: 10 - i }));

describe('fuseRankings', () => {
  it('ranks by reciprocal rank: found by both beats first in one', () => {
    const fused = fuseRankings(list('a', 'b', 'c'), list('d', 'b', 'e'), { method: 'rrf', k: 60 });
    expect(fused[0]?.id).toBe('b');
    expect(fused[0]?.signals).toEqual(['lexical', 'vector']);
    expect(fused[0]?.ranks).toEqual({ lexical: 2, vector: 2 });
    expect(fused[0]?.score).toBeCloseTo(2 / 62, 12);
    // Ties (a first in lexical, d first in vector) keep the lexical one first.
    expect(fused.slice(1, 3).map((f) => f.id)).toEqual(['a', 'd']);
    expect(fused.find((f) => f.id === 'e')?.signals).toEqual(['vector']);
  });

  it('mixes normalized scores linearly', () => {
    const lexical = [
      { id: 'a', score: 20 },
      { id: 'b', score: 10 },
    ];
    const vector = [
      { id: 'b', score: 0.9 },
      { id: 'c', score: 0.5 },
    ];
    const fused = fuseRankings(lexical, vector, { method: 'linear', vectorWeight: 0.6 });
    expect(Object.fromEntries(fused.map((f) => [f.id, f.score]))).toEqual({
      a: 0.4,
      b: 0.6,
      c: 0,
    });
    expect(fused.map((f) => f.id)).toEqual(['b', 'a', 'c']);
    // Weight 0 is lexical order; weight 1 vector order.
    expect(
      fuseRankings(lexical, vector, { method: 'linear', vectorWeight: 0 })
        .slice(0, 2)
        .map((f) => f.id),
    ).toEqual(['a', 'b']);
    expect(fuseRankings(lexical, vector, { method: 'linear', vectorWeight: 1 })[0]?.id).toBe('b');
  });

  it('refuses parameters out of range', () => {
    expect(() => fuseRankings([], [], { method: 'rrf', k: -1 })).toThrow(/k: expected/);
    expect(() => fuseRankings([], [], { method: 'linear', vectorWeight: 2 })).toThrow(
      /vectorWeight/,
    );
  });

  it('keeps every id once, with one list alone giving back its own order', () => {
    const ids = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 30 });
    fc.assert(
      fc.property(ids, ids, fc.boolean(), (a, b, rrf) => {
        const params = rrf
          ? ({ method: 'rrf', k: 60 } as const)
          : ({ method: 'linear', vectorWeight: 0.5 } as const);
        const fused = fuseRankings(list(...a), list(...b), params);
        expect(new Set(fused.map((f) => f.id))).toEqual(new Set([...a, ...b]));
        expect(fused).toHaveLength(new Set([...a, ...b]).size);
        for (let i = 1; i < fused.length; i++)
          expect(fused[i - 1]?.score).toBeGreaterThanOrEqual(fused[i]?.score as number);
        expect(fuseRankings(list(...a), [], params).map((f) => f.id)).toEqual(a);
      }),
    );
  });
});
