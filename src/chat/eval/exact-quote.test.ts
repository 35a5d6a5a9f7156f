import { describe, expect, it } from 'vitest';
import type { CitationQuote } from '../../core/index.ts';
import { isExactQuote, type QuotedDocument } from './exact-quote.ts';

const note: QuotedDocument = {
  body: 'The pump moved 16.2 m3 that day. Silt clogged the strainer twice.',
  pages: [],
  entity: null,
};

const pageOne = 'Site: Wanjiru farm.\n';
const pageTwo = 'Peak flow rate: 2.6 m3/h at 12:30.\n';
const pdf: QuotedDocument = {
  body: `${pageOne}${pageTwo}`,
  pages: [
    { number: 1, start: 0, end: pageOne.length },
    { number: 2, start: pageOne.length, end: pageOne.length + pageTwo.length },
  ],
  entity: null,
};

const entity: QuotedDocument = {
  body: '# Alice\n\nrole: manager\nskills: pump hydraulics, test rig design\n',
  pages: [],
  entity: {
    type: 'person',
    name: 'Alice',
    fields: [
      { name: 'role', type: 'select', value: 'manager' },
      { name: 'skills', type: 'text_list', value: ['pump hydraulics', 'test rig design'] },
      { name: 'profile', type: 'note_ref', value: null },
    ],
  },
};

const quote = (fields: Partial<CitationQuote> & Pick<CitationQuote, 'text'>): CitationQuote => ({
  start: null,
  end: null,
  found: true,
  ...fields,
});

describe('isExactQuote', () => {
  it('accepts a body span that slices the text exactly', () => {
    const start = note.body.indexOf('Silt');
    const text = 'Silt clogged the strainer twice.';
    expect(isExactQuote(quote({ text, start, end: start + text.length }), note)).toBe(true);
  });

  it('rejects a span one character off, a paraphrase, or a span past the end', () => {
    const start = note.body.indexOf('Silt');
    const text = 'Silt clogged the strainer twice.';
    expect(
      isExactQuote(quote({ text, start: start + 1, end: start + 1 + text.length }), note),
    ).toBe(false);
    expect(
      isExactQuote(
        quote({ text: 'Silt blocked the strainer twice.', start, end: start + 32 }),
        note,
      ),
    ).toBe(false);
    expect(isExactQuote(quote({ text: 'twice.', start: 60, end: 200 }), note)).toBe(false);
  });

  it('rejects a missing quote, one not found, one without any anchor, and an empty one', () => {
    expect(isExactQuote(null, note)).toBe(false);
    expect(isExactQuote(quote({ text: 'The pump', start: 0, end: 8, found: false }), note)).toBe(
      false,
    );
    expect(isExactQuote(quote({ text: 'The pump' }), note)).toBe(false);
    expect(isExactQuote(quote({ text: '', start: 0, end: 0 }), note)).toBe(false);
    expect(isExactQuote(quote({ text: 'The pump', start: 0, end: 8 }), null)).toBe(false);
  });

  it("checks a PDF quote against its page's text, not the whole body", () => {
    const text = 'Peak flow rate: 2.6 m3/h';
    expect(isExactQuote(quote({ text, page: 2, pageStart: 0, pageEnd: text.length }), pdf)).toBe(
      true,
    );
    // The same offsets on page 1 point at other words.
    expect(isExactQuote(quote({ text, page: 1, pageStart: 0, pageEnd: text.length }), pdf)).toBe(
      false,
    );
    expect(isExactQuote(quote({ text, page: 3, pageStart: 0, pageEnd: text.length }), pdf)).toBe(
      false,
    );
    // A page without offsets into it cannot be shown as exact words.
    expect(isExactQuote(quote({ text, page: 2 }), pdf)).toBe(false);
  });

  it('checks every anchor a PDF quote carries: its body span must agree too', () => {
    const text = 'Peak flow rate: 2.6 m3/h';
    const start = pdf.body.indexOf(text);
    const anchored = { text, page: 2, pageStart: 0, pageEnd: text.length };
    expect(isExactQuote(quote({ ...anchored, start, end: start + text.length }), pdf)).toBe(true);
    expect(isExactQuote(quote({ ...anchored, start: 0, end: text.length }), pdf)).toBe(false);
  });

  it('accepts an entity quote that is the named field value as written (a list item or the whole list)', () => {
    expect(isExactQuote(quote({ text: 'manager', field: 'role' }), entity)).toBe(true);
    expect(isExactQuote(quote({ text: 'test rig design', field: 'skills' }), entity)).toBe(true);
    expect(
      isExactQuote(quote({ text: 'pump hydraulics, test rig design', field: 'skills' }), entity),
    ).toBe(true);
  });

  it('rejects an entity quote of another field, an unknown field, an empty field or another value', () => {
    expect(isExactQuote(quote({ text: 'manager', field: 'skills' }), entity)).toBe(false);
    expect(isExactQuote(quote({ text: 'manager', field: 'title' }), entity)).toBe(false);
    expect(isExactQuote(quote({ text: 'Alice Profile', field: 'profile' }), entity)).toBe(false);
    expect(isExactQuote(quote({ text: 'Manager', field: 'role' }), entity)).toBe(false);
  });
});
