import { describe, expect, it } from 'vitest';
import { storedDocument } from '../../testing/stored-document-fixture.ts';
import {
  clipSummary,
  firstProse,
  PARAGRAPH_SUMMARY_CHARS,
  paragraphFits,
  paragraphSummary,
} from './document-summary.ts';

describe('clipSummary', () => {
  it.each([
    ['Short and sweet.', 100, 'Short and sweet.'],
    ['one\n  two\tthree', 100, 'one two three'],
    [
      'The pump lifts water from the well, and the panels drive it.',
      40,
      'The pump lifts water from the well, and…',
    ],
    ['Sizing, costs, and risks of the pilot', 16, 'Sizing, costs…'],
    [`https://example.org/${'a'.repeat(60)} rest`, 30, `https://example.org/${'a'.repeat(9)}…`],
  ])('%j at %i characters → %j', (text, max, expected) => {
    const clipped = clipSummary(text, max);
    expect(clipped).toBe(expected);
    expect(clipped.length).toBeLessThanOrEqual(max);
  });
});

describe('paragraphSummary (no model)', () => {
  it('takes the first paragraph of prose, past front matter, headings, code and images', () => {
    const doc = storedDocument(
      'notes/Pump.md',
      [
        '---',
        'title: Pump',
        'tags: [pump]',
        '---',
        '# Pump',
        '',
        '```',
        'flow = 2.6',
        '```',
        '',
        '![[site-photo.png]]',
        '',
        '![A pump](pump.png)',
        '',
        'Notes on sizing the **SP-200** pump for the pilot site.',
        '',
        'A second paragraph.',
      ].join('\n'),
    );
    expect(firstProse(doc)).toBe('Notes on sizing the SP-200 pump for the pilot site.');
    expect(paragraphSummary(doc)).toBe('Notes on sizing the SP-200 pump for the pilot site.');
    expect(paragraphFits(doc)).toBe(true);
  });

  it('cuts a long first paragraph at a word, within 100 characters, with an ellipsis', () => {
    const doc = storedDocument(
      'notes/Long.md',
      `# Long\n\nWorking notes from the Hydraulics team on sizing the SP-200. The requirements come from the project note; the datasheet figures are in the PDF.\n`,
    );
    const summary = paragraphSummary(doc);
    expect(summary).toBe(
      'Working notes from the Hydraulics team on sizing the SP-200. The requirements come from the project…',
    );
    expect(summary.length).toBeLessThanOrEqual(PARAGRAPH_SUMMARY_CHARS);
    expect(paragraphFits(doc)).toBe(false);
  });

  it('shows wikilinks as the words they show, and drops embeds', () => {
    const doc = storedDocument(
      'notes/Links.md',
      'See [[Solar Pump Project#Requirements]], [[Budget|the budget]] and [[Pump]] ![[photo.png]] here.',
    );
    expect(firstProse(doc)).toBe(
      'See Solar Pump Project › Requirements, the budget and Pump here.',
    );
  });

  it('reads the body when the parser left no paragraph (a PDF page, a plain text)', () => {
    const doc = storedDocument('pdfs/x.pdf', '', {
      kind: 'pdf',
      metadata: {},
      body: '# not a heading in a PDF, but skipped\n\n<html>\n\nPage one text of the datasheet.',
    });
    expect(firstProse(doc)).toBe('Page one text of the datasheet.');
  });

  it("skips an entity's type and fields for its prose", () => {
    const doc = storedDocument('entities/person/chidi.md', '', {
      kind: 'entity',
      metadata: { entityType: 'person' },
      body: '# Chidi\n\nperson\n\nrole: researcher\nmentors: Alice\n\nChidi runs the pilot farm visits.',
      entity: { type: 'person', name: 'Chidi', fields: [] },
    });
    expect(firstProse(doc)).toBe('Chidi runs the pilot farm visits.');
  });

  it('is empty for a document without prose', () => {
    const doc = storedDocument('notes/Only.md', '# Only headings\n\n## And more\n');
    expect(paragraphSummary(doc)).toBe('');
    expect(paragraphFits(doc)).toBe(false);
  });
});
