import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContextSource } from '../context/context-types.ts';
import { type CitableSource, checkCitations } from './check-citations.ts';

const MANUAL_BODY = [
  '# Pump manual',
  '',
  'Page one is about installation.',
  '',
  'Operation:  The pump must  “NOT run dry” for more than\n30   seconds — it’s the seal that fails first.',
  '',
  'Page three lists spare parts.',
].join('\n');

/** A source that is an exact slice of its document body, as retrieved chunks are. */
const sliceOf = (
  body: string,
  needle: string,
  overrides: Partial<CitableSource> & Pick<CitableSource, 'n'>,
): CitableSource => {
  const start = body.indexOf(needle);
  if (start < 0) throw new Error(`fixture: ${needle} not in body`);
  return {
    documentId: 'doc-manual',
    path: 'manuals/Pump Manual.pdf',
    title: 'Pump Manual',
    kind: 'pdf',
    chunkId: `chunk-${overrides.n}`,
    page: null,
    section: null,
    heading: null,
    start,
    end: start + needle.length,
    text: needle,
    ...overrides,
  };
};

const operation = sliceOf(MANUAL_BODY, MANUAL_BODY.slice(MANUAL_BODY.indexOf('Operation')), {
  n: 2,
  page: 2,
});
const installation = sliceOf(MANUAL_BODY, 'Page one is about installation.', { n: 1, page: 1 });
const spares = sliceOf(MANUAL_BODY, 'Page three lists spare parts.', { n: 3, page: 3 });
const note: CitableSource = {
  n: 4,
  documentId: 'doc-note',
  path: 'notes/Maintenance Log.md',
  title: 'Maintenance log',
  kind: 'note',
  chunkId: 'chunk-note',
  page: null,
  section: null,
  heading: 'March',
  start: 120,
  end: 120 + 'Replaced the seal on pump two after a dry run.'.length,
  text: 'Replaced the seal on pump two after a dry run.',
};
const SOURCES = [note, spares, installation, operation];

describe('checkCitations: markers', () => {
  it('maps numbers to sources and flags numbers that point nowhere', () => {
    const check = checkCitations('Install first [1], then run [2][3]. Never [0] or [9].', SOURCES);
    expect(check.markers.map((m) => [m.raw, m.valid, m.problem])).toEqual([
      ['[1]', true, null],
      ['[2]', true, null],
      ['[3]', true, null],
      ['[0]', false, 'unknown-source'],
      ['[9]', false, 'unknown-source'],
    ]);
    expect(check.invalid.map((m) => m.raw)).toEqual(['[0]', '[9]']);
    expect(check.grounded).toBe(true);
  });

  it('keeps the valid numbers of a partly valid marker and flags the rest', () => {
    const check = checkCitations('Both [2, 7].', SOURCES);
    const [marker] = check.markers;
    expect(marker?.valid).toBe(true);
    expect(marker?.targets).toEqual([
      { n: 2, valid: true },
      { n: 7, valid: false },
    ]);
    expect(marker?.problem).toBe('unknown-source');
    expect(check.invalid).toEqual([]);
    expect(check.citations.find((c) => c.n === 2)?.cited).toBe(true);
  });

  it('expands ranges and flags malformed ones', () => {
    const check = checkCitations('All [1-3]; none [3-1]; most [1–100].', SOURCES);
    expect(check.markers.map((m) => [m.targets.map((t) => t.n), m.valid, m.problem])).toEqual([
      [[1, 2, 3], true, null],
      [[], false, 'reversed-range'],
      [[], false, 'range-too-long'],
    ]);
  });

  it('treats duplicate markers as one citation', () => {
    const check = checkCitations('A [2]. B [2]. C [2, 2].', SOURCES);
    expect(check.markers).toHaveLength(3);
    expect(check.citations.filter((c) => c.cited).map((c) => c.n)).toEqual([2]);
  });

  it('maps a page citation by title, file name or stem, forgiving case and punctuation', () => {
    const texts = [
      '[Page 3 of Pump Manual]',
      '[page 3 of pump-manual]',
      '[Page 3 of Document "Pump Manual.pdf"]',
      '[Page 3 of Document Pump Manual]',
      '[PUMP  MANUAL, p. 3]',
    ];
    for (const text of texts) {
      const [marker] = checkCitations(text, SOURCES).markers;
      expect({ text, valid: marker?.valid, targets: marker?.targets }).toEqual({
        text,
        valid: true,
        targets: [{ n: 3, valid: true }],
      });
    }
  });

  it('prefers the title as written over dropping the word "Document"', () => {
    const management: CitableSource = {
      ...spares,
      n: 5,
      documentId: 'doc-dm',
      path: 'dm.pdf',
      title: 'Document Management',
    };
    const [marker] = checkCitations('[Page 3 of Document Management]', [
      ...SOURCES,
      management,
    ]).markers;
    expect(marker?.targets).toEqual([{ n: 5, valid: true }]);
  });

  it('flags page citations of unknown documents or pages', () => {
    const check = checkCitations('[Page 9 of Pump Manual] and [Page 3 of Field Guide]', SOURCES);
    expect(check.markers.map((m) => [m.valid, m.problem])).toEqual([
      [false, 'unknown-page'],
      [false, 'unknown-document'],
    ]);
    expect(check.grounded).toBe(false);
    expect(check.invalid).toHaveLength(2);
  });

  it('maps a page of a whole PDF given without a page', () => {
    const whole: CitableSource = { ...installation, n: 1, page: null, chunkId: null };
    const [marker] = checkCitations('[Page 7 of Pump Manual]', [whole]).markers;
    expect(marker?.targets).toEqual([{ n: 1, valid: true }]);
    const notePage = checkCitations('[Page 1 of Maintenance Log]', [note]).markers[0];
    expect(notePage?.problem).toBe('unknown-page');
  });

  it('ignores markers inside code', () => {
    const check = checkCitations('Use `arr[1]`.\n\n```\n[2]\n```', SOURCES);
    expect(check.markers).toEqual([]);
    expect(check.grounded).toBe(false);
  });
});

