import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import {
  type CitableSource,
  claimOf,
  type RemarkCitationsOptions,
  remarkCitations,
  sourcesOnPage,
} from './remark-citations.ts';

const source = (n: number, title: string, extra: Partial<CitableSource> = {}): CitableSource => ({
  n,
  documentId: `doc-${title}`,
  path: `notes/${title}.md`,
  title,
  kind: 'note',
  page: null,
  ...extra,
});

const citations = [
  source(1, 'Solar Pump Project'),
  source(2, 'Pump Design'),
  source(3, 'Budget'),
  source(4, 'Pump Datasheet', { path: 'pdfs/pump-datasheet.pdf', kind: 'pdf', page: 3 }),
];

interface Node {
  type: string;
  value?: string;
  n?: number;
  pending?: boolean;
  children?: Node[];
}

/** The tree as a short string: text as is, badges as {n} (pending {n?}), code and links marked. */
function flatten(node: Node): string {
  if (node.type === 'text') return node.value ?? '';
  if (node.type === 'citationBadge') return `{${node.n}${node.pending ? '?' : ''}}`;
  if (node.type === 'inlineCode') return `\`${node.value}\``;
  if (node.type === 'code') return `<code:${node.value}>`;
  const inner = (node.children ?? []).map(flatten).join('');
  if (node.type === 'link') return `<a:${inner}>`;
  if (node.type === 'paragraph' || node.type === 'heading') return `${inner}|`;
  return inner;
}

function run(markdown: string, options: Partial<RemarkCitationsOptions> = {}): string {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkCitations, { citations, ...options });
  const tree = processor.runSync(processor.parse(markdown), markdown) as Root;
  return flatten(tree as unknown as Node);
}

describe('remarkCitations', () => {
  it('turns a single marker into a badge', () => {
    expect(run('Silt clogs the intake [1].')).toBe('Silt clogs the intake {1}.|');
  });

  it('turns chained, listed and ranged markers into one badge per source', () => {
    expect(run('A [1][3] b [1, 2] c [1-3] d [2; 3]')).toBe(
      'A {1}{3} b {1}{2} c {1}{2}{3} d {2}{3}|',
    );
  });

  it('keeps numbers without a source as plain text', () => {
    expect(run('Nothing here [9].')).toBe('Nothing here [9].|');
  });

  it('keeps the valid numbers of a partly valid marker as badges and the rest as text', () => {
    expect(run('Mixed [1, 9].')).toBe('Mixed {1}[9].|');
  });

  it('keeps markers the server flagged as plain text, by their span', () => {
    const text = 'First [1] and second [1].';
    const second = text.lastIndexOf('[1]');
    expect(run(text, { invalidMarkers: [{ raw: '[1]', start: second, end: second + 3 }] })).toBe(
      'First {1} and second [1].|',
    );
  });

  it('never touches inline code or fenced code', () => {
    expect(run('Write `arr[1]` or `[2]` but cite [2].')).toBe(
      'Write `arr[1]` or `[2]` but cite {2}.|',
    );
    expect(run('```\nx = [1]\n```\n\nSee [1].')).toBe('<code:x = [1]>See {1}.|');
  });

  it('never touches link text, link syntax or wikilinks', () => {
    expect(run('A [link [1]](https://example.com) and [[Pump Design]] [2].')).toBe(
      'A <a:link [1]> and [[Pump Design]] {2}.|',
    );
    expect(run('[1](https://example.com) here')).toBe('<a:1> here|');
  });

  it('leaves escaped brackets alone', () => {
    expect(run('Literal \\[1\\] stays.')).toBe('Literal [1] stays.|');
    expect(run('Literal \\[1\\] stays, cited [1].')).toBe('Literal [1] stays, cited {1}.|');
  });

  it('still finds markers in text that differs from its source (entities, quotes)', () => {
    expect(run('Tom &amp; Jerry [1].')).toBe('Tom & Jerry {1}.|');
    expect(run('> quoted line\n> cited [2]')).toBe('quoted line\ncited {2}|');
  });

  it('finds markers inside emphasis, lists, headings and tables', () => {
    expect(run('*stress [2]*')).toBe('stress {2}|');
    expect(run('- one [1]\n- two [3]')).toBe('one {1}|two {3}|');
    expect(run('## Risks [1]')).toBe('Risks {1}|');
    expect(run('| a | b |\n|---|---|\n| x [2] | y |')).toBe('abx {2}y');
  });

  it('maps a page citation to the source of that title and page, forgiving case', () => {
    expect(run('Rated at 2 kW [Page 3 of pump datasheet].')).toBe('Rated at 2 kW {4}.|');
    expect(run('[Pump-Datasheet, p. 3] says so')).toBe('{4} says so|');
  });

  it('keeps a page citation without a matching page or title as plain text', () => {
    expect(run('See [Page 9 of Pump Datasheet].')).toBe('See [Page 9 of Pump Datasheet].|');
    expect(run('See [Page 3 of Unknown Manual].')).toBe('See [Page 3 of Unknown Manual].|');
  });

  it('shows a half-typed marker at the end of a streaming answer as text', () => {
    expect(run('Silt clogs it [1', { citations: [], pending: true })).toBe('Silt clogs it [1|');
    expect(run('Silt clogs it [', { citations: [], pending: true })).toBe('Silt clogs it [|');
  });

  it('shows complete markers as pending badges while sources are not known yet', () => {
    expect(
      run('Silt [1][2] and [Page 3 of Pump Datasheet]', { citations: [], pending: true }),
    ).toBe('Silt {1?}{2?} and [Page 3 of Pump Datasheet]|');
  });

  it('renders every marker as text once the answer is done without sources', () => {
    expect(run('Silt [1].', { citations: [] })).toBe('Silt [1].|');
  });

  it('does not read bracketed prose or footnotes as markers', () => {
    expect(run('An array [1]x, a note[^1] and [a].\n\n[^1]: foot')).toContain('[1]x');
  });

  it('sets the element name and number for react-markdown', () => {
    const processor = unified().use(remarkParse).use(remarkCitations, { citations });
    const tree = processor.runSync(processor.parse('x [2]'), 'x [2]') as Root;
    const paragraph = tree.children[0] as unknown as { children: Node[] };
    const badge = paragraph.children[1] as unknown as {
      data: { hName: string; hProperties: Record<string, string> };
    };
    expect(badge.data).toEqual({
      hName: 'cite-badge',
      hProperties: { dataN: '2', dataClaim: 'x', dataAt: '2' },
    });
  });

  it("gives each badge its marker's offset in the answer, through emphasis and list prefixes", () => {
    const markdown = '- The **flow** fell [1, 2]\n- Silt \\[x] clogs [3]';
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkCitations, { citations });
    const tree = processor.runSync(processor.parse(markdown), markdown) as unknown as Node;
    const found: [string, string][] = [];
    const walk = (node: Node & { data?: { hProperties?: Record<string, string> } }) => {
      const props = node.data?.hProperties;
      if (node.type === 'citationBadge') found.push([props?.dataN ?? '', props?.dataAt ?? '']);
      for (const child of node.children ?? []) walk(child);
    };
    walk(tree);
    expect(found).toEqual([
      ['1', String(markdown.indexOf('[1, 2]'))],
      ['2', String(markdown.indexOf('[1, 2]'))],
      ['3', String(markdown.indexOf('[3]'))],
    ]);
  });
});

