// Straight from the module, not the core index: index workers load this file.
import { capMarkdownNesting } from '../core/markdown-nesting.ts';
import { after, closesFence, cutAt, fenceAt, type LinesBefore } from './markdown-lines.ts';
import type { MarkdownStructure } from './parse-markdown.ts';
import { StructureCollector } from './structure-collector.ts';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const SPACE = 0x20;
const CARRIAGE_RETURN = 0x0d;
const HASH = 0x23;
const AMPERSAND = 0x26;
const LEFT_PAREN = 0x28;
const STAR = 0x2a;
const PLUS = 0x2b;
const DASH = 0x2d;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const COLON = 0x3a;
const LESS_THAN = 0x3c;
const EQUALS = 0x3d;
const GREATER_THAN = 0x3e;
const LEFT_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const RIGHT_BRACKET = 0x5d;
const UNDERSCORE = 0x5f;
const BACKTICK = 0x60;
const PIPE = 0x7c;
const TILDE = 0x7e;
const RIGHT_PAREN = 0x29;

const isSpaceCode = (code: number) => code === SPACE || code === TAB;

/**
 * Whether `body` holds a control character the parser reads otherwise than as text (NUL becomes
 * U+FFFD), or a carriage return that ends a line on its own.
 */
function hasUnsureCharacters(body: string): boolean {
  for (let p = 0; p < body.length; p++) {
    const code = body.charCodeAt(p);
    if (code >= SPACE || code === TAB || code === LINE_FEED) continue;
    if (code !== CARRIAGE_RETURN || body.charCodeAt(p + 1) !== LINE_FEED) return true;
  }
  return false;
}

/** Limits of {@link parseMarkdownLines}, as {@link parseMarkdown} applies them. */
export interface MarkdownLinesLimits {
  /** The parser's segment length: bodies longer than this are parsed in parts. */
  readonly segmentChars: number;
  /** Most characters the parser may go without a place to cut before it reads by a line scan. */
  readonly maxUncut: number;
  /** Most links, headings and block ids each kept. */
  readonly maxEntries: number;
}

/** Whether an ATX heading marker (`#` to `######`, then a space, a tab or the line's end) starts at `at`. */
function headingLevelAt(body: string, at: number, end: number): number {
  let level = 0;
  while (at + level < end && body.charCodeAt(at + level) === HASH) level++;
  if (level < 1 || level > 6) return 0;
  return at + level === end || isSpaceCode(body.charCodeAt(at + level)) ? level : 0;
}

/**
 * Whether a paragraph (or a list item's text) may start at `at` and be nothing else: not
 * indented, and no character there that opens other syntax (a quote, HTML, a table, a list,
 * a thematic break or setext underline, a heading, a fence, a definition, an escape).
 */
function plainStart(body: string, at: number, end: number): boolean {
  const code = body.charCodeAt(at);
  switch (code) {
    case SPACE:
    case TAB:
    case GREATER_THAN:
    case LESS_THAN:
    case PIPE:
    case EQUALS:
    case COLON:
    case UNDERSCORE:
    case BACKSLASH:
    case BACKTICK:
    case DASH:
    case STAR:
    case PLUS:
      return false;
    case TILDE:
      return fenceAt(body, at) === null;
    case HASH:
      return headingLevelAt(body, at, end) === 0;
    case LEFT_BRACKET:
      return body.charCodeAt(at + 1) === LEFT_BRACKET;
  }
  if (code >= DIGIT_0 && code <= DIGIT_9) {
    // An ordered list item: up to nine digits, `.` or `)`, then a space, a tab or the line's end.
    let p = at;
    while (p < end && p - at < 10 && body.charCodeAt(p) >= DIGIT_0 && body.charCodeAt(p) <= DIGIT_9)
      p++;
    const marker = body.charCodeAt(p);
    const isMarker = p - at <= 9 && (marker === DOT || marker === RIGHT_PAREN);
    return !(isMarker && (p + 1 === end || isSpaceCode(body.charCodeAt(p + 1))));
  }
  return true;
}

/**
 * Whether `body[from, to)` (one line's text) holds only inline syntax that leaves the
 * structure as written: no code spans, no HTML or autolinks, no brackets but whole wikilinks
 * that no link or reference could claim. With `exact`, also nothing that makes the parsed
 * text differ from the written one (emphasis, strikethrough, escapes, character references),
 * as for a heading's text or the summary paragraph.
 */
function plainInline(body: string, from: number, to: number, exact: boolean): boolean {
  let closing = -1;
  for (let p = from; p < to; p++) {
    switch (body.charCodeAt(p)) {
      case BACKTICK:
      case LESS_THAN:
        return false;
      case LEFT_BRACKET: {
        if (body.charCodeAt(p + 1) !== LEFT_BRACKET) return false;
        let q = p + 2;
        while (q < to) {
          const code = body.charCodeAt(q);
          if (code === LEFT_BRACKET || code === RIGHT_BRACKET) break;
          q++;
        }
        if (q === p + 2 || q + 1 >= to) return false;
        if (body.charCodeAt(q) !== RIGHT_BRACKET || body.charCodeAt(q + 1) !== RIGHT_BRACKET)
          return false;
        const next = body.charCodeAt(q + 2);
        // `[[a]](url)` is a link and `[[a]][b]` a reference, `[[a]]]` a stray bracket.
        if (next === LEFT_PAREN || next === LEFT_BRACKET || next === RIGHT_BRACKET) return false;
        closing = q;
        p++;
        break;
      }
      case RIGHT_BRACKET:
        if (p !== closing) return false;
        p++;
        break;
      case STAR:
      case UNDERSCORE:
      case TILDE:
      case AMPERSAND:
      case BACKSLASH:
        if (exact) return false;
        break;
    }
  }
  return true;
}

