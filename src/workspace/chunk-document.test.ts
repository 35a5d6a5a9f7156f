import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Chunk, ParsedDocument } from '../core/index.ts';
import { writeImageOnlyPdf, writeTextPdf } from '../testing/pdf-writer.ts';
import { chunkDocument, chunkId } from './chunk-document.ts';
import { readMarkdownDocument, readPlainTextDocument } from './read-markdown-document.ts';
import { readPdfDocument } from './read-pdf.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const note = (source: string) => readMarkdownDocument('notes/n.md', 'note', source);

/** The invariants every chunking must keep, whatever the input. */
function expectWellFormed(doc: ParsedDocument, chunks: readonly Chunk[], maxChars: number) {
  let previousEnd = 0;
  chunks.forEach((chunk, i) => {
    expect(chunk.ordinal).toBe(i);
    expect(chunk.text).toBe(doc.body.slice(chunk.start, chunk.end));
    expect(chunk.text.length).toBeLessThanOrEqual(maxChars);
    expect(chunk.text.trim()).not.toBe('');
    expect(chunk.text).toBe(chunk.text.trim());
    expect(chunk.start).toBeGreaterThanOrEqual(previousEnd);
    previousEnd = chunk.end;
  });
}

describe('chunkDocument: Markdown headings', () => {
  const source = [
    'Preamble before any heading.',
    '',
    '# Pump Design',
    '',
    'Overview of the design.',
    '',
    '## Head Budget',
    '',
    'Static head is 12 m.',
    '',
    '### Pipe losses',
    '',
    'Friction adds 3 m.',
    '',
    '## Controller',
    '',
    'MPPT controller.',
    '',
  ].join('\n');
  const doc = note(source);
  const chunks = chunkDocument('doc-1', doc);

  it('cuts at headings and records the heading path of each chunk', () => {
    expect(chunks.map((c) => [c.headingPath, c.text])).toEqual([
      [[], 'Preamble before any heading.'],
      [['Pump Design'], '# Pump Design\n\nOverview of the design.'],
      [['Pump Design', 'Head Budget'], '## Head Budget\n\nStatic head is 12 m.'],
      [['Pump Design', 'Head Budget', 'Pipe losses'], '### Pipe losses\n\nFriction adds 3 m.'],
      [['Pump Design', 'Controller'], '## Controller\n\nMPPT controller.'],
    ]);
  });

  it('has no page or section outside PDFs and content', () => {
    for (const chunk of chunks) {
      expect(chunk.page).toBeNull();
      expect(chunk.sectionId).toBeNull();
    }
  });

  it('keeps exact offsets and the other invariants', () => {
    expectWellFormed(doc, chunks, 1600);
  });

  it('puts a document without headings in one chunk, trimmed', () => {
    const plain = readPlainTextDocument('sources/t/a.txt', 'source', '\n\n  Just one line.  \n');
    const [only, ...rest] = chunkDocument('d', plain);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ text: 'Just one line.', start: 4, end: 18, headingPath: [] });
  });

  it('makes no chunk of a blank document or an empty section', () => {
    expect(chunkDocument('d', note(''))).toEqual([]);
    expect(chunkDocument('d', note('   \n\n\t\n'))).toEqual([]);
    const texts = chunkDocument('d', note('# A\n## B\n\nText')).map((c) => c.text);
    expect(texts).toEqual(['# A', '## B\n\nText']);
  });
});

