import { describe, expect, it } from 'vitest';
import { writeImageOnlyPdf, writeTextPdf } from './pdf-writer.ts';

/** One char per byte, so string offsets equal byte offsets. */
function asByteString(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

function xrefOffsets(pdf: string): { size: number; offsets: number[]; xrefAt: number } {
  const startxref = /startxref\n(\d+)\n%%EOF\n?$/.exec(pdf);
  if (startxref === null) throw new Error('no startxref at the end of the file');
  const xrefAt = Number(startxref[1]);
  const header = /^xref\n0 (\d+)\n/.exec(pdf.slice(xrefAt));
  if (header === null) throw new Error(`no xref table at offset ${xrefAt}`);
  const size = Number(header[1]);
  const table = pdf.slice(xrefAt + header[0].length, xrefAt + header[0].length + size * 20);
  const offsets: number[] = [];
  for (let index = 1; index < size; index++) {
    const entry = table.slice(index * 20, index * 20 + 20);
    expect(entry).toMatch(/^\d{10} 00000 n \n$/);
    offsets.push(Number(entry.slice(0, 10)));
  }
  expect(table.slice(0, 20)).toBe('0000000000 65535 f \n');
  return { size, offsets, xrefAt };
}

function contentStreams(pdf: string): string[] {
  return [...pdf.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((match) => match[1] ?? '');
}

function expectWellFormed(pdf: string): void {
  expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
  expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);

  const { size, offsets } = xrefOffsets(pdf);
  const objectCount = [...pdf.matchAll(/^\d+ 0 obj$/gm)].length;
  expect(size).toBe(objectCount + 1);
  offsets.forEach((offset, index) => {
    expect(pdf.startsWith(`${index + 1} 0 obj\n`, offset)).toBe(true);
  });

  const trailer = /trailer\n<< \/Size (\d+) \/Root (\d+) 0 R/.exec(pdf);
  expect(trailer?.[1]).toBe(String(size));
  expect(pdf).toMatch(new RegExp(`${trailer?.[2]} 0 obj\\n<< /Type /Catalog`));
}

function expectStreamLengthsMatch(pdf: string): void {
  for (const match of pdf.matchAll(/\/Length (\d+) >>\nstream\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const length = Number(match[1]);
    expect(pdf.startsWith('\nendstream', start + length)).toBe(true);
  }
}

describe('writeTextPdf', () => {
  const pages = [
    ['Pump datasheet', 'Rated flow rate: 2.4 m3/h'],
    ['Impeller (bronze) notes', 'Path C:\\pumps\\p200'],
    ['Warranty', '', 'Two years'],
  ];
  const pdf = asByteString(writeTextPdf(pages, { title: 'Datasheet', author: 'Hydraulics' }));

  it('lays out a well-formed file whose xref offsets point at every object', () => {
    expectWellFormed(pdf);
    expectStreamLengthsMatch(pdf);
  });

  it('counts one page per input page', () => {
    expect(pdf).toMatch(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count 3 >>/);
    expect([...pdf.matchAll(/\/Type \/Page /g)]).toHaveLength(3);
  });

  it('draws each line with Helvetica in its own page content stream', () => {
    expect(pdf).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    const streams = contentStreams(pdf);
    expect(streams).toHaveLength(3);
    expect(streams[0]).toContain('(Pump datasheet) Tj');
    expect(streams[0]).toContain('(Rated flow rate: 2.4 m3/h) Tj');
    expect(streams[2]).toContain('(Two years) Tj');
    expect(streams[0]).not.toContain('Warranty');
  });

  it('escapes parentheses and backslashes', () => {
    const streams = contentStreams(pdf);
    expect(streams[1]).toContain('(Impeller \\(bronze\\) notes) Tj');
    expect(streams[1]).toContain('(Path C:\\\\pumps\\\\p200) Tj');
  });

  it('keeps Latin-1 characters and replaces anything else with ?', () => {
    const text = asByteString(writeTextPdf([['Café — 10 €, naïve ✓']]));
    expect(contentStreams(text)[0]).toContain('(Caf\u00e9 ? 10 ?, na\u00efve ?) Tj');
  });

  it('writes Title and Author into the Info dictionary only when given', () => {
    expect(pdf).toContain('/Title (Datasheet)');
    expect(pdf).toContain('/Author (Hydraulics)');
    expect(pdf).toMatch(/\/Info \d+ 0 R/);

    const bare = asByteString(writeTextPdf([['x']]));
    expect(bare).not.toContain('/Info');
    expect(bare).not.toContain('/Title');
  });

  it('produces the same bytes for the same input', () => {
    expect(writeTextPdf(pages, { title: 'Datasheet' })).toEqual(
      writeTextPdf(pages, { title: 'Datasheet' }),
    );
  });
});

describe('writeImageOnlyPdf', () => {
  const pdf = asByteString(writeImageOnlyPdf(2));

  it('lays out a well-formed file with the requested page count', () => {
    expectWellFormed(pdf);
    expectStreamLengthsMatch(pdf);
    expect(pdf).toMatch(/\/Count 2 >>/);
  });

  it('paints shapes and an image but has no text operators or fonts', () => {
    const pageStreams = contentStreams(pdf).filter((stream) => stream.includes(' re f'));
    expect(pageStreams).toHaveLength(2);
    for (const stream of pageStreams) {
      expect(stream).toContain('/Im1 Do');
      expect(stream).not.toMatch(/\bT[jJ]\b|\bBT\b|\bTf\b/);
    }
    expect(pdf).not.toContain('/Font');
  });
});
