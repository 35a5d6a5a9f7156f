import type { Element, Root, RootContent } from 'hast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import {
  alignTextToSource,
  type HighlightSpanOptions,
  rehypeHighlightSpan,
} from './rehype-highlight-span.ts';

/** Parses Markdown the way react-markdown does and runs the plugin over the hast tree. */
function highlight(markdown: string, options: HighlightSpanOptions): Root {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);
  const file = { value: markdown };
  const tree = processor.runSync(processor.parse(markdown)) as Root;
  rehypeHighlightSpan(options)(tree, file);
  return tree;
}

const marks = (node: Root | RootContent): Element[] => {
  if (node.type === 'element' && node.tagName === 'mark') return [node];
  return 'children' in node ? node.children.flatMap((c) => marks(c)) : [];
};

const textOf = (node: Root | RootContent): string =>
  node.type === 'text' ? node.value : 'children' in node ? node.children.map(textOf).join('') : '';

const marked = (tree: Root) => marks(tree).map(textOf);

const spanOf = (markdown: string, cited: string) => {
  const start = markdown.indexOf(cited);
  if (start < 0) throw new Error(`${cited} not in fixture`);
  return { start, end: start + cited.length };
};

describe('rehypeHighlightSpan', () => {
  it('marks exactly the cited part of one text node', () => {
    const md = '# Title\n\nThe pump lifts water twenty metres.';
    const tree = highlight(md, spanOf(md, 'lifts water'));
    expect(marked(tree)).toEqual(['lifts water']);
    expect(textOf(tree)).toContain('The pump lifts water twenty metres.');
    const mark = marks(tree)[0];
    expect(mark?.properties.className).toEqual(['cited']);
  });

  it('marks every text node a span crosses, across paragraphs and a heading', () => {
    const md = '## Risks\n\nSilt clogs the strainer.\n\nSpare parts are far away.';
    const tree = highlight(md, spanOf(md, 'Risks\n\nSilt clogs'));
    expect(marked(tree)).toEqual(['Risks', 'Silt clogs']);
  });

  it('marks across emphasis without marking the asterisks', () => {
    const md = 'We chose *glass-filled nylon* over bronze.';
    const tree = highlight(md, spanOf(md, 'chose *glass-filled nylon* over'));
    expect(marked(tree)).toEqual(['chose ', 'glass-filled nylon', ' over']);
    // the emphasis element survives, with its mark inside it
    const em = (tree.children[0] as Element).children.find(
      (c) => c.type === 'element' && c.tagName === 'em',
    ) as Element;
    expect(marks(em).map(textOf)).toEqual(['glass-filled nylon']);
  });

  it('marks nothing when the span is outside the rendered text', () => {
    const md = 'First paragraph.\n\nSecond paragraph.';
    expect(marked(highlight(md, { start: 200, end: 240 }))).toEqual([]);
    expect(marked(highlight(md, { start: 3, end: 3 }))).toEqual([]);
    expect(marked(highlight(md, { start: null, end: null }))).toEqual([]);
  });

  it('lines up text with backslash escapes and entities with the source', () => {
    const md = 'Cost is 5 \\* 40 &amp; more here.';
    const tree = highlight(md, spanOf(md, '\\* 40 &amp; more'));
    expect(marked(tree)).toEqual(['* 40 & more']);
  });

  it('wraps the whole node when an entity cannot be lined up', () => {
    const md = 'Say &#65;BC please.';
    const tree = highlight(md, spanOf(md, 'BC'));
    expect(marked(tree)).toEqual(['Say ABC please.']);
  });

  it('shifts by the offset when given a slice of the document', () => {
    const doc = 'header text\n\nThe body says hello.';
    const offset = doc.indexOf('The body');
    const tree = highlight(doc.slice(offset), { ...spanOf(doc, 'says'), offset });
    expect(marked(tree)).toEqual(['says']);
  });

  it('marks inside inline code and fenced code blocks', () => {
    const md = 'Run `npm test` now.\n\n```sh\nfootnote serve --port 4100\n```\n';
    expect(marked(highlight(md, spanOf(md, 'npm')))).toEqual(['npm']);
    expect(marked(highlight(md, spanOf(md, 'serve --port')))).toEqual(['serve --port']);
  });

  it('keeps list continuation lines aligned', () => {
    const md = '- first line of item\n  second line of item\n- other';
    const tree = highlight(md, spanOf(md, 'item\n  second'));
    expect(marked(tree)).toEqual(['item\nsecond']);
  });
});

describe('alignTextToSource', () => {
  it('skips characters Markdown removed', () => {
    expect(alignTextToSource('a*b', 'a\\*b')).toEqual([0, 2, 3]);
    expect(alignTextToSource('x', 'y')).toBeNull();
  });
});
