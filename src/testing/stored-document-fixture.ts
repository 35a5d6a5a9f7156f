import type { DocumentKind, StoredDocument } from '../core/index.ts';
import { readMarkdownDocument } from '../workspace/read-markdown-document.ts';

let counter = 0;

/** A stored document read from Markdown the way the indexer reads it, for context and chat tests. */
export function storedDocument(
  path: string,
  markdown: string,
  overrides: Partial<StoredDocument> & { kind?: DocumentKind } = {},
): StoredDocument {
  counter++;
  const parsed = readMarkdownDocument(path, overrides.kind ?? 'note', markdown);
  return {
    ...parsed,
    id: `doc-${counter}`,
    contentHash: `hash-${counter}`,
    size: markdown.length,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
