import { describe, expect, it } from 'vitest';
import type { Link } from '../core/index.ts';
import { parseMarkdown, splitWikilinkInner } from './parse-markdown.ts';

/** The links of `body`, each with the exact source text its offsets cover. */
const linksOf = (body: string) =>
  parseMarkdown(body).links.map((link) => ({ ...link, written: body.slice(link.start, link.end) }));

/** The only link in `body`; fails when there is not exactly one. */
const onlyLink = (body: string) => {
  const links = linksOf(body);
  expect(links).toHaveLength(1);
  return links[0] as Link & { written: string };
};

const wikilink = (fields: Partial<Link>) => ({
  syntax: 'wikilink',
  embed: false,
  heading: null,
  block: null,
  alias: null,
  ...fields,
});

describe('parseMarkdown: headings', () => {
  const body =
    '# Solar Pump\n\nIntro.\n\n## Head Budget\n\nText.\n\n### Pipe *losses*\n\n## Head Budget\n';
  const { headings, firstH1 } = parseMarkdown(body);

  it('records every heading with its level and text', () => {
    expect(headings.map((h) => [h.level, h.text])).toEqual([
      [1, 'Solar Pump'],
      [2, 'Head Budget'],
      [3, 'Pipe losses'],
      [2, 'Head Budget'],
    ]);
    expect(firstH1).toBe('Solar Pump');
  });

  it('gives each heading a URL slug anchor; a repeated heading gets a -1 suffix', () => {
    expect(headings.map((h) => h.anchor)).toEqual([
      'solar-pump',
      'head-budget',
      'pipe-losses',
      'head-budget-1',
    ]);
  });

  it('spans exactly the heading line', () => {
    expect(headings.map((h) => body.slice(h.start, h.end))).toEqual([
      '# Solar Pump',
      '## Head Budget',
      '### Pipe *losses*',
      '## Head Budget',
    ]);
  });

  it('reads setext headings and all six ATX levels', () => {
    const levels = parseMarkdown(
      'Title\n=====\n\nSub\n---\n\n#### 4\n\n##### 5\n\n###### 6\n',
    ).headings;
    expect(levels.map((h) => [h.level, h.text])).toEqual([
      [1, 'Title'],
      [2, 'Sub'],
      [4, '4'],
      [5, '5'],
      [6, '6'],
    ]);
  });

  it('reports no H1 when the note has none', () => {
    expect(parseMarkdown('## Only a subheading\n').firstH1).toBeNull();
  });

  it('takes the first top-level paragraph as a summary', () => {
    expect(
      parseMarkdown('# T\n\n- a list item\n\nThe *first* paragraph.\n\nSecond.').firstParagraph,
    ).toBe('The first paragraph.');
  });
});

describe('parseMarkdown: block ids', () => {
  it('labels a paragraph and spans the whole paragraph', () => {
    const body =
      'Intro.\n\nWe drive the motor straight from the panels\nand skip the battery. ^decision-1\n\nAfter.';
    const { blocks } = parseMarkdown(body);
    expect(blocks).toHaveLength(1);
    const [block] = blocks;
    expect(block?.id).toBe('decision-1');
    expect(body.slice(block?.start, block?.end)).toBe(
      'We drive the motor straight from the panels\nand skip the battery. ^decision-1',
    );
  });

  it('labels a list item and spans the list item, not just its text', () => {
    const body = '- first\n- second item\n  continued here ^item-2\n- third ^c3\n';
    const { blocks } = parseMarkdown(body);
    expect(blocks.map((b) => [b.id, body.slice(b.start, b.end)])).toEqual([
      ['item-2', '- second item\n  continued here ^item-2'],
      ['c3', '- third ^c3'],
    ]);
  });

  it('works in ordered lists', () => {
    const body = '1. one\n2. two ^step-two\n';
    const [block] = parseMarkdown(body).blocks;
    expect(body.slice(block?.start, block?.end)).toBe('2. two ^step-two');
  });

  it('ignores a caret that is not a trailing block id', () => {
    const { blocks } = parseMarkdown('x^2 is a square. ^ not an id\n\nUse 2^10 bytes.\n\n^-bad');
    expect(blocks).toEqual([]);
  });

  it('does not make a heading link target out of its trailing block id', () => {
    expect(parseMarkdown('## Results ^r1\n').headings[0]?.text).toBe('Results');
  });
});

