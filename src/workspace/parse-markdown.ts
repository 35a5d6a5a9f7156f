import GithubSlugger from 'github-slugger';
import type { Nodes, Root, RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Block, Heading, Link } from '../core/index.ts';
// Straight from the module, not the core index: index workers load this file.
import { capMarkdownNesting, MAX_MARKDOWN_NESTING } from '../core/markdown-nesting.ts';

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
}

const processor = unified().use(remarkParse).use(remarkGfm);

/** The text of a node and its descendants, walked with a stack (deep inline nesting is no recursion). */
const plainText = (node: Nodes): string => {
  const parts: string[] = [];
  const stack: Nodes[] = [node];
  while (stack.length > 0) {
    const next = stack.pop() as Nodes;
    if ('value' in next && typeof next.value === 'string') parts.push(next.value);
    else if ('children' in next)
      for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i] as Nodes);
  }
  return parts.join('');
};

const BLOCK_ID = /(?:^|\s)\^([A-Za-z0-9][A-Za-z0-9-]*)\s*$/;
const WIKILINK = /(!?)\[\[([^[\]\n]+?)\]\]/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Splits the inside of `[[…]]` into target, heading, block and display alias. */
export function splitWikilinkInner(
  inner: string,
): Pick<Link, 'target' | 'heading' | 'block' | 'alias'> {
  const bar = inner.indexOf('|');
  // Inside a table the pipe is written escaped, `[[Name\|shown]]`; the backslash is not part of the name.
  const ref = bar === -1 ? inner : inner.slice(0, bar).replace(/\\$/, '');
  const alias = bar === -1 ? null : inner.slice(bar + 1).trim() || null;
  const hash = ref.indexOf('#');
  const target = (hash === -1 ? ref : ref.slice(0, hash)).trim();
  const anchor = hash === -1 ? null : ref.slice(hash + 1).trim();
  if (anchor?.startsWith('^'))
    return { target, heading: null, block: anchor.slice(1) || null, alias };
  return { target, heading: anchor || null, block: null, alias };
}

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const isSpace = (char: string | undefined) => char === ' ' || char === '\t';
const isLineEnd = (char: string | undefined) =>
  char === '\n' || char === '\r' || char === undefined;

/** Where the line containing `pos` ends (at its line ending, or the end of the text). */
function lineEnd(text: string, pos: number): number {
  let end = pos;
  while (!isLineEnd(text[end])) end++;
  return end;
}

/** Where the line after the one containing `pos` starts (`\r\n`, `\n` and `\r` end lines). */
function nextLineStart(text: string, pos: number): number {
  const end = lineEnd(text, pos);
  return text[end] === '\r' && text[end + 1] === '\n' ? end + 2 : end + 1;
}

/** Whether the line starting at `pos` holds only spaces and tabs. */
function isBlankLine(text: string, pos: number): boolean {
  let p = pos;
  while (isSpace(text[p])) p++;
  return isLineEnd(text[p]);
}

/** A place to cut the text into segments, and whether a blank line comes right before it. */
interface Cut {
  readonly at: number;
  readonly afterBlank: boolean;
}

/** Whether the line starting at `line` is indented four columns or more (indented code, if anything). */
function isIndented(text: string, line: number): boolean {
  let column = 0;
  for (let p = line; column < 4; p++) {
    if (text[p] === ' ') column++;
    else if (text[p] === '\t') column += 4 - (column % 4);
    else return false;
  }
  return true;
}

/** What the lines before a line say about cutting there. */
interface LinesBefore {
  /** The line before is blank. */
  readonly blank: boolean;
  /** The last line that is not blank is indented four columns or more. */
  readonly indented: boolean;
}

/** {@link LinesBefore} for the line after `line`. */
const after = (text: string, line: number, before: LinesBefore): LinesBefore => {
  const blank = isBlankLine(text, line);
  return { blank, indented: blank ? before.indented : isIndented(text, line) };
};

/**
 * Whether parsing may start afresh at the line starting at `line`: a line at column 0 after a
 * blank line (every block but a fenced code or HTML block has ended there; after indented code
 * micromark reads the next block as an interruption, so not there), or a bullet list item at
 * column 0 with text (it ends any paragraph, list item or quote above it).
 */
