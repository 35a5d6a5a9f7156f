import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWords, findQuote, foldText, quoteFragments } from './find-quote.ts';

describe('foldText', () => {
  it('folds case, whitespace, quote marks, dashes and emphasis, mapping back to raw spans', () => {
    const raw = '  The  “Pump”\n\tmust **not** run—dry ';
    const folded = foldText(raw);
    expect(folded.text).toBe('the pump must not run-dry');
    expect(folded.starts).toHaveLength(folded.text.length);
    expect(folded.ends).toHaveLength(folded.text.length);
    const pump = folded.text.indexOf('pump');
    expect(raw.slice(folded.starts[pump], folded.ends[pump + 3])).toBe('Pump');
  });

  it('maps characters whose lower case is longer back to the whole character', () => {
    const folded = foldText('İx');
    expect(folded.text).toBe('i̇x');
    expect(folded.starts).toEqual([0, 0, 1]);
    expect(folded.ends).toEqual([1, 1, 2]);
  });

  it('keeps astral characters whole', () => {
    const folded = foldText('a 😀 b');
    expect(folded.text).toBe('a 😀 b');
    expect(folded.starts).toEqual([0, 1, 2, 2, 4, 5]);
  });

  it('maps every folded unit inside the raw text, in order', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (raw) => {
        const { text, starts, ends } = foldText(raw);
        expect(starts).toHaveLength(text.length);
        expect(ends).toHaveLength(text.length);
        const broken = starts.findIndex((start, i) => {
          const end = ends[i] ?? -1;
          const previous = i > 0 ? (starts[i - 1] ?? 0) : 0;
          return start < previous || end <= start || end > raw.length;
        });
        expect(broken).toBe(-1);
      }),
    );
  });
});

describe('quoteFragments and countWords', () => {
  it('splits on elisions and trims edge punctuation', () => {
    expect(quoteFragments('…Run dry … at most 30 seconds.')).toEqual([
      'run dry',
      'at most 30 seconds',
    ]);
    expect(quoteFragments('first [...] second [\u2026] third...')).toEqual([
      'first',
      'second',
      'third',
    ]);
    expect(quoteFragments(' ... ')).toEqual([]);
  });

  it('counts words of letters and digits', () => {
    expect(countWords('run dry for 30 s')).toBe(5);
    expect(countWords('— …')).toBe(0);
  });
});

describe('findQuote', () => {
  const source = 'Warning:  The pump must “run   DRY” for at most\n30 seconds — never longer.';

  it('finds a forgiving match and returns raw offsets', () => {
    const match = findQuote(source, "the pump must 'run dry' for at most 30 seconds.");
    expect(match).not.toBeNull();
    expect(source.slice(match?.start, match?.end)).toBe(
      'The pump must “run   DRY” for at most\n30 seconds',
    );
  });

  it('matches elided quotes in order only', () => {
    const match = findQuote(source, 'The pump must … never longer');
    expect(source.slice(match?.start, match?.end)).toBe(
      'The pump must “run   DRY” for at most\n30 seconds — never longer',
    );
    expect(findQuote(source, 'never longer … the pump must')).toBeNull();
  });

  it('ignores the cut mark of a truncated source', () => {
    const cut = 'Flush the line before the first start of the day…';
    const match = findQuote(cut, 'first start of the day');
    expect(cut.slice(match?.start, match?.end)).toBe('first start of the day');
    expect(findQuote(cut, 'start of the day…')).not.toBeNull();
  });

  it('returns null when the text is not there', () => {
    expect(findQuote(source, 'the pump may run dry for an hour')).toBeNull();
    expect(findQuote(source, '...')).toBeNull();
  });

  it('finds any slice of a source quoted back', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 120 }), fc.nat(), fc.nat(), (text, a, b) => {
        const from = a % text.length;
        const to = from + 1 + (b % (text.length - from));
        const quote = text.slice(from, to);
        fc.pre(quoteFragments(quote).length > 0);
        const match = findQuote(text, quote);
        expect(match).not.toBeNull();
        const found = text.slice(match?.start, match?.end);
        expect(quoteFragments(found).join(' ')).toContain(quoteFragments(quote)[0]);
      }),
    );
  });
});
