import type { Reference, ReferenceTarget, StoredDocument } from '../core/index.ts';

/** What a reference needs to know of its document. */
export type ReferencedDocument = Pick<StoredDocument, 'id' | 'path' | 'title' | 'kind' | 'status'>;

/** A resolved, read-only reference the user wrote to `doc`; any field can be overridden. */
export function userReference(
  doc: ReferencedDocument,
  raw = `[[${doc.title}]]`,
  over: Partial<Omit<Reference, 'target'>> & { readonly target?: Partial<ReferenceTarget> } = {},
): Reference {
  const { target, ...rest } = over;
  return {
    raw,
    start: 0,
    end: raw.length,
    spans: [{ raw, start: 0, end: raw.length }],
    syntax: 'wikilink',
    origin: 'user',
    status: 'resolved',
    permission: 'read',
    target: {
      documentId: doc.id,
      path: doc.path,
      title: doc.title,
      kind: doc.kind,
      status: doc.status,
      heading: null,
      block: null,
      section: null,
      page: null,
      entity: null,
      ...target,
    },
    candidates: [],
    suggestions: [],
    notes: [],
    ...rest,
  };
}
