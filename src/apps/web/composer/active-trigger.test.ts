import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findActiveTrigger } from './active-trigger.ts';

/** `|` marks the caret. */
const at = (marked: string) => {
  const caret = marked.indexOf('|');
  return findActiveTrigger(marked.replace('|', ''), caret);
};

describe('findActiveTrigger', () => {
  it('finds an open wikilink and its query', () => {
    expect(at('look at [[Sol|')).toEqual({
      trigger: '[[',
      start: 8,
      query: 'Sol',
      caret: 13,
      replaceEnd: 13,
    });
    expect(at('[[|')?.query).toBe('');
    expect(at('![[Pump Design#Ri|')?.query).toBe('Pump Design#Ri');
  });

  it('ignores closed wikilinks and links on earlier lines', () => {
    expect(at('[[Solar]] and |')).toBeNull();
    expect(at('[[Sol\nnext |')).toBeNull();
    expect(at('[[Solar]] and [[Pu|')?.start).toBe(14);
  });

  it('replaces the rest of an edited wikilink, closing brackets included', () => {
    const found = at('see [[Sol|ar]] now');
    expect(found?.replaceEnd).toBe('see [[Solar]]'.length);
    expect(at('see [[Sol| [[Other]]')?.replaceEnd).toBe('see [[Sol'.length);
  });

  it('finds a mention at the start, after whitespace or a parenthesis', () => {
    expect(at('@Al|')).toMatchObject({ trigger: '@', start: 0, query: 'Al' });
    expect(at('ask (@Al|')).toMatchObject({ trigger: '@', start: 5, query: 'Al' });
    expect(at('hi\n@|')).toMatchObject({ trigger: '@', start: 3, query: '' });
  });

  it('never treats an e-mail address or an escape as a mention', () => {
    expect(at('mail alice@exam|')).toBeNull();
    expect(at('\\@Al|')).toBeNull();
  });

  it('closes a mention at whitespace unless the name is quoted', () => {
    expect(at('@Alice |')).toBeNull();
    expect(at('@"Alice Pro|')?.query).toBe('"Alice Pro');
    expect(at('@"Alice" |')).toBeNull();
  });

  it('replaces the rest of the mention name after the caret, not trailing punctuation', () => {
    expect(at('(@Al|ice) ok')?.replaceEnd).toBe('(@Alice'.length);
    expect(at('@Al|ice. Next')?.replaceEnd).toBe('@Alice'.length);
  });

  it('prefers an open wikilink over a mention inside it', () => {
    expect(at('[[Notes @Al|')?.trigger).toBe('[[');
  });

  it('does not trigger inside inline or fenced code', () => {
    expect(at('run `@Al|')).toBeNull();
    expect(at('```\n[[Sol|')).toBeNull();
    expect(at('```\ncode\n```\n[[Sol|')?.query).toBe('Sol');
  });

  it('clamps an out-of-range caret', () => {
    expect(findActiveTrigger('[[Sol', 99)?.query).toBe('Sol');
    expect(findActiveTrigger('[[Sol', -3)).toBeNull();
    expect(findActiveTrigger('[[Sol', Number.NaN)).toBeNull();
  });

  it('never throws, and the query always ends at the caret', () => {
    const pieces = fc.oneof(
      fc.constantFrom('[[', ']]', '@', '"', '(', ' ', '\n', '`', '```\n', '\\', '#', 'a', 'é'),
      fc.string({ maxLength: 3 }),
    );
    const text = fc.array(pieces, { maxLength: 40 }).map((p) => p.join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: -2, max: 200 }), (draft, caret) => {
        const found = findActiveTrigger(draft, caret);
        if (!found) return;
        const clamped = Math.max(0, Math.min(draft.length, caret));
        expect(found.caret).toBe(clamped);
        expect(draft.startsWith(found.trigger, found.start)).toBe(true);
        expect(draft.slice(found.start + found.trigger.length, found.caret)).toBe(found.query);
        expect(found.replaceEnd).toBeGreaterThanOrEqual(found.caret);
        expect(found.replaceEnd).toBeLessThanOrEqual(draft.length);
        expect(found.query).not.toMatch(/[\r\n]/);
      }),
    );
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.nat(220), (draft, caret) => {
        expect(() => findActiveTrigger(draft, caret)).not.toThrow();
      }),
    );
  });
});
