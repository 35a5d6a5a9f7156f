import { describe, expect, it } from 'vitest';
import type { ReferenceJson } from '../api/types.ts';
import { referenceSegments } from './reference-segments.ts';

const ref = (text: string, raw: string, extra: Partial<ReferenceJson> = {}): ReferenceJson => {
  const start = text.indexOf(raw);
  return {
    raw,
    start,
    end: start + raw.length,
    syntax: raw.startsWith('@') ? 'mention' : 'wikilink',
    origin: 'user',
    status: 'resolved',
    permission: 'read',
    target: null,
    candidates: [],
    suggestions: [],
    spans: [{ raw, start, end: start + raw.length }],
    notes: [],
    ...extra,
  } as ReferenceJson;
};

describe('referenceSegments', () => {
  it('splits the text around each reference', () => {
    const text = 'What does [[Pump Design]] say to @Alice?';
    const segments = referenceSegments(text, [ref(text, '@Alice'), ref(text, '[[Pump Design]]')]);
    expect(segments.map((s) => [s.text, s.reference?.raw ?? null])).toEqual([
      ['What does ', null],
      ['[[Pump Design]]', '[[Pump Design]]'],
      [' say to ', null],
      ['@Alice', '@Alice'],
      ['?', null],
    ]);
  });

  it('marks every place a reference was written', () => {
    const text = '@Bob and again @Bob';
    const reference = ref(text, '@Bob', {
      spans: [
        { raw: '@Bob', start: 0, end: 4 },
        { raw: '@Bob', start: 15, end: 19 },
      ],
    });
    expect(referenceSegments(text, [reference]).filter((s) => s.reference)).toHaveLength(2);
  });

  it('ignores spans that do not match the text and tool references', () => {
    const text = 'plain words';
    const wrong = { ...ref(text, 'plain'), spans: [{ raw: 'other', start: 0, end: 5 }] };
    const tool = ref(text, 'words', { origin: 'tool' });
    expect(referenceSegments(text, [wrong, tool])).toEqual([{ text, reference: null }]);
  });

  it('joins back to the original text', () => {
    const text = '[[A]] [[B]]';
    const segments = referenceSegments(text, [ref(text, '[[A]]'), ref(text, '[[B]]')]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });
});
