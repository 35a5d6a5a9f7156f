/** Options for {@link makeExcerpt}. */
export interface ExcerptOptions {
  /** Longest excerpt, in characters. @default 240 */
  readonly maxChars?: number;
}

const normalizeWord = (w: string) => w.toLowerCase();

/**
 * Picks the window of `text` with the most query-term hits, so a result shows why it matched.
 * Terms match as prefixes of words (cheap stand-in for stemming: `pump` finds `pumps`).
 */
export function makeExcerpt(
  text: string,
  terms: readonly string[],
  options: ExcerptOptions = {},
): string {
  const { maxChars = 240 } = options;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  const stems = terms.map((t) => normalizeWord(t).slice(0, Math.max(4, t.length - 2)));
  const hits: number[] = [];
  for (const match of flat.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = normalizeWord(match[0]);
    if (stems.some((s) => word.startsWith(s))) hits.push(match.index);
  }
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
