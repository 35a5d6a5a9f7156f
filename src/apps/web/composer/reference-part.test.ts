import { describe, expect, it } from 'vitest';
import { excerpt, hasPart, partLabel, partSpan, type ReferenceTarget } from './reference-part.ts';

const target = (part: Partial<ReferenceTarget> = {}): ReferenceTarget => ({
  documentId: 'd1',
  path: 'notes/Pump Design.md',
  title: 'Pump Design',
  kind: 'note',
  heading: null,
  block: null,
  section: null,
  page: null,
  entity: null,
  span: null,
  ...part,
});

const detail = {
  length: 500,
  headings: [
    { text: 'Intro', level: 1, anchor: 'intro', start: 0, end: 7 },
    { text: 'Risks', level: 2, anchor: 'risks', start: 100, end: 108 },
    { text: 'Cost', level: 3, anchor: 'cost', start: 200, end: 207 },
    { text: 'Plan', level: 2, anchor: 'plan', start: 300, end: 307 },
  ],
  sections: [
    {
      id: 'measure-the-lift',
      title: 'Measure the lift',
      level: 2,
      anchor: 'measure-the-lift',
      index: 4,
      wordCount: 70,
      start: 40,
      end: 90,
    },
  ],
  blocks: [{ id: 'b1', start: 120, end: 150 }],
  pages: [
    { number: 1, start: 0, end: 250 },
    { number: 2, start: 250, end: 500 },
  ],
};

describe('partSpan', () => {
  it('runs a heading until the next heading of the same or a higher level', () => {
    expect(partSpan(target({ heading: 'Risks' }), detail)).toEqual({ start: 100, end: 300 });
    expect(partSpan(target({ heading: 'Plan' }), detail)).toEqual({ start: 300, end: 500 });
  });

  it('uses the spans of sections, blocks and pages', () => {
    expect(partSpan(target({ section: 'measure-the-lift' }), detail)).toEqual({
      start: 40,
      end: 90,
    });
    expect(partSpan(target({ block: 'b1' }), detail)).toEqual({ start: 120, end: 150 });
    expect(partSpan(target({ page: 2 }), detail)).toEqual({ start: 250, end: 500 });
  });

  it('takes a passage as its own span, inside the page that holds it, cut to the text', () => {
    expect(partSpan(target({ page: 1, span: { start: 12, end: 40 } }), detail)).toEqual({
      start: 12,
      end: 40,
    });
    expect(partSpan(target({ span: { start: 450, end: 900 } }), detail)).toEqual({
      start: 450,
      end: 500,
    });
    expect(hasPart(target({ span: { start: 0, end: 9 } }))).toBe(true);
  });

  it('is null for a whole document or a part that is gone', () => {
    expect(partSpan(target(), detail)).toBeNull();
    expect(partSpan(target({ heading: 'Nope' }), detail)).toBeNull();
    expect(partSpan(target({ page: 9 }), detail)).toBeNull();
  });
});

describe('partLabel', () => {
  it('names the part briefly, sections by title when known', () => {
    expect(partLabel(target({ page: 3 }))).toBe('p. 3');
    expect(partLabel(target({ heading: 'Risks' }))).toBe('# Risks');
    expect(partLabel(target({ block: 'b1' }))).toBe('^b1');
    expect(partLabel(target({ section: 'measure-the-lift' }), detail)).toBe('§ Measure the lift');
    expect(partLabel(target({ section: 'other' }), detail)).toBe('§ other');
    expect(partLabel(target())).toBeNull();
    expect(hasPart(target())).toBe(false);
    expect(hasPart(target({ page: 1 }))).toBe(true);
  });
});

describe('excerpt', () => {
  it('keeps short text and cuts long text at a word', () => {
    expect(excerpt('  short  ')).toBe('short');
    const long = 'word '.repeat(200);
    const cut = excerpt(long, 400);
    expect(cut.length).toBeLessThanOrEqual(401);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
