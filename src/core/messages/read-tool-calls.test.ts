import { describe, expect, it } from 'vitest';
import { MAX_TOOL_CALL_DOCUMENTS } from './message.ts';
import { readToolCalls } from './read-tool-calls.ts';

describe('readToolCalls', () => {
  it('loads a call stored before summaries held documents, with none', () => {
    expect(
      readToolCalls([
        { id: 'c1', name: 'search', input: { query: 'pump' }, ok: true, summary: '3 results' },
      ]),
    ).toEqual([
      {
        id: 'c1',
        name: 'search',
        input: { query: 'pump' },
        ok: true,
        summary: '3 results',
        documents: [],
      },
    ]);
  });

  it('loads the oldest shape (name, input, ok) and leaves out what has no name', () => {
    expect(readToolCalls([{ name: 'links', input: { path: 'A' }, ok: false }, 'junk', {}])).toEqual(
      [
        {
          id: 'call-1',
          name: 'links',
          input: { path: 'A' },
          ok: false,
          summary: '',
          documents: [],
        },
      ],
    );
    expect(readToolCalls(undefined)).toEqual([]);
    expect(readToolCalls({ name: 'x' })).toEqual([]);
  });

  it('keeps well-formed documents, at most the kept number', () => {
    const documents = Array.from({ length: 30 }, (_, i) => ({
      documentId: `d${i}`,
      path: `notes/${i}.md`,
      title: `Note ${i}`,
    }));
    const [call] = readToolCalls([
      {
        id: 'c',
        name: 'list_documents',
        ok: true,
        summary: '30 of 30 documents',
        documents: [{ path: 'x.md' }, ...documents],
      },
    ]);
    expect(call?.documents).toHaveLength(MAX_TOOL_CALL_DOCUMENTS);
    expect(call?.documents[0]).toEqual({ documentId: 'd0', path: 'notes/0.md', title: 'Note 0' });
  });
});
