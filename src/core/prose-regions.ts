/** A run of non-blank lines outside fenced code: where inline syntax (references, citations) may live. */
export interface ProseRegion {
  readonly start: number;
  readonly end: number;
}

interface Fence {
  readonly marker: number;
  readonly size: number;
}

const SPACE = 0x20;
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const GRAVE_ACCENT = 0x60;
const TILDE = 0x7e;
const BACKSLASH = 0x5c;

/** Fences need three markers; more than three spaces of indent is not a fence. */
const FENCE_MIN_SIZE = 3;
const FENCE_MAX_INDENT = 3;

/** Whether a character code ends a line (`\n` or `\r`). */
export const isLineEnding = (code: number): boolean =>
  code === LINE_FEED || code === CARRIAGE_RETURN;

/** Index of the line ending at or after `from`, or the text's length. */
export function findLineEnd(text: string, from: number): number {
  let pos = from;
  while (pos < text.length && !isLineEnding(text.charCodeAt(pos))) pos++;
  return pos;
}

/** Where the next line starts after the ending at `lineEnd` (`\r\n` counts as one). */
export function afterLineEnding(text: string, lineEnd: number): number {
  const crlf =
    text.charCodeAt(lineEnd) === CARRIAGE_RETURN && text.charCodeAt(lineEnd + 1) === LINE_FEED;
  return lineEnd + (crlf ? 2 : 1);
}

/** Length of the run of `code` characters starting at `pos`. */
export function countRun(text: string, pos: number, code: number): number {
  let end = pos;
  while (text.charCodeAt(end) === code) end++;
  return end - pos;
}

/** Where a fence marker may start after at most three spaces, or -1 when indented further. */
function skipIndent(text: string, lineStart: number): number {
  let pos = lineStart;
  while (text.charCodeAt(pos) === SPACE) {
    if (pos - lineStart === FENCE_MAX_INDENT) return -1;
    pos++;
  }
  return pos;
}

function isBlank(text: string, from: number, lineEnd: number): boolean {
  for (let pos = from; pos < lineEnd; pos++) {
    const code = text.charCodeAt(pos);
    if (code !== SPACE && code !== TAB) return false;
  }
  return true;
}

function openingFence(text: string, lineStart: number, lineEnd: number): Fence | null {
  const markerStart = skipIndent(text, lineStart);
  if (markerStart < 0) return null;
  const marker = text.charCodeAt(markerStart);
  if (marker !== GRAVE_ACCENT && marker !== TILDE) return null;
  const size = countRun(text, markerStart, marker);
  if (size < FENCE_MIN_SIZE) return null;
  // CommonMark: a backtick fence's info string may not contain backticks (it is inline code then).
  if (marker === GRAVE_ACCENT) {
    for (let pos = markerStart + size; pos < lineEnd; pos++) {
      if (text.charCodeAt(pos) === GRAVE_ACCENT) return null;
    }
  }
  return { marker, size };
}

function closesFence(text: string, lineStart: number, lineEnd: number, fence: Fence): boolean {
  const markerStart = skipIndent(text, lineStart);
  if (markerStart < 0 || text.charCodeAt(markerStart) !== fence.marker) return false;
  const size = countRun(text, markerStart, fence.marker);
  return size >= fence.size && isBlank(text, markerStart + size, lineEnd);
}

/**
 * Splits Markdown-ish text into runs of non-blank lines outside fenced code, so inline parsers
 * (references, citation markers) never look inside code blocks and inline code never spans a
 * blank line. Linear in the text.
 */
export function findProseRegions(text: string): ProseRegion[] {
  const regions: ProseRegion[] = [];
  let regionStart = -1;
  let regionEnd = -1;
  let fence: Fence | null = null;
  let lineStart = 0;
  for (;;) {
    const lineEnd = findLineEnd(text, lineStart);
    if (fence) {
      if (closesFence(text, lineStart, lineEnd, fence)) fence = null;
    } else {
      const opening = openingFence(text, lineStart, lineEnd);
      if (opening || isBlank(text, lineStart, lineEnd)) {
        if (regionStart >= 0) regions.push({ start: regionStart, end: regionEnd });
        regionStart = -1;
        fence = opening;
      } else {
        if (regionStart < 0) regionStart = lineStart;
        regionEnd = lineEnd;
      }
    }
    if (lineEnd >= text.length) break;
    lineStart = afterLineEnding(text, lineEnd);
  }
  if (regionStart >= 0) regions.push({ start: regionStart, end: regionEnd });
  return regions;
}

/** An odd run of backslashes escapes the next character (`\[[`, `\@`, `\[1]`); an even run does not. */
export function afterEscape(text: string, pos: number, limit: number): number {
  const runEnd = pos + countRun(text, pos, BACKSLASH);
  const escapes = (runEnd - pos) % 2 === 1;
  return escapes && runEnd < limit ? runEnd + 1 : runEnd;
}
