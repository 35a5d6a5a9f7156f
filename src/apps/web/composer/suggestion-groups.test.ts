import { describe, expect, it } from 'vitest';
import type { SuggestItem } from '../api/types.ts';
import { displayGroups, MAX_ITEMS } from './suggestion-groups.ts';

const item = (insert: string): SuggestItem => ({
  label: insert,
  insert,
  documentId: insert,
  path: `${insert}.md`,
  kind: 'note',
  detail: '',
});

describe('displayGroups', () => {
  it('lists recent items first under "Recent" and does not repeat them', () => {
    const groups = displayGroups(
      [{ kind: 'notes', items: [item('[[A]]'), item('[[B]]')] }],
      [item('[[B]]')],
    );
    expect(groups.map((g) => [g.heading, g.items.map((i) => i.insert)])).toEqual([
      ['Recent', ['[[B]]']],
      ['Notes', ['[[A]]']],
    ]);
  });

  it(`shows at most ${MAX_ITEMS} items and drops empty groups`, () => {
    const many = Array.from({ length: 6 }, (_, i) => item(`[[N${i}]]`));
    const groups = displayGroups(
      [
        { kind: 'notes', items: many },
        { kind: 'files', items: many.map((i) => item(`${i.insert}f`)) },
        { kind: 'pages', items: [] },
      ],
      [],
    );
    expect(groups.flatMap((g) => g.items)).toHaveLength(MAX_ITEMS);
    expect(groups.map((g) => g.heading)).toEqual(['Notes', 'Files']);
  });
});
