import type { DocumentKind, EntityTypeSchema, ParsedDocument } from '../core/index.ts';
import { readEntityDocument } from './read-entity.ts';
import { decodeText, readFileDocument } from './read-file.ts';
import { readMarkdownDocument, readPlainTextDocument } from './read-markdown-document.ts';
import { readPdfDocument } from './read-pdf.ts';

/** What reading one file gave: a document, or the reason it was skipped. */
export type ReadOutcome =
  | { readonly ok: true; readonly doc: ParsedDocument }
  | { readonly ok: false; readonly reason: string };

/** Reads one file's bytes with the reader its kind calls for; never throws for bad content. */
export async function readDocument(
  path: string,
  kind: DocumentKind,
  bytes: Uint8Array,
  entityTypes: ReadonlyMap<string, EntityTypeSchema>,
): Promise<ReadOutcome> {
  if (kind === 'pdf') {
    try {
      return { ok: true, doc: await readPdfDocument(path, bytes) };
    } catch (error) {
      return { ok: false, reason: `not a readable PDF: ${(error as Error).message}` };
    }
  }
  if (kind === 'file') return { ok: true, doc: readFileDocument(path, bytes) };
  const text = decodeText(bytes);
  if (text === null)
    return { ok: false, reason: 'binary data in a text document (NUL bytes or invalid UTF-8)' };
  if (kind === 'entity') {
    const result = readEntityDocument(path, text, entityTypes);
    return 'error' in result ? { ok: false, reason: result.error } : { ok: true, doc: result };
  }
  if (kind === 'source' && /\.txt$/i.test(path))
    return { ok: true, doc: readPlainTextDocument(path, kind, text) };
  return { ok: true, doc: readMarkdownDocument(path, kind, text) };
}
