import { describe, expect, it } from 'vitest';
import { formatToolCalls } from './tool-call-output.ts';

/** A stream that is not a terminal: no colours. */
const plain = { isTTY: false } as NodeJS.WriteStream;

const doc = (i: number) => ({ documentId: `d${i}`, path: `notes/${i}.md`, title: `N${i}` });

describe('formatToolCalls', () => {
  it('shows each call with its input, summary and the first documents it returned', () => {
    const text = formatToolCalls(
      [
        {
          id: 'c1',
          name: 'search',
          input: { query: 'pump flow' },
          ok: true,
          summary: '5 results',
          documents: [doc(1), doc(2), doc(3), doc(4), doc(5)],
        },
        {
          id: 'c2',
          name: 'insert_file',
          input: { path: 'Trip', file: 'x.png' },
          ok: false,
          summary: 'refused: the user did not reference files/x.png\u001b[31m',
          documents: [],
        },
        { id: 'c3', name: 'links', input: { path: 'A' }, ok: true, summary: '', documents: [] },
      ],
      plain,
    );
    expect(text.split('\n')).toEqual([
      'Tools',
      '  ✓ search {"query":"pump flow"}: 5 results · notes/1.md, notes/2.md, notes/3.md, +2 more',
      '  ✗ insert_file {"path":"Trip","file":"x.png"}: refused: the user did not reference files/x.png [31m',
      '  ✓ links {"path":"A"}',
    ]);
  });

  it('shows nothing for an answer that called no tool, and cuts a long input', () => {
    expect(formatToolCalls([], plain)).toBe('');
    const long = formatToolCalls(
      [
        {
          id: 'c',
          name: 'write_content',
          input: { content: 'x'.repeat(500) },
          ok: true,
          summary: 'edited a.md',
          documents: [],
        },
      ],
      plain,
    );
    expect(long).toMatch(/write_content \{"content":"x+…: edited a\.md$/);
  });
});
