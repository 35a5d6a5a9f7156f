import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeQuery, analyzeText, stemToken } from './analyze-text.ts';
import { displayText } from './display-text.ts';
import { STOP_WORDS, tokenize } from './query-terms.ts';

/** analyzeText as first written, with no ASCII path and no memo: the reference the fast paths must match. */
const referenceAnalyze = (text: string) =>
  tokenize(text.normalize('NFKD').replace(/\p{M}/gu, ''))
    .filter((token) => !STOP_WORDS.has(token))
    .map(stemToken);

describe('analyzeText', () => {
  it('gives the same terms as the plain normalize-tokenize-stem pipeline, in ASCII and any other text', () => {
    const asciiWords = fc
      .array(
        fc.constantFrom(
          'The',
          "pump's",
          "don't",
          "o'brien",
          'RUNNING',
          'x2',
          '42',
          'it’s',
          ' ',
          '.',
          "'",
          'll',
        ),
        { maxLength: 30 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        fc.oneof(
          asciiWords,
          fc.string({ unit: 'grapheme', maxLength: 200 }),
          fc.string({ maxLength: 200 }),
        ),
        (text) => {
          expect(analyzeText(text)).toEqual(referenceAnalyze(text));
          // A second time, from the memo of stems.
          expect(analyzeText(text)).toEqual(referenceAnalyze(text));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('lower-cases, drops stop words and stems, so word forms meet', () => {
    expect(analyzeText('The Pumps were pumping')).toEqual(['pump', 'pump']);
    expect(analyzeText('aerodynamics of slipstreams')).toEqual(
      analyzeText('Aerodynamic slipstream'),
    );
  });

  it('folds accents so a query without them still matches', () => {
    expect(analyzeText('Café naïve')).toEqual(analyzeText('cafe naive'));
  });

  it('keeps numbers and non-Latin words as they are', () => {
    expect(analyzeText('2.5 m³/h 水泵')).toEqual(['2', '5', 'm3', 'h', '水泵']);
    expect(stemToken('水泵')).toBe('水泵');
  });

  it('gives distinct query terms in first-written order', () => {
    expect(analyzeQuery('pump flow, pumps FLOWING')).toEqual(['pump', 'flow']);
    expect(analyzeQuery('the of and')).toEqual([]);
  });

  it('yields only space-free, non-empty terms for any input (the index splits on spaces)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        for (const term of analyzeText(text)) {
          expect(term.length).toBeGreaterThan(0);
          expect(term).not.toMatch(/\s/);
        }
      }),
    );
  });
});

describe('displayText', () => {
  it('shows the alias of an aliased wikilink and hides its target', () => {
    expect(displayText('see [[Design Review#Pre-filter basket|the review]] now')).toBe(
      'see the review now',
    );
  });

  it('shows target and heading of a plain wikilink or embed', () => {
    expect(displayText('![[photo.png]] and [[Budget#^risk-1]]')).toBe(
      'photo.png and Budget risk-1',
    );
  });

  it('leaves text without wikilinks alone', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('[[')),
        (text) => {
          expect(displayText(text)).toBe(text);
        },
      ),
    );
  });
});
