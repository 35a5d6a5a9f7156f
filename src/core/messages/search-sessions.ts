import type { Session } from './message.ts';

/** Longest text a conversation search takes, in characters. */
export const MAX_SESSION_SEARCH_CHARS = 200;
/** Most conversations one search returns. @default 20 */
export const DEFAULT_SESSION_SEARCH_LIMIT = 20;

/** A conversation whose title or messages contain the searched text. */
export interface SessionSearchHit {
  readonly session: Session;
  /** The earliest message that contains the text; null when only the title does. */
  readonly message: {
    readonly id: string;
    readonly role: 'user' | 'assistant';
    readonly content: string;
    readonly createdAt: string;
  } | null;
  /** How many of its messages contain the text. */
  readonly matches: number;
}

/** What a store searches for: a text, in one user's conversations of one workspace. */
export interface SessionSearch {
  readonly workspaceId: string;
  readonly userId: string;
  /** Matched anywhere in a title or a message, ignoring case; never empty. */
  readonly text: string;
  readonly limit: number;
}

/**
 * Text as a search compares it: lower case (both stores compare `foldForSearch(content)` with
 * `foldForSearch(text)`, so SQLite, whose own `lower()` knows only ASCII, folds in JavaScript).
 */
export const foldForSearch = (text: string): string => text.toLowerCase();

/** A part of a message around the searched text, with where the text is in it. */
export interface SearchSnippet {
  readonly text: string;
  /** Offsets in `text` of each occurrence shown. */
  readonly highlights: readonly { readonly start: number; readonly end: number }[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * About `width` characters of `content` around the first occurrence of `query` (ignoring case),
 * whitespace folded to single spaces and cut at words, `…` where it was cut, every occurrence
 * inside marked; the start of the message, unmarked, when the query is not found in it.
 */
export function searchSnippet(content: string, query: string, width = 160): SearchSnippet {
  const wanted = query.trim();
  const found: { start: number; end: number }[] = [];
  if (wanted) {
    const pattern = new RegExp(escapeRegExp(wanted).replace(/\s+/g, '\\s+'), 'giu');
    for (const match of content.matchAll(pattern))
      if (match[0].length > 0)
        found.push({ start: match.index, end: match.index + match[0].length });
  }
  const first = found[0];
  let from = 0;
  let to = Math.min(content.length, width);
  if (first) {
    const before = Math.max(0, Math.floor((width - (first.end - first.start)) / 3));
    from = Math.max(0, first.start - before);
    to = Math.min(content.length, Math.max(first.end, from + width));
    // Cut at word boundaries, never inside the match.
    if (from > 0) {
      const space = content.lastIndexOf(' ', first.start);
      const next = content.indexOf(' ', from);
      if (next !== -1 && next < first.start) from = next + 1;
      else if (space >= from) from = space + 1;
    }
  }
  if (to < content.length) {
    const space = content.lastIndexOf(' ', to);
    if (space > (first?.end ?? 0) && space > from) to = space;
  }
  // Fold whitespace, carrying each highlight's offsets along.
  let text = from > 0 ? '…' : '';
  const highlights: { start: number; end: number }[] = [];
  const inside = found.filter((h) => h.start >= from && h.end <= to);
  let open: { start: number } | null = null;
  let hi = 0;
  let space = false;
  for (let i = from; i < to; i++) {
    const h = inside[hi];
    if (h && i === h.start) open = { start: text.length + (space ? 1 : 0) };
    const ch = content[i] as string;
    if (/\s/.test(ch)) space = text.length > 0;
    else {
      if (space) text += ' ';
      space = false;
      text += ch;
    }
    if (h && open && i === h.end - 1) {
      highlights.push({ start: open.start, end: text.length });
      open = null;
      hi++;
    }
  }
  if (to < content.length) text += '…';
  return { text, highlights };
}
