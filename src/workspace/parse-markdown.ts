import type { Nodes, Root, RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Block, Heading, Link } from '../core/index.ts';
// Straight from the module, not the core index: index workers load this file.
import { capMarkdownNesting, MAX_MARKDOWN_NESTING } from '../core/markdown-nesting.ts';
import {
  after,
  type Cut,
  closesFence,
  cutAt,
  fenceAt,
  isBlankLine,
  isSpace,
  type LinesBefore,
  lineStartOf,
  nextLineStart,
} from './markdown-lines.ts';
import { parseMarkdownLines } from './parse-markdown-lines.ts';
import { plural, type SegmentHandler, StructureCollector } from './structure-collector.ts';

export { splitWikilinkInner } from './structure-collector.ts';

/** The structure of a Markdown body: headings, `^block` ids and outgoing links, all with exact offsets. */
export interface MarkdownStructure {
  readonly headings: Heading[];
  readonly blocks: Block[];
  readonly links: Link[];
  /** Text of the first level-1 heading, if any. */
  readonly firstH1: string | null;
  /** The first paragraph, as plain text; a cheap one-line summary. */
  readonly firstParagraph: string | null;
  /** What was read differently from the text or left out (deep nesting, too many links), for the index report. */
  readonly warnings: string[];
}

/**
 * Bodies longer than this are parsed in segments of about this size. The Markdown parser holds
 * events and nodes worth a few hundred to a few thousand bytes per input byte for the whole text
 * it is given (a 2 MB list took 4 GB), so a segment bounds what one parse holds.
 */
export const MARKDOWN_SEGMENT_CHARS = 8 * 1024;

/** A document keeps at most this many links, headings and block ids; the rest are counted in a warning. */
export const MAX_STRUCTURE_ENTRIES = 20_000;

/** Limits of {@link parseMarkdown}; the defaults suit every real note, tests lower them. */
export interface ParseMarkdownOptions {
  /** @default MARKDOWN_SEGMENT_CHARS */
  readonly segmentChars?: number;
  /** Most links, headings and block ids each kept. @default MAX_STRUCTURE_ENTRIES */
  readonly maxEntries?: number;
  /**
   * Read a body of plain Markdown line by line ({@link parseMarkdownLines}), building no syntax
   * tree; the same structure, much faster. False: always the parser. @default true
   */
  readonly lines?: boolean;
}

const processor = unified().use(remarkParse).use(remarkGfm);

/**
 * The first line start in `[from, limit]` where parsing may start afresh (see {@link cutAt}),
 * reading lines from `start` (a segment's start, where parsing started afresh); null if none.
 * Blocks that still run past the cut are found from the parse of the segment (see
 * {@link runsPastCut}).
 */
export function findCut(text: string, start: number, from: number, limit: number): Cut | null {
  let before: LinesBefore = { blank: false, indented: false };
  for (let line = start; line < text.length && line <= limit; line = nextLineStart(text, line)) {
    if (line >= from) {
      const cut = cutAt(text, line, before);
      if (cut) return cut;
    }
    before = after(text, line, before);
  }
  return null;
}
const HTML_RAW_END = /<\/(?:script|pre|style|textarea)>/gi;

/**
 * What ends an HTML block that starts at `start`: for kinds 1–5 (comments, `<?`, `<!X`, CDATA,
 * `<script>`-like) a marker searched from `from`; null for kinds 6–7, which end at a blank line.
 */
function htmlEnd(text: string, start: number): { marker: RegExp | string; from: number } | null {
  let lt = start;
  while (isSpace(text[lt])) lt++;
  // Where the end marker may start: `<!-->` and `<?>` are already closed.
  const from = lt + 2;
  if (text.startsWith('<!--', lt)) return { marker: '-->', from };
  if (text.startsWith('<?', lt)) return { marker: '?>', from: lt + 1 };
  if (text.startsWith('<![CDATA[', lt)) return { marker: ']]>', from };
  if (text[lt + 1] === '!' && /[A-Za-z]/.test(text[lt + 2] ?? '')) return { marker: '>', from };
  const name = /^<(?:script|pre|style|textarea)(?=[\s>]|$)/i.exec(text.slice(lt, lt + 11));
  return name ? { marker: HTML_RAW_END, from } : null;
}

/** Where `marker` next occurs in `text` from `from`, or -1. */
function findMarker(text: string, marker: RegExp | string, from: number): number {
  if (typeof marker === 'string') return text.indexOf(marker, from);
  marker.lastIndex = from;
  return marker.exec(text)?.index ?? -1;
}