describe('chunkDocument: long spans', () => {
  const paragraphs = Array.from(
    { length: 12 },
    (_, i) => `Paragraph ${i} talks about pumps, panels and pipes in some detail.`,
  );
  const doc = note(`## Long\n\n${paragraphs.join('\n\n')}\n`);

  it('never exceeds maxChars and keeps every heading path', () => {
    const chunks = chunkDocument('d', doc, { maxChars: 200 });
    expect(chunks.length).toBeGreaterThan(3);
    expectWellFormed(doc, chunks, 200);
    for (const chunk of chunks) expect(chunk.headingPath).toEqual(['Long']);
  });

  it('prefers to cut between paragraphs', () => {
    const chunks = chunkDocument('d', doc, { maxChars: 200 });
    for (const chunk of chunks.slice(1)) expect(chunk.text).toMatch(/^Paragraph \d+ talks/);
    for (const chunk of chunks) expect(chunk.text).toMatch(/(detail\.|## Long)$/);
  });

  it('falls back to sentence and word breaks, then a hard cut', () => {
    const sentences = note('One sentence here. Another one there. A third one follows.');
    const bySentence = chunkDocument('d', sentences, { maxChars: 40 }).map((c) => c.text);
    expect(bySentence).toEqual(['One sentence here. Another one there.', 'A third one follows.']);

    const word = note('x'.repeat(25));
    const hard = chunkDocument('d', word, { maxChars: 10 }).map((c) => c.text);
    expect(hard).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });

  it('does not split a surrogate pair when it must cut inside a word', () => {
    const emoji = note('😀'.repeat(10));
    const chunks = chunkDocument('d', emoji, { maxChars: 5 });
    expectWellFormed(emoji, chunks, 5);
    for (const chunk of chunks) expect(chunk.text).toMatch(/^(?:😀)+$/u);
    expect(chunks.map((c) => c.text).join('')).toBe(emoji.body);
  });
});

describe('chunkDocument: PDF pages', () => {
  it('keeps each page in its own chunks, numbered', async () => {
    const pdf = await readPdfDocument(
      'pdfs/r.pdf',
      writeTextPdf([['Page one text.'], ['Page two text.'], [], ['Page four text.']]),
    );
    const chunks = chunkDocument('pdf-1', pdf);
    expect(chunks.map((c) => [c.page, c.text])).toEqual([
      [1, 'Page one text.'],
      [2, 'Page two text.'],
      [4, 'Page four text.'],
    ]);
    for (const chunk of chunks) expect(chunk.headingPath).toEqual([]);
    expectWellFormed(pdf, chunks, 1600);
  });

  it('splits a long page but keeps its page number', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `Line ${i} of the long second page.`);
    const pdf = await readPdfDocument('pdfs/r.pdf', writeTextPdf([['Short.'], lines]));
    const chunks = chunkDocument('pdf-1', pdf, { maxChars: 300 });
    expect(chunks[0]).toMatchObject({ page: 1, text: 'Short.' });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks.slice(1)) expect(chunk.page).toBe(2);
    expectWellFormed(pdf, chunks, 300);
  });

  it('chunks the metadata body of a PDF without a text layer so it stays findable', async () => {
    const scan = await readPdfDocument('pdfs/receipt.pdf', writeImageOnlyPdf(1));
    const chunks = chunkDocument('scan', scan);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ text: scan.body, page: null });
  });
});

describe('chunkDocument: content sections', () => {
  const post = readMarkdownDocument(
    'content/why.md',
    'content',
    [
      '# Why Solar Pumps',
      '',
      'Intro.',
      '',
      '## Our approach',
      '',
      'Approach text.',
      '',
      '### Detail',
      '',
      'Detail text.',
      '',
      '## Results',
      '',
      'Results text.',
    ].join('\n'),
  );
  const chunks = chunkDocument('post', post);

  it('tags each chunk with the innermost section it lies in; the title has none', () => {
    expect(chunks.map((c) => [c.sectionId, c.headingPath.at(-1)])).toEqual([
      [null, 'Why Solar Pumps'],
      ['our-approach', 'Our approach'],
      ['detail', 'Detail'],
      ['results', 'Results'],
    ]);
  });

  it('matches the section spans', () => {
    for (const chunk of chunks) {
      const section = post.sections.find((s) => s.id === chunk.sectionId);
      if (!section) continue;
      expect(chunk.start).toBeGreaterThanOrEqual(section.start);
      expect(chunk.end).toBeLessThanOrEqual(section.end);
    }
  });
});

