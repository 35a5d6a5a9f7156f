import { stemmer } from 'stemmer';
import { STOP_WORDS, tokenize } from './query-terms.ts';

/** Reduces one lower-case token to its index form: Porter stem for Latin-script words, itself otherwise. */
export function stemToken(token: string): string {
  return /^[a-z]+$/.test(token) ? stemmer(token) : token;
}

/**
 * The tokens the search index stores for `text`: words, lower-cased, stop words dropped, stemmed.
 * Queries go through the same function, so both sides always agree.
 */
export function analyzeText(text: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(text.normalize('NFKD').replace(/\p{M}/gu, ''))) {
    if (!STOP_WORDS.has(token)) out.push(stemToken(token));
  }
  return out;
}

/** The distinct index terms of a query, in the order first written. */
export function analyzeQuery(query: string): string[] {
  return [...new Set(analyzeText(query))];
}
