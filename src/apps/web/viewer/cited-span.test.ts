import { describe, expect, it } from 'vitest';
import type { EntityData } from '../../../core/document.ts';
import {
  citedPageNumber,
  entityDescriptionStart,
  excerptAround,
  locatePassage,
  narrowSpanToQuote,
  pagePassageSpan,
  splitAtSpan,
} from './cited-span.ts';

describe('splitAtSpan', () => {
  it('cuts around the span, shifted by where the text starts', () => {
    expect(splitAtSpan('abcdef', 2, 4)).toEqual({ before: 'ab', cited: 'cd', after: 'ef' });
    expect(splitAtSpan('abcdef', 102, 104, 100)).toEqual({
      before: 'ab',
      cited: 'cd',
      after: 'ef',
    });
  });

  it('clips a span that runs past either end and ignores one that misses', () => {
    expect(splitAtSpan('abcdef', 95, 102, 100)).toEqual({ before: '', cited: 'ab', after: 'cdef' });
    expect(splitAtSpan('abc', 10, 12)).toEqual({ before: 'abc', cited: '', after: '' });
    expect(splitAtSpan('abc', null, null)).toEqual({ before: 'abc', cited: '', after: '' });
  });
});

describe('citedPageNumber', () => {
  const pages = [
    { number: 1, start: 0, end: 715 },
    { number: 2, start: 717, end: 1386 },
  ];
  it('prefers the page the target names', () => {
    expect(citedPageNumber(pages, { page: 2, start: 10 })).toBe(2);
    expect(citedPageNumber([], { page: 1 })).toBe(1);
  });

  it('finds the page holding the span start; a separator belongs to the next page', () => {
    expect(citedPageNumber(pages, { start: 800 })).toBe(2);
    expect(citedPageNumber(pages, { start: 715 })).toBe(2);
    expect(citedPageNumber(pages, { start: 5000 })).toBeNull();
    expect(citedPageNumber(pages, {})).toBeNull();
  });
});

describe('entityDescriptionStart', () => {
  const entity: EntityData = {
    type: 'person',
    name: 'Alice',
    fields: [
      { name: 'email', type: 'email', value: 'alice@example.org' },
      { name: 'skills', type: 'text_list', value: ['pumps', 'rigs'] },
      { name: 'teammates', type: 'computed', value: 'type:person' },
    ],
  };
  const header = '# Alice\n\nperson\n\nemail: alice@example.org\nskills: pumps, rigs';

  it('finds the description after the rendered fields', () => {
    const text = `${header}\n\nAlice runs the test rig.\n`;
    expect(text.slice(entityDescriptionStart(text, entity))).toBe('Alice runs the test rig.\n');
  });

  it('is the end of the text without a description, 0 for text laid out otherwise', () => {
    expect(entityDescriptionStart(header, entity)).toBe(header.length);
    expect(entityDescriptionStart('# Someone else\n\nhello', entity)).toBe(0);
  });
});

describe('excerptAround', () => {
  it('keeps some context either side, cut at spaces', () => {
    const before = 'word '.repeat(60);
    const after = ' more'.repeat(60);
    const parts = excerptAround({ before, cited: 'CITED', after }, 20);
    expect(parts.cited).toBe('CITED');
    expect(parts.before.startsWith('…')).toBe(true);
    expect(parts.before.length).toBeLessThanOrEqual(21);
    expect(parts.before.endsWith('word ')).toBe(true);
    expect(parts.after.endsWith('…')).toBe(true);
    expect(parts.after.length).toBeLessThanOrEqual(21);
  });

  it('shows the opening of the text when nothing is cited', () => {
    const parts = excerptAround({ before: `  ${'x '.repeat(300)}`, cited: '', after: '' }, 50);
    expect(parts.before.length).toBeLessThanOrEqual(101);
    expect(parts.before.startsWith('x x')).toBe(true);
  });
});

