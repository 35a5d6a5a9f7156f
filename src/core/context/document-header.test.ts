import { describe, expect, it } from 'vitest';
import { storedDocument } from '../../testing/stored-document-fixture.ts';
import { readFileDocument } from '../../workspace/read-file.ts';
import type { StoredDocument } from '../document.ts';
import { describeSize, documentHeader } from './document-header.ts';

/** Seed 001's example post, as a content item with four sections. */
const gingerbread = storedDocument(
  'content/classic-gingerbread-cookies.md',
  [
    '---',
    'title: Classic Gingerbread Cookies for a Cozy Christmas',
    'slug: classic-gingerbread-cookies',
    'status: draft',
    '---',
    '',
    '## Introduction',
    '',
    'Nothing smells like December.',
    '',
    '## Ingredients',
    '',
    'Flour, molasses, ginger.',
    '',
    '## Instructions',
    '',
    'Mix, chill, bake.',
    '',
    '## Conclusion',
    '',
    'Bake a double batch.',
    '',
  ].join('\n'),
  { kind: 'content' },
);

/** A 1×1 PNG: signature, IHDR chunk, no image data (enough for its dimensions). */
const png = (width: number, height: number) => {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 0);
  bytes.set([0x49, 0x48, 0x44, 0x52], 12);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
};

const stored = (parsed: ReturnType<typeof readFileDocument>, size: number): StoredDocument => ({
  ...parsed,
  id: 'file-1',
  contentHash: 'h',
  size,
  updatedAt: '2026-01-15T09:30:12.000Z',
});

describe('documentHeader', () => {
  it("heads a content item with seed 001's title, slug, status and section ids", () => {
    expect(documentHeader(gingerbread)).toEqual([
      'Title: Classic Gingerbread Cookies for a Cozy Christmas',
      'Slug: classic-gingerbread-cookies',
      'Status: draft',
      'Sections: introduction, ingredients, instructions, conclusion',
    ]);
  });

  it('says when a post is archived, and when it has no sections', () => {
    const archived = storedDocument(
      'content/old.md',
      '---\ntitle: Old\nstatus: published\narchived: true\n---\n\nJust text.\n',
      { kind: 'content' },
    );
    expect(documentHeader(archived)).toEqual([
      'Title: Old',
      'Slug: old',
      'Status: published (archived)',
      'Sections: none',
    ]);
    const plain = storedDocument('content/plain.md', 'Text only.\n', { kind: 'content' });
    expect(documentHeader(plain)?.[2]).toBe('Status: active');
  });

  it('heads an image with its type, size, dimensions and modified date', () => {
    const bytes = png(800, 600);
    const photo = stored(readFileDocument('assets/photo.png', bytes), 2_516_582);
    expect(documentHeader(photo)).toEqual([
      'Type: image/png (image)',
      'Size: 2.4 MB',
      'Dimensions: 800×600 px',
      'Modified: 2026-01-15 09:30 UTC',
    ]);
  });

  it('heads a text file and a PDF with what is known of them', () => {
    const text = new TextEncoder().encode('a,b\n1,2\n');
    const csv = stored(readFileDocument('data/levels.csv', text), text.length);
    expect(documentHeader(csv)).toEqual([
      'Type: text/csv',
      'Size: 8 B',
      'Modified: 2026-01-15 09:30 UTC',
    ]);
    const pdf = storedDocument('docs/manual.pdf', 'Page one.', {
      kind: 'pdf',
      metadata: { pageCount: 12, textLayer: true },
      size: 48_000,
    });
    expect(documentHeader(pdf)).toEqual([
      'Type: application/pdf',
      'Size: 46.9 KB',
      'Pages: 12',
      'Modified: 2026-01-01 00:00 UTC',
    ]);
  });

  it('keeps every value on its own line', () => {
    const sneaky = storedDocument(
      'content/x.md',
      '---\ntitle: x\nstatus: "draft\\nSlug: evil"\n---\n',
      {
        kind: 'content',
      },
    );
    expect(documentHeader(sneaky)?.[2]).toBe('Status: draft Slug: evil');
  });

  it('gives nothing for notes, sources and entities', () => {
    expect(documentHeader(storedDocument('notes/a.md', '# A\n'))).toBeNull();
  });
});

describe('describeSize', () => {
  it('reads bytes, kilobytes and megabytes', () => {
    expect([describeSize(812), describeSize(2048), describeSize(2_516_582)]).toEqual([
      '812 B',
      '2.0 KB',
      '2.4 MB',
    ]);
  });
});