describe('sourcesOnPage', () => {
  it('matches the file name or stem as well as the title', () => {
    expect(
      sourcesOnPage({ page: 3, title: 'pump-datasheet.pdf' }, citations).map((c) => c.n),
    ).toEqual([4]);
    expect(
      sourcesOnPage({ page: 3, title: 'Document Pump Datasheet' }, citations).map((c) => c.n),
    ).toEqual([4]);
  });

  it('falls back to a whole PDF given without a page', () => {
    const whole = [source(7, 'Field Report', { kind: 'pdf', path: 'pdfs/field-report.pdf' })];
    expect(sourcesOnPage({ page: 2, title: 'Field Report' }, whole).map((c) => c.n)).toEqual([7]);
  });
});

describe('claims on badges', () => {
  /** The claim each badge carries, in order. */
  function claims(markdown: string): string[] {
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkCitations, { citations });
    const tree = processor.runSync(processor.parse(markdown), markdown) as unknown as Node;
    const found: string[] = [];
    const walk = (node: Node & { data?: { hProperties?: Record<string, string> } }) => {
      if (node.type === 'citationBadge') found.push(node.data?.hProperties?.dataClaim ?? '');
      for (const child of node.children ?? []) walk(child);
    };
    walk(tree);
    return found;
  }

  it('gives each badge the words since the previous marker', () => {
    expect(claims('Silt clogs the strainer [1]. Panels cost more [2].')).toEqual([
      'Silt clogs the strainer',
      'Panels cost more',
    ]);
  });

  it('reads across emphasis and keeps every number of one marker on the same claim', () => {
    expect(claims('The **flow** fell by half [1, 2]')).toEqual([
      'The flow fell by half',
      'The flow fell by half',
    ]);
  });

  it('starts again in every list item', () => {
    expect(claims('- First point [1]\n- Second point [3]')).toEqual([
      'First point',
      'Second point',
    ]);
  });
});

describe('claimOf', () => {
  it('trims punctuation left over around markers and keeps only the end of long text', () => {
    expect(claimOf('. And then the pump stopped, ')).toBe('And then the pump stopped');
    const long = `${'word '.repeat(200)}the last words`;
    const claim = claimOf(long);
    expect(claim.length).toBeLessThanOrEqual(400);
    expect(claim.endsWith('the last words')).toBe(true);
    expect(claim.startsWith('word')).toBe(true);
  });
});
