import type { SuggestGroup, SuggestItem } from '../api/types.ts';

/** One titled group of the autocomplete list, as displayed. */
export interface DisplayGroup {
  readonly kind: string;
  readonly heading: string;
  readonly items: readonly SuggestItem[];
}

/** Most items the dropdown lists. */
export const MAX_ITEMS = 8;
/** Most recent items listed before the server's suggestions. */
export const MAX_RECENT = 5;

const HEADINGS: Record<string, string> = {
  recent: 'Recent',
  notes: 'Notes',
  files: 'Files',
  content: 'Content',
  sections: 'Sections',
  sources: 'Sources',
  entities: 'Entities',
  pages: 'Pages',
};

/**
 * The groups the dropdown shows: recent items first when nothing is typed yet, then the server's
 * groups in its order, without repeating an item, at most {@link MAX_ITEMS} in all.
 */
export function displayGroups(
  groups: readonly SuggestGroup[],
  recent: readonly SuggestItem[],
): DisplayGroup[] {
  const seen = new Set<string>();
  const out: DisplayGroup[] = [];
  let room = MAX_ITEMS;
  const add = (kind: string, items: readonly SuggestItem[], most: number) => {
    const fresh: SuggestItem[] = [];
    for (const item of items) {
      if (fresh.length >= Math.min(most, room)) break;
      if (seen.has(item.insert)) continue;
      seen.add(item.insert);
      fresh.push(item);
    }
    if (fresh.length === 0) return;
    room -= fresh.length;
    out.push({ kind, heading: HEADINGS[kind] ?? kind, items: fresh });
  };
  add('recent', recent, MAX_RECENT);
  for (const group of groups) add(group.kind, group.items, MAX_ITEMS);
  return out;
}
