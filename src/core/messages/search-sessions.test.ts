import { describe, expect, it } from 'vitest';
import { searchSnippet } from './search-sessions.ts';

const marked = (s: { text: string; highlights: readonly { start: number; end: number }[] }) =>
  s.highlights.map((h) => s.text.slice(h.start, h.end));

describe('searchSnippet', () => {
  it('marks every occurrence, ignoring case, in a short message', () => {
    const s = searchSnippet('The Strainer clogs; clean the strainer weekly.', 'strainer');
    expect(s.text).toBe('The Strainer clogs; clean the strainer weekly.');
    expect(marked(s)).toEqual(['Strainer', 'strainer']);
  });

  it('cuts a long message around the first occurrence, at words, with ellipses', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`);
    words.splice(50, 0, 'float switch');
    const s = searchSnippet(words.join(' '), 'Float Switch', 60);
    expect(s.text.startsWith('…word')).toBe(true);
    expect(s.text.endsWith('…')).toBe(true);
    expect(s.text.length).toBeLessThanOrEqual(64);
    expect(marked(s)).toEqual(['float switch']);
    // Cut between words, never inside one.
    expect(s.text).toMatch(/^…word\d+ .* word\d+…$/);
  });

  it('folds line breaks and runs of spaces, the marks following', () => {
    const s = searchSnippet('Line one\n\n   the  pump\tneeds a strainer', 'pump needs');
    expect(s.text).toBe('Line one the pump needs a strainer');
    expect(marked(s)).toEqual(['pump needs']);
  });

  it('matches letters of other scripts whatever their case, and takes the query literally', () => {
    expect(marked(searchSnippet('Réunion à ÉTÉ', 'été'))).toEqual(['ÉTÉ']);
    expect(marked(searchSnippet('costs (USD) [1] rose', '(usd) [1]'))).toEqual(['(USD) [1]']);
  });

  it('shows the start, unmarked, when the text is not in the message', () => {
    const s = searchSnippet('Only the title matched this one.', 'budget', 12);
    expect(s).toEqual({ text: 'Only the…', highlights: [] });
  });
});
