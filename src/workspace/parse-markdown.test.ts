import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
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

/** The structure without warnings, for comparing two parses. */
const structureOf = (body: string, options?: Parameters<typeof parseMarkdown>[1]) => {
  const { warnings: _warnings, ...structure } = parseMarkdown(body, options);
  return structure;
};

const WHOLE = { segmentChars: Number.POSITIVE_INFINITY };

const PARSE_MODULE = new URL('./parse-markdown.ts', import.meta.url).href;

/** Runs an ES module script in a fresh Node with `flags` (a heap or stack limit). */
const runNode = (flags: string[], script: string) =>
  spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('parseMarkdown: hostile nesting', () => {
  const deep = (prefix: string) => `${prefix}[[Deep]] text\n\n# After\n`;
  it.each([
    ['3,000 bullets on one line', deep('- '.repeat(3000))],
    ['3,000 ordered markers on one line', deep('1. '.repeat(3000))],
    ['3,000 quote markers', deep('> '.repeat(3000))],
    ['6,000 quote markers without spaces', deep('>'.repeat(6000))],
    ['1,500 bullets inside quotes', deep('- > '.repeat(1500))],
    ['3,000 footnote definitions on one line', deep('[^a]: '.repeat(3000))],
    ['3,000 underscores around a word', `${'_'.repeat(3000)}x${'_'.repeat(3000)} ${deep('')}`],
    ['3,000 stars around a word', `${'*'.repeat(3000)}x${'*'.repeat(3000)} ${deep('')}`],
    [
      '150 lists indented step by step',
      `${Array.from({ length: 150 }, (_, i) => `${' '.repeat(2 * i)}- item`).join('\n')}\n\n${deep('')}`,
    ],
  ])('reads %s without running out of stack, in linear time', (_name, body) => {
    const { links, headings, warnings } = parseMarkdown(body);
    expect(links.map((l) => [l.target, body.slice(l.start, l.end)])).toEqual([
      ['Deep', '[[Deep]]'],
    ]);
    expect(headings.map((h) => h.text)).toEqual(['After']);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^lists, quotes, footnotes or emphasis nested deeper than 64 levels: \d+ markers? past/,
      ),
    ]);
  });

  it('reads a span the parser fails on (out of stack) by a line scan, with a warning', () => {
    // Emphasis nests 600 deep here (no run is long); with a small stack the GFM tree walk runs out.
    const body = `# Top [[A]]\n\n${'*a '.repeat(600)}[[B]]${' a*'.repeat(600)}\n\n## End\n`;
    const script = `
      import { parseMarkdown } from ${JSON.stringify(PARSE_MODULE)};
      const { headings, links, warnings } = parseMarkdown(${JSON.stringify(body)});
      console.log(JSON.stringify({ headings: headings.map((h) => h.text), links: links.map((l) => l.target), warnings }));`;
    const run = runNode(['--stack-size=100'], script);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      headings: ['Top [[A]]', 'End'],
      links: ['A', 'B'],
      warnings: [expect.stringMatching(/read by a line scan .*the parser failed: .*stack/i)],
    });
  });
});

