// @vitest-environment happy-dom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  foldPdfText,
  type ItemRange,
  locateSpanInTextItems,
  markTextItems,
  unmarkTextItems,
} from './pdf-highlight.ts';

/** The raw text the ranges cover, joined. */
const marked = (items: readonly string[], ranges: readonly ItemRange[]) =>
  ranges.map((r) => (items[r.item] ?? '').slice(r.start, r.end)).join('');

/** Everything of the items before the first range: where the match starts, as text. */
const before = (items: readonly string[], ranges: readonly ItemRange[]) => {
  const first = ranges[0];
  if (!first) return '';
  return items.slice(0, first.item).join('') + (items[first.item] ?? '').slice(0, first.start);
};

/** Finds `quote` in `page` and locates that span in the items. */
const locate = (items: readonly string[], page: string, quote: string, from = 0) => {
  const start = page.indexOf(quote, from);
  if (start < 0) throw new Error(`"${quote}" is not in the page text`);
  return locateSpanInTextItems(items, page, { start, end: start + quote.length });
};

const PAGE = [
  'Measurements (5 March 2026)',
  'Flow began at 07:40 and stopped at 17:15.',
  'Peak flow rate: 2.6 m3/h at 12:30 under clear sky.',
  'Total pumped that day: 16.2 m3, enough for the drip lines and the cattle trough.',
].join('\n');

describe('locateSpanInTextItems', () => {
  it('marks the part of each item a span covers, across items split mid-word', () => {
    const items = [
      'Measurements (5 March 2026)',
      'Flow began at 07:40 and stopped at 17:15.',
      'Pe',
      'ak flow rate: 2.6 m',
      '3/h at 12:30 under clear sky.',
      'Total pumped that day: 16.2 m3, enough for the drip lines and the cattle trough.',
    ];
    const ranges = locate(items, PAGE, 'flow rate: 2.6 m3/h');
    expect(ranges).toEqual([
      { item: 3, start: 3, end: 19 },
      { item: 4, start: 0, end: 3 },
    ]);
    expect(marked(items, ranges ?? [])).toBe('flow rate: 2.6 m3/h');
  });

  it('forgives whitespace the two extractions place differently, and ligatures', () => {
    // The text layer has no space where the index has a line break, and extra spaces elsewhere.
    const items = [
      'Peak  flow rate:',
      '2.6 m3/h at 12:30 under clear sky.Total pumped',
      ' that day',
    ];
    const ranges = locate(items, PAGE, 'rate: 2.6 m3/h at 12:30 under clear sky.\nTotal pumped');
    expect(marked(items, ranges ?? [])).toBe('rate:2.6 m3/h at 12:30 under clear sky.Total pumped');
    // "ﬁ" drawn as one glyph, indexed as two letters; a soft hyphen in the drawn word.
    expect(
      marked(['The ﬁl\u00adter'], locate(['The ﬁl\u00adter'], 'The filter', 'filter') ?? []),
    ).toBe('ﬁl\u00adter');
  });

  it('picks the occurrence at the span, not the first one with the same words', () => {
    const page = 'flow dropped. Later the flow dropped again.';
    const items = ['flow dropped.', 'Later the ', 'flow dropped', ' again.'];
    const ranges = locate(items, page, 'flow dropped', 5);
    expect(ranges).toEqual([{ item: 2, start: 0, end: 12 }]);
  });

  it('bridges a few glyphs the drawn page reads differently, by the span’s two ends', () => {
    const page = 'The strainer clogged twice with silt; flow dropped to 1.4 m3/h before cleaning.';
    const items = [
      'The strainer clogged twice with sllt; flow dropped to 1.4 m3/h before cleaning.',
    ];
    const ranges = locate(items, page, 'strainer clogged twice with silt; flow dropped to 1.4');
    expect(marked(items, ranges ?? [])).toBe(
      'strainer clogged twice with sllt; flow dropped to 1.4',
    );
  });

  it('finds nothing for a blank span, or words that are not on the page', () => {
    expect(locateSpanInTextItems(['a b'], 'a \n b', { start: 1, end: 3 })).toBeNull();
    expect(locate(['Recommendations'], PAGE, 'Peak flow rate')).toBeNull();
    expect(locateSpanInTextItems([], PAGE, { start: 0, end: 10 })).toBeNull();
  });
});

