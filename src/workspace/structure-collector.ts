import GithubSlugger from 'github-slugger';
import type { Nodes, Root } from 'mdast';
import type { Block, Heading, Link } from '../core/index.ts';
import { closesFence, fenceAt, isSpace, lineEnd, nextLineStart } from './markdown-lines.ts';
import type { MarkdownStructure } from './parse-markdown.ts';

/** The text of a node and its descendants, walked with a stack (deep inline nesting is no recursion). */
export const plainText = (node: Nodes): string => {
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

/** A `^block-id` at the end of a paragraph or heading. */
export const BLOCK_ID = /(?:^|\s)\^([A-Za-z0-9][A-Za-z0-9-]*)\s*$/;
/** `[[…]]` or `![[…]]` on one line; group 1 is the `!` of an embed, group 2 the inside. */
export const WIKILINK = /(!?)\[\[([^[\]\n]+?)\]\]/g;
/** A URL with a scheme (`https:`, `mailto:`): not a link into the vault. */
export const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

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

/** Percent-decodes a link target, keeping it as written when it is not valid percent-encoding. */
export const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** A parsed segment: the tree of `prefix + text.slice(start, start + length)` and more. */
export interface Segment {
  readonly tree: Root;
  /** Where the segment starts in the whole text. */
  readonly start: number;
  /** Characters before the segment in the parsed string (shared definitions); nodes there are skipped. */
  readonly prefix: number;
  /** How far into the segment its nodes count; a block that runs past the cut is left to the next segment. */
  readonly length: number;
}

/** What {@link parseInSegments} hands on, in order: parsed segments, and spans to read by a line scan. */
export interface SegmentHandler {
  take(segment: Segment): void;
  /** `text[from, to)` could not be parsed (`reason`): no safe cut for too long, or the parser failed. */
  scan(from: number, to: number, reason: string): void;
}

/** The inline code spans of one line (backtick runs of equal length), in linear time. */
export function codeSpansOfLine(
  text: string,
  from: number,
  to: number,
  code: Array<[number, number]>,
) {
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
export class StructureCollector implements SegmentHandler {
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

  /** What was collected, as both Markdown readers (the parser and the line reader) return it. */
  structure(warnings: string[]): MarkdownStructure {
    return {
      headings: this.headings,
      blocks: this.blocks,
      links: this.links,
      firstH1: this.firstH1,
      firstParagraph: this.firstParagraph,
      warnings,
    };
  }

  /** Takes one segment's headings, blocks and links; wikilinks are read from the body, outside code. */
  take({ tree, start: base, prefix, length }: Segment) {
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
          const owner = parent.type === 'listItem' ? parent.position : undefined;
          const ownerStart = owner?.start.offset;
          const ownerEnd = owner?.end.offset;
          const spansItem = ownerStart !== undefined && ownerEnd !== undefined;
          this.addBlock(
            start,
            end,
            spansItem ? ownerStart + shift : start,
            spansItem ? ownerEnd + shift : end,
          );
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
  /**
   * Records the `^block` id a paragraph `body[start, end)` ends with, if any, as a block spanning
   * `[ownerStart, ownerEnd)` (the list item it is the text of, or itself), up to the limit.
   */
  addBlock(start: number, end: number, ownerStart: number, ownerEnd: number) {
    const match = BLOCK_ID.exec(this.body.slice(start, end));
    if (match?.[1] && ++this.found.blocks <= this.maxEntries)
      this.blocks.push({ id: match[1], start: ownerStart, end: ownerEnd });
  }

  addHeading(written: string, level: number, start: number, end: number) {
    if (++this.found.headings > this.maxEntries) return;
    const text = written.replace(BLOCK_ID, '').trim();
    this.headings.push({ text, level, anchor: this.slugger.slug(text), start, end });
    if (level === 1 && this.firstH1 === null) this.firstH1 = text;
  }

  /** Adds the wikilinks of `body[from, to)` outside `code` (sorted by start) and the span's other links, by position. */
  addLinks(from: number, to: number, code: Array<[number, number]>, links: Link[]) {
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

/** `1 marker`, `2 markers`: a count with its noun, for warnings. */
export const plural = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;