describe('parseMarkdown: long bodies in segments', () => {
  it('holds a bounded amount of memory however long the body is', () => {
    // 8,000 list items (64 KB) parsed whole needed more than 96 MB of heap; in segments, 32 MB do.
    const script = `
      import { parseMarkdown } from ${JSON.stringify(PARSE_MODULE)};
      const { links } = parseMarkdown('- [[H]]\\n'.repeat(8000));
      console.log(JSON.stringify({ links: links.length }));`;
    const run = runNode(['--max-old-space-size=64'], script);
    expect(run.stderr).not.toMatch(/heap out of memory/);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ links: 8000 });
  });

  it('keeps the first links, headings and block ids up to the limit, and says how many there were', () => {
    const body = '# A\n\n- [[H]] ^b1\n- [[H]] ^b2\n- [[H]] ^b3\n\n# B\n\n# C\n';
    const { links, headings, blocks, warnings } = parseMarkdown(body, { maxEntries: 2 });
    expect(links).toHaveLength(2);
    expect(links.map((l) => l.start)).toEqual([7, 19]);
    expect(headings.map((h) => h.text)).toEqual(['A', 'B']);
    expect(blocks.map((b) => b.id)).toEqual(['b1', 'b2']);
    expect(warnings).toEqual([
      '3 headings: only the first 2 are kept',
      '3 blocks: only the first 2 are kept',
      '3 links: only the first 2 are kept',
    ]);
  });

  it('gives the same structure with exact offsets when a long list is parsed in pieces', () => {
    const body = Array.from({ length: 400 }, (_, i) => `- [[Item ${i}]] and [x](n${i}.md)`).join(
      '\n',
    );
    const pieces = structureOf(body, { segmentChars: 256 });
    expect(pieces).toEqual(structureOf(body, WHOLE));
    expect(pieces.links).toHaveLength(800);
    expect(body.slice(pieces.links[799]?.start, pieces.links[799]?.end)).toBe('[x](n399.md)');
  });

  it('does not cut inside fenced code or HTML blocks longer than a segment', () => {
    const inside = Array.from({ length: 60 }, (_, i) => `- [[Code ${i}]]\n\n# Not ${i}`).join('\n');
    const body = [
      '# Start',
      '',
      '```md',
      inside,
      '```',
      '',
      '<!--',
      inside,
      '-->',
      '',
      '- [[After]]',
      '',
      '~~~',
      inside,
    ].join('\n');
    const pieces = structureOf(body, { segmentChars: 64 });
    expect(pieces).toEqual(structureOf(body, WHOLE));
    expect(pieces.links.map((l) => l.target)).toEqual(['After']);
    expect(pieces.headings.map((h) => h.text)).toEqual(['Start']);
  });

  it('lets a reference in one segment see a definition in another', () => {
    const filler = Array.from({ length: 50 }, (_, i) => `Paragraph ${i}.`).join('\n\n');
    const body = `# See [the docs][docs] and[^n]\n\n${filler}\n\n[docs]: https://x.example\n\n[^n]: A note.\n`;
    const pieces = parseMarkdown(body, { segmentChars: 64 });
    expect(pieces.headings[0]?.text).toBe('See the docs and');
    expect(pieces).toEqual(parseMarkdown(body, WHOLE));
  });

  it('shares definition labels up to a segment length, and says how many it left out', () => {
    const defs = Array.from({ length: 20 }, (_, i) => `[label-${i}]: /u${i}`).join('\n');
    const filler = Array.from({ length: 20 }, (_, i) => `Paragraph ${i}.`).join('\n\n');
    const body = `# [first][label-0] and [last][label-19]\n\n${filler}\n\n${defs}\n`;
    const { headings, warnings } = parseMarkdown(body, { segmentChars: 64 });
    // Labels are shared in the order they are defined, as long as they fit in 64 characters.
    expect(headings[0]?.text).toBe('first and [last][label-19]');
    expect(warnings).toEqual([
      '16 link or footnote definitions past the first 64 characters of labels not shared ' +
        'between the parts it was read in: a reference to them from another part reads as text',
    ]);
    expect(parseMarkdown(body, WHOLE).headings[0]?.text).toBe('first and last');
  });

  it('reads a long stretch with no place to cut by a line scan, and parses the rest', () => {
    const indented = Array.from({ length: 200 }, (_, i) => `  text [[In ${i}]]`).join('\n');
    const body = `# Top\n\n${indented}\n\n# Bottom [[Last]]\n\n[md](m.md)\n`;
    const { headings, links, warnings } = parseMarkdown(body, { segmentChars: 64 });
    expect(headings.map((h) => h.text)).toEqual(['Top', 'Bottom [[Last]]']);
    expect(links).toHaveLength(202);
    expect(links.at(-1)).toMatchObject({ syntax: 'markdown', target: 'm.md' });
    expect(warnings).toEqual([
      expect.stringMatching(
        /^\d+ characters in 1 span read by a line scan \(headings and wikilinks only; no place to cut it into parts of at most 512 characters\)$/,
      ),
    ]);
  });

  const inline = fc.constantFrom(
    'word',
    'two words',
    '[[Target]]',
    '[[Note#Part|shown]]',
    '![[pic.png]]',
    '[text](path/doc.md)',
    '![alt](img.png#^b)',
    '`code [[NotLink]]`',
    '*em*',
    '**strong [[In Strong]]**',
    '[ref][d1]',
    '[^n1]',
    '<span>',
    '\\[[Escaped]]',
    'https://x.example/[[a]]',
    '_under_',
  );
  const line = fc.array(inline, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' '));
  const lines = fc.array(line, { minLength: 1, maxLength: 3 });
  const block = fc.oneof(
    fc
      .tuple(fc.integer({ min: 1, max: 6 }), line, fc.boolean())
      .map(([level, text, id]) => `${'#'.repeat(level)} ${text}${id ? ' ^h1' : ''}`),
    fc.tuple(line, fc.constantFrom('===', '---')).map(([text, rule]) => `${text}\n${rule}`),
    fc.tuple(lines, fc.boolean()).map(([ls, id]) => `${ls.join('\n')}${id ? ' ^p1' : ''}`),
    fc
      .tuple(
        fc.constantFrom('- ', '* ', '+ ', '1. ', '2) '),
        fc.array(fc.tuple(line, fc.nat(3), fc.boolean()), { minLength: 1, maxLength: 4 }),
      )
      .map(([marker, items]) =>
        items
          .map(([text, kind, id]) => {
            const tail = id ? ' ^li' : '';
            if (kind === 1) return `${marker}${text}\n  - nested ${text}${tail}`;
            if (kind === 2) return `${marker}${text}\nlazy ${text}${tail}`;
            if (kind === 3) return `${marker}${text}\n\n   more ${text}${tail}`;
            return `${marker}${text}${tail}`;
          })
          .join('\n'),
      ),
    fc
      .tuple(lines, fc.boolean())
      .map(([ls, lazy]) => ls.map((l, i) => (lazy && i > 0 ? l : `> ${l}`)).join('\n')),
    fc
      .tuple(
        fc.constantFrom('```', '~~~', '````'),
        fc.array(fc.oneof(line, fc.constantFrom('', '- [[InFence]]', '# Not', '```'))),
        fc.boolean(),
      )
      .map(([fence, body, closed]) => `${fence}\n${body.join('\n')}${closed ? `\n${fence}` : ''}`),
    line.map((l) => `    ${l}`),
    fc.constantFrom(
      '<div>\n[[InHtml]]\n</div>',
      '<!-- comment\n\n- [[InComment]]\n\n-->',
      '<!-->\n\n- [[AfterEmptyComment]]',
      '<?>\n\n- [[AfterEmptyPi]]',
      '<?php\n\n- [[InPi]]\n?>',
      '<script>\n\n- [[InScript]]\n</SCRIPT>',
      '<pre>\n\n# Not\n\n</pre>',
      '| a | [[Cell]] |\n| - | - |\n| x | [y](y.md) |',
      '[d1]: /url "title"',
      '[^n1]: A note with [[FootLink]].',
      '---',
      '***',
      '- - -',
      '<span>',
      '<div>\n- [[InDiv]]',
      '<pre>\n\n- [[InPre]]',
      '- ```\n  - [[InItemFence]]\n  ```',
      '- ```\n- [[AfterOpenItemFence]]',
      '> > deep [[Quoted]]\n> - item\nlazy',
      '[^n2]: note\n\n    more [[FootMore]]',
      '  - indented [[Item]]\n  - again',
      '1. one\n2. two\n10. ten',
      '3. three',
      '- \n  empty first [[Empty]]',
      'para\n  - not lazy [[X]]\n===',
      'x <!-- [[InlineHtml]] --> y',
      '\t[[TabCode]]',
    ),
  );
  const separator = fc.constantFrom('\n', '\n\n', '\n\n\n', '\n \n');

  it('gives the same headings, blocks and links as one whole parse, wherever it cuts', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(block, separator), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 24, max: 200 }),
        fc.boolean(),
        (blocks, segmentChars, crlf) => {
          const lf = blocks.map(([b, s]) => b + s).join('');
          const body = crlf ? lf.replace(/\n/g, '\r\n') : lf;
          const pieces = parseMarkdown(body, { segmentChars });
          if (pieces.warnings.some((w) => w.includes('line scan') || w.includes('not shared')))
            return;
          compared++;
          const { warnings: _w, ...structure } = pieces;
          expect(structure).toEqual(structureOf(body, WHOLE));
        },
      ),
      { numRuns: 300 },
    );
    expect(compared).toBeGreaterThan(150);
  });
});