describe('chunk ids', () => {
  const source = '# A\n\nSame paragraph.\n\n# B\n\nOther text.\n';

  it('are stable for the same document and text', () => {
    const first = chunkDocument('doc-1', note(source)).map((c) => c.id);
    const again = chunkDocument('doc-1', note(source)).map((c) => c.id);
    expect(again).toEqual(first);
    expect(first[0]).toMatch(/^[0-9a-f]{24}$/);
  });

  it('change when the chunk text or the document changes, and only for that chunk', () => {
    const before = chunkDocument('doc-1', note(source));
    const edited = chunkDocument('doc-1', note(source.replace('Other text.', 'Other words.')));
    expect(edited[0]?.id).toBe(before[0]?.id);
    expect(edited[1]?.id).not.toBe(before[1]?.id);
    const otherDoc = chunkDocument('doc-2', note(source));
    expect(otherDoc[0]?.id).not.toBe(before[0]?.id);
  });

  it('differ for repeated identical chunks', () => {
    const repeated = note('## Log\n\nok\n\n## Log\n\nok\n');
    const ids = chunkDocument('d', repeated).map((c) => c.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(chunkId('d', '## Log\n\nok', 1)).toBe(ids[1]);
  });

  it('do not depend on where the chunk sits', () => {
    const shifted = chunkDocument('d', note(`Intro line.\n\n${source}`));
    const plain = chunkDocument('d', note(source));
    expect(shifted.slice(1).map((c) => c.id)).toEqual(plain.map((c) => c.id));
  });
});

describe('chunkDocument: properties', () => {
  const piece = fc.oneof(
    fc.constantFrom(
      '# ',
      '## ',
      '### ',
      '\n',
      '\n\n',
      '\r\n',
      ' ',
      '\t',
      '. ',
      '- ',
      '> ',
      '```\n',
      '---\n',
      '[[Link]]',
      ' ^block-1',
      '😀',
      'é',
      '東京',
    ),
    fc.stringMatching(/^[A-Za-z]{1,15}$/),
    fc.string({ maxLength: 20 }),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
  );
  const markdownish = fc.array(piece, { maxLength: 80 }).map((parts) => parts.join(''));

  it('keeps exact, bounded, non-blank, ordered, non-overlapping chunks covering all the text', () => {
    fc.assert(
      fc.property(
        markdownish,
        fc.constantFrom('note' as const, 'content' as const),
        fc.integer({ min: 4, max: 300 }),
        (source, kind, maxChars) => {
          const doc = readMarkdownDocument(`${kind}/x.md`, kind, source);
          const chunks = chunkDocument('doc', doc, { maxChars });
          expectWellFormed(doc, chunks, maxChars);
          expect(new Set(chunks.map((c) => c.id)).size).toBe(chunks.length);
          // No visible character is lost between chunks.
          const covered = new Array<boolean>(doc.body.length).fill(false);
          for (const c of chunks) covered.fill(true, c.start, c.end);
          for (let i = 0; i < doc.body.length; i++)
            if (!covered[i]) expect(doc.body[i]).toMatch(/\s/);
          // Chunk text is well-formed UTF-16 whenever the body is.
          if (!LONE_SURROGATE.test(doc.body))
            for (const c of chunks) expect(c.text).not.toMatch(LONE_SURROGATE);
          // The same input always gives the same chunks.
          expect(chunkDocument('doc', doc, { maxChars })).toEqual(chunks);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('chunkDocument: cut points in linear time', () => {
  /** The cut search as it was before the window: every break pattern scans the rest of the text. */
  function fullScanSpans(body: string, maxChars: number): Array<[number, number]> {
    const breaks = [/\n[ \t]*\n/g, /\n/g, /[.!?。]\s+/g, /\s+/g];
    const spans: Array<[number, number]> = [];
    let cursor = 0;
    while (cursor < body.length) {
      const limit = Math.min(body.length, cursor + maxChars);
      let cut = limit;
      if (limit < body.length) {
        const minimum = cursor + Math.floor((limit - cursor) / 3);
        for (const pattern of breaks) {
          let best = -1;
          pattern.lastIndex = minimum;
          for (let m = pattern.exec(body); m && m.index < limit; m = pattern.exec(body))
            best = m.index + m[0].length;
          if (best > minimum && best <= limit) {
            cut = best;
            break;
          }
        }
        const high = body.charCodeAt(cut - 1);
        if (cut - 1 > cursor && high >= 0xd800 && high <= 0xdbff) cut--;
      }
      let [s, e] = [cursor, cut];
      while (s < e && /\s/.test(body[s] as string)) s++;
      while (e > s && /\s/.test(body[e - 1] as string)) e--;
      if (s < e) spans.push([s, e]);
      cursor = cut;
    }
    return spans;
  }

  it('cuts exactly where a search of the whole rest of the text cut', () => {
    // Whitespace comes in short runs here: only a run longer than a chunk may be cut differently.
    const piece = fc.oneof(
      fc.constantFrom(
        '\n',
        '\n\n',
        '\n \n',
        '\r\n',
        ' ',
        '\t',
        '. ',
        '! ',
        '。',
        '😀',
        '- [[H]]\n',
      ),
      fc.stringMatching(/^[A-Za-z]{1,12}$/),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 120 }).map((parts) => parts.join('')),
        fc.integer({ min: 12, max: 200 }),
        (text, maxChars) => {
          const doc = readPlainTextDocument('sources/x.txt', 'source', text);
          const spans = chunkDocument('doc', doc, { maxChars }).map((c) => [c.start, c.end]);
          expect(spans).toEqual(fullScanSpans(doc.body, maxChars));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reads each character a bounded number of times when the text has no blank line', () => {
    const body = '- [[H]]\n'.repeat(100_000);
    const doc = readPlainTextDocument('notes/list.md', 'note', body);
    // Counts the characters every regex search walks: from where it starts to where its match ends.
    const exec = RegExp.prototype.exec;
    let walked = 0;
    const spy = vi.spyOn(RegExp.prototype, 'exec').mockImplementation(function (
      this: RegExp,
      input: string,
    ) {
      const from = this.global || this.sticky ? this.lastIndex : 0;
      const match = exec.call(this, input);
      walked += (match ? match.index + match[0].length : input.length) - from;
      return match;
    });
    try {
      chunkDocument('doc', doc);
    } finally {
      spy.mockRestore();
    }
    // Searching the rest of the text for a blank line at every cut walks it ~250 times over.
    expect(walked).toBeLessThan(4 * body.length);
  });
});
