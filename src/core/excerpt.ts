/** Options for {@link makeExcerpt}. */
export interface ExcerptOptions {
  /** Longest excerpt, in characters. @default 240 */
  readonly maxChars?: number;
}

const normalizeWord = (w: string) => w.toLowerCase();

/** Any run of whitespace other than a lone space: the only places collapsing changes the text. */
const COLLAPSIBLE_SPACE = / \s+|[^\S ]\s*/g;
const WORD = /[\p{L}\p{N}]+/gu;
const ENDS_IN_WORD_CHAR = /[\p{L}\p{N}]$/u;
const ALL_WORD_CHARS = /^[\p{L}\p{N}]+$/u;

/** Whether the character before `at` is a letter or digit (ASCII checked directly, the rest by class). */
function followsWordChar(text: string, at: number): boolean {
  const code = text.charCodeAt(at - 1);
  if (code < 128) {
    return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
  }
  return ENDS_IN_WORD_CHAR.test(text.slice(Math.max(0, at - 2), at));
}

const NOT_ASCII = /[^\p{ASCII}]/u;
const ASCII_WORD = /^[a-z0-9]+$/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A function giving where the words that start with one of `stems` begin in a flat text, in
 * order; made once per set of stems. Lower-cases the whole text once instead of every word, then
 * finds the stems with one pattern (ASCII text and stems) or one search per stem, keeping matches
 * at a word start. Scans word by word where that could differ: lower-casing changes the text's
 * length, a stem is not a plain word, or the text has a capital sigma (whose lower case depends on
 * the letters around it, so a whole text and a lone word can disagree).
 */
export function stemFinder(stems: readonly string[]): (flat: string) => number[] {
  const plain = stems.every((s) => ALL_WORD_CHARS.test(s));
  const pattern =
    plain && stems.length > 0 && stems.every((s) => ASCII_WORD.test(s))
      ? new RegExp(
          `(?<![a-z0-9])(?:${[...stems]
            .sort((a, b) => b.length - a.length)
            .map(escapeRegExp)
            .join('|')})`,
          'g',
        )
      : null;
  return (flat) => {
    const lower = flat.toLowerCase();
    if (!plain || lower.length !== flat.length || flat.includes('Σ')) {
      const hits: number[] = [];
      for (const match of flat.matchAll(WORD)) {
        const word = normalizeWord(match[0]);
        if (stems.some((s) => word.startsWith(s))) hits.push(match.index);
      }
      return hits;
    }
    const hits: number[] = [];
    if (pattern !== null && !NOT_ASCII.test(lower)) {
      pattern.lastIndex = 0;
      for (let m = pattern.exec(lower); m !== null; m = pattern.exec(lower)) hits.push(m.index);
      return hits;
    }
    for (const stem of stems) {
      for (let at = lower.indexOf(stem); at !== -1; at = lower.indexOf(stem, at + 1)) {
        if (at === 0 || !followsWordChar(lower, at)) hits.push(at);
      }
    }
    hits.sort((a, b) => a - b);
    // A word that starts with two stems was found twice.
    return hits.filter((at, i) => i === 0 || hits[i - 1] !== at);
  };
}

/** Where the words that start with one of `stems` begin in `flat`, in order (see {@link stemFinder}). */
export const stemHits = (flat: string, stems: readonly string[]): number[] =>
  stemFinder(stems)(flat);

/**
 * Picks the window of `text` with the most query-term hits, so a result shows why it matched.
 * Terms match as prefixes of words (cheap stand-in for stemming: `pump` finds `pumps`).
 */
export function makeExcerpt(
  text: string,
  terms: readonly string[],
  options: ExcerptOptions = {},
): string {
  return makeExcerpter(terms, options)(text);
}

/** {@link makeExcerpt} for many texts and one query: the terms are prepared once. */
export function makeExcerpter(
  terms: readonly string[],
  options: ExcerptOptions = {},
): (text: string) => string {
  const { maxChars = 240 } = options;
  const findStems = stemFinder(
    terms.map((t) => normalizeWord(t).slice(0, Math.max(4, t.length - 2))),
  );
  return (text) => {
    const flat = text.replace(COLLAPSIBLE_SPACE, ' ').trim();
    if (flat.length <= maxChars) return flat;
    const hits = findStems(flat);
    return cutWindow(flat, hits, maxChars);
  };
}

/** The window of `flat` with the most hits, cut at word boundaries, ellipses marking the cuts. */
function cutWindow(flat: string, hits: readonly number[], maxChars: number): string {
  let bestStart = 0;
  let bestCount = 0;
  for (let i = 0, j = 0; i < hits.length; i++) {
    const start = hits[i] as number;
    while (j < hits.length && (hits[j] as number) < start + maxChars * 0.8) j++;
    if (j - i > bestCount) {
      bestCount = j - i;
      bestStart = start;
    }
  }
  let from = Math.max(0, bestStart - Math.floor(maxChars * 0.2));
  if (from > 0) {
    const space = flat.indexOf(' ', from);
    from = space === -1 || space > bestStart ? from : space + 1;
  }
  // The ellipses count towards `maxChars` too.
  const room = maxChars - (from > 0 ? 1 : 0);
  let to = from + room >= flat.length ? flat.length : from + room - 1;
  if (to < flat.length) {
    const space = flat.lastIndexOf(' ', to);
    if (space > from) to = space;
  }
  return `${from > 0 ? '…' : ''}${flat.slice(from, to)}${to < flat.length ? '…' : ''}`;
}
