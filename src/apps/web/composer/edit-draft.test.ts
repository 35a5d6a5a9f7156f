import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  draftAfterSend,
  insertCompletion,
  locateSpans,
  removeSpans,
  replaceRange,
  replaceSpans,
} from './edit-draft.ts';

const span = (text: string, raw: string, from = 0) => {
  const start = text.indexOf(raw, from);
  return { raw, start, end: start + raw.length };
};

describe('replaceRange', () => {
  it('replaces and puts the caret after the insert', () => {
    expect(replaceRange('ab[[Socd', 2, 6, '[[Solar]]')).toEqual({
      text: 'ab[[Solar]]cd',
      caret: 11,
    });
  });

  it('clamps bad offsets instead of throwing', () => {
    expect(replaceRange('abc', 5, 1, 'x')).toEqual({ text: 'abcx', caret: 4 });
    expect(replaceRange('abc', -1, 1, 'x')).toEqual({ text: 'xbc', caret: 1 });
  });
});

describe('insertCompletion', () => {
  it('adds one space after the inserted reference', () => {
    expect(insertCompletion('see [[Sol', 4, 9, '[[Solar Pump Project]]')).toEqual({
      text: 'see [[Solar Pump Project]] ',
      caret: 27,
    });
  });

  it('reuses whitespace that already follows', () => {
    const edit = insertCompletion('see @Al and Bob', 4, 7, '@Alice');
    expect(edit).toEqual({ text: 'see @Alice and Bob', caret: 11 });
  });
});

describe('locateSpans', () => {
  it('keeps spans that still match and finds moved ones nearest to where they were', () => {
    const text = 'x @pump y @pump';
    expect(locateSpans(text, [{ raw: '@pump', start: 9, end: 14 }])).toEqual([
      { raw: '@pump', start: 10, end: 15 },
    ]);
    expect(locateSpans(text, [{ raw: '@gone', start: 0, end: 5 }])).toEqual([]);
  });
});

describe('replaceSpans', () => {
  it('rewrites every place a reference was written', () => {
    const text = '@pump and again @pump.';
    const spans = [span(text, '@pump'), span(text, '@pump', 3)];
    expect(replaceSpans(text, spans, '@"notes/projects/Pump Design"')).toBe(
      '@"notes/projects/Pump Design" and again @"notes/projects/Pump Design".',
    );
  });
});

describe('removeSpans', () => {
  const remove = (text: string, ...raws: string[]) => {
    let from = 0;
    const spans = raws.map((raw) => {
      const s = span(text, raw, from);
      from = s.end;
      return s;
    });
    return removeSpans(text, spans);
  };

  it('leaves no double space in the middle of a sentence', () => {
    expect(remove('compare [[A]] with [[B]] please', '[[A]]')).toBe('compare with [[B]] please');
  });

  it('leaves no space before punctuation or at the end', () => {
    expect(remove('what about [[A]]?', '[[A]]')).toBe('what about?');
    expect(remove('look at [[A]]', '[[A]]')).toBe('look at');
    expect(remove('[[A]] is next', '[[A]]')).toBe('is next');
  });

  it('removes all the spans of one reference', () => {
    expect(remove('@pump vs @pump again', '@pump', '@pump')).toBe('vs again');
  });

  it('keeps line breaks', () => {
    expect(remove('first [[A]]\nsecond', '[[A]]')).toBe('first\nsecond');
  });

  it('never leaves the removed text behind', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (a, b) => {
        const text = `${a} [[Gone Ref]] ${b}`;
        const out = removeSpans(text, [span(text, '[[Gone Ref]]')]);
        expect(out.split('[[Gone Ref]]').length).toBe(text.split('[[Gone Ref]]').length - 1);
      }),
    );
  });
});

describe('draftAfterSend', () => {
  it('empties the box when the draft is what was sent', () => {
    expect(draftAfterSend('What is the flow? ', 'What is the flow?')).toBe('');
  });

  it('keeps what was typed after the sent text while it was being checked', () => {
    expect(draftAfterSend('What is the flow?  And the head?', 'What is the flow?')).toBe(
      'And the head?',
    );
  });

  it('keeps the whole draft when it changed elsewhere meanwhile', () => {
    expect(draftAfterSend('What is the pressure?', 'What is the flow?')).toBe(
      'What is the pressure?',
    );
  });

  it('never loses a character typed after the send began', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (sent, typed) => {
        const left = draftAfterSend(sent + typed, sent);
        expect(typed.trim() === '' || left.includes(typed.trim())).toBe(true);
      }),
    );
  });
});
