// A small, dependency-free PDF 1.4 writer. It produces just enough structure for
// PDF readers and text extractors to treat the output as a real document, which is
// all the tests and the sample workspace need. Output is deterministic: no dates,
// no random ids, so regenerated files are byte-identical.

/** Document metadata written to the PDF Info dictionary. */
export type PdfInfo = {
  readonly title?: string;
  readonly author?: string;
};

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN_LEFT = 72;
const FIRST_BASELINE = PAGE_HEIGHT - 72;
const FONT_SIZE = 11;
const LEADING = 14;
const QUESTION_MARK = '?';

/**
 * Builds a PDF whose pages carry a real Helvetica text layer, one string per line,
 * so extractors and page-level citations can be tested without a PDF library.
 */
export function writeTextPdf(pages: string[][], opts: PdfInfo = {}): Uint8Array {
  const doc = new PdfBuilder();
  const catalog = doc.reserve();
  const pageTree = doc.reserve();
  const font = doc.add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );

  const pageIds: number[] = [];
  for (const lines of pages) {
    const content = doc.addStream(textContent(lines));
    pageIds.push(
      doc.add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}]` +
          ` /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }

  doc.set(pageTree, pageTreeDict(pageIds));
  doc.set(catalog, `<< /Type /Catalog /Pages ${pageTree} 0 R >>`);
  const info = infoDict(opts);
  const infoId = info === undefined ? undefined : doc.add(info);
  return doc.finish(catalog, infoId);
}

/**
 * Builds a PDF whose pages only paint shapes and a grayscale image, with no text
 * operators at all, standing in for a scanned document that has no text layer.
 */
export function writeImageOnlyPdf(pageCount: number): Uint8Array {
  const doc = new PdfBuilder();
  const catalog = doc.reserve();
  const pageTree = doc.reserve();
  const image = doc.addStream(grayImagePixels(16, 16), [
    '/Type /XObject',
    '/Subtype /Image',
    '/Width 16',
    '/Height 16',
    '/ColorSpace /DeviceGray',
    '/BitsPerComponent 8',
  ]);

  const pageIds: number[] = [];
  for (let index = 0; index < pageCount; index++) {
    const content = doc.addStream(shapesContent(index));
    pageIds.push(
      doc.add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}]` +
          ` /Resources << /XObject << /Im1 ${image} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }

  doc.set(pageTree, pageTreeDict(pageIds));
  doc.set(catalog, `<< /Type /Catalog /Pages ${pageTree} 0 R >>`);
  return doc.finish(catalog, undefined);
}

/**
 * Collects numbered objects as byte strings (one char per byte) and lays them out
 * with a cross-reference table whose offsets are computed from the final bytes.
 */
class PdfBuilder {
  private readonly bodies: (string | undefined)[] = [];

  reserve(): number {
    this.bodies.push(undefined);
    return this.bodies.length;
  }

  set(id: number, body: string): void {
    this.bodies[id - 1] = body;
  }

  add(body: string): number {
    const id = this.reserve();
    this.set(id, body);
    return id;
  }

  /** `data` is a byte string: every char code must be below 256. */
  addStream(data: string, extraEntries: readonly string[] = []): number {
    const entries = [...extraEntries, `/Length ${data.length}`].join(' ');
    return this.add(`<< ${entries} >>\nstream\n${data}\nendstream`);
  }

  finish(rootId: number, infoId: number | undefined): Uint8Array {
    // The binary comment on line two tells transfer tools the file is not plain text.
    let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
    const offsets: number[] = [];
    this.bodies.forEach((body, index) => {
      if (body === undefined) throw new Error(`PDF object ${index + 1} was reserved but never set`);
      offsets.push(out.length);
      out += `${index + 1} 0 obj\n${body}\nendobj\n`;
    });

    const xrefOffset = out.length;
    const size = this.bodies.length + 1;
    out += `xref\n0 ${size}\n0000000000 65535 f \n`;
    for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;

    const infoEntry = infoId === undefined ? '' : ` /Info ${infoId} 0 R`;
    out += `trailer\n<< /Size ${size} /Root ${rootId} 0 R${infoEntry} >>\n`;
    out += `startxref\n${xrefOffset}\n%%EOF\n`;
    return byteStringToBytes(out);
  }
}

function pageTreeDict(pageIds: readonly number[]): string {
  const kids = pageIds.map((id) => `${id} 0 R`).join(' ');
  return `<< /Type /Pages /Kids [${kids}] /Count ${pageIds.length} >>`;
}

function textContent(lines: readonly string[]): string {
  const ops = ['BT', `/F1 ${FONT_SIZE} Tf`, `${LEADING} TL`, `${MARGIN_LEFT} ${FIRST_BASELINE} Td`];
  lines.forEach((line, index) => {
    if (index > 0) ops.push('T*');
    if (line.length > 0) ops.push(`${literalString(line)} Tj`);
  });
  ops.push('ET');
  return ops.join('\n');
}

function shapesContent(pageIndex: number): string {
  const ops = [
    // Paper background and a darker header band.
    'q 0.95 g 150 120 312 560 re f Q',
    'q 0.35 g 170 630 272 30 re f Q',
  ];
  // Bars that look like printed rows of a receipt, varying per page.
  for (let row = 0; row < 12; row++) {
    const width = 120 + ((row * 37 + pageIndex * 53) % 140);
    const y = 590 - row * 30;
    ops.push(`q 0.6 g 175 ${y} ${width} 8 re f Q`);
  }
  // The image is drawn as a logo-sized square near the bottom.
  ops.push('q 64 0 0 64 274 150 cm /Im1 Do Q');
  return ops.join('\n');
}

function grayImagePixels(width: number, height: number): string {
  let pixels = '';
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const checker = ((x >> 2) + (y >> 2)) % 2 === 0;
      pixels += String.fromCharCode(checker ? 0x30 : 0xd0);
    }
  }
  return pixels;
}

function infoDict(opts: PdfInfo): string | undefined {
  const entries: string[] = [];
  if (opts.title !== undefined) entries.push(`/Title ${textString(opts.title)}`);
  if (opts.author !== undefined) entries.push(`/Author ${textString(opts.author)}`);
  if (entries.length === 0) return undefined;
  entries.push('/Producer (Footnote pdf-writer)');
  return `<< ${entries.join(' ')} >>`;
}

/** A literal string for a content stream: WinAnsi bytes, escaped delimiters. */
function literalString(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\' || char === '(' || char === ')') out += `\\${char}`;
    else if (code === 0x09) out += ' ';
    // Below 0x20 are controls; 0x7f-0x9f are controls in Latin-1 but would show as
    // unrelated glyphs under WinAnsi; beyond 0xff WinAnsi has no code at all.
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code > 0xff) out += QUESTION_MARK;
    else out += char;
  }
  return `${out})`;
}

/** A metadata string: plain literal when ASCII, otherwise UTF-16BE with a byte order mark. */
function textString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return literalString(text);
  let hex = 'FEFF';
  for (let index = 0; index < text.length; index++) {
    hex += text.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0');
  }
  return `<${hex}>`;
}

function byteStringToBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 0xff) throw new Error(`PDF byte string holds a non-byte character (code ${code})`);
    bytes[index] = code;
  }
  return bytes;
}