describe('narrowSpanToQuote', () => {
  const intro = 'An opening paragraph about the project that nobody cited. '.repeat(6);
  const text = `${intro}Silt clogging the **strainer**. The first field visit saw flow fall by half within hours. ${intro}`;

  it('highlights the words of the answer inside a long cited span', () => {
    const span = narrowSpanToQuote(text, {
      start: 0,
      end: text.length,
      quote: 'Silt clogging the strainer. The first field visit saw flow fall by half within hours',
    });
    expect(text.slice(span.start ?? 0, span.end ?? 0)).toBe(
      'Silt clogging the **strainer**. The first field visit saw flow fall by half within hours',
    );
  });

  it('falls back to the last sentence when the whole claim is not in the source', () => {
    const span = narrowSpanToQuote(text, {
      start: 0,
      end: text.length,
      quote:
        'As the notes put it, silt is bad. The first field visit saw flow fall by half within hours',
    });
    expect(text.slice(span.start ?? 0, span.end ?? 0)).toBe(
      'The first field visit saw flow fall by half within hours',
    );
  });

  it('keeps the cited span when the words are not there or the span is already short', () => {
    expect(
      narrowSpanToQuote(text, {
        start: 0,
        end: text.length,
        quote: 'Nothing like this at all here',
      }),
    ).toEqual({
      start: 0,
      end: text.length,
    });
    expect(
      narrowSpanToQuote(text, { start: 10, end: 60, quote: 'project that nobody cited' }),
    ).toEqual({
      start: 10,
      end: 60,
    });
    expect(narrowSpanToQuote(text, { start: 5, end: 900 })).toEqual({ start: 5, end: 900 });
  });
});

describe('locatePassage', () => {
  const body = 'Intro line.\n\nThe pump reached **2.6 m3/h** at noon. Silt clogged the screen.';

  it('takes the passage at its offsets when they hold its words', () => {
    const text = 'Silt clogged the screen.';
    const start = body.indexOf(text);
    expect(locatePassage(body, { text }, start, start + text.length)).toEqual({
      start,
      end: start + text.length,
    });
  });

  it('finds the words elsewhere when the offsets no longer hold them (the document changed)', () => {
    const text = 'Silt clogged the screen.';
    const start = body.indexOf(text);
    expect(locatePassage(body, { text }, 0, text.length)).toEqual({
      start,
      end: start + text.length,
    });
    // Emphasis in the source does not hide the words.
    const found = locatePassage(body, { text: 'The pump reached 2.6 m3/h at noon.' }, null, null);
    expect(found && body.slice(found.start, found.end)).toBe(
      'The pump reached **2.6 m3/h** at noon.',
    );
  });

  it('gives up when the words are not there or there is no passage', () => {
    expect(locatePassage(body, { text: 'Panels cost more.' }, 3, 20)).toBeNull();
    expect(locatePassage(body, null, 3, 20)).toBeNull();
  });
});

describe('pagePassageSpan', () => {
  const pageText = 'Field report\nPeak flow rate: 2.6 m3/h\nSilt: heavy';
  const words = 'Peak flow rate: 2.6 m3/h';
  const at = pageText.indexOf(words);

  it("uses the offsets within the quote's page", () => {
    const passage = {
      text: words,
      start: null,
      end: null,
      page: 2,
      pageStart: at,
      pageEnd: at + words.length,
    };
    expect(pagePassageSpan(pageText, 2, 1000, passage)).toEqual({
      start: at,
      end: at + words.length,
    });
  });

  it('marks nothing on another page than the quote is on', () => {
    const passage = { text: words, start: null, end: null, page: 3, pageStart: at, pageEnd: 0 };
    expect(pagePassageSpan(pageText, 2, 1000, passage)).toBeNull();
  });

  it('moves document offsets onto the page, else finds the words on it', () => {
    const inBody = { text: words, start: 1000 + at, end: 1000 + at + words.length };
    expect(pagePassageSpan(pageText, 2, 1000, inBody)).toEqual({
      start: at,
      end: at + words.length,
    });
    const loose = { text: words, start: null, end: null, page: 2, pageStart: 0, pageEnd: 3 };
    expect(pagePassageSpan(pageText, 2, 1000, loose)).toEqual({
      start: at,
      end: at + words.length,
    });
  });
});
