// Line-level reading of Markdown shared by the parser's segmenting and the line scanners: where
// lines end, blank and indented lines, fences, and where parsing may start afresh.

/** A space or a tab: the whitespace that indents and separates Markdown syntax. */
export const isSpace = (char: string | undefined) => char === ' ' || char === '\t';
/** A line ending, or the end of the text. */
export const isLineEnd = (char: string | undefined) =>
  char === '\n' || char === '\r' || char === undefined;

/** Where the line containing `pos` ends (at its line ending, or the end of the text). */
export function lineEnd(text: string, pos: number): number {
  let end = pos;
  while (!isLineEnd(text[end])) end++;
  return end;
}

/** Where the line after the one containing `pos` starts (`\r\n`, `\n` and `\r` end lines). */
export function nextLineStart(text: string, pos: number): number {
  const end = lineEnd(text, pos);
  return text[end] === '\r' && text[end + 1] === '\n' ? end + 2 : end + 1;
}

/** Whether the line starting at `pos` holds only spaces and tabs. */
export function isBlankLine(text: string, pos: number): boolean {
  let p = pos;
  while (isSpace(text[p])) p++;
  return isLineEnd(text[p]);
}

/** A place to cut the text into segments, and whether a blank line comes right before it. */
export interface Cut {
  readonly at: number;
  readonly afterBlank: boolean;
}

/** Whether the line starting at `line` is indented four columns or more (indented code, if anything). */
export function isIndented(text: string, line: number): boolean {
  let column = 0;
  for (let p = line; column < 4; p++) {
    if (text[p] === ' ') column++;
    else if (text[p] === '\t') column += 4 - (column % 4);
    else return false;
  }
  return true;
}

/** What the lines before a line say about cutting there. */
export interface LinesBefore {
  /** The line before is blank. */
  readonly blank: boolean;
  /** The last line that is not blank is indented four columns or more. */
  readonly indented: boolean;
}

/** {@link LinesBefore} for the line after `line`. */
export const after = (text: string, line: number, before: LinesBefore): LinesBefore => {
  const blank = isBlankLine(text, line);
  return { blank, indented: blank ? before.indented : isIndented(text, line) };
};

/**
 * Whether parsing may start afresh at the line starting at `line`: a line at column 0 after a
 * blank line (every block but a fenced code or HTML block has ended there; after indented code
 * micromark reads the next block as an interruption, so not there), or a bullet list item at
 * column 0 with text (it ends any paragraph, list item or quote above it).
 */
export function cutAt(text: string, line: number, before: LinesBefore): Cut | null {
  const first = text[line];
  if (isSpace(first) || isBlankLine(text, line)) return null;
  if (before.blank && !before.indented) return { at: line, afterBlank: true };
  if ((first !== '-' && first !== '+' && first !== '*') || !isSpace(text[line + 1])) return null;
  let p = line + 1;
  while (isSpace(text[p])) p++;
  const content = text[p];
  // `- - -` is a thematic break and `- ` alone an empty item (neither ends a paragraph).
  const plain =
    !isLineEnd(content) && content !== '-' && content !== '+' && content !== '*' && content !== '_';
  return plain ? { at: line, afterBlank: before.blank } : null;
}

/** Fenced code opened at `start` (after up to three spaces) as its marker and length, or null. */
export function fenceAt(text: string, start: number): { marker: string; size: number } | null {
  let p = start;
  while (isSpace(text[p]) && p - start < 3) p++;
  const marker = text[p];
  if (marker !== '`' && marker !== '~') return null;
  let size = 0;
  while (text[p + size] === marker) size++;
  return size >= 3 ? { marker, size } : null;
}

/** Whether the line starting at `line` closes a fence of `marker` × `size`. */
export function closesFence(text: string, line: number, marker: string, size: number): boolean {
  let p = line;
  while (isSpace(text[p]) && p - line < 3) p++;
  let run = 0;
  while (text[p + run] === marker) run++;
  if (run < size) return false;
  p += run;
  while (isSpace(text[p])) p++;
  return isLineEnd(text[p]);
}

/** The start of the line `pos` is on. */
export function lineStartOf(text: string, pos: number): number {
  let p = pos;
  while (p > 0 && text[p - 1] !== '\n' && text[p - 1] !== '\r') p--;
  return p;
}
