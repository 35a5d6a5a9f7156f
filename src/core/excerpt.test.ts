import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeExcerpt, stemHits } from './excerpt.ts';

const filler = (word: string, count: number) => Array.from({ length: count }, () => word).join(' ');

describe('makeExcerpt', () => {
  it('returns short text whole, with whitespace collapsed', () => {
    expect(makeExcerpt('  The pump\n\n  runs\tall day.  ', ['pump'])).toBe(
      'The pump runs all day.',
    );
  });

  it('collapses every run of whitespace, of any kind, to one space', () => {
    const piece = fc.constantFrom(
      'a',
      'bc',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '\u00a0',
      '\u2003',
      '\u3000',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(makeExcerpt(text, [], { maxChars: 1000 })).toBe(text.replace(/\s+/g, ' ').trim());
      }),
    );
  });

  it('centres on the query terms and marks both cuts with an ellipsis', () => {
    const text = `${filler('alpha', 60)} the solar pump needs sun ${filler('beta', 60)}`;
    const excerpt = makeExcerpt(text, ['pump'], { maxChars: 60 });
    expect(excerpt).toContain('solar pump needs sun');
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(60);
  });

  it('matches terms as word prefixes, case-insensitively', () => {
    const text = `${filler('filler', 80)} Pumps and PUMPING ${filler('filler', 80)}`;
    expect(makeExcerpt(text, ['pump'], { maxChars: 50 })).toContain('Pumps and PUMPING');
  });

  it('picks the window with the most hits', () => {
    const text = [
      'solar once here.',
      filler('x', 100),
      'solar panels, solar pump, solar controller together.',
      filler('y', 100),
    ].join(' ');
    expect(makeExcerpt(text, ['solar'], { maxChars: 80 })).toContain(
      'solar panels, solar pump, solar controller',
    );
  });

  it('starts at the beginning without an opening ellipsis when the hit is early', () => {
    const text = `Pump first. ${filler('word', 100)}`;
    const excerpt = makeExcerpt(text, ['pump'], { maxChars: 40 });
    expect(excerpt.startsWith('Pump first.')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
  });

  it('shows the start of the text when no term matches', () => {
    const excerpt = makeExcerpt(filler('alpha', 50), ['zebra'], { maxChars: 30 });
    expect(excerpt).toMatch(/^alpha( alpha)+…$/);
  });

  it('cuts at word boundaries when it can', () => {
    const text = `${filler('lorem', 50)} pump ${filler('ipsum', 50)}`;
    const excerpt = makeExcerpt(text, ['pump'], { maxChars: 70 });
    const inner = excerpt.replace(/^…/, '').replace(/…$/, '');
    for (const word of inner.split(' ')) expect(['lorem', 'ipsum', 'pump']).toContain(word);
  });

  it('never exceeds maxChars, ellipses included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('pump', 'solar', 'panel', 'a', 'controller', '  ', '\n'), {
          maxLength: 200,
        }),
        fc.integer({ min: 10, max: 200 }),
        (words, maxChars) => {
          const excerpt = makeExcerpt(words.join(' '), ['pump'], { maxChars });
          expect(excerpt.length).toBeLessThanOrEqual(maxChars);
        },
      ),
    );
  });
});

describe('stemHits', () => {
  /** The plain definition: every word, lower-cased, tested against every stem. */
  const wordByWord = (text: string, stems: readonly string[]) =>
    [...text.matchAll(/[\p{L}\p{N}]+/gu)]
      .filter((m) => stems.some((s) => m[0].toLowerCase().startsWith(s)))
      .map((m) => m.index);

  it('finds the start of each word that begins with a stem, once, in order', () => {
    expect(stemHits('Pumps pump, repump; PUMPING 2pump', ['pump', 'pumpi'])).toEqual([0, 6, 20]);
  });

  it('agrees with a word-by-word scan on any text, case, script and stem', () => {
    const piece = fc.constantFrom(
      'pump',
      'Pump',
      'PUMPS',
      'solar',
      'sol',
      'x',
      ' ',
      '  ',
      '-',
      "'",
      '’',
      '9',
      'é',
      'É',
      'İ',
      'Σ',
      'σ',
      'ß',
      '𝐀',
      '中',
      '\n',
    );
    const stem = fc.constantFrom('pump', 'sol', 'x', '9', 'é', 'i', 'σ', '中', "o'b", '', 'ss');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 60 }),
        fc.array(stem, { maxLength: 4 }),
        (pieces, stems) => {
          const text = pieces.join('');
          expect(stemHits(text, stems)).toEqual(wordByWord(text, stems));
        },
      ),
    );
  });
});
