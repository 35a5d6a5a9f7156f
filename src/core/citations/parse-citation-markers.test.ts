import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CitationMarker,
  MAX_MARKER_LENGTH,
  MAX_RANGE_SIZE,
  parseCitationMarkers,
} from './parse-citation-markers.ts';

/** The markers of `text` as `[raw, numbers or page]` pairs, for compact tables. */
const summarize = (text: string) =>
  parseCitationMarkers(text).map((m) => [m.raw, m.numbers ?? m.page, m.issue] as const);

describe('parseCitationMarkers: markers', () => {
  const cases: [string, string, ReturnType<typeof summarize>][] = [
    ['single number', 'The pump delivers 2.5 m³/h [2].', [['[2]', [2], null]]],
    [
      'adjacent markers are two',
      'See [1][3].',
      [
        ['[1]', [1], null],
        ['[3]', [3], null],
      ],
    ],
    ['list with space', 'Both [1, 2] agree.', [['[1, 2]', [1, 2], null]]],
    ['list without space', 'Both [1,2] agree.', [['[1,2]', [1, 2], null]]],
    ['semicolon list', 'Both [1; 4] agree.', [['[1; 4]', [1, 4], null]]],
    ['hyphen range', 'All [1-3].', [['[1-3]', [1, 2, 3], null]]],
    ['en dash range', 'All [1–3].', [['[1–3]', [1, 2, 3], null]]],
    ['em dash range with spaces', 'All [2 — 4].', [['[2 — 4]', [2, 3, 4], null]]],
    ['mixed list and range', 'See [1, 3-5, 8].', [['[1, 3-5, 8]', [1, 3, 4, 5, 8], null]]],
    ['duplicates collapse', 'See [2, 2, 1-2].', [['[2, 2, 1-2]', [2, 1], null]]],
    ['padded', 'See [ 4 ].', [['[ 4 ]', [4], null]]],
    ['zero is a marker (checked later)', 'See [0].', [['[0]', [0], null]]],
    ['out-of-range is a marker (checked later)', 'See [99].', [['[99]', [99], null]]],
    ['leading zeros', 'See [03].', [['[03]', [3], null]]],
    ['reversed range', 'See [3-1].', [['[3-1]', [], 'reversed-range']]],
    ['absurd range', 'See [1-1000].', [['[1-1000]', [], 'range-too-long']]],
    [
      'range at the cap',
      `See [1-${MAX_RANGE_SIZE}].`,
      [[`[1-${MAX_RANGE_SIZE}]`, Array.from({ length: MAX_RANGE_SIZE }, (_, i) => i + 1), null]],
    ],
    ['bad range keeps the rest', 'See [1, 5-2].', [['[1, 5-2]', [1], 'reversed-range']]],
    [
      'page of title',
      'Per [Page 3 of Pump Manual].',
      [['[Page 3 of Pump Manual]', { page: 3, title: 'Pump Manual' }, null]],
    ],
    [
      'page of document title, lower case',
      'Per [page 12 of Document Title].',
      [['[page 12 of Document Title]', { page: 12, title: 'Document Title' }, null]],
    ],
    [
      'page of quoted document',
      'Per [Page 5 of Document "filename.pdf"].',
      [['[Page 5 of Document "filename.pdf"]', { page: 5, title: 'filename.pdf' }, null]],
    ],
    [
      'p. abbreviation, curly quotes',
      'Per [p. 7 of “Field Guide”].',
      [['[p. 7 of “Field Guide”]', { page: 7, title: 'Field Guide' }, null]],
    ],
    [
      'title then page',
      'Per [Pump Manual, page 3].',
      [['[Pump Manual, page 3]', { page: 3, title: 'Pump Manual' }, null]],
    ],
    [
      'title then p.',
      'Per [Pump Manual, p. 3].',
      [['[Pump Manual, p. 3]', { page: 3, title: 'Pump Manual' }, null]],
    ],
    [
      'page marker next to a number marker',
      '[Page 2 of Guide][1]',
      [
        ['[Page 2 of Guide]', { page: 2, title: 'Guide' }, null],
        ['[1]', [1], null],
      ],
    ],
    ['glued to the word before', 'flow rate[1] is high', [['[1]', [1], null]]],
    ['at the very start and end', '[1]', [['[1]', [1], null]]],
    ['after an even run of backslashes', '\\\\[1]', [['[1]', [1], null]]],
    ['sources list line', '[1]: Pump Manual, page 3', [['[1]', [1], null]]],
    ['inline code closed on another line of the paragraph', '`a\nb` [1]', [['[1]', [1], null]]],
    ['unclosed backtick is literal', 'a ` b [1]', [['[1]', [1], null]]],
    ['after a closed fence', '```\n[1]\n```\nThen [2].', [['[2]', [2], null]]],
    [
      'CRLF lines',
      'a [1]\r\n\r\nb [2]',
      [
        ['[1]', [1], null],
        ['[2]', [2], null],
      ],
    ],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    expect(summarize(text)).toEqual(expected);
  });

  it('reports exact spans', () => {
    const text = 'Pumps [1] fail [2, 3] often [Page 4 of Manual].';
    for (const marker of parseCitationMarkers(text)) {
      expect(text.slice(marker.start, marker.end)).toBe(marker.raw);
    }
    expect(parseCitationMarkers(text).map((m) => m.start)).toEqual([6, 15, 28]);
  });
});