/**
 * Whether a root block at the end of a segment (fenced code, HTML) would, in the whole text, run
 * on past the cut: then the segment must not end there.
 */
function runsPastCut(node: RootContent, text: string, cut: Cut): boolean {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return false;
  if (node.type === 'code') {
    const fence = fenceAt(text, lineStartOf(text, start));
    if (!fence) return false;
    const last = lineStartOf(text, end);
    return last <= start || !closesFence(text, last, fence.marker, fence.size);
  }
  if (node.type === 'html') {
    const html = htmlEnd(text, start);
    if (html === null) return !cut.afterBlank;
    return findMarker(text.slice(0, end), html.marker, html.from) === -1;
  }
  return false;
}

/**
 * The end of a fenced code or HTML block that starts at `start` and runs past a cut, found by
 * scanning lines (its inside needs no parse): the end of its closing line, or of the text.
 */
function blockEnd(text: string, start: number): number {
  const fence = fenceAt(text, start);
  if (fence) {
    for (let line = nextLineStart(text, start); line < text.length; ) {
      const next = nextLineStart(text, line);
      if (closesFence(text, line, fence.marker, fence.size)) return Math.min(next, text.length);
      line = next;
    }
    return text.length;
  }
  const html = htmlEnd(text, start);
  if (html === null) {
    for (
      let line = nextLineStart(text, start);
      line < text.length;
      line = nextLineStart(text, line)
    )
      if (isBlankLine(text, line)) return line;
    return text.length;
  }
  const found = findMarker(text, html.marker, html.from);
  return found === -1 ? text.length : Math.min(nextLineStart(text, found), text.length);
}

/** The written label of a definition at `start` (`[label]` or `[^label]`), escapes kept. */
function writtenLabel(text: string, at: number): string | null {
  let start = at;
  while (isSpace(text[start])) start++;
  if (text[start] !== '[') return null;
  for (let p = start + 1; p < text.length && p - start < 1002; p++) {
    if (text[p] === '\\') p++;
    else if (text[p] === ']') return text.slice(start, p + 1);
  }
  return null;
}

/** Segments longer than this many segment lengths are read by a line scan, not parsed. */
const MAX_SEGMENT_FACTOR = 8;

/**
 * The end of a span that has no safe cut within a segment's reach: the next cut after `from`
 * that no root fenced code (tracked line by line from `start`) is open across.
 */
function uncutSpanEnd(text: string, start: number, from: number): number {
  let fence: { marker: string; size: number } | null = null;
  let before: LinesBefore = { blank: false, indented: false };
  for (let line = start; line < text.length; line = nextLineStart(text, line)) {
    if (fence) {
      if (closesFence(text, line, fence.marker, fence.size)) fence = null;
      before = { blank: false, indented: false };
      continue;
    }
    if (line >= from && cutAt(text, line, before)) return line;
    fence = fenceAt(text, line);
    before = after(text, line, before);
  }
  return text.length;
}

/**
 * Parses `text` in segments cut at safe line starts (see {@link findCut}), handing each to
 * `handler` in order. A fenced code or HTML block that runs past a cut moves to the next
 * segment; one longer than a segment is skipped by a line scan, as it holds no structure. A span
 * with no safe cut for {@link MAX_SEGMENT_FACTOR} segments, or one the parser throws on (out of
 * call stack), goes to `handler.scan`.
 */
function parseInSegments(
  text: string,
  segmentChars: number,
  prefix: string,
  handler: SegmentHandler,
) {
  const maxSegment = segmentChars * MAX_SEGMENT_FACTOR;
  let start = 0;
  while (start < text.length) {
    let cut: Cut | null = null;
    if (text.length - start > segmentChars) {
      cut = findCut(text, start, start + segmentChars, start + maxSegment);
      if (!cut && text.length - start > maxSegment) {
        const end = uncutSpanEnd(text, start, start + maxSegment);
        handler.scan(start, end, 'no block boundary');
        start = end;
        continue;
      }
    }
    const end = cut?.at ?? text.length;
    const parsed = prefix + text.slice(start, end);
    let tree: Root;
    try {
      tree = processor.parse(parsed) as Root;
    } catch (error) {
      // Out of stack shows as a RangeError, or as a SyntaxError from a regex compiled deep down.
      handler.scan(start, end, error instanceof Error ? error.message : String(error));
      start = end;
      continue;
    }
    const length = end - start;
    let keep = length;
    if (cut) {
      const last = tree.children.at(-1);
      if (last && runsPastCut(last, parsed, cut))
        keep = lineStartOf(parsed, last.position?.start.offset ?? 0) - prefix.length;
    }
    if (keep > 0) {
      handler.take({ tree, start, prefix: prefix.length, length: keep });
      start += keep;
      continue;
    }
    // The open block starts the segment: skip it whole, it holds no structure.
    start = blockEnd(text, start);
  }
}

