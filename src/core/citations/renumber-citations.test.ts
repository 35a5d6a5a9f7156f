import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CitableSource, checkCitations } from './check-citations.ts';
import { parseCitationMarkers } from './parse-citation-markers.ts';
import { renumberCitations } from './renumber-citations.ts';

const NOTE_BODY =
  'The pump ran for six hours. The seal failed at noon. It was replaced the next day.';
const PAGE_TEXTS = [
  'Cover page.',
  'Peak flow rate: 2.6 m3/h. The head was 20 m.',
  'The seal held.',
];
const PDF_BODY = PAGE_TEXTS.join('\n\n');
const pageStart = (page: number) =>
  PAGE_TEXTS.slice(0, page - 1).reduce((sum, text) => sum + text.length + 2, 0);

type Fixture = Omit<CitableSource, 'n'>;

const base = {
  chunkId: null,
  page: null,
  section: null,
  heading: null,
} as const;
/** A slice of the note body, as a retrieved chunk or a referenced note is. */
const noteSlice = (start: number, end: number): Fixture => ({
  ...base,
  documentId: 'doc-note',
  path: 'notes/Pump.md',
  title: 'Pump',
  kind: 'note',
  start,
  end,
  text: NOTE_BODY.slice(start, end),
});
const pdfSlice = (page: number | null, start: number, end: number): Fixture => ({
  ...base,
  documentId: 'doc-pdf',
  path: 'pdfs/report.pdf',
  title: 'Report',
  kind: 'pdf',
  page,
  start,
  end,
  text: PDF_BODY.slice(start, end),
});
const wholeNote = noteSlice(0, NOTE_BODY.length);
const noteChunk = noteSlice(NOTE_BODY.indexOf('The seal'), NOTE_BODY.indexOf(' It was'));
/** An outline of the note: rendered text spanning the whole body, not a slice of it. */
const noteOutline: Fixture = { ...wholeNote, text: '# Pump (outline): six hours; seal.' };
const wholePdf = pdfSlice(null, 0, PDF_BODY.length);
const page2 = pdfSlice(2, pageStart(2), pageStart(2) + (PAGE_TEXTS[1]?.length ?? 0));
const page2Chunk = pdfSlice(2, pageStart(2), pageStart(2) + 'Peak flow rate: 2.6 m3/h.'.length);
const page3 = pdfSlice(3, pageStart(3), pageStart(3) + (PAGE_TEXTS[2]?.length ?? 0));
const otherNote: Fixture = {
  ...noteSlice(0, 9),
  documentId: 'doc-other',
  path: 'Other.md',
  title: 'Other',
};
/** Rendered entity fields: never a body slice, even when its span looks like it contains others. */
const entity: Fixture = {
  ...base,
  documentId: 'doc-note',
  path: 'entities/pump.md',
  title: 'Pump entity',
  kind: 'entity',
  start: 0,
  end: NOTE_BODY.length,
  text: '### @Pump (Device) [id:device/pump]\n  seal: ceramic',
};

/** Numbers fixtures 1…n in the order given. */
const numbered = (...fixtures: Fixture[]): CitableSource[] =>
  fixtures.map((fixture, i) => ({ ...fixture, n: i + 1 }));

/** Seven unrelated notes, numbered 1…7. */
const SEVEN = [1, 2, 3, 4, 5, 6, 7].map(
  (n): CitableSource => ({ ...otherNote, n, documentId: `doc-${n}`, title: `Note ${n}` }),
);

describe('renumberCitations: numbers', () => {
  it('numbers cited sources 1…k by first citation, then the uncited in their order', () => {
    const result = renumberCitations('Flow [7]. Head [3, 7]. Seal [5].', SEVEN);
    expect(result.sources.map((s) => [s.n, s.documentId])).toEqual([
      [1, 'doc-7'],
      [2, 'doc-3'],
      [3, 'doc-5'],
      [4, 'doc-1'],
      [5, 'doc-2'],
      [6, 'doc-4'],
      [7, 'doc-6'],
    ]);
    expect(result.text).toBe('Flow [1]. Head [2, 1]. Seal [3].');
    expect(result.numbers.get(7)).toBe(1);
    expect(result.numbers.get(1)).toBe(4);
  });

  it('rewrites chained markers and ranges, dropping numbers a rewrite makes twice', () => {
    expect(renumberCitations('A [6][2]. B [1-3]. C [7, 7].', SEVEN).text).toBe(
      'A [1][2]. B [3, 2, 4]. C [5].',
    );
  });

  it('keeps page markers, invalid numbers and markers in code as written', () => {
    const text = 'Cite [Page 2 of Note 4] and [9], [0], [2, 9]. `[7]` then [7].\n```\n[7]\n```';
    const result = renumberCitations(text, SEVEN);
    expect(result.text).toBe(
      'Cite [Page 2 of Note 4] and [9], [0], [1, 9]. `[7]` then [2].\n```\n[7]\n```',
    );
  });

  it('renumbers the readable part of a marker with an unreadable range', () => {
    const result = renumberCitations('Flow [7]. Head [3-1, 6]. Other [3-1].', SEVEN);
    expect(result.text).toBe('Flow [1]. Head [2]. Other [3-1].');
    expect(result.sources[1]?.documentId).toBe('doc-6');
  });

  it('leaves an answer without markers unchanged and keeps every source', () => {
    const result = renumberCitations('No citations here.', SEVEN);
    expect(result.text).toBe('No citations here.');
    expect(result.sources.map((s) => s.documentId)).toEqual(SEVEN.map((s) => s.documentId));
  });
});