function cutAt(text: string, line: number, before: LinesBefore): Cut | null {
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

/**
 * The first line start in `[from, limit]` where parsing may start afresh (see {@link cutAt}),
 * reading lines from `start` (a segment's start, where parsing started afresh); null if none.
 * Blocks that still run past the cut are found from the parse of the segment (see
 * {@link runsPastCut}).
 */
function findCut(text: string, start: number, from: number, limit: number): Cut | null {
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

/** Fenced code opened at `start` (after up to three spaces) as its marker and length, or null. */
function fenceAt(text: string, start: number): { marker: string; size: number } | null {
  let p = start;
  while (isSpace(text[p]) && p - start < 3) p++;
  const marker = text[p];
  if (marker !== '`' && marker !== '~') return null;
  let size = 0;
  while (text[p + size] === marker) size++;
  return size >= 3 ? { marker, size } : null;
}

/** Whether the line starting at `line` closes a fence of `marker` × `size`. */
function closesFence(text: string, line: number, marker: string, size: number): boolean {
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
function lineStartOf(text: string, pos: number): number {
  let p = pos;
  while (p > 0 && text[p - 1] !== '\n' && text[p - 1] !== '\r') p--;
  return p;
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

/** A parsed segment: the tree of `prefix + text.slice(start, start + length)` and more. */
interface Segment {
  readonly tree: Root;
  /** Where the segment starts in the whole text. */
  readonly start: number;
  /** Characters before the segment in the parsed string (shared definitions); nodes there are skipped. */
  readonly prefix: number;
  /** How far into the segment its nodes count; a block that runs past the cut is left to the next segment. */
  readonly length: number;
}

/** What {@link parseInSegments} hands on, in order: parsed segments, and spans to read by a line scan. */
interface SegmentHandler {
  take(segment: Segment): void;
  /** `text[from, to)` could not be parsed (`reason`): no safe cut for too long, or the parser failed. */
  scan(from: number, to: number, reason: string): void;
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

/** The inline code spans of one line (backtick runs of equal length), in linear time. */
function codeSpansOfLine(text: string, from: number, to: number, code: Array<[number, number]>) {
  const runs: Array<[number, number]> = [];
  for (let p = from; p < to; ) {
    if (text[p] !== '`') {
      p++;
      continue;
    }
    let size = 0;
    while (text[p + size] === '`') size++;
    runs.push([p, size]);
    p += size;
  }
  const bySize = new Map<number, number[]>();
  runs.forEach(([, size], index) => {
    const list = bySize.get(size) ?? [];
    list.push(index);
    bySize.set(size, list);
  });
  const cursor = new Map<number, number>();
  for (let index = 0; index < runs.length; ) {
    const [at, size] = runs[index] as [number, number];
    const list = bySize.get(size) as number[];
    let k = cursor.get(size) ?? 0;
    while (k < list.length && (list[k] as number) <= index) k++;
    cursor.set(size, k);
    const close = list[k];
    if (close === undefined) {
      index++;
      continue;
    }
    const [closeAt] = runs[close] as [number, number];
    code.push([at, closeAt + size]);
    index = close + 1;
  }
}

/** Collects the structure of a body from its parsed segments, keeping offsets into the whole body. */
class StructureCollector implements SegmentHandler {
  readonly headings: Heading[] = [];
  readonly blocks: Block[] = [];
  readonly links: Link[] = [];
  readonly found = { headings: 0, blocks: 0, links: 0 };
  /** Spans read by a line scan, by reason: how many and how many characters. */
  readonly scanned = new Map<string, { spans: number; chars: number }>();
  firstH1: string | null = null;
  firstParagraph: string | null = null;
  private readonly slugger = new GithubSlugger();
  private readonly body: string;
  private readonly maxEntries: number;

  constructor(body: string, maxEntries: number) {
    this.body = body;
    this.maxEntries = maxEntries;
  }

  /** Takes one segment's headings, blocks and links; wikilinks are read from the body, outside code. */
  take({ tree, start: base, prefix, length }: Segment) {
    const { body } = this;
    const code: Array<[number, number]> = [];
    const links: Link[] = [];
    const shift = base - prefix;
    const stack: Array<[Nodes, Nodes]> = [];
    for (let i = tree.children.length - 1; i >= 0; i--)
      stack.push([tree.children[i] as Nodes, tree]);
    while (stack.length > 0) {
      const [node, parent] = stack.pop() as [Nodes, Nodes];
      const relative = node.position?.start.offset;
      if (relative !== undefined && (relative < prefix || relative - prefix >= length)) continue;
      if ('children' in node)
        for (let i = node.children.length - 1; i >= 0; i--)
          stack.push([node.children[i] as Nodes, node]);
      if (relative === undefined || node.position?.end.offset === undefined) continue;
      const start = relative + shift;
      const end = node.position.end.offset + shift;
      switch (node.type) {
        case 'code':
        case 'inlineCode':
        case 'html':
          code.push([start, end]);
          break;
        case 'heading':
          this.addHeading(plainText(node), node.depth, start, end);
          break;
        case 'paragraph': {
          if (this.firstParagraph === null && parent.type === 'root') {
            const text = plainText(node).trim();
            if (text) this.firstParagraph = text;
          }
          const match = BLOCK_ID.exec(body.slice(start, end));
          if (match?.[1] && ++this.found.blocks <= this.maxEntries) {
            const owner = parent.type === 'listItem' ? parent.position : undefined;
            const ownerStart = owner?.start.offset;
            const ownerEnd = owner?.end.offset;
            const spansItem = ownerStart !== undefined && ownerEnd !== undefined;
            this.blocks.push({
              id: match[1],
              start: spansItem ? ownerStart + shift : start,
              end: spansItem ? ownerEnd + shift : end,
            });
          }
          break;
        }
        case 'link':
        case 'image': {
          if (SCHEME.test(node.url) || node.url.startsWith('#') || node.url === '') break;
          const [path = '', fragment] = node.url.split('#', 2);
          const anchor = fragment ? safeDecode(fragment) : null;
          const isBlock = anchor?.startsWith('^') ?? false;
          links.push({
            syntax: 'markdown',
            embed: node.type === 'image',
            target: safeDecode(path),
            heading: isBlock ? null : anchor,
            block: isBlock ? anchor?.slice(1) || null : null,
            alias: null,
            start,
            end,
          });
          break;
        }
      }
    }
    this.addLinks(base, base + length, code, links);
  }

  /**
   * Reads `body[from, to)` without the parser: ATX headings and wikilinks outside fenced code
   * and one-line code spans, by a line scan. Markdown links and block ids are not read.
   */
  scan(from: number, to: number, reason: string) {
    const { body } = this;
    const tally = this.scanned.get(reason) ?? { spans: 0, chars: 0 };
    tally.spans++;
    tally.chars += to - from;
    this.scanned.set(reason, tally);
    const code: Array<[number, number]> = [];
    let fence: { marker: string; size: number; start: number } | null = null;
    for (let line = from; line < to; line = nextLineStart(body, line)) {
      const end = Math.min(lineEnd(body, line), to);
      if (fence) {
        if (closesFence(body, line, fence.marker, fence.size)) {
          code.push([fence.start, end]);
          fence = null;
        }
        continue;
      }
      const opened = fenceAt(body, line);
      if (opened) {
        fence = { ...opened, start: line };
        continue;
      }
      codeSpansOfLine(body, line, end, code);
      let p = line;
      while (body[p] === ' ' && p - line < 3) p++;
      let level = 0;
      while (body[p + level] === '#') level++;
      if (level < 1 || level > 6 || !(isSpace(body[p + level]) || p + level === end)) continue;
      // The closing `#`s and spaces of `## Title ##` are not part of the title.
      let textEnd = end;
      while (textEnd > p + level && (isSpace(body[textEnd - 1]) || body[textEnd - 1] === '#'))
        textEnd--;
      this.addHeading(body.slice(p + level, textEnd), level, p, end);
    }
    if (fence) code.push([fence.start, to]);
    this.addLinks(from, to, code, []);
  }

  /** Records a heading (its written text without a trailing block id), up to the limit. */
  private addHeading(written: string, level: number, start: number, end: number) {
    if (++this.found.headings > this.maxEntries) return;
    const text = written.replace(BLOCK_ID, '').trim();
    this.headings.push({ text, level, anchor: this.slugger.slug(text), start, end });
    if (level === 1 && this.firstH1 === null) this.firstH1 = text;
  }

  /** Adds the wikilinks of `body[from, to)` outside `code` (sorted by start) and the span's other links, by position. */
  private addLinks(from: number, to: number, code: Array<[number, number]>, links: Link[]) {
    const { body } = this;
    /** `\[[x]]` is escaped; `\\[[x]]` is an escaped backslash followed by a link. */
    const escaped = (offset: number) => {
      let slashes = 0;
      while (body[offset - 1 - slashes] === '\\') slashes++;
      return slashes % 2 === 1;
    };
    code.sort((a, b) => a[0] - b[0]);
    let next = 0;
    for (const match of body.slice(from, to).matchAll(WIKILINK)) {
      const start = from + match.index;
      while (next < code.length && (code[next] as [number, number])[1] <= start) next++;
      const range = code[next];
      if ((range && range[0] <= start) || escaped(start)) continue;
      const parts = splitWikilinkInner(match[2] ?? '');
      if (!parts.target && !parts.heading && !parts.block) continue;
      links.push({
        syntax: 'wikilink',
        embed: match[1] === '!',
        ...parts,
        start,
        end: start + match[0].length,
      });
    }
    links.sort((a, b) => a.start - b.start);
    for (const link of links) if (++this.found.links <= this.maxEntries) this.links.push(link);
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

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Parses a Markdown body (frontmatter already removed) into its linkable structure. Memory and
 * time stay linear in the body's length: long bodies are parsed segment by segment, containers
 * and emphasis nested past {@link MAX_MARKDOWN_NESTING} are read as text, a span the parser cannot take is
 * read by a line scan, and at most `maxEntries` links, headings and block ids are kept; each
 * such departure is listed in `warnings`.
 */
export function parseMarkdown(body: string, options: ParseMarkdownOptions = {}): MarkdownStructure {
  const { segmentChars = MARKDOWN_SEGMENT_CHARS, maxEntries = MAX_STRUCTURE_ENTRIES } = options;
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
  return {
    headings: collector.headings,
    blocks: collector.blocks,
    links: collector.links,
    firstH1: collector.firstH1,
    firstParagraph: collector.firstParagraph,
    warnings,
  };
}