describe('checkCitations: citations', () => {
  it('lists every source in number order, cited or not', () => {
    const check = checkCitations('Only the seal [2].', SOURCES);
    expect(check.citations.map((c) => [c.n, c.cited])).toEqual([
      [1, false],
      [2, true],
      [3, false],
      [4, false],
    ]);
    const log = check.citations[3];
    expect(log).toMatchObject({
      documentId: 'doc-note',
      path: 'notes/Maintenance Log.md',
      title: 'Maintenance log',
      kind: 'note',
      chunkId: 'chunk-note',
      page: null,
      section: null,
      heading: 'March',
      start: note.start,
      end: note.end,
      quote: null,
    });
  });

  it('keeps the first source when two share a number', () => {
    const check = checkCitations('[1]', [installation, { ...spares, n: 1 }]);
    expect(check.citations).toHaveLength(1);
    expect(check.citations[0]?.chunkId).toBe(installation.chunkId);
  });

  it('gives short excerpts with whitespace collapsed', () => {
    const long: CitableSource = { ...note, text: `Start\n\n${'word '.repeat(200)}end` };
    const [citation] = checkCitations('', [long]).citations;
    expect(citation?.excerpt.length).toBeLessThanOrEqual(240);
    expect(citation?.excerpt.startsWith('Start word word')).toBe(true);
    const [small] = checkCitations('', [operation], { excerptChars: 40 }).citations;
    expect(small?.excerpt.length).toBeLessThanOrEqual(40);
    expect(small?.excerpt).not.toMatch(/\s\s|\n/);
  });

  it('is not grounded without markers and still lists the sources', () => {
    const check = checkCitations('The pump is fine.', SOURCES);
    expect(check.grounded).toBe(false);
    expect(check.citations).toHaveLength(4);
    expect(check.citations.every((c) => !c.cited)).toBe(true);
  });

  it('accepts context sources as they are', () => {
    const source: ContextSource = {
      ...note,
      origin: 'retrieval',
      block: null,
    };
    expect(checkCitations('[4]', [source]).grounded).toBe(true);
  });
});