describe('parseCitationMarkers: not markers', () => {
  const cases: [string, string][] = [
    ['markdown link', 'See [1](https://example.com).'],
    ['markdown link with text', 'See [the manual](https://example.com).'],
    ['image', '![1](pump.png)'],
    ['reference-style link label', 'See [the manual][1].'],
    ['reference-style link, spaced text', 'See [pump manual][2] for details.'],
    ['link reference definition', '[1]: https://example.com/manual'],
    ['indented link reference definition', '  [2]: <https://example.com>'],
    ['footnote', 'A claim[^1].'],
    ['footnote definition', '[^1]: The note.'],
    ['empty task box', '- [ ] todo'],
    ['checked task box', '- [x] done'],
    ['empty brackets', 'an [] array'],
    ['inline code', 'Call `arr[1]` here.'],
    ['inline code, double backticks', 'Call ``a ` [1]`` here.'],
    ['fenced code', '```ts\nconst x = a[1];\n```'],
    ['tilde fence', '~~~\n[2]\n~~~'],
    ['unclosed fence runs to the end', '```\n[1]\nmore [2]'],
    ['escaped bracket', 'Literal \\[1] here.'],
    ['wikilink', 'See [[1]] and [[Page 3 of Manual]].'],
    ['number inside a word', 'See [1st] and [v2] and [2a] and [12th].'],
    ['marker glued to a following word', 'x[1]y and [2]nd'],
    ['decimal', 'In [1.5] steps.'],
    ['negative', 'Index [-1].'],
    ['trailing comma', 'See [1,].'],
    ['too many digits', 'See [1234567890].'],
    ['prose in brackets', 'He [sic] said so [see above].'],
    ['page without a title', 'See [page 3].'],
    ['page title without letters', 'See [page 3 of 42].'],
    ['bracket across lines', 'See [1\n].'],
    ['bracket with code inside', 'See [1 `x`].'],
    ['over-long bracket', `See [page 1 of ${'x'.repeat(MAX_MARKER_LENGTH)}].`],
  ];
  it.each(cases)('%s', (_name, text) => {
    expect(parseCitationMarkers(text)).toEqual([]);
  });

  it('keeps markers around code', () => {
    expect(summarize('[1] `[2]` [3]')).toEqual([
      ['[1]', [1], null],
      ['[3]', [3], null],
    ]);
  });
});

describe('parseCitationMarkers: properties', () => {
  /** Text built from the characters and pieces that matter to the grammar. */
  const markdownish = fc
    .array(
      fc.constantFrom(
        '[',
        ']',
        '1',
        '23',
        '-',
        '–',
        ',',
        ' ',
        '`',
        '```',
        '~~~',
        '\\',
        '\n',
        '\r\n',
        '(',
        ')',
        '^',
        ':',
        'x',
        'Page 3 of Manual',
        ', p. 2',
        '"',
        'é',
        '😀',
      ),
      { maxLength: 80 },
    )
    .map((parts) => parts.join(''));
  const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), markdownish);

  /** The first marker that breaks the span rules, or null when all keep them. */
  const brokenMarker = (text: string, markers: CitationMarker[]): CitationMarker | null => {
    let previousEnd = 0;
    for (const marker of markers) {
      const ok =
        text.slice(marker.start, marker.end) === marker.raw &&
        marker.start >= previousEnd &&
        marker.raw.startsWith('[') &&
        marker.raw.endsWith(']') &&
        (marker.numbers === null) !== (marker.page === null);
      if (!ok) return marker;
      previousEnd = marker.end;
    }
    return null;
  };
  const checkShape = (text: string, markers: CitationMarker[]) => {
    expect(brokenMarker(text, markers)).toBeNull();
  };

  it('never throws; spans are exact, in order and non-overlapping', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        checkShape(text, parseCitationMarkers(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds every plain marker inserted between words, at its offset', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, fc.option(fc.integer({ min: 1, max: 99 }))), { minLength: 1 }),
        (parts) => {
          let text = '';
          const expected: { start: number; n: number }[] = [];
          for (const [w, n] of parts) {
            text += `${w} `;
            if (n !== null) {
              expected.push({ start: text.length, n });
              text += `[${n}] `;
            }
          }
          const found = parseCitationMarkers(text);
          expect(found.map((m) => ({ start: m.start, n: m.numbers?.[0] }))).toEqual(expected);
        },
      ),
    );
  });

  it('finds nothing inside an inline code span', () => {
    const inside = fc.string({ maxLength: 40 }).filter((s) => !/[`\r\n]/.test(s));
    fc.assert(
      fc.property(inside, (code) => {
        const text = `a \`${code}\` b`;
        expect(parseCitationMarkers(text)).toEqual([]);
      }),
    );
  });

  it('keeps range expansion capped', () => {
    fc.assert(
      fc.property(fc.nat(2000), fc.nat(2000), (from, to) => {
        const [marker] = parseCitationMarkers(`[${from}-${to}]`);
        expect(marker).toBeDefined();
        expect(marker?.numbers?.length ?? 0).toBeLessThanOrEqual(MAX_RANGE_SIZE);
        const valid = from <= to && to - from < MAX_RANGE_SIZE;
        expect(marker?.issue === null).toBe(valid);
      }),
    );
  });

  it('stays fast on huge adversarial input', () => {
    const size = 200_000;
    const inputs = [
      '['.repeat(size),
      '[1'.repeat(size / 2),
      '[1]'.repeat(size / 3),
      `[${'1,'.repeat(size / 2)}`,
      '`'.repeat(size),
      '` '.repeat(size / 2),
      '\\'.repeat(size),
      '```\n'.repeat(size / 4),
      `[page 1 of ${'a '.repeat(size / 2)}`,
      '[x]('.repeat(size / 4),
      fc.sample(markdownish, { numRuns: 500, seed: 1 }).join('').repeat(8),
    ];
    const started = performance.now();
    for (const text of inputs) checkShape(text, parseCitationMarkers(text));
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
