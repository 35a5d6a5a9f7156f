import { describe, expect, it } from 'vitest';
import {
  baseName,
  readMarkdownDocument,
  readPlainTextDocument,
  slugify,
} from './read-markdown-document.ts';

const note = (source: string, path = 'notes/projects/Pump Design.md') =>
  readMarkdownDocument(path, 'note', source);

describe('readMarkdownDocument: title', () => {
  it('prefers the frontmatter title', () => {
    expect(note('---\ntitle: From Frontmatter\n---\n# From Heading\n').title).toBe(
      'From Frontmatter',
    );
  });

  it('falls back to the first H1 when the frontmatter has no usable title', () => {
    expect(note('## Sub\n\n# First H1\n\n# Second H1\n').title).toBe('First H1');
    expect(note('---\ntitle: "  "\n---\n# Heading Title\n').title).toBe('Heading Title');
  });

  it('falls back to the file name without extension', () => {
    expect(note('Just text, no heading.').title).toBe('Pump Design');
    expect(note('## Only H2\n').title).toBe('Pump Design');
  });

  it('keeps the frontmatter out of the body and reports broken frontmatter as a warning', () => {
    const doc = note('---\ntitle: [oops\n---\n# Still Here\n\nBody text.\n');
    expect(doc.body).toBe('# Still Here\n\nBody text.\n');
    expect(doc.title).toBe('Still Here');
    expect(doc.warnings).toHaveLength(1);
    expect(doc.warnings[0]).toMatch(/frontmatter is not valid YAML/);
  });

  it('has no warnings for a clean note', () => {
    expect(note('---\ntitle: Fine\n---\nText').warnings).toEqual([]);
  });

  it('reads a note of 3,000 nested list markers, saying what it read as text', () => {
    const doc = note(`---\ntitle: [oops\n---\n${'- '.repeat(3000)}[[Deep]]\n\n# Deep Note\n`);
    expect(doc.links.map((l) => l.target)).toEqual(['Deep']);
    expect(doc.headings.map((h) => h.text)).toEqual(['Deep Note']);
    expect(doc.warnings).toEqual([
      expect.stringMatching(/frontmatter is not valid YAML/),
      expect.stringMatching(/nested deeper than 64 levels/),
    ]);
  });

  it('keeps at most 20,000 links of a huge list and says how many it found', () => {
    const doc = note('- [[H]]\n'.repeat(25_000));
    expect(doc.links).toHaveLength(20_000);
    expect(doc.links.at(-1)?.start).toBe(19_999 * 8 + 2);
    expect(doc.warnings).toEqual(['25000 links: only the first 20000 are kept']);
  });
});

