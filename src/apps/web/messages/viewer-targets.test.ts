import { describe, expect, it } from 'vitest';
import type { CitationJson, ReferenceJson } from '../api/types.ts';
import { changedSince, targetOfCitation, targetOfReference } from './viewer-targets.ts';

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

  it('opens a document deleted or archived since the message, saying so', () => {
    const deleted = { status: 'deleted', statusWhenSent: 'resolved', origin: 'user', target };
    expect(changedSince(deleted as ReferenceJson)).toBe('deleted');
    expect(targetOfReference(deleted as ReferenceJson)).toMatchObject({
      documentId: 'd',
      notice: expect.stringMatching(/^Deleted from the workspace since this message was sent/),
    });
    const archived = { status: 'archived', statusWhenSent: 'resolved', origin: 'user', target };
    expect(targetOfReference(archived as ReferenceJson)?.notice).toMatch(/^Archived since/);
    // Archived when sent, and still: nothing changed, nothing to say.
    const always = { status: 'archived', origin: 'user', target } as ReferenceJson;
    expect(changedSince(always)).toBeNull();
    expect(targetOfReference(always)?.notice).toBeUndefined();
    // Back since: not a change to warn about.
    expect(changedSince({ status: 'resolved', statusWhenSent: 'deleted' })).toBeNull();
  });
});
