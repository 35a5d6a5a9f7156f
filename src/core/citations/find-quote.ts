/** Text folded for forgiving comparison, with each folded code unit's span in the raw text. */
export interface FoldedText {
  readonly text: string;
  /** `starts[i]` / `ends[i]`: the raw span that produced folded code unit `i`. */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/** Where a quote was found, as raw offsets into the searched text. */
export interface QuoteMatch {
  readonly start: number;
  readonly end: number;
}

/** Dashes folded to one form, so `10–20` matches `10-20`. */
const FOLDED_CHARACTERS: ReadonlyMap<string, string> = new Map([
  ['\u2010', '-'],
  ['\u2011', '-'],
  ['\u2013', '-'],
  ['\u2014', '-'],
  ['\u2212', '-'],
]);
/**
 * Dropped: every quote mark and apostrophe, straight or curly (a quote within a quote changes its
 * marks: `"must 'run dry'"` quotes `must “run dry”`), and Markdown emphasis and code marks.
 */
const DROPPED_CHARACTERS: ReadonlySet<string> = new Set([
  '"',
  "'",
  '\u2018',
  '\u2019',
  '\u201a',
  '\u201b',
  '\u2032',
  '\u201c',
  '\u201d',
  '\u201e',
  '\u201f',
  '\u2033',
  '\u00ab',
  '\u00bb',
  '*',
  '_',
  '`',
]);
const WHITESPACE = /^\s$/u;
/** Where a quote elides text: `…`, `...`, `[…]`, `[...]` (the pieces are trimmed when folded). */
const ELISION = /\[\s*(?:…|\.{3,})\s*\]|…|\.{3,}/u;
/** Punctuation at a fragment's edges that a quote may add or drop (`"… 30 seconds."`). */
const EDGE_PUNCTUATION: ReadonlySet<string> = new Set([' ', '.', ',', ';', ':', '!', '?']);
/** A source cut to fit the budget ends with this; it is not in the document. */
const CUT_MARK = '…';
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Folds case, runs of whitespace, quote marks, dashes and Markdown emphasis marks, remembering
 * where each folded character came from, so a forgiving match maps back to exact raw offsets.
 */
export function foldText(raw: string): FoldedText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let pendingSpace = -1;
  for (let pos = 0; pos < raw.length; ) {
    const size = (raw.codePointAt(pos) ?? 0) > 0xffff ? 2 : 1;
    const character = raw.slice(pos, pos + size);
    const end = pos + size;
    if (WHITESPACE.test(character)) {
      if (pendingSpace < 0) pendingSpace = pos;
    } else if (!DROPPED_CHARACTERS.has(character)) {
      if (pendingSpace >= 0 && text !== '') {
        text += ' ';
        starts.push(pendingSpace);
        ends.push(pos);
      }
      pendingSpace = -1;
      const folded = FOLDED_CHARACTERS.get(character) ?? character.toLowerCase();
      text += folded;
      for (let unit = 0; unit < folded.length; unit++) {
        starts.push(pos);
        ends.push(end);
      }
    }
    pos = end;
  }
  return { text, starts, ends };
}

/** The folded pieces of a quote between elisions, without edge punctuation; empty pieces dropped. */
export function quoteFragments(quote: string): string[] {
  return quote
    .split(ELISION)
    .map((part) => trimEdgePunctuation(foldText(part).text))
    .filter((part) => part !== '');
}

/** Cuts edge punctuation with a loop: an anchored regex would go quadratic on long punctuation runs. */
function trimEdgePunctuation(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && EDGE_PUNCTUATION.has(text.charAt(start))) start++;
  while (end > start && EDGE_PUNCTUATION.has(text.charAt(end - 1))) end--;
  return text.slice(start, end);
}

/** The words of a text (runs of letters and digits), to count them or to centre an excerpt on them. */
export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** How many words a quote has: quotes too short to be distinctive are not checked. */
export function countWords(text: string): number {
  return wordsOf(text).length;
}

/** The source text a quote is searched in: a trailing cut mark `…` is not part of the document. */
export function searchableText(sourceText: string): string {
  return sourceText.endsWith(CUT_MARK)
    ? sourceText.slice(0, -CUT_MARK.length).trimEnd()
    : sourceText;
}

/**
 * Finds a quote in a source, forgiving case, whitespace, quote marks and apostrophes, dashes,
 * Markdown emphasis, edge punctuation and elisions (`…` between fragments found in order).
 * Returns raw offsets into `sourceText`, or null when the quote is not there.
 */
export function findQuote(sourceText: string, quote: string): QuoteMatch | null {
  return findFoldedQuote(foldText(searchableText(sourceText)), quote);
}

/** {@link findQuote} in a source folded beforehand, so one source is folded once for many quotes. */
export function findFoldedQuote(source: FoldedText, quote: string): QuoteMatch | null {
  const fragments = quoteFragments(quote);
  if (fragments.length === 0) return null;
  let from = 0;
  let first = -1;
  for (const fragment of fragments) {
    // Leftmost placement of each fragment finds an in-order match whenever one exists.
    const at = source.text.indexOf(fragment, from);
    if (at < 0) return null;
    if (first < 0) first = at;
    from = at + fragment.length;
  }
  const start = source.starts[first];
  const end = source.ends[from - 1];
  return start === undefined || end === undefined ? null : { start, end };
}
