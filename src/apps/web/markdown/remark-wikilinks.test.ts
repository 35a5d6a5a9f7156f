import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { remarkWikilinks } from './remark-wikilinks.ts';

interface Node {
  type: string;
  value?: string;
  data?: { hProperties?: Record<string, string> };
  position?: { start: { offset: number }; end: { offset: number } };
  children?: Node[];
}

function parse(markdown: string): Node {
  const processor = unified().use(remarkParse).use(remarkWikilinks);
  return processor.runSync(processor.parse(markdown), markdown) as Root as unknown as Node;
}

/** Wikilinks as {target→label}, the rest as text. */
function flatten(node: Node): string {
  if (node.type === 'text') return node.value ?? '';
  if (node.type === 'wikilink')
    return `{${node.data?.hProperties?.dataTarget}→${(node.children ?? []).map(flatten).join('')}${node.data?.hProperties?.dataEmbed ? '!' : ''}}`;
  if (node.type === 'inlineCode') return `\`${node.value}\``;
  return (node.children ?? []).map(flatten).join('');
}

describe('remarkWikilinks', () => {
  it('turns wikilinks into elements with their target and label', () => {
    expect(flatten(parse('See [[Pump Design#Impeller]] and [[Budget|the budget]].'))).toBe(
      'See {Pump Design#Impeller→Pump Design › Impeller} and {Budget→the budget}.',
    );
  });

  it('marks embeds and leaves code alone', () => {
    expect(flatten(parse('![[site-photo.png]] but `[[not a link]]`'))).toBe(
      '{site-photo.png→site-photo.png!} but `[[not a link]]`',
    );
  });

  it('keeps source offsets on every piece, so highlights still line up', () => {
    const markdown = 'Intro [[Budget|the budget]] tail';
    const texts: Node[] = [];
    const walk = (node: Node) => {
      if (node.type === 'text') texts.push(node);
      for (const child of node.children ?? []) walk(child);
    };
    walk(parse(markdown));
    for (const text of texts)
      expect(markdown.slice(text.position?.start.offset, text.position?.end.offset)).toBe(
        text.value,
      );
    expect(texts.map((t) => t.value)).toEqual(['Intro ', 'the budget', ' tail']);
  });

  it('leaves text without wikilinks untouched', () => {
    expect(flatten(parse('Just [brackets] and [[unclosed'))).toBe('Just [brackets] and [[unclosed');
  });
});

describe('remarkWikilinks across wrapped lines and escapes', () => {
  it('keeps each piece at its own place in the source', () => {
    const markdown = '- Silt \\*clogs\\* the strainer,\n  covered in the [[Design Review]].';
    const texts: Node[] = [];
    const walk = (node: Node) => {
      if (node.type === 'text') texts.push(node);
      for (const child of node.children ?? []) walk(child);
    };
    walk(parse(markdown));
    const label = texts.find((t) => t.value === 'Design Review');
    expect(markdown.slice(label?.position?.start.offset, label?.position?.end.offset)).toBe(
      'Design Review',
    );
    const tail = texts.at(-1);
    expect(tail?.value).toBe('.');
    expect(markdown.slice(tail?.position?.start.offset, tail?.position?.end.offset)).toBe('.');
    const head = texts[0];
    expect(markdown.slice(head?.position?.start.offset, head?.position?.end.offset)).toContain(
      'Silt \\*clogs\\* the strainer,',
    );
  });
});
