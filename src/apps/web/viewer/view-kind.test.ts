import { describe, expect, it } from 'vitest';
import { imageBlobType, opensInTab, safeBlobType, viewKindOf } from './view-kind.ts';

describe('viewKindOf', () => {
  it('chooses the view from kind, path and metadata', () => {
    expect(viewKindOf({ kind: 'pdf', path: 'pdfs/a.pdf' })).toBe('pdf');
    expect(viewKindOf({ kind: 'entity', path: 'entities/person/alice.md' })).toBe('entity');
    expect(
      viewKindOf({ kind: 'file', path: 'files/site-photo.png', metadata: { text: false } }),
    ).toBe('image');
    expect(viewKindOf({ kind: 'note', path: 'notes/Home.md' })).toBe('markdown');
    expect(viewKindOf({ kind: 'source', path: 'sources/web/page.md' })).toBe('markdown');
    expect(viewKindOf({ kind: 'source', path: 'sources/transcripts/standup.txt' })).toBe('plain');
    expect(viewKindOf({ kind: 'file', path: 'files/readings.csv', metadata: { text: true } })).toBe(
      'plain',
    );
    expect(viewKindOf({ kind: 'file', path: 'files/archive.zip', metadata: { text: false } })).toBe(
      'binary',
    );
    expect(viewKindOf({ kind: 'file', path: 'files/unknown.bin' })).toBe('binary');
  });
});

describe('opening the original file', () => {
  it('opens safe types in a tab and downloads anything that could run script', () => {
    expect(opensInTab('pdfs/a.pdf')).toBe(true);
    expect(opensInTab('files/photo.JPG')).toBe(true);
    expect(opensInTab('files/drawing.svg')).toBe(false);
    expect(opensInTab('files/page.html')).toBe(false);
  });

  it('never hands the browser an HTML or SVG type for a blob it opens', () => {
    expect(safeBlobType('notes/a.md', 'text/markdown')).toBe('text/plain;charset=utf-8');
    expect(safeBlobType('files/x.png', 'image/png')).toBe('image/png');
    expect(safeBlobType('files/x.svg', 'image/svg+xml')).toBe('application/octet-stream');
    expect(safeBlobType('files/x.html', 'text/html')).toBe('application/octet-stream');
    expect(imageBlobType('files/x.svg')).toBe('image/svg+xml');
    expect(imageBlobType('files/x.jpeg')).toBe('image/jpeg');
  });
});
