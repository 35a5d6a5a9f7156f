import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import type { Page, ParsedDocument } from '../core/index.ts';
import { baseName, slugify } from './read-markdown-document.ts';

const PAGE_SEPARATOR = '\n\n';

/** Reads a PDF's text page by page; a PDF with no text layer becomes a metadata-only document with a note. */
export async function readPdfDocument(path: string, bytes: Uint8Array): Promise<ParsedDocument> {
  // pdf.js takes ownership of the buffer it is given; hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    const meta = await getMeta(pdf).catch(() => ({ info: {} as Record<string, unknown> }));
    const info = (meta.info ?? {}) as Record<string, unknown>;
    const pages: Page[] = [];
    let body = '';
    text.forEach((raw, i) => {
      const pageText = raw.replace(/[ \t]+\n/g, '\n').trim();
      if (i > 0) body += PAGE_SEPARATOR;
      const start = body.length;
      body += pageText;
      pages.push({ number: i + 1, start, end: body.length });
    });
    const hasText = body.trim().length > 0;
    const infoTitle =
      typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : null;
    const title = infoTitle ?? baseName(path);
    const metadata: Record<string, unknown> = {
      pageCount: totalPages,
      textLayer: hasText,
      ...(typeof info.Author === 'string' && info.Author && { author: info.Author }),
    };
    const warnings: string[] = [];
    if (!hasText) {
      const note = `no text layer (${totalPages} page${totalPages === 1 ? '' : 's'}): indexed as metadata only`;
      metadata.note = note;
      warnings.push(note);
    }
    return {
      path,
      kind: 'pdf',
      title,
      aliases: [],
      slug: slugify(baseName(path)),
      body: hasText
        ? body
        : `${title} — PDF, ${totalPages} page${totalPages === 1 ? '' : 's'}, ${metadata.note}`,
      metadata,
      status: 'active',
      headings: [],
      blocks: [],
      sections: [],
      pages: hasText ? pages : [],
      links: [],
      entity: null,
      warnings,
    };
  } finally {
    await pdf.destroy();
  }
}