describe('readMarkdownDocument: aliases, tags, status, metadata', () => {
  it('reads aliases as a list or a single string, and the `alias` key', () => {
    expect(note('---\naliases: [SPP, Pump Project]\n---\n').aliases).toEqual([
      'SPP',
      'Pump Project',
    ]);
    expect(note('---\naliases: SPP\n---\n').aliases).toEqual(['SPP']);
    expect(note('---\nalias: The Pump\n---\n').aliases).toEqual(['The Pump']);
    expect(note('---\naliases: [A]\nalias: B\n---\n').aliases).toEqual(['A', 'B']);
    expect(note('No frontmatter').aliases).toEqual([]);
  });

  it('reads tags into metadata, always as a list', () => {
    expect(note('---\ntags: [pumps, solar]\n---\n').metadata.tags).toEqual(['pumps', 'solar']);
    expect(note('---\ntags: pumps\n---\n').metadata.tags).toEqual(['pumps']);
    expect(note('text').metadata.tags).toEqual([]);
  });

  it('marks a note archived by `archived: true` or `status: archived`', () => {
    expect(note('---\narchived: true\n---\n').status).toBe('archived');
    expect(note('---\nstatus: archived\n---\n').status).toBe('archived');
    expect(note('---\nstatus: Archived\n---\n').status).toBe('archived');
    expect(note('---\narchived: false\n---\n').status).toBe('active');
    expect(note('---\nstatus: draft\n---\n').status).toBe('active');
    expect(note('text').status).toBe('active');
  });

  it('keeps other frontmatter as metadata and adds a summary from the first paragraph', () => {
    const doc = note('---\nowner: Alice\nattendees: [Bob, Dana]\n---\n# T\n\nThe pump runs.\n');
    expect(doc.metadata).toMatchObject({
      owner: 'Alice',
      attendees: ['Bob', 'Dana'],
      summary: 'The pump runs.',
    });
  });

  it("keeps the author's own front-matter summary instead of the first paragraph", () => {
    const doc = note('---\nsummary: Why the pump stalls.\n---\n# T\n\nThe pump runs.\n');
    expect(doc.metadata.summary).toBe('Why the pump stalls.');
    expect(note('---\nsummary: "  "\n---\nThe pump runs.\n').metadata.summary).toBe(
      'The pump runs.',
    );
  });

  it('carries headings, blocks and links from the body', () => {
    const doc = note('# T\n\nDecided. ^d1\n\nSee [[Budget]].\n');
    expect(doc.kind).toBe('note');
    expect(doc.headings.map((h) => h.text)).toEqual(['T']);
    expect(doc.blocks.map((b) => b.id)).toEqual(['d1']);
    expect(doc.links.map((l) => l.target)).toEqual(['Budget']);
    expect(doc.sections).toEqual([]);
    expect(doc.pages).toEqual([]);
    expect(doc.entity).toBeNull();
  });

  it('slugs notes from the file name, ignoring a frontmatter slug', () => {
    expect(note('---\nslug: custom\n---\n').slug).toBe('pump-design');
  });
});

