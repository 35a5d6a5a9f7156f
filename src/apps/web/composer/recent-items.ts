import type { SuggestItem } from '../api/types.ts';
import type { Trigger } from './active-trigger.ts';

/** How many inserted references are remembered per workspace. */
export const RECENT_LIMIT = 8;

/** The localStorage key of a workspace's recent references. */
export const recentKey = (workspaceId: string) => `footnote.recent.${workspaceId}`;

const KINDS = new Set([
  'note',
  'file',
  'content',
  'pdf',
  'source',
  'entity',
  'section',
  'heading',
  'block',
  'page',
]);

const isItem = (value: unknown): value is SuggestItem => {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.label === 'string' &&
    typeof v.insert === 'string' &&
    v.insert !== '' &&
    typeof v.documentId === 'string' &&
    typeof v.path === 'string' &&
    typeof v.kind === 'string' &&
    KINDS.has(v.kind) &&
    typeof v.detail === 'string'
  );
};

/**
 * The workspace's recent references, newest first; anything unreadable is ignored, never thrown
 * (an item saved before items carried a date has none).
 */
export function readRecent(
  storage: Pick<Storage, 'getItem'> | null,
  workspaceId: string,
): SuggestItem[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(recentKey(workspaceId)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(isItem)
      .slice(0, RECENT_LIMIT)
      .map((i) => ({ ...i, modifiedAt: typeof i.modifiedAt === 'string' ? i.modifiedAt : '' }));
  } catch {
    return [];
  }
}

/** The list with `item` moved (or added) to the front, without duplicates, capped. */
export function addRecent(list: readonly SuggestItem[], item: SuggestItem): SuggestItem[] {
  const { label, insert, documentId, path, kind, detail, modifiedAt } = item;
  return [
    { label, insert, documentId, path, kind, detail, modifiedAt },
    ...list.filter((i) => i.insert !== insert),
  ].slice(0, RECENT_LIMIT);
}

/** Saves the list; a full or forbidden storage only loses the history. */
export function writeRecent(
  storage: Pick<Storage, 'setItem'> | null,
  workspaceId: string,
  list: readonly SuggestItem[],
): void {
  try {
    storage?.setItem(recentKey(workspaceId), JSON.stringify(list));
  } catch {
    // private mode or quota: recent items are a convenience
  }
}

/** Recent items that fit what was typed: `[[` items after `[[`, `@` items after `@`. */
export function recentFor(list: readonly SuggestItem[], trigger: Trigger): SuggestItem[] {
  return list.filter((i) =>
    trigger === '[[' ? /^!?\[\[/.test(i.insert) : i.insert.startsWith('@'),
  );
}
