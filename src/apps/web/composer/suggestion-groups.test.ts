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
  modifiedAt: '2026-03-01T00:00:00.000Z',
});

const many = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => item(`[[${prefix}${i}]]`));

const shape = (view: ReturnType<typeof displayGroups>) =>
  view.groups.map((g) => [g.heading, g.items.length]);

describe('displayGroups', () => {
  it('lists recent items first under "Recent" and does not repeat them', () => {
    const view = displayGroups(
      [{ kind: 'notes', items: [item('[[A]]'), item('[[B]]')] }],
      [item('[[B]]')],
    );
    expect(view.groups.map((g) => [g.heading, g.items.map((i) => i.insert)])).toEqual([
      ['Recent', ['[[B]]']],
      ['Notes', ['[[A]]']],
    ]);
    expect(view.hidden).toBe(0);
  });

  it(`shows at most ${MAX_ITEMS} items, counts the rest, and drops empty groups`, () => {
    const view = displayGroups(
      [
        { kind: 'notes', items: many('N', 6) },
        { kind: 'files', items: many('F', 6) },
        { kind: 'pages', items: [] },
      ],
      [],
    );
    expect(shape(view)).toEqual([
      ['Notes', 6],
      ['Files', 2],
    ]);
    expect(view.hidden).toBe(4);
  });

  it('lets every group take its turn when nothing is typed', () => {
    const view = displayGroups(
      [
        { kind: 'notes', items: many('N', 6) },
        { kind: 'files', items: many('F', 6) },
        { kind: 'entities', items: many('E', 1) },
      ],
      many('R', 5),
      { inTurns: true },
    );
    expect(shape(view)).toEqual([
      ['Recent', 3],
      ['Notes', 2],
      ['Files', 2],
      ['Entities', 1],
    ]);
    expect(view.hidden).toBe(8);
  });

  it('shows everything once expanded', () => {
    const view = displayGroups([{ kind: 'sections', items: many('H', 11) }], [], {
      expanded: true,
    });
    expect(shape(view)).toEqual([['Sections', 11]]);
    expect(view.hidden).toBe(0);
  });
});