/**
 * The definitions a body makes (`[label]: url`, `[^note]: text`), written as lines to put before
 * every segment so a reference in one segment sees a definition in another; labels past `limit`
 * characters are `left` out.
 */
function sharedDefinitions(
  text: string,
  segmentChars: number,
  limit: number,
): { prefix: string; left: number } {
  const links: string[] = [];
  const notes: string[] = [];
  const seen = new Set<string>();
  let size = 0;
  let left = 0;
  parseInSegments(text, segmentChars, '', {
    take({ tree, start }) {
      const stack: Nodes[] = [tree];
      while (stack.length > 0) {
        const node = stack.pop() as Nodes;
        if (node.type === 'definition' || node.type === 'footnoteDefinition') {
          const at = node.position?.start.offset;
          const label = at === undefined ? null : writtenLabel(text, at + start);
          if (label && !seen.has(label)) {
            seen.add(label);
            if (size + label.length + 5 > limit) left++;
            else {
              size += label.length + 5;
              (node.type === 'definition' ? links : notes).push(`${label}: x\n`);
            }
          }
        }
        if ('children' in node)
          for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
      }
    },
    scan() {},
  });
  if (links.length === 0 && notes.length === 0) return { prefix: '', left };
  // A footnote definition takes the next lines as its own: each is followed by a blank line, and
  // a thematic break at the end closes the last, so the segment starts at the root.
  const prefix = `${notes.map((note) => `${note}\n`).join('')}${links.join('')}\n***\n\n`;
  return { prefix, left };
}

/**
 * Parses a Markdown body (frontmatter already removed) into its linkable structure. A body of
 * plain Markdown (headings, paragraphs, simple lists, fenced code, wikilinks) is read line by line
 * without a syntax tree, giving what the parser would ({@link parseMarkdownLines}); any other goes
 * to the parser (remark with GFM). Memory and time stay linear in the body's length: long bodies are parsed segment by segment, containers
 * and emphasis nested past {@link MAX_MARKDOWN_NESTING} are read as text, a span the parser cannot take is
 * read by a line scan, and at most `maxEntries` links, headings and block ids are kept; each
 * such departure is listed in `warnings`.
 */
export function parseMarkdown(body: string, options: ParseMarkdownOptions = {}): MarkdownStructure {
  const {
    segmentChars = MARKDOWN_SEGMENT_CHARS,
    maxEntries = MAX_STRUCTURE_ENTRIES,
    lines = true,
  } = options;
  if (lines) {
    const maxUncut = segmentChars * (MAX_SEGMENT_FACTOR - 1);
    const read = parseMarkdownLines(body, { segmentChars, maxUncut, maxEntries });
    if (read) return read;
  }
  const capped = capMarkdownNesting(body);
  const warnings: string[] = [];
  if (capped.rewrites > 0)
    warnings.push(
      `lists, quotes, footnotes or emphasis nested deeper than ${MAX_MARKDOWN_NESTING} levels: ` +
        `${plural(capped.rewrites, 'marker', 'markers')} past that depth read as text`,
    );
  const { text } = capped;
  const collector = new StructureCollector(body, maxEntries);
  // Only a body longer than one segment, with a `]:` somewhere, can define a label in one
  // segment and use it in another.
  const { prefix, left } =
    text.length > segmentChars && text.includes(']:')
      ? sharedDefinitions(text, segmentChars, segmentChars)
      : { prefix: '', left: 0 };
  if (left > 0)
    warnings.push(
      `${plural(left, 'link or footnote definition', 'link or footnote definitions')} past the ` +
        `first ${segmentChars} characters of labels not shared between the parts it was read in: ` +
        'a reference to them from another part reads as text',
    );
  parseInSegments(text, segmentChars, prefix, collector);
  for (const [reason, { spans, chars }] of collector.scanned) {
    const why =
      reason === 'no block boundary'
        ? `no place to cut it into parts of at most ${segmentChars * MAX_SEGMENT_FACTOR} characters`
        : `the parser failed: ${reason}`;
    warnings.push(
      `${plural(chars, 'character', 'characters')} in ${plural(spans, 'span', 'spans')} ` +
        `read by a line scan (headings and wikilinks only; ${why})`,
    );
  }
  for (const [name, count] of Object.entries(collector.found))
    if (count > maxEntries)
      warnings.push(`${count} ${name}: only the first ${maxEntries} are kept`);
  return collector.structure(warnings);
}
