import { describe, expect, it } from 'vitest';
import type { CitationJson, ReferenceJson } from '../api/types.ts';
import { targetOfCitation, targetOfReference } from './viewer-targets.ts';

describe('targetOfCitation', () => {
  it('opens the cited span and page, labelled with the source number', () => {
    const citation = {
      n: 2,
      documentId: 'd',
      path: 'pdfs/a.pdf',
      title: 'A',
      kind: 'pdf',
      page: 3,
      section: null,
      start: 10,
      end: 40,
    } as CitationJson;
    expect(targetOfCitation(citation)).toEqual({
      documentId: 'd',
      path: 'pdfs/a.pdf',
      title: 'A',
      kind: 'pdf',
      start: 10,
      end: 40,
      page: 3,
      label: 'Source 2',
    });
  });
});

describe('targetOfReference', () => {
  const target = {
    documentId: 'd',
    path: 'notes/A.md',
    title: 'A',
    kind: 'note',
    heading: null,
    block: null,
    section: null,
    page: null,
    entity: null,
  } as ReferenceJson['target'];

  it('opens a resolved reference', () => {
    const reference = { status: 'resolved', origin: 'user', target } as ReferenceJson;
    expect(targetOfReference(reference)?.documentId).toBe('d');
  });

  it('has nothing to open for unresolved or deleted targets', () => {
    expect(targetOfReference({ status: 'unresolved', target: null } as ReferenceJson)).toBeNull();
    expect(targetOfReference({ status: 'deleted', target } as ReferenceJson)).toBeNull();
  });
});
