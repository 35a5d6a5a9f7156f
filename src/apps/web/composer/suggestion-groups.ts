import type { SuggestGroup, SuggestItem } from '../api/types.ts';

/** One titled group of the autocomplete list, as displayed. */
export interface DisplayGroup {
  readonly kind: string;
  readonly heading: string;
  readonly items: readonly SuggestItem[];
}

/** What the dropdown shows, and how many more it could (behind its "more…" option). */
export interface SuggestionView {
  readonly groups: readonly DisplayGroup[];
  readonly hidden: number;
}

/** Most items the dropdown lists before "more…". */
export const MAX_ITEMS = 8;
/** Most recent items listed before the server's suggestions. */
export const MAX_RECENT = 3;

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

/** Options for {@link displayGroups}. */
export interface DisplayOptions {
  /** Everything, after "more…" was chosen. @default false */
  readonly expanded?: boolean;
  /**
   * Nothing typed yet: the groups take turns (one item of each, then a second …) so the first
   * group cannot fill the list alone. Otherwise items keep the server's order. @default false
   */
  readonly inTurns?: boolean;
}

/** How many items of each group fit in `room`, one of each in turn. */
function turns(sizes: readonly number[], room: number): number[] {
  const taken = sizes.map(() => 0);
  let left = room;
  for (let round = 0; left > 0; round++) {
    let any = false;
    for (const [i, size] of sizes.entries()) {
      if (left <= 0 || (taken[i] ?? 0) >= size) continue;
      taken[i] = (taken[i] ?? 0) + 1;
      left--;
      any = true;
    }
    if (!any || round > room) break;
  }
  return taken;
}

/**
 * The groups the dropdown shows: recent items first when nothing is typed yet, then the server's
 * groups in its order, without repeating an item, at most {@link MAX_ITEMS} in all unless expanded;
 * `hidden` counts the rest.
 */
export function displayGroups(
  groups: readonly SuggestGroup[],
  recent: readonly SuggestItem[],
  options: DisplayOptions = {},
): SuggestionView {
  const { expanded = false, inTurns = false } = options;
  const seen = new Set<string>();
  const fresh = (items: readonly SuggestItem[]) =>
    items.filter((item) => {
      if (seen.has(item.insert)) return false;
      seen.add(item.insert);
      return true;
    });
  const recentItems = fresh(recent).slice(0, MAX_RECENT);
  const all = [
    { kind: 'recent', items: recentItems },
    ...groups.map((g) => ({ kind: g.kind as string, items: fresh(g.items) })),
  ].filter((g) => g.items.length > 0);
  const total = all.reduce((n, g) => n + g.items.length, 0);

  let counts: number[];
  if (expanded) counts = all.map((g) => g.items.length);
  else {
    const [first, ...rest] = all;
    const head = first?.kind === 'recent' ? first.items.length : 0;
    const others = head > 0 ? rest : all;
    let room = MAX_ITEMS - head;
    const taken = inTurns
      ? turns(
          others.map((g) => g.items.length),
          room,
        )
      : others.map((g) => {
          const n = Math.min(g.items.length, Math.max(0, room));
          room -= n;
          return n;
        });
    counts = head > 0 ? [head, ...taken] : taken;
  }
  const shown = all
    .map((g, i) => ({
      kind: g.kind,
      heading: HEADINGS[g.kind] ?? g.kind,
      items: g.items.slice(0, counts[i] ?? 0),
    }))
    .filter((g) => g.items.length > 0);
  return { groups: shown, hidden: total - shown.reduce((n, g) => n + g.items.length, 0) };
}
