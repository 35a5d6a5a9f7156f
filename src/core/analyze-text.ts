import { stemmer } from 'stemmer';
import { STOP_WORDS, tokenize } from './query-terms.ts';

/** Reduces one lower-case token to its index form: Porter stem for Latin-script words, itself otherwise. */
export function stemToken(token: string): string {
  return /^[a-z]+$/.test(token) ? stemmer(token) : token;
}

/** Stems already computed: text draws on a small vocabulary, and the stemmer's rules are regular expressions. */
const stems = new Map<string, string>();
const MAX_CACHED_STEMS = 100_000;

/** {@link stemToken}, remembered. */
function cachedStem(token: string): string {
  let stem = stems.get(token);
  if (stem === undefined) {
    stem = stemToken(token);
    if (stems.size >= MAX_CACHED_STEMS) stems.clear();
    stems.set(token, stem);
  }
  return stem;
}

/** Anything but printable ASCII, tabs and line breaks. */
const NOT_PLAIN_ASCII = /[^\t\n\r -~]/;
/** {@link tokenize}'s words in lower-case ASCII text: no normalization or Unicode classes needed there. */
const ASCII_WORD = /[a-z0-9]+(?:'[a-z]+)*/g;
const CLITIC = /'(?:s|t|d|m|ll|re|ve)$/;

/** {@link analyzeText} for ASCII text, where normalizing changes nothing: the same terms, faster. */
function analyzeAscii(text: string, out: string[]): string[] {
  const lower = text.toLowerCase();
  ASCII_WORD.lastIndex = 0;
  for (let match = ASCII_WORD.exec(lower); match; match = ASCII_WORD.exec(lower)) {
    const word = match[0];
    const parts = word.includes("'") ? word.replace(CLITIC, '').split("'") : [word];
    for (const token of parts) if (!STOP_WORDS.has(token)) out.push(cachedStem(token));
  }
  return out;
}

/**
 * The tokens the search index stores for `text`: words, lower-cased, stop words dropped, stemmed.
 * Queries go through the same function, so both sides always agree.
 */
export function analyzeText(text: string): string[] {
  const out: string[] = [];
  if (!NOT_PLAIN_ASCII.test(text)) return analyzeAscii(text, out);
  for (const token of tokenize(text.normalize('NFKD').replace(/\p{M}/gu, ''))) {
    if (!STOP_WORDS.has(token)) out.push(cachedStem(token));
  }
  return out;
}

/** The distinct index terms of a query, in the order first written. */
export function analyzeQuery(query: string): string[] {
  return [...new Set(analyzeText(query))];
}
