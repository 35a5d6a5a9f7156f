import { PREFIX_KINDS } from '../../../core/references/resolve-mention.ts';
import type { SuggestGroup, SuggestItem } from '../api/types.ts';
import type { Trigger } from './active-trigger.ts';

/** `page:` in `@page:report.pdf#2`: a mention prefix naming the kind, not a part. */
const prefixOf = (query: string, trigger: Trigger) => {
  if (trigger !== '@') return '';
  const colon = query.indexOf(':');
  return colon > 0 && Object.hasOwn(PREFIX_KINDS, query.slice(0, colon).toLowerCase())
    ? query.slice(0, colon + 1)
    : '';
};

/** Where the name part of a query ends and a heading, section, block or page part begins. */
const partStart = (query: string, trigger: Trigger) => {
  const skip = prefixOf(query, trigger).length;
  const at = trigger === '[[' ? query.indexOf('#') : query.slice(skip).search(/[#:]/);
  return at < 0 ? -1 : at + skip;
};

/** Lower case, accents dropped, quotes gone, runs of space, `-`, `_` and `/` as one space. */
export const foldForMatch = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/["']/g, '')
    .replace(/[\s_\-/]+/g, ' ')
    .trim();

/** What an item is matched by: its label, and its file name for a document (not a part). */
function namesOf(item: SuggestItem): string[] {
  const names = [item.label];
  if (!['section', 'heading', 'block', 'page'].includes(item.kind))
    names.push(item.path.slice(item.path.lastIndexOf('/') + 1));
  return names.map(foldForMatch);
}

/**
 * Narrows suggestions fetched for `before` to what fits `now`, which extends it, without asking
 * the server: the list answers what is typed at once, so Enter never inserts an item chosen for
 * an older query. Returns null when `now` does not narrow `before` (a part was started, text was
 * deleted): only a fresh answer can say what fits then.
 */
export function narrowSuggestions(
  groups: readonly SuggestGroup[],
  before: string,
  now: string,
  trigger: Trigger,
): SuggestGroup[] | null {
  if (!now.startsWith(before)) return null;
  if (prefixOf(before, trigger) !== prefixOf(now, trigger)) return null;
  const partNow = partStart(now, trigger);
  if (partStart(before, trigger) !== partNow) return null;
  const typed = partNow < 0 ? now.slice(prefixOf(now, trigger).length) : now.slice(partNow + 1);
  const wanted = foldForMatch(typed.replace(/^\^/, '').replace(/^page=/, ''));
  const out: SuggestGroup[] = [];
  for (const group of groups) {
    const items = group.items.filter((item) => namesOf(item).some((name) => name.includes(wanted)));
    if (items.length > 0) out.push({ kind: group.kind, items });
  }
  return out;
}
