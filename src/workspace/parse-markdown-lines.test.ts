import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './parse-markdown.ts';
import { parseMarkdownLines } from './parse-markdown-lines.ts';

const LIMITS = { segmentChars: 8 * 1024, maxUncut: 7 * 8 * 1024, maxEntries: 20_000 };

/** What the parser (remark) reads, with the line reader turned off. */
const parsed = (body: string, segmentChars?: number) =>
  parseMarkdown(body, { lines: false, ...(segmentChars !== undefined && { segmentChars }) });

const word = fc.constantFrom(
  'pump',
  'Flow',
  'rate',
  'Über',
  'naïve',
  '水',
  '🙂',
  'x2',
  'a-b',
  '42',
);
const words = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
const wikilink = fc
  .tuple(
    fc.constantFrom('', '!'),
    words,
    fc.constantFrom('', '#Section', '#^b1', '|shown text', '#Part|alias'),
  )
  .map(([bang, target, rest]) => `${bang}[[${target}${rest}]]`);

/** Inline text: mostly plain, with some of everything the line reader must leave to the parser. */
const inline = fc
  .array(
    fc.oneof(
      { weight: 8, arbitrary: words },
      { weight: 3, arbitrary: wikilink },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          '*em*',
          '**strong**',
          '_under_',
          '~~gone~~',
          '`code [[x]]`',
          '[text](notes/a.md)',
          '[text](https://example.com)',
          '![alt](img.png)',
          '<span>[[y]]</span>',
          '<https://example.com>',
          '&amp;',
          '\\[[escaped]]',
          'a\\',
          '[^1]',
          '[[a]](b)',
          '[[a]]]',
          '[[unclosed',
          'www.example.com',
          'mail@example.com',
          '^block-1',
          '#tag',
          '  ',
          '\t',
          'C#',
          '1. ',
        ),
      },
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((parts) => parts.join(' '));

/** One line of a body, from the constructs of plain notes and many that are not. */
const line = fc.oneof(
  { weight: 6, arbitrary: inline },
  { weight: 2, arbitrary: inline.map((text) => `${text} ^b${text.length}`) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 7 }), inline, fc.constantFrom('', ' ', '  ', ' ##'))
      .map(([level, text, tail]) => `${'#'.repeat(level)} ${text}${tail}`),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom('- ', '* ', '+ ', '-  ', '1. ', '2) ', '- [ ] ', '  - '), inline)
      .map(([marker, text]) => `${marker}${text}`),
  },
  { weight: 2, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('   ', '\t') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '```',
      '```js',
      '~~~',
      '````',
      '``` a`b',
      '---',
      '***',
      '- - -',
      '===',
      '> quote [[q]]',
      '<div>',
      '<!-- note [[c]] -->',
      '| a | b |',
      '|---|---|',
      '[ref]: https://example.com',
      '[^1]: a footnote',
      '    indented [[code]]',
      '#',
      '####### seven',
      '#nospace',
      '-5 degrees',
      '\\# not a heading',
      ': colon',
      '_',
    ),
  },
);

const body = fc
  .tuple(fc.array(line, { maxLength: 30 }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([lines, ending, final]) => lines.join(ending) + (final ? ending : ''));

/** A plain note: only what the line reader takes on. */
const plainLine = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .array(fc.oneof(words, wikilink), { minLength: 1, maxLength: 4 })
      .map((parts) => parts.join(' ')),
  },
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 6 }), words)
      .map(([level, text]) => `${'#'.repeat(level)} ${text}`),
  },
  { weight: 2, arbitrary: words.map((text) => `- ${text} ^i${text.length}`) },
  { weight: 1, arbitrary: fc.constant('```\ncode [[hidden]]\n```') },
);
const plainBody = fc.array(plainLine, { maxLength: 30 }).map((lines) => `${lines.join('\n')}\n`);

describe('parseMarkdownLines', () => {
  it('gives what the parser gives, or null, on generated Markdown', () => {
    fc.assert(
      fc.property(body, (text) => {
        const read = parseMarkdownLines(text, LIMITS);
        if (read) expect(read).toEqual(parsed(text));
      }),
      { numRuns: 1500 },
    );
  });

  it('reads plain notes (headings, paragraphs, lists, fences, wikilinks, block ids) itself', () => {
    fc.assert(
      fc.property(plainBody, (text) => {
        const read = parseMarkdownLines(text, LIMITS);
        expect(read).not.toBeNull();
        expect(read).toEqual(parsed(text));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with the parser reading long bodies in segments', () => {
    const small = { segmentChars: 64, maxUncut: 7 * 64, maxEntries: 20_000 };
    fc.assert(
      fc.property(fc.oneof(plainBody, body), (text) => {
        const read = parseMarkdownLines(text, small);
        if (read) expect(read).toEqual(parsed(text, 64));
      }),
      { numRuns: 800 },
    );
  });

  it('reads headings, items, block ids, fenced code and the summary paragraph with exact offsets', () => {
    const text = [
      '# Title',
      '',
      'First line with [[Target#Part|shown]]',
      'second line ^intro',
      '',
      '- item one',
      'lazy line [[Lazy]] ^i1',
      '- item two',
      '',
      '```',
      '[[not a link]]',
      '```',
      '## Next',
    ].join('\n');
    const read = parseMarkdownLines(text, LIMITS);
    expect(read).toEqual(parsed(text));
    expect(read?.headings.map((h) => [h.text, h.level])).toEqual([
      ['Title', 1],
      ['Next', 2],
    ]);
    expect(read?.blocks.map((b) => [b.id, text.slice(b.start, b.end)])).toEqual([
      ['intro', 'First line with [[Target#Part|shown]]\nsecond line ^intro'],
      ['i1', '- item one\nlazy line [[Lazy]] ^i1'],
    ]);
    expect(read?.links.map((l) => l.target)).toEqual(['Target', 'Lazy']);
    expect(read?.firstParagraph).toBe('First line with [[Target#Part|shown]]\nsecond line ^intro');
  });

  it('leaves to the parser what it cannot be sure of', () => {
    for (const text of [
      'a *b*', // emphasis in the summary paragraph
      'p\n\n  indented',
      '> quote',
      '1. one',
      'Title\n===',
      'a | b\n--|--',
      '[x]: https://example.com',
      '`code`',
      '<b>x</b>',
      'a\rb',
      'nul\0',
      '## C# and more',
    ])
      expect(parseMarkdownLines(text, LIMITS), JSON.stringify(text)).toBeNull();
  });
});
