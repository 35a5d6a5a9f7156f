import { stemmer } from 'stemmer';
import { displayText } from './display-text.ts';
import type { Chunk, ChunkTerms } from './document.ts';
import { STOP_WORDS, tokenize } from './query-terms.ts';

/** Reduces one lower-case token to its index form: Porter stem for Latin-script words, itself otherwise. */
export function stemToken(token: string): string {
  return /^[a-z]+$/.test(token) ? stemmer(token) : token;
}

/**
 * Index terms already computed, by token: text draws on a small vocabulary, and the stemmer's
 * rules are regular expressions. A stop word maps to the empty string (it is left out).
 */
const terms = new Map<string, string>();
const MAX_CACHED_TERMS = 100_000;

/** The index term of one token ('' for a stop word), remembered. */
function termOf(token: string): string {
  let term = terms.get(token);
  if (term === undefined) {
    term = STOP_WORDS.has(token) ? '' : stemToken(token);
    if (terms.size >= MAX_CACHED_TERMS) terms.clear();
    terms.set(token, term);
  }
  return term;
}

/** Anything but printable ASCII, tabs and line breaks. */
const NOT_PLAIN_ASCII = /[^\t\n\r -~]/;
/** {@link tokenize}'s words in lower-case ASCII text: no normalization or Unicode classes needed there. */
const ASCII_WORD = /[a-z0-9]+(?:'[a-z]+)*/g;
const CLITIC = /'(?:s|t|d|m|ll|re|ve)$/;

/** {@link analyzeText} for ASCII text, where normalizing changes nothing: the same terms, faster. */
function analyzeAscii(text: string, out: string[]): string[] {
  const words = text.toLowerCase().match(ASCII_WORD);
  if (!words) return out;
  for (const word of words) {
    if (word.includes("'")) {
      for (const token of word.replace(CLITIC, '').split("'")) {
        const term = termOf(token);
        if (term) out.push(term);
      }
      continue;
    }
    const term = termOf(word);
    if (term) out.push(term);
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
    const term = termOf(token);
    if (term) out.push(term);
  }
  return out;
}

/** The distinct index terms of a query, in the order first written. */
export function analyzeQuery(query: string): string[] {
  return [...new Set(analyzeText(query))];
}

/** The heading and body fields the full-text index stores for a chunk: its heading path and section, and its text as a reader sees it. */
export function analyzeChunk(chunk: Pick<Chunk, 'text' | 'headingPath' | 'sectionId'>): ChunkTerms {
  const headings = analyzeText([...chunk.headingPath, chunk.sectionId ?? ''].join(' '));
  const body = analyzeText(displayText(chunk.text));
  return {
    headings: headings.join(' '),
    headingCount: headings.length,
    body: body.join(' '),
    bodyCount: body.length,
  };
}
