import GithubSlugger from 'github-slugger';
import type {
  DocumentKind,
  DocumentStatus,
  Heading,
  ParsedDocument,
  Section,
} from '../core/index.ts';
import { parseMarkdown } from './parse-markdown.ts';
import { splitFrontmatter, stringList } from './split-frontmatter.ts';

/** The file name without folders or extension: the name Obsidian links by. */
export function baseName(path: string): string {
  const file = path.slice(path.lastIndexOf('/') + 1);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(0, dot) : file;
}

/** A URL-safe slug for names and anchors. */
export function slugify(text: string): string {
  return new GithubSlugger().slug(text.trim()) || 'untitled';
}

const WORD = /[\p{L}\p{N}]+/gu;

/** How many words `text` holds, counted without collecting them all into one array. */
function countWords(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(WORD)) count++;
  return count;
}

/** Content sections: every heading below the title opens one, which runs until a heading of equal or higher rank. */
export function deriveSections(body: string, headings: ParsedDocument['headings']): Section[] {
  let titles = 0;
  for (const h of headings) if (h.level === 1) titles++;
  const titleLevel = titles === 1 ? 1 : 0;
  const used = headings.filter((h) => h.level > titleLevel);
  // Each section ends where the next heading of equal or higher rank starts: one pass with a stack.
  const ends = new Array<number>(used.length).fill(body.length);
  const open: number[] = [];
  used.forEach((h, index) => {
    while (open.length > 0 && (used[open[open.length - 1] as number] as Heading).level >= h.level)
      ends[open.pop() as number] = h.start;
    open.push(index);
  });
  return used.map((h, index) => {
    const end = ends[index] as number;
    return {
      id: h.anchor,
      title: h.text,
      level: h.level,
      anchor: h.anchor,
      index,
      wordCount: countWords(body.slice(h.end, end)),
      start: h.start,
      end,
    };
  });
}

/** The first folder below `sources/` names the source type; a file directly in `sources/` is just a source. */
const folderSourceType = (path: string): string => {
  const parts = path.split('/');
  return parts.length > 2 ? (parts[1] as string) : 'source';
};

/** `archived: true` or `status: archived` in frontmatter marks a document archived. */
export const statusFrom = (data: Record<string, unknown>): DocumentStatus =>
  data.archived === true || String(data.status ?? '').toLowerCase() === 'archived'
    ? 'archived'
    : 'active';

/** Reads a Markdown note, blog post or Markdown source into a parsed document. */
export function readMarkdownDocument(
  path: string,
  kind: DocumentKind,
  source: string,
): ParsedDocument {
  const { data, body, error } = splitFrontmatter(source);
  const structure = parseMarkdown(body);
  const name = baseName(path);
  const title = (typeof data.title === 'string' && data.title.trim()) || structure.firstH1 || name;
  const aliases = [...stringList(data.aliases), ...stringList(data.alias)];
  const slug =
    kind === 'content' && typeof data.slug === 'string' && data.slug.trim()
      ? data.slug.trim()
      : slugify(name);
  const metadata: Record<string, unknown> = { ...data, tags: stringList(data.tags) };
  // An author's own `summary:` in the front matter is the summary; else the first paragraph.
  const authored = typeof data.summary === 'string' && data.summary.trim() !== '';
  if (authored) metadata.summary = (data.summary as string).trim().slice(0, 400);
  else if (structure.firstParagraph) metadata.summary = structure.firstParagraph.slice(0, 400);
  if (kind === 'content') metadata.keywords = stringList(data.keywords);
  if (kind === 'source') {
    metadata.sourceType =
      typeof data.sourceType === 'string' ? data.sourceType : folderSourceType(path);
  }
  return {
    path,
    kind,
    title,
    aliases,
    slug,
    body,
    metadata,
    status: statusFrom(data),
    headings: structure.headings,
    blocks: structure.blocks,
    sections: kind === 'content' ? deriveSections(body, structure.headings) : [],
    pages: [],
    links: structure.links,
    entity: null,
    warnings: error ? [error, ...structure.warnings] : structure.warnings,
  };
}

/** The first line with more than whitespace, trimmed; found without splitting the whole text. */
function firstNonBlankLine(text: string): string | null {
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end).trim();
    if (line) return line;
    start = end + 1;
  }
  return null;
}

/** Reads a plain-text source (transcript, capture) that has no Markdown structure. */
export function readPlainTextDocument(
  path: string,
  kind: DocumentKind,
  text: string,
): ParsedDocument {
  const metadata: Record<string, unknown> = {};
  if (kind === 'source') metadata.sourceType = folderSourceType(path);
  const firstLine = firstNonBlankLine(text);
  if (firstLine) metadata.summary = firstLine.slice(0, 400);
  return {
    path,
    kind,
    title: baseName(path),
    aliases: [],
    slug: slugify(baseName(path)),
    body: text,
    metadata,
    status: 'active',
    headings: [],
    blocks: [],
    sections: [],
    pages: [],
    links: [],
    entity: null,
    warnings: [],
  };
}
