import GithubSlugger from 'github-slugger';
import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Block, Heading, Link } from '../core/index.ts';

/** The structure of a Markdown body: headings, `^block` ids and outgoing links, all with exact offsets. */
export interface MarkdownStructure {
  readonly headings: Heading[];
  readonly blocks: Block[];
  readonly links: Link[];
  /** Text of the first level-1 heading, if any. */
  readonly firstH1: string | null;
  /** The first paragraph, as plain text; a cheap one-line summary. */
  readonly firstParagraph: string | null;
}

const processor = unified().use(remarkParse).use(remarkGfm);

const plainText = (node: Nodes): string => {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('');
  return '';
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

/** Parses a Markdown body (frontmatter already removed) into its linkable structure. */
export function parseMarkdown(body: string): MarkdownStructure {
  const tree = processor.parse(body) as Root;
  const slugger = new GithubSlugger();
  const headings: Heading[] = [];
  const blocks: Block[] = [];
  const links: Link[] = [];
  const code: Array<[number, number]> = [];
  let firstH1: string | null = null;
  let firstParagraph: string | null = null;

  visit(tree, (node, _index, parent) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    switch (node.type) {
      case 'code':
      case 'inlineCode':
      case 'html':
        code.push([start, end]);
        return;
      case 'heading': {
        const text = plainText(node).replace(BLOCK_ID, '').trim();
        headings.push({ text, level: node.depth, anchor: slugger.slug(text), start, end });
        if (node.depth === 1 && firstH1 === null) firstH1 = text;
        return;
      }
      case 'paragraph': {
        const text = plainText(node).trim();
        if (firstParagraph === null && text && parent?.type === 'root') firstParagraph = text;
        const match = BLOCK_ID.exec(body.slice(start, end));
        if (match?.[1]) {
          const owner =
            parent?.type === 'listItem' && parent.position ? parent.position : node.position;
          blocks.push({
            id: match[1],
            start: owner?.start.offset ?? start,
            end: owner?.end.offset ?? end,
          });
        }
        return;
      }
      case 'link':
      case 'image': {
        if (SCHEME.test(node.url) || node.url.startsWith('#') || node.url === '') return;
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
        return;
      }
    }
  });

  const inCode = (offset: number) => code.some(([s, e]) => offset >= s && offset < e);
  /** `\[[x]]` is escaped; `\\[[x]]` is an escaped backslash followed by a link. */
  const escaped = (offset: number) => {
    let slashes = 0;
    while (body[offset - 1 - slashes] === '\\') slashes++;
    return slashes % 2 === 1;
  };
  for (const match of body.matchAll(WIKILINK)) {
    const start = match.index;
    if (inCode(start) || escaped(start)) continue;
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
  return { headings, blocks, links, firstH1, firstParagraph };
}
