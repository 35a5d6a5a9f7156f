/** Words too common to help ranking; kept small so short questions keep their meaning. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be but by can could did do does for from had has have how i if in into is it its ' +
    'may me might must my no not of on or our shall should so such than that the their them then there ' +
    'these they this those to was we were what when where which while who whom why will with would you your ' +
    'been being about above also any all after again against between both each few more most other own same ' +
    'some very just over under only up down out off once here there further until during before'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
/** English contractions and the possessive: `pump's` → `pump`, `don't` → `don`. */
const CLITIC = /['’](?:s|t|d|m|ll|re|ve)$/;

/**
 * Splits text into lower-case word tokens the way the index sees them (letters and digits, any
 * script). A trailing clitic is dropped; other apostrophes separate words (`o'brien` → `o`, `brien`).
 */
export function tokenize(text: string): string[] {
  return (text.normalize('NFKC').toLowerCase().match(WORD) ?? []).flatMap((t) =>
    t.replace(CLITIC, '').split(/['’]/),
  );
}

/** The distinct terms of a search query worth matching, in order; falls back to all tokens if every one is a stop word. */
export function queryTerms(query: string): string[] {
  const tokens = tokenize(query);
  const kept = tokens.filter((t) => !STOP_WORDS.has(t));
  return [...new Set(kept.length > 0 ? kept : tokens)];
}
