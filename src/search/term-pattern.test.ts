import { describe, expect, it } from 'vitest';
import { TermPattern } from './term-pattern.ts';

const found = (pattern: TermPattern, text: string) => {
  const out: Array<[string, number]> = [];
  pattern.forEach(text, (term, start) => out.push([term, start]));
  return out;
};

describe('TermPattern', () => {
  it('finds whole terms with their offsets, back to back and at both ends', () => {
    const pattern = new TermPattern(['pump', 'pumping', 'flow']);
    expect(found(pattern, 'pump pump pumping repump flow')).toEqual([
      ['pump', 0],
      ['pump', 5],
      ['pumping', 10],
      ['flow', 25],
    ]);
  });

  it('reads terms as literal text, and runs the same pattern again from the start', () => {
    const pattern = new TermPattern(['a.b', 'c+']);
    expect(found(pattern, 'axb a.b c+ cc')).toEqual([
      ['a.b', 4],
      ['c+', 8],
    ]);
    expect(found(pattern, 'c+')).toEqual([['c+', 0]]);
  });

  it('matches nothing for no terms, empty terms or terms with a space', () => {
    expect(found(new TermPattern([]), 'pump flow')).toEqual([]);
    expect(found(new TermPattern(['', 'pump flow']), 'pump flow')).toEqual([]);
  });
});