describe('parseMarkdown: wikilinks', () => {
  it.each([
    ['[[Solar Pump Project]]', { target: 'Solar Pump Project' }],
    ['[[projects/Budget]]', { target: 'projects/Budget' }],
    ['[[Budget.md]]', { target: 'Budget.md' }],
    ['[[Pump Design#Head Budget]]', { target: 'Pump Design', heading: 'Head Budget' }],
    ['[[Solar Pump Project#^decision-1]]', { target: 'Solar Pump Project', block: 'decision-1' }],
    ['[[#Head Budget]]', { target: '', heading: 'Head Budget' }],
    ['[[#^decision-1]]', { target: '', block: 'decision-1' }],
    ['[[Alice Profile|Alice]]', { target: 'Alice Profile', alias: 'Alice' }],
    ['[[Doc#Part|the part]]', { target: 'Doc', heading: 'Part', alias: 'the part' }],
    ['![[site-photo.png]]', { target: 'site-photo.png', embed: true }],
    [
      '![[Pump Design#Head Budget]]',
      { target: 'Pump Design', heading: 'Head Budget', embed: true },
    ],
  ])('reads %s', (written, fields) => {
    const body = `See ${written} for details.`;
    const link = onlyLink(body);
    expect(link).toEqual({ ...wikilink(fields), start: 4, end: 4 + written.length, written });
  });

  it('gives exact offsets for several links on several lines', () => {
    const written = ['[[A]]', '![[b.png]]', '[[C#^x]]', '[[D|d]]'];
    const body = `# Title\n\nFirst ${written[0]} and ${written[1]}.\n\n- item ${written[2]}\n\n> quote ${written[3]}\n`;
    expect(linksOf(body).map((l) => l.written)).toEqual(written);
  });

  it('keeps offsets exact in CRLF text', () => {
    const body = 'line\r\nnext [[Target]]\r\n\r\n## H\r\n';
    expect(onlyLink(body).written).toBe('[[Target]]');
  });

  it('reads an escaped pipe inside a table cell as the alias separator', () => {
    const body = '| who | link |\n| --- | --- |\n| a | [[Alice Profile\\|Alice]] |\n';
    const link = onlyLink(body);
    expect(link).toMatchObject({ target: 'Alice Profile', alias: 'Alice' });
    expect(link.written).toBe('[[Alice Profile\\|Alice]]');
  });

  it('skips an escaped \\[[x]] but not a link after an escaped backslash', () => {
    expect(linksOf('Write \\[[x]] to make a link.')).toEqual([]);
    const link = onlyLink('A path C:\\\\[[Real]]');
    expect(link.target).toBe('Real');
    expect(link.written).toBe('[[Real]]');
  });

  it('ignores wikilinks in fenced code, indented code and inline code', () => {
    const body = [
      '```md',
      '[[In Fence]]',
      '```',
      '',
      '~~~',
      '![[In Tilde Fence]]',
      '~~~',
      '',
      '    [[Indented]]',
      '',
      'Inline `[[In Code]]` and ``[[Double]] ticks`` but [[Outside]].',
    ].join('\n');
    expect(linksOf(body).map((l) => l.target)).toEqual(['Outside']);
  });

  it('ignores empty wikilinks and bare anchors', () => {
    expect(linksOf('[[ ]] [[#]] [[|alias]] [[Name#^]]').map((l) => l.target)).toEqual(['Name']);
  });

  it('does not cross lines', () => {
    expect(linksOf('[[Broken\nLink]]')).toEqual([]);
  });
});

describe('splitWikilinkInner', () => {
  it('splits target, heading and alias and trims each', () => {
    expect(splitWikilinkInner(' Note # Part | shown ')).toEqual({
      target: 'Note',
      heading: 'Part',
      block: null,
      alias: 'shown',
    });
  });

  it('reads a block reference instead of a heading', () => {
    expect(splitWikilinkInner('Note#^b-1')).toEqual({
      target: 'Note',
      heading: null,
      block: 'b-1',
      alias: null,
    });
  });

  it('treats an empty alias as none', () => {
    expect(splitWikilinkInner('Note|').alias).toBeNull();
  });
});

describe('parseMarkdown: Markdown links', () => {
  it('reads a relative link with its exact span', () => {
    const body = 'See the [field report](../../pdfs/field-report.pdf) here.';
    const link = onlyLink(body);
    expect(link).toMatchObject({
      syntax: 'markdown',
      embed: false,
      target: '../../pdfs/field-report.pdf',
      heading: null,
      block: null,
      alias: null,
    });
    expect(link.written).toBe('[field report](../../pdfs/field-report.pdf)');
  });

  it('decodes %20 and reads a #fragment as a heading', () => {
    const link = onlyLink('[budget](projects/Pump%20Budget.md#Head%20Budget)');
    expect(link).toMatchObject({ target: 'projects/Pump Budget.md', heading: 'Head Budget' });
  });

  it('reads a #^fragment as a block', () => {
    const link = onlyLink('[decision](Solar%20Pump%20Project.md#^decision-1)');
    expect(link).toMatchObject({
      target: 'Solar Pump Project.md',
      heading: null,
      block: 'decision-1',
    });
  });

  it('reads angle-bracket destinations and ignores link titles', () => {
    expect(onlyLink('[a](<My Note.md> "title")').target).toBe('My Note.md');
    expect(onlyLink("[b](./b.md 'title')").target).toBe('./b.md');
  });

  it('keeps a malformed escape as written', () => {
    expect(onlyLink('[bad](100%.md)').target).toBe('100%.md');
  });

  it('ignores URLs with a scheme and same-page anchors', () => {
    const body =
      '[web](https://example.com/a.md) [plain](http://x.org) [mail](mailto:a@b.example) ' +
      '[file](file:///etc/passwd) [anchor](#section) <https://auto.example>';
    expect(linksOf(body)).toEqual([]);
  });

  it('reads images as embeds', () => {
    const link = onlyLink('Photo: ![the site](../files/site%20photo.png)');
    expect(link).toMatchObject({
      syntax: 'markdown',
      embed: true,
      target: '../files/site photo.png',
    });
    expect(link.written).toBe('![the site](../files/site%20photo.png)');
  });

  it('ignores Markdown links in code', () => {
    expect(linksOf('`[a](b.md)`\n\n```\n[c](d.md)\n```')).toEqual([]);
  });

  it('sorts Markdown links and wikilinks together by position', () => {
    const body = '[[One]] [two](two.md) ![[three.png]] ![four](four.png)';
    expect(linksOf(body).map((l) => [l.syntax, l.written])).toEqual([
      ['wikilink', '[[One]]'],
      ['markdown', '[two](two.md)'],
      ['wikilink', '![[three.png]]'],
      ['markdown', '![four](four.png)'],
    ]);
  });
});
