import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CitableSource, renumberCitations } from '../core/index.ts';
import { StreamRenumberer } from './renumber-stream.ts';

const source = (n: number, documentId = `doc-${n}`): CitableSource => ({
  n,
  documentId,
  path: `notes/${documentId}.md`,
  title: `Note ${n}`,
  kind: 'note',
  chunkId: null,
  page: null,
  section: null,
  heading: null,
  start: n * 100,
  end: n * 100 + 20,
  text: `source text number ${n}.`.padEnd(20, '.'),
});
const SOURCES = [1, 2, 3, 4, 5, 6, 7].map((n) => source(n));

/** Streams `text` in the given pieces and returns what a reader saw. */
function stream(
  pieces: readonly string[],
  sources = SOURCES,
): { shown: string; consistent: boolean } {
  const renumberer = new StreamRenumberer(() => sources);
  let shown = '';
  for (const piece of pieces) shown += renumberer.push(piece);
  shown += renumberer.flush();
  return { shown, consistent: renumberer.consistent };
}

describe('StreamRenumberer', () => {
  it('shows final numbers while streaming, even when a marker is split across chunks', () => {
    const { shown, consistent } = stream(['The pump runs [', '6', '] and stops [3', '][6].']);
    expect(shown).toBe('The pump runs [1] and stops [2][1].');
    expect(consistent).toBe(true);
  });

  it('holds back a marker that becomes a Markdown link, then shows the link as written', () => {
    const renumberer = new StreamRenumberer(() => SOURCES);
    expect(renumberer.push('See [5]')).toBe('See ');
    expect(renumberer.push('(https://example.org) and [4].')).toBe(
      '[5](https://example.org) and [1].',
    );
  });

  it('leaves markers in code as written', () => {
    expect(stream(['Write `[', '7]` for a citation [7].']).shown).toBe(
      'Write `[7]` for a citation [1].',
    );
  });

  it('always ends on the text the stored message gets', () => {
    const answers = fc.constantFrom(
      'Flow [3] and head [5][3].\n- item [7]\n- other [2, 7]',
      'See [Page 2 of Note 4] and [9] then [4].',
      '```\n[6]\n```\nReal [6] here [1-3].',
      'Links [2](http://x) and [2]: http://y\nplain [2]',
      'Code `a [5]` then [5] and `[6]` [6]',
    );
    fc.assert(
      fc.property(answers, fc.array(fc.nat(40), { maxLength: 12 }), (text, cuts) => {
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const pieces: string[] = [];
        let at = 0;
        for (const point of [...points, text.length]) {
          pieces.push(text.slice(at, point));
          at = point;
        }
        const { shown, consistent } = stream(pieces);
        const final = renumberCitations(text, SOURCES).text;
        expect(consistent).toBe(true);
        expect(shown).toBe(final);
      }),
      { numRuns: 300 },
    );
  });
});
