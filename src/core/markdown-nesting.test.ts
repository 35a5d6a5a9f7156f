import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capMarkdownNesting } from './markdown-nesting.ts';

const cap = (text: string, depth = 2) => capMarkdownNesting(text, depth);

describe('capMarkdownNesting', () => {
  it.each([
    ['bullets on one line', '- - - x', '- - \\-x'],
    ['ordered markers', '1. 2) 3. x', '1. 2) 3\\.x'],
    ['quote markers', '> > > x', '> > \\>x'],
    ['quote markers without spaces', '>>>>x', '>>\\>x'],
    ['a quote marker before text', '> >>x', '> >\\x'],
    ['footnote definitions', '[^a]: [^b]: [^c]: x', '[^a]: [^b]: \\^c]: x'],
    ['an empty item past the limit', '- - -\n', '- - -\n'],
    ['mixed containers', '- > - x', '- > \\-x'],
    ['a long run of stars', '******a******', '****\\*a****\\*'],
    ['a long run of underscores, odd', '_______ x', '____\\__ x'],
    ['runs after a disarmed marker', '- - - ******', '- - \\-****\\*'],
  ])('disarms the markers past the limit in %s, keeping the length', (_name, text, expected) => {
    const capped = cap(text);
    expect(capped.text).toBe(expected);
    expect(capped.text).toHaveLength(text.length);
  });

  it('counts depth across lines: continued items and quotes stay open', () => {
    const text = '- a\n  - b\n    - c\n\n      more\n    - d\n> > q\n> > > r\n';
    expect(cap(text).text).toBe('- a\n  - b\n    \\-c\n\n      more\n    \\-d\n> > q\n> > \\>r\n');
    expect(cap(text).rewrites).toBe(3);
  });

  it('closes what a line after a blank line does not continue', () => {
    const text = '- a\n  - b\n\n- c\n  - d\n> q\n\n> > r\n';
    expect(cap(text)).toEqual({ text, rewrites: 0 });
  });

  it('keeps thematic breaks and setext underlines as written', () => {
    const text = '- - * * *\n- - - - -\n- - ---\n';
    expect(cap(text).text).toBe('- - * * *\n- - - - -\n- - ---\n');
  });

  it('does not copy a text it leaves alone', () => {
    const text = `# Note\n\n${'- item\n'.repeat(100)}`;
    const capped = capMarkdownNesting(text);
    expect(capped.rewrites).toBe(0);
    expect(capped.text).toBe(text);
  });

  it('never changes a document nested no deeper than the limit, and keeps every length', () => {
    const line = fc
      .tuple(
        fc.array(fc.constantFrom('- ', '* ', '1. ', '> ', '[^n]: ', '  ', '    ', '\t'), {
          maxLength: 8,
        }),
        fc.constantFrom('text', '[[Link]]', '', '---', '```'),
      )
      .map(([prefix, rest]) => prefix.join('') + rest);
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }),
        fc.constantFrom('\n', '\r\n'),
        (lines, eol) => {
          const text = lines.join(eol);
          // At most 8 containers open per line and 20 lines: depth 160 at most, below 200.
          expect(capMarkdownNesting(text, 200)).toEqual({ text, rewrites: 0 });
          const deep = capMarkdownNesting(text, 1);
          expect(deep.text).toHaveLength(text.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
