/** What opens autocomplete: a wikilink being typed or a mention being typed. */
export type Trigger = '[[' | '@';

/** The reference the caret is currently typing, if any. */
export interface ActiveTrigger {
  readonly trigger: Trigger;
  /** Offset of the trigger (`[[` or `@`) in the draft. */
  readonly start: number;
  /** What was typed after the trigger up to the caret: exactly `text.slice(start + trigger.length, caret)`. */
  readonly query: string;
  /** The caret. */
  readonly caret: number;
  /** Where an inserted completion should end: past any rest of the same name after the caret (`]]` included). */
  readonly replaceEnd: number;
}

/** Longest query we still autocomplete; longer runs are prose, not a name being typed. */
const MAX_QUERY = 160;

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);
/** Characters a mention may follow: start of line, whitespace or an opening parenthesis. */
const mentionMayFollow = (ch: string | undefined) => ch === undefined || isSpace(ch) || ch === '(';
/** Characters that continue a mention name after the caret (replaced together with the query). */
const NAME_CHAR = /[\p{L}\p{N}\p{M}_\-./#:^'"]/u;

const backslashesBefore = (text: string, at: number, from: number) => {
  let n = 0;
  while (at - n - 1 >= from && text[at - n - 1] === '\\') n++;
  return n;
};

const countChar = (text: string, ch: string) => text.split(ch).length - 1;

/** Whether the line starting at `lineStart` lies inside a fenced code block. */
function insideFence(text: string, lineStart: number): boolean {
  let open = false;
  let pos = 0;
  while (pos < lineStart) {
    let end = text.indexOf('\n', pos);
    if (end < 0 || end > lineStart) end = lineStart;
    if (/^ {0,3}(```|~~~)/.test(text.slice(pos, end))) open = !open;
    pos = end + 1;
  }
  return open;
}

function wikilinkAt(text: string, lineStart: number, caret: number): ActiveTrigger | null {
  const line = text.slice(lineStart, caret);
  let at = line.lastIndexOf('[[');
  // `[[[x` : the trigger is the last pair of brackets.
  while (at >= 0 && backslashesBefore(line, at, 0) % 2 === 1) at = line.lastIndexOf('[[', at - 1);
  if (at < 0) return null;
  const query = line.slice(at + 2);
  if (query.includes(']]') || query.length > MAX_QUERY) return null;
  if (countChar(line.slice(0, at), '`') % 2 === 1) return null;
  return {
    trigger: '[[',
    start: lineStart + at,
    query,
    caret,
    replaceEnd: wikilinkRestEnd(text, caret),
  };
}

/** `[[Sol|ar]]` — an edited link keeps no leftover `ar]]` after insertion. */
function wikilinkRestEnd(text: string, caret: number): number {
  const lineEnd = text.slice(caret).search(/[\r\n]/);
  const rest = text.slice(caret, lineEnd < 0 ? text.length : caret + lineEnd);
  const close = rest.indexOf(']]');
  if (close < 0) return caret;
  const reopen = rest.indexOf('[[');
  return reopen >= 0 && reopen < close ? caret : caret + close + 2;
}

function mentionAt(text: string, lineStart: number, caret: number): ActiveTrigger | null {
  const line = text.slice(lineStart, caret);
  const at = line.lastIndexOf('@');
  if (at < 0 || !mentionMayFollow(line[at - 1])) return null;
  const query = line.slice(at + 1);
  if (query.length > MAX_QUERY) return null;
  const quoted = query.startsWith('"');
  if (quoted ? query.slice(1).includes('"') : /\s/.test(query)) return null;
  if (countChar(line.slice(0, at), '`') % 2 === 1) return null;
  let end = caret;
  while (end < text.length && NAME_CHAR.test(text[end] as string) && text[end] !== '"') end++;
  if (quoted && text[end] === '"') end++;
  while (end > caret && text[end - 1] === '.') end--;
  return { trigger: '@', start: lineStart + at, query, caret, replaceEnd: end };
}

/**
 * Finds the `[[` or `@` reference being typed at the caret: a `[[` on the current line not yet
 * closed by `]]`, else an `@` at the start of a line or after whitespace or `(` (so never inside an
 * e-mail address), outside code. Returns null when the caret is not in one. Never throws.
 */
export function findActiveTrigger(text: string, caret: number): ActiveTrigger | null {
  const at = Number.isFinite(caret) ? Math.max(0, Math.min(text.length, Math.floor(caret))) : 0;
  let lineStart = at;
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  if (insideFence(text, lineStart)) return null;
  return wikilinkAt(text, lineStart, at) ?? mentionAt(text, lineStart, at);
}
