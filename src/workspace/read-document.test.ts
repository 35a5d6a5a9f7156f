import { describe, expect, it } from 'vitest';
import type { EntityTypeSchema, ParsedDocument } from '../core/index.ts';
import { writeImageOnlyPdf, writeTextPdf } from '../testing/pdf-writer.ts';
import { type ReadOutcome, readDocument } from './read-document.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const noTypes = new Map<string, EntityTypeSchema>();

const docOf = (outcome: ReadOutcome): ParsedDocument => {
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.doc;
};

describe('readDocument', () => {
  it('reads a PDF page by page', async () => {
    const doc = docOf(
      await readDocument('pdfs/a.pdf', 'pdf', writeTextPdf([['One'], ['Two']]), noTypes),
    );
    expect(doc.kind).toBe('pdf');
    expect(doc.pages).toHaveLength(2);
  });

  it('reads a scanned PDF as a metadata-only document', async () => {
    const doc = docOf(await readDocument('pdfs/scan.pdf', 'pdf', writeImageOnlyPdf(1), noTypes));
    expect(doc.metadata.textLayer).toBe(false);
    expect(doc.warnings).toHaveLength(1);
  });

  it('returns a reason instead of throwing for garbage PDF bytes', async () => {
    const outcome = await readDocument(
      'pdfs/broken.pdf',
      'pdf',
      encode('%PDF-1.4\nthis is not really a pdf'),
      noTypes,
    );
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toMatch(/^not a readable PDF: \S/);
  });

  it('returns a reason for random bytes with a .pdf name', async () => {
    const outcome = await readDocument(
      'pdfs/random.pdf',
      'pdf',
      new Uint8Array([0, 1, 2, 3, 255]),
      noTypes,
    );
    expect(outcome).toMatchObject({ ok: false });
  });

  it('reads a Markdown note, dropping a byte order mark', async () => {
    const doc = docOf(
      await readDocument('notes/a.md', 'note', encode('\uFEFF---\ntitle: A\n---\nBody'), noTypes),
    );
    expect(doc.title).toBe('A');
    expect(doc.body).toBe('Body');
  });

  it('reads a .txt source as plain text and a .md source as Markdown', async () => {
    const txt = docOf(
      await readDocument('sources/transcripts/t.txt', 'source', encode('# not a heading'), noTypes),
    );
    expect(txt.headings).toEqual([]);
    expect(txt.title).toBe('t');
    const md = docOf(
      await readDocument('sources/web/w.md', 'source', encode('# A heading'), noTypes),
    );
    expect(md.headings.map((h) => h.text)).toEqual(['A heading']);
  });

  it('refuses binary data in a text document', async () => {
    for (const bytes of [new Uint8Array([0x23, 0x20, 0x00, 0x41]), new Uint8Array([0xc3, 0x28])]) {
      expect(await readDocument('notes/bin.md', 'note', bytes, noTypes)).toEqual({
        ok: false,
        reason: 'binary data in a text document (NUL bytes or invalid UTF-8)',
      });
    }
  });

  it('reports an entity of an undeclared type as not read', async () => {
    expect(await readDocument('entities/robot/r2.md', 'entity', encode('hi'), noTypes)).toEqual({
      ok: false,
      reason: 'unknown entity type "robot" (declared types: none declared)',
    });
  });

  it('reads an entity of a declared type', async () => {
    const types = new Map<string, EntityTypeSchema>([
      ['team', { type: 'team', fields: [{ name: 'mission', type: 'text' }] }],
    ]);
    const doc = docOf(
      await readDocument(
        'entities/team/hydro.md',
        'entity',
        encode('---\nmission: Water\n---\n'),
        types,
      ),
    );
    expect(doc.entity?.fields).toEqual([{ name: 'mission', type: 'text', value: 'Water' }]);
  });

  it('reads any other file with the file reader, even binary', async () => {
    const doc = docOf(
      await readDocument('files/blob.bin', 'file', new Uint8Array([0, 1]), noTypes),
    );
    expect(doc.kind).toBe('file');
    expect(doc.metadata.text).toBe(false);
  });
});