describe('checkCitations: quotes', () => {
  it('finds a quote next to its marker and gives exact body offsets', () => {
    const answer = 'The manual says "the pump must \'not run dry\' for more than 30 seconds" [2].';
    const check = checkCitations(answer, SOURCES);
    const quote = check.citations.find((c) => c.n === 2)?.quote;
    expect(quote?.found).toBe(true);
    expect(operation.start).toBeGreaterThan(0);
    expect(MANUAL_BODY.slice(quote?.start ?? 0, quote?.end ?? 0)).toBe(
      'The pump must  “NOT run dry” for more than\n30   seconds',
    );
    expect(check.quotes).toEqual([
      {
        text: "the pump must 'not run dry' for more than 30 seconds",
        start: answer.indexOf('the pump'),
        end: answer.indexOf('" [2]'),
        markers: [0],
        searched: [2],
        foundIn: [{ n: 2, start: quote?.start, end: quote?.end }],
        found: true,
      },
    ]);
  });

  it('allows curly quotes, punctuation before the marker and chained markers', () => {
    const answer = 'It warns: “It’s the seal that fails first.” — [1][2], [4]';
    const check = checkCitations(answer, SOURCES);
    expect(check.quotes).toHaveLength(1);
    expect(check.quotes[0]).toMatchObject({ markers: [0, 1, 2], searched: [1, 2, 4], found: true });
    expect(check.quotes[0]?.foundIn.map((f) => f.n)).toEqual([2]);
    // Found in one of its sources, the quote is not flagged on the others.
    expect(check.citations.find((c) => c.n === 1)?.quote).toBeNull();
    const quote = check.citations.find((c) => c.n === 2)?.quote;
    expect(MANUAL_BODY.slice(quote?.start ?? 0, quote?.end ?? 0)).toBe(
      'it’s the seal that fails first',
    );
    const listed = checkCitations('“it’s the seal that fails first” [1, 2]', SOURCES);
    expect(listed.quotes[0]?.foundIn.map((f) => f.n)).toEqual([2]);
  });

  it('looks a quote up again for each later marker that is not chained', () => {
    const answer = '"the seal that fails first" [2] and again "the seal that fails first" [1].';
    const check = checkCitations(answer, SOURCES);
    expect(check.quotes.map((q) => [q.markers, q.found])).toEqual([
      [[0], true],
      [[1], false],
    ]);
    expect(check.citations.find((c) => c.n === 1)?.quote?.found).toBe(false);
  });

  it('does not chain markers across a sentence end', () => {
    const check = checkCitations('"the seal that fails first" [2]. [1] agrees.', SOURCES);
    expect(check.quotes.map((q) => q.markers)).toEqual([[0]]);
  });

  it('flags a quote the cited source does not contain', () => {
    const check = checkCitations('The manual says "run the pump dry for an hour" [2].', SOURCES);
    expect(check.quotes[0]?.found).toBe(false);
    expect(check.citations.find((c) => c.n === 2)?.quote).toEqual({
      text: 'run the pump dry for an hour',
      start: null,
      end: null,
      found: false,
    });
    expect(check.markers[0]?.valid).toBe(true);
  });

  it('searches a cut source without its cut mark', () => {
    const cut: CitableSource = {
      ...operation,
      text: 'Operation:  The pump must  “NOT run dry” for more…',
      end: operation.start + 'Operation:  The pump must  “NOT run dry” for more'.length,
    };
    const check = checkCitations('"NOT run dry for more" [2]', [cut]);
    const quote = check.citations[0]?.quote;
    expect(quote?.found).toBe(true);
    expect(MANUAL_BODY.slice(quote?.start ?? 0, quote?.end ?? 0)).toBe('NOT run dry” for more');
  });

  it('finds a quote in rendered text but gives no body offsets for it', () => {
    const rendered: CitableSource = {
      ...note,
      start: 0,
      end: 0,
      text: 'Alice — role: pump engineer; team: maintenance',
    };
    const quote = checkCitations('"role: pump engineer" [4]', [rendered]).citations[0]?.quote;
    expect(quote).toEqual({ text: 'role: pump engineer', start: null, end: null, found: true });
  });

  it('does not check short quotes, far quotes, quotes longer than the source or invalid markers', () => {
    const answers = [
      'It is "dry" [2].',
      'It is "not run dry" and more words before [2].',
      `"${'seal fails first '.repeat(10)}" [4]`,
      '"the pump must not run dry" [9]',
      'No quote at all [2].',
      '"the pump must not run dry"\n[2]',
    ];
    for (const answer of answers) {
      expect({ answer, quotes: checkCitations(answer, SOURCES).quotes }).toEqual({
        answer,
        quotes: [],
      });
    }
  });

  it('honours the quote options', () => {
    const text = 'It is "not dry" [2].';
    expect(checkCitations(text, SOURCES).quotes).toEqual([]);
    expect(checkCitations(text, SOURCES, { minQuoteWords: 2 }).quotes[0]?.found).toBe(false);
    const spaced = '"the pump must not run dry" ,  ;  [2]';
    expect(checkCitations(spaced, SOURCES).quotes).toEqual([]);
    expect(checkCitations(spaced, SOURCES, { maxQuoteGap: 8 }).quotes[0]?.found).toBe(true);
  });
});

describe('checkCitations: properties', () => {
  it('never throws and keeps its invariants on arbitrary answers', () => {
    const answer = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc
        .array(
          fc.constantFrom(
            '[1]',
            '[2, 9]',
            '[0]',
            '[1-3]',
            '"',
            '“',
            '”',
            'the pump must ',
            ' ',
            '\n',
          ),
          { maxLength: 40 },
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(answer, (text) => {
        const check = checkCitations(text, SOURCES);
        expect(check.citations.map((c) => c.n)).toEqual([1, 2, 3, 4]);
        expect(check.grounded).toBe(check.markers.some((m) => m.valid));
        expect(check.invalid.every((m) => !m.valid)).toBe(true);
        for (const citation of check.citations) {
          const cited = check.markers.some((m) =>
            m.targets.some((t) => t.valid && t.n === citation.n),
          );
          expect(citation.cited).toBe(cited);
        }
        for (const quote of check.quotes) {
          expect(text.slice(quote.start, quote.end)).toBe(quote.text);
          for (const found of quote.foundIn) {
            const source = SOURCES.find((s) => s.n === found.n);
            expect(found.start).toBeGreaterThanOrEqual(source?.start ?? 0);
            expect(found.end).toBeLessThanOrEqual(source?.end ?? 0);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('stays fast on a huge answer and huge sources', () => {
    const answer = `"${'the pump must not run dry '.repeat(40)}" [2] `.repeat(2000);
    const blank: CitableSource = { ...note, n: 5, text: `${' '.repeat(200_000)}x…` };
    const dots: CitableSource = { ...note, n: 6, text: `${'. '.repeat(100_000)}end` };
    const adversarial = `"${'. '.repeat(900)}a b c" [5, 6] `.repeat(200);
    const started = performance.now();
    const check = checkCitations(answer, SOURCES);
    expect(check.markers).toHaveLength(2000);
    expect(checkCitations(adversarial, [blank, dots]).quotes).toHaveLength(200);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