/** Where the line starting at `line` ends: its `\n`, or the end of the text. */
function lineEndAt(body: string, line: number): number {
  const newline = body.indexOf('\n', line);
  return newline === -1 ? body.length : newline;
}

/**
 * Reads the structure of a Markdown body (front matter already removed) line by line, without
 * building a syntax tree: ATX headings, paragraphs, `-`/`*`/`+` list items of one paragraph
 * with lazy continuation lines, fenced code, wikilinks and `^block` ids, all at column 0 and
 * inline text free of code spans, HTML, Markdown links and (in headings and the summary
 * paragraph) emphasis or escapes. For such a body the result is the one {@link parseMarkdown}'s
 * parser gives, offsets and all; for anything else — indentation, quotes, tables, ordered or
 * nested lists, setext headings, definitions, footnotes, HTML, more entries than kept, a span
 * the parser would not cut — it returns null and the parser must read it.
 */
export function parseMarkdownLines(
  body: string,
  limits: MarkdownLinesLimits,
): MarkdownStructure | null {
  if (hasUnsureCharacters(body) || capMarkdownNesting(body).rewrites > 0) return null;
  const collector = new StructureCollector(body, limits.maxEntries);
  const code: Array<[number, number]> = [];
  const { length } = body;
  const trackCuts = length > limits.segmentChars;
  let before: LinesBefore = { blank: false, indented: false };
  let lastCut = 0;
  let fence: { marker: string; size: number; start: number } | null = null;
  /** The block being read: none, a paragraph at the root, or a list item. */
  let open: 'none' | 'paragraph' | 'item' = 'none';
  let blockStart = 0;
  let textStart = 0;
  let blockEnd = 0;
  /** The open paragraph may be the summary: its text must read exactly as written. */
  let summary = false;

  const close = () => {
    if (open === 'none') return;
    collector.addBlock(textStart, blockEnd, blockStart, blockEnd);
    if (summary) {
      const text = body.slice(textStart, blockEnd).trim();
      if (text) collector.firstParagraph = text;
    }
    open = 'none';
    summary = false;
  };

  for (let line = 0; line < length; ) {
    const newline = lineEndAt(body, line);
    const end =
      newline > line && body.charCodeAt(newline - 1) === CARRIAGE_RETURN ? newline - 1 : newline;
    const next = newline + 1;
    if (trackCuts) {
      if (cutAt(body, line, before)) {
        if (line - lastCut > limits.maxUncut) return null;
        lastCut = line;
      }
      before = after(body, line, before);
    }
    if (fence) {
      if (closesFence(body, line, fence.marker, fence.size)) {
        code.push([fence.start, end]);
        fence = null;
      }
      line = next;
      continue;
    }
    let first = line;
    while (first < end && isSpaceCode(body.charCodeAt(first))) first++;
    if (first === end) {
      close();
      line = next;
      continue;
    }
    if (first !== line) return null;
    const lead = body.charCodeAt(line);
    if (lead === BACKTICK || lead === TILDE) {
      const opened = fenceAt(body, line);
      if (opened) {
        // A backtick fence's info string has no backtick; with one, the line is text and code.
        if (opened.marker === '`' && body.slice(line + opened.size, end).includes('`')) return null;
        close();
        fence = { ...opened, start: line };
        line = next;
        continue;
      }
    }
    const level = lead === HASH ? headingLevelAt(body, line, end) : 0;
    if (level > 0) {
      close();
      let from = line + level;
      while (from < end && isSpaceCode(body.charCodeAt(from))) from++;
      let to = end;
      while (to > from && isSpaceCode(body.charCodeAt(to - 1))) to--;
      // A closing `#` sequence has rules of its own: leave any `#` in a heading to the parser.
      if (body.slice(from, to).includes('#') || !plainInline(body, from, to, true)) return null;
      collector.addHeading(body.slice(from, to), level, line, end);
      line = next;
      continue;
    }
    if (lead === DASH || lead === STAR || lead === PLUS) {
      if (
        body.charCodeAt(line + 1) !== SPACE ||
        line + 2 >= end ||
        !plainStart(body, line + 2, end)
      )
        return null;
      if (!plainInline(body, line + 2, end, false)) return null;
      close();
      open = 'item';
      blockStart = line;
      textStart = line + 2;
      blockEnd = end;
      line = next;
      continue;
    }
    if (open === 'none') {
      if (!plainStart(body, line, end)) return null;
      open = 'paragraph';
      blockStart = line;
      textStart = line;
      summary = collector.firstParagraph === null;
    } else if (summary && isSpaceCode(body.charCodeAt(blockEnd - 1))) {
      // Spaces before a line break are dropped from the text, or make a hard break.
      return null;
    } else if (!plainStart(body, line, end)) {
      return null;
    }
    if (!plainInline(body, line, end, summary)) return null;
    blockEnd = end;
    line = next;
  }
  close();
  if (fence) code.push([fence.start, length]);
  if (trackCuts && length - lastCut > limits.maxUncut) return null;
  collector.addLinks(0, length, code, []);
  const { found } = collector;
  const max = limits.maxEntries;
  if (found.headings > max || found.blocks > max || found.links > max) return null;
  return collector.structure([]);
}