describe('readMarkdownDocument: content', () => {
  const source = [
    '---',
    'title: Why Solar Pumps',
    'slug: why-solar-pumps',
    'keywords: [solar, pumps]',
    'status: published',
    '---',
    '# Why Solar Pumps',
    '',
    'Intro words here.',
    '',
    '## Our approach',
    '',
    'One two three.',
    '',
    '### Sizing the array',
    '',
    'Four five.',
    '',
    '## Results',
    '',
    'Six.',
    '',
  ].join('\n');
  const doc = readMarkdownDocument('content/why.md', 'content', source);

  it('takes the slug from frontmatter and keeps keywords as a list', () => {
    expect(doc.slug).toBe('why-solar-pumps');
    expect(doc.metadata.keywords).toEqual(['solar', 'pumps']);
    expect(doc.status).toBe('active');
  });

  it('defaults the slug to the file name', () => {
    expect(readMarkdownDocument('content/Field Trial Lessons.md', 'content', '# X').slug).toBe(
      'field-trial-lessons',
    );
  });

  it('opens one section per heading below the H1 title, in order', () => {
    expect(
      doc.sections.map(({ id, title, level, anchor, index }) => ({
        id,
        title,
        level,
        anchor,
        index,
      })),
    ).toEqual([
      { id: 'our-approach', title: 'Our approach', level: 2, anchor: 'our-approach', index: 0 },
      {
        id: 'sizing-the-array',
        title: 'Sizing the array',
        level: 3,
        anchor: 'sizing-the-array',
        index: 1,
      },
      { id: 'results', title: 'Results', level: 2, anchor: 'results', index: 2 },
    ]);
  });

  it('runs a section to the next heading of the same or higher rank', () => {
    const text = Object.fromEntries(
      doc.sections.map((s) => [s.id, doc.body.slice(s.start, s.end)]),
    );
    expect(text['our-approach']).toBe(
      '## Our approach\n\nOne two three.\n\n### Sizing the array\n\nFour five.\n\n',
    );
    expect(text['sizing-the-array']).toBe('### Sizing the array\n\nFour five.\n\n');
    expect(text.results).toBe('## Results\n\nSix.\n');
  });

  it('counts the words below each heading, subsections (and their headings) included', () => {
    // 'One two three.' + 'Sizing the array' + 'Four five.'
    expect(doc.sections.map((s) => [s.id, s.wordCount])).toEqual([
      ['our-approach', 8],
      ['sizing-the-array', 2],
      ['results', 1],
    ]);
  });

  it('treats every heading as a section when there is no single H1 title', () => {
    const untitled = readMarkdownDocument('content/a.md', 'content', '## A\n\nx\n\n## B\n\ny\n');
    expect(untitled.sections.map((s) => s.id)).toEqual(['a', 'b']);
    const twoH1 = readMarkdownDocument('content/b.md', 'content', '# A\n\nx\n\n# B\n\ny\n');
    expect(twoH1.sections.map((s) => [s.id, s.level])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
  });

  it('gives repeated section titles distinct ids', () => {
    const repeated = readMarkdownDocument(
      'content/c.md',
      'content',
      '# Post\n\n## Notes\n\na\n\n## Notes\n\nb\n',
    );
    expect(repeated.sections.map((s) => s.id)).toEqual(['notes', 'notes-1']);
  });
});

describe('readMarkdownDocument: sources', () => {
  it('names the source type after the first folder below sources/', () => {
    const doc = readMarkdownDocument('sources/transcripts/interview.md', 'source', '# Interview');
    expect(doc.kind).toBe('source');
    expect(doc.metadata.sourceType).toBe('transcripts');
  });

  it('lets frontmatter override the source type', () => {
    const doc = readMarkdownDocument(
      'sources/transcripts/page.md',
      'source',
      '---\nsourceType: web\nurl: https://example.com\n---\nCaptured.',
    );
    expect(doc.metadata.sourceType).toBe('web');
    expect(doc.metadata.url).toBe('https://example.com');
  });

  it('uses `source` for a file directly in sources/', () => {
    expect(readMarkdownDocument('sources/loose.md', 'source', 'x').metadata.sourceType).toBe(
      'source',
    );
  });

  it('sets no source type on other kinds', () => {
    expect(note('x').metadata).not.toHaveProperty('sourceType');
  });
});

describe('readPlainTextDocument', () => {
  const text = '\n  Standup, 2 March.\nAlice: the pump is in.\n[[Not a link]]\n';
  const doc = readPlainTextDocument('sources/transcripts/standup-2026-03-02.txt', 'source', text);

  it('keeps the text verbatim as the body and titles it by file name', () => {
    expect(doc.body).toBe(text);
    expect(doc.title).toBe('standup-2026-03-02');
    expect(doc.slug).toBe('standup-2026-03-02');
  });

  it('has no Markdown structure', () => {
    expect(doc.headings).toEqual([]);
    expect(doc.links).toEqual([]);
    expect(doc.blocks).toEqual([]);
  });

  it('records the source type and a one-line summary', () => {
    expect(doc.metadata).toEqual({ sourceType: 'transcripts', summary: 'Standup, 2 March.' });
  });

  it('uses `source` as the type for a file directly in sources/', () => {
    expect(readPlainTextDocument('sources/notes.txt', 'source', 'x').metadata.sourceType).toBe(
      'source',
    );
  });
});

describe('baseName and slugify', () => {
  it('strips folders and the last extension', () => {
    expect(baseName('notes/projects/Budget.md')).toBe('Budget');
    expect(baseName('a/archive.tar.gz')).toBe('archive.tar');
    expect(baseName('Makefile')).toBe('Makefile');
    expect(baseName('.env')).toBe('.env');
  });

  it('makes URL-safe slugs and never an empty one', () => {
    expect(slugify('  Field Trial Lessons ')).toBe('field-trial-lessons');
    expect(slugify('Café & Pumps!')).toBe('café--pumps');
    expect(slugify('!!!')).toBe('untitled');
  });
});