// Characters PDFs give: letters, digits, punctuation, dashes, ligatures, accents, curly quotes and
// every kind of space, including the invisible ones.
const CHARACTERS = [
  ...'aAbBcflowP1207.,:;/-()',
  '–',
  '—',
  'ﬁ',
  'é',
  'É',
  '’',
  '“',
  '"',
  ' ',
  ' ',
  '\n',
  '\t',
  '\u00a0',
  '\u00ad',
  '\u200b',
];
const SPACES = ['', '', ' ', '  ', '\n', ' \n'];

/**
 * A page text and the items a text layer might draw it as: the same characters, cut anywhere,
 * each whitespace character kept, dropped or changed, and spaces added at some cuts.
 */
const drawnPage = fc
  .record({
    characters: fc.array(fc.constantFrom(...CHARACTERS), { minLength: 1, maxLength: 80 }),
    cuts: fc.array(fc.boolean(), { maxLength: 80 }),
    spaces: fc.array(fc.constantFrom(...SPACES), { maxLength: 80 }),
  })
  .map(({ characters, cuts, spaces }) => {
    const items: string[] = [''];
    characters.forEach((character, i) => {
      const space = spaces[i % Math.max(spaces.length, 1)] ?? '';
      const drawn = /\s/.test(character) ? space : character;
      items[items.length - 1] += drawn;
      if (cuts[i]) items.push(space.trim() === '' && i % 3 === 0 ? space : '');
    });
    return { page: characters.join(''), items };
  });

describe('locateSpanInTextItems (properties)', () => {
  it('marks exactly the span’s characters, at the span’s own place, however the page is cut and spaced', () => {
    fc.assert(
      fc.property(drawnPage, fc.nat(), fc.nat(), ({ page, items }, a, b) => {
        const start = a % (page.length + 1);
        const end = start + (b % (page.length - start + 1));
        const wanted = foldPdfText(page.slice(start, end));
        const ranges = locateSpanInTextItems(items, page, { start, end });
        if (wanted === '') {
          expect(ranges).toBeNull();
          return;
        }
        expect(ranges).not.toBeNull();
        const found = ranges ?? [];
        expect(foldPdfText(marked(items, found))).toBe(wanted);
        expect(foldPdfText(before(items, found)).length).toBe(
          foldPdfText(page.slice(0, start)).length,
        );
        // One range per item, in order, each inside its item.
        found.forEach((range, i) => {
          expect(range.start).toBeGreaterThanOrEqual(0);
          expect(range.end).toBeLessThanOrEqual(items[range.item]?.length ?? -1);
          expect(range.end).toBeGreaterThan(range.start);
          if (i > 0) expect(range.item).toBeGreaterThan(found[i - 1]?.item ?? Infinity);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('folds a text piece by piece as it folds it whole, so offsets carry over', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARACTERS)), fc.nat(), (characters, cut) => {
        const text = characters.join('');
        const at = cut % (text.length + 1);
        expect(foldPdfText(text.slice(0, at)) + foldPdfText(text.slice(at))).toBe(
          foldPdfText(text),
        );
      }),
    );
  });
});

describe('markTextItems', () => {
  const layer = () => {
    const root = document.createElement('div');
    const items = ['Pe', 'ak flow rate: 2.6 m', '3/h at noon'];
    const spans = items.map((text) => {
      const span = document.createElement('span');
      span.textContent = text;
      root.append(span);
      return span;
    });
    return { root, items, spans };
  };

  it('wraps each range in a mark and leaves the rest of the item as it was', () => {
    const { root, items, spans } = layer();
    const marks = markTextItems(spans, items, [
      { item: 1, start: 3, end: 19 },
      { item: 2, start: 0, end: 3 },
    ]);
    expect(marks.map((m) => m.textContent)).toEqual(['flow rate: 2.6 m', '3/h']);
    expect(spans.map((s) => s.innerHTML)).toEqual([
      'Pe',
      'ak <mark class="pdf-cited">flow rate: 2.6 m</mark>',
      '<mark class="pdf-cited">3/h</mark> at noon',
    ]);
    expect(root.textContent).toBe(items.join(''));
  });

  it('takes the marks off again, one text per item', () => {
    const { root, items, spans } = layer();
    markTextItems(spans, items, [{ item: 1, start: 0, end: 4 }]);
    unmarkTextItems(root);
    expect(root.querySelectorAll('mark')).toHaveLength(0);
    expect(spans.map((s) => s.childNodes.length)).toEqual([1, 1, 1]);
    expect(spans.map((s) => s.textContent)).toEqual(items);
  });
});
