import { describe, expect, it } from 'vitest';
import type { StoredDocument, SuggestGroup, SuggestItem } from '../../core/index.ts';
import { SuggestSnippets } from './suggest-snippets.ts';

const item = (id: string, kind: SuggestItem['kind'] = 'note'): SuggestItem => ({
  label: id,
  insert: `[[${id}]]`,
  documentId: id,
  path: `notes/${id}.md`,
  kind,
  detail: `notes/${id}.md`,
  modifiedAt: '2026-03-01T00:00:00.000Z',
});

const doc = (id: string, body: string) =>
  ({ id, body, metadata: {}, entity: null }) as unknown as StoredDocument;

function storeOf(bodies: Record<string, string>) {
  const reads: string[] = [];
  return {
    reads,
    async getDocument(id: string) {
      reads.push(id);
      if (id === 'broken') throw new Error('disk on fire');
      return bodies[id] === undefined ? null : doc(id, bodies[id]);
    },
  };
}

describe('SuggestSnippets', () => {
  it('adds each document its first paragraph on one line, cut at a word', async () => {
    const store = storeOf({
      a: '# A\n\nThe pump runs on\nsunlight alone.\n\nMore.',
      b: `# B\n\n${'word '.repeat(60)}`,
    });
    const [group] = await new SuggestSnippets(store).add([
      { kind: 'notes', items: [item('a'), item('b')] },
    ]);
    expect(group?.items.map((i) => i.snippet)).toEqual([
      'The pump runs on sunlight alone.',
      `${'word '.repeat(20).trim()}…`,
    ]);
  });

  it('reads only the first items, skips parts and failures, and reads each version once', async () => {
    const store = storeOf({ a: 'Alpha.', b: 'Beta.', c: 'Gamma.' });
    const snippets = new SuggestSnippets(store, { items: 2 });
    const groups: SuggestGroup[] = [
      { kind: 'sections', items: [item('a', 'heading')] },
      { kind: 'notes', items: [item('broken'), item('b'), item('c')] },
    ];
    const [parts, notes] = await snippets.add(groups);
    expect(parts?.items[0]?.snippet).toBeUndefined();
    expect(notes?.items.map((i) => i.snippet)).toEqual([undefined, 'Beta.', undefined]);
    await snippets.add(groups);
    expect(store.reads).toEqual(['broken', 'b']);
  });
});
