import { describe, expect, it } from 'vitest';
import { readDocument } from '../src/workspace/index.ts';
import { parseQrels } from './load-cranfield.ts';
import {
  cranfieldDocPath,
  cranfieldIdOfPath,
  cranfieldMarkdown,
} from './write-cranfield-workspace.ts';

describe('cranfield workspace files', () => {
  it('maps ids to paths and back', () => {
    expect(cranfieldDocPath('184')).toBe('docs/184.md');
    expect(cranfieldIdOfPath('docs/184.md')).toBe('184');
    expect(cranfieldIdOfPath('notes/184.md')).toBeNull();
  });

  it('writes a title the Markdown reader gets back exactly, whatever YAML would make of it', async () => {
    for (const title of [
      'on the theory of wings : a note .',
      'yes',
      '- 2 "quoted" #not a comment',
    ]) {
      const text = 'the body text .';
      const markdown = cranfieldMarkdown({ id: '1', title, text });
      const outcome = await readDocument('docs/1.md', 'note', Buffer.from(markdown), new Map());
      if (!outcome.ok) throw new Error(outcome.reason);
      expect(outcome.doc.title).toBe(title);
      expect(outcome.doc.body.trim()).toBe(text);
      expect(outcome.doc.warnings).toEqual([]);
    }
  });
});

describe('parseQrels', () => {
  it('skips the header and keeps the score as given', () => {
    const qrels = parseQrels('query-id\tcorpus-id\tscore\n1\t184\t3\n1\t29\t1\n2\t12\t4\n');
    expect(qrels.get('1')).toEqual(
      new Map([
        ['184', 3],
        ['29', 1],
      ]),
    );
    expect(qrels.get('2')?.get('12')).toBe(4);
  });
});