describe('renumberCitations: one passage, one number', () => {
  it('gives a chunk of an earlier-numbered note that note’s number', () => {
    const sources = numbered(wholeNote, otherNote, noteChunk);
    const result = renumberCitations('The seal failed [3]. The pump ran [1]. Other [2].', sources);
    expect(result.text).toBe('The seal failed [1]. The pump ran [1]. Other [2].');
    expect(result.sources.map((s) => [s.n, s.documentId, s.text.length])).toEqual([
      [1, 'doc-note', NOTE_BODY.length],
      [2, 'doc-other', otherNote.text.length],
    ]);
    expect(result.numbers.get(3)).toBe(1);
  });

  it('gives a page (or a chunk of it) of an earlier whole PDF that PDF’s number', () => {
    const sources = numbered(wholePdf, page2, page2Chunk, page3);
    const result = renumberCitations('Flow [3]. Head [2]. Seal [4].', sources);
    expect(result.text).toBe('Flow [1]. Head [1]. Seal [1].');
    expect(result.sources).toHaveLength(1);
  });

  it('merges a chunk into its page but never a chunk of another page', () => {
    const sources = numbered(page2, page2Chunk, page3);
    const result = renumberCitations('Seal [3]. Flow [2].', sources);
    expect(result.text).toBe('Seal [1]. Flow [2].');
    expect(result.sources.map((s) => s.page)).toEqual([3, 2]);
  });

  it('merges a chunk numbered before the note that contains it into that note', () => {
    const sources = numbered(noteChunk, otherNote, wholeNote);
    const result = renumberCitations('Pump [3]. Seal [1]. Other [2].', sources);
    expect(result.text).toBe('Pump [1]. Seal [1]. Other [2].');
    expect(result.sources.map((s) => s.text)).toEqual([NOTE_BODY, otherNote.text]);
    // The outermost container wins, wherever it is numbered.
    const nested = renumberCitations('Flow [1].', numbered(page2Chunk, page2, wholePdf));
    expect(nested.text).toBe('Flow [1].');
    expect(nested.sources.map((s) => s.page)).toEqual([null]);
  });

  it('never merges by span into an entity or an outline', () => {
    for (const outer of [entity, noteOutline]) {
      const sources = numbered(outer, noteChunk);
      const result = renumberCitations('Seal [2]. Fields [1].', sources);
      expect(result.text).toBe('Seal [1]. Fields [2].');
      expect(result.sources.map((s) => s.text)).toEqual([noteChunk.text, outer.text]);
    }
  });

  it('merges the same rendered text given twice', () => {
    const result = renumberCitations('A [2]. B [1].', numbered(entity, entity));
    expect(result.text).toBe('A [1]. B [1].');
    expect(result.sources).toHaveLength(1);
  });

  it('leaves checkCitations with cited numbers 1…k and no gaps', () => {
    const sources = numbered(otherNote, wholeNote, wholePdf, noteChunk, page2, entity);
    const answer = 'Seal [4]. Flow [5] and [6]. Pump [2][4]. [Page 3 of Report] holds.';
    const result = renumberCitations(answer, sources);
    const check = checkCitations(result.text, result.sources);
    const cited = check.citations.filter((c) => c.cited).map((c) => c.n);
    expect(cited).toEqual([1, 2, 3]);
    expect(check.invalid).toEqual([]);
    expect(result.sources.map((s) => s.n)).toEqual([1, 2, 3, 4]);
  });
});

/** The answer with its markers cut out, pieces joined by a mark no answer here contains. */
const withoutMarkers = (text: string) => {
  let out = '';
  let at = 0;
  for (const marker of parseCitationMarkers(text)) {
    out += `${text.slice(at, marker.start)}\u0001`;
    at = marker.end;
  }
  return out + text.slice(at);
};

describe('renumberCitations: properties', () => {
  const pool = [
    wholeNote,
    noteChunk,
    noteOutline,
    wholePdf,
    page2,
    page2Chunk,
    page3,
    otherNote,
    entity,
  ];
  const sources = fc
    .shuffledSubarray(pool, { minLength: 1 })
    .map((fixtures) => numbered(...fixtures));
  const answer = fc
    .array(
      fc.oneof(
        fc.integer({ min: 0, max: 11 }).map((n) => `[${n}]`),
        fc
          .array(fc.integer({ min: 0, max: 11 }), { minLength: 1, maxLength: 3 })
          .map((ns) => `[${ns.join(', ')}]`),
        fc.constantFrom(
          'The pump ran. ',
          ' ',
          '\n',
          '`',
          '```\n',
          '[1-3]',
          '[3-1, 2]',
          '[Page 2 of Report]',
          '[Report, p. 3]',
          '[x]',
          '](',
          '\\',
        ),
        fc.string({ maxLength: 6 }),
      ),
      { maxLength: 25 },
    )
    .map((parts) => parts.join(''));

  it('never throws, changes only markers and numbers the cited sources 1…k by first citation', () => {
    fc.assert(
      fc.property(answer, sources, (text, given) => {
        const result = renumberCitations(text, given);
        expect(withoutMarkers(result.text)).toBe(withoutMarkers(text));
        expect(result.sources.map((s) => s.n)).toEqual(result.sources.map((_, i) => i + 1));
        const check = checkCitations(result.text, result.sources);
        const firstCited: number[] = [];
        for (const marker of check.markers) {
          for (const target of marker.targets) {
            if (target.valid && !firstCited.includes(target.n)) firstCited.push(target.n);
          }
        }
        expect(firstCited).toEqual(firstCited.map((_, i) => i + 1));
        // Renumbering again changes nothing: the numbers are already final.
        expect(renumberCitations(result.text, result.sources).text).toBe(result.text);
      }),
      { numRuns: 1000 },
    );
  });
});
