import { describe, expect, it } from 'vitest';
import { queryTerms, STOP_WORDS, tokenize } from './query-terms.ts';

describe('tokenize', () => {
  it('lower-cases words and splits on anything that is not a letter or digit', () => {
    expect(tokenize('Solar-Pump: 2.4 m3/h, (MPPT)!')).toEqual([
      'solar',
      'pump',
      '2',
      '4',
      'm3',
      'h',
      'mppt',
    ]);
  });

  it('keeps letters of any script and diacritics', () => {
    expect(tokenize('Café Ñandú 東京 Москва')).toEqual(['café', 'ñandú', '東京', 'москва']);
  });

  it('normalizes compatibility forms (full-width letters, ligatures)', () => {
    expect(tokenize('ＰＵＭＰ ﬁlter')).toEqual(['pump', 'filter']);
  });

  it('drops possessives and contractions, with either apostrophe', () => {
    expect(tokenize("the pump's head, don’t, we're")).toEqual(['the', 'pump', 'head', 'don', 'we']);
  });

  it('keeps both parts of a name written with an apostrophe', () => {
    expect(tokenize("O'Brien")).toEqual(['o', 'brien']);
    expect(tokenize("O'Brien's pump")).toEqual(['o', 'brien', 'pump']);
    expect(tokenize('l’eau')).toEqual(['l', 'eau']);
  });

  it('gives nothing for text without words', () => {
    expect(tokenize('  -- ... !! ')).toEqual([]);
    expect(tokenize('')).toEqual([]);
  });
});

describe('queryTerms', () => {
  it('drops stop words and duplicates, keeping first-seen order', () => {
    expect(queryTerms('What is the head budget of the Pump and the pump?')).toEqual([
      'head',
      'budget',
      'pump',
    ]);
  });

  it('keeps all tokens when every one is a stop word', () => {
    expect(queryTerms('Who are they?')).toEqual(['who', 'are', 'they']);
    expect(queryTerms('the the')).toEqual(['the']);
  });

  it('gives nothing for an empty or wordless query', () => {
    expect(queryTerms('')).toEqual([]);
    expect(queryTerms('?!')).toEqual([]);
  });

  it('uses a small stop list that keeps meaningful short words', () => {
    expect(STOP_WORDS.has('the')).toBe(true);
    expect(STOP_WORDS.has('pump')).toBe(false);
    expect(queryTerms('pv and dc')).toEqual(['pv', 'dc']);
  });
});
