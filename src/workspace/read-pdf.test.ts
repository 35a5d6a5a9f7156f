import { describe, expect, it } from 'vitest';
import { writeImageOnlyPdf, writeTextPdf } from '../testing/pdf-writer.ts';
import { readPdfDocument } from './read-pdf.ts';

describe('readPdfDocument: a PDF with a text layer', async () => {
  const pages = [
    ['Field report', 'The pump delivered 2.4 m3/h at noon.'],
    ['Page two: head losses', 'Friction in the 32 mm pipe was higher than planned.'],
    ['Warranty terms', 'Two years on the controller.'],
  ];
  const bytes = writeTextPdf(pages, { title: 'Field Report, March', author: 'Hydraulics' });
  const doc = await readPdfDocument('pdfs/field-report.pdf', bytes);

  it('numbers the pages from 1', () => {
    expect(doc.pages.map((p) => p.number)).toEqual([1, 2, 3]);
  });

  it("spans each page's text in the body and nothing of the next page", () => {
    pages.forEach((lines, i) => {
      const page = doc.pages[i];
      const text = doc.body.slice(page?.start, page?.end);
      for (const line of lines) expect(text).toContain(line);
      const next = pages[i + 1];
      if (next) for (const line of next) expect(text).not.toContain(line);
    });
  });

  it('keeps pages in order, without overlap, separated by a blank line', () => {
    for (let i = 1; i < doc.pages.length; i++) {
      const previous = doc.pages[i - 1];
      const page = doc.pages[i];
      expect(doc.body.slice(previous?.end, page?.start)).toBe('\n\n');
    }
    expect(doc.pages[0]?.start).toBe(0);
    expect(doc.pages.at(-1)?.end).toBe(doc.body.length);
  });

  it('takes the title and author from the PDF info', () => {
    expect(doc.title).toBe('Field Report, March');
    expect(doc.metadata).toEqual({ pageCount: 3, textLayer: true, author: 'Hydraulics' });
  });

  it('is a pdf document with no warnings', () => {
    expect(doc.kind).toBe('pdf');
    expect(doc.slug).toBe('field-report');
    expect(doc.warnings).toEqual([]);
  });

  it('does not change the bytes it was given', () => {
    expect(bytes).toEqual(
      writeTextPdf(pages, { title: 'Field Report, March', author: 'Hydraulics' }),
    );
  });
});

describe('readPdfDocument: title fallback and blank pages', () => {
  it('falls back to the file name when the PDF has no title', async () => {
    const doc = await readPdfDocument('pdfs/pump-datasheet.pdf', writeTextPdf([['Datasheet']]));
    expect(doc.title).toBe('pump-datasheet');
    expect(doc.metadata).not.toHaveProperty('author');
  });

  it('keeps a blank page as an empty span so later pages keep their numbers', async () => {
    const doc = await readPdfDocument('x.pdf', writeTextPdf([['First page'], [], ['Third page']]));
    expect(doc.pages.map((p) => [p.number, doc.body.slice(p.start, p.end)])).toEqual([
      [1, 'First page'],
      [2, ''],
      [3, 'Third page'],
    ]);
  });
});

describe('readPdfDocument: a PDF without a text layer', async () => {
  const doc = await readPdfDocument('pdfs/scanned-receipt.pdf', writeImageOnlyPdf(2));

  it('is kept as metadata only, with a warning', () => {
    expect(doc.metadata).toMatchObject({ pageCount: 2, textLayer: false });
    expect(doc.warnings).toEqual(['no text layer (2 pages): indexed as metadata only']);
    expect(doc.pages).toEqual([]);
  });

  it('describes itself in the body so it can still be found', () => {
    expect(doc.title).toBe('scanned-receipt');
    expect(doc.body).toBe(
      'scanned-receipt — PDF, 2 pages, no text layer (2 pages): indexed as metadata only',
    );
  });

  it('uses the singular for one page', async () => {
    const one = await readPdfDocument('scan.pdf', writeImageOnlyPdf(1));
    expect(one.warnings).toEqual(['no text layer (1 page): indexed as metadata only']);
  });
});

describe('readPdfDocument: unreadable bytes', () => {
  it('rejects bytes that are not a PDF', async () => {
    await expect(
      readPdfDocument('pdfs/bad.pdf', new TextEncoder().encode('not a pdf at all')),
    ).rejects.toThrow();
  });
});
