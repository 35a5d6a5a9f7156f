const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Finds whole occurrences of a set of terms in analyzed text (terms joined by single spaces) with
 * one compiled pattern, so the words that match none are never split out or looked up.
 */
export class TermPattern {
  private readonly pattern: RegExp | null;

  constructor(terms: readonly string[]) {
    // An empty term would match nowhere in particular (and never advance); one with a space is
    // never a whole term of analyzed text.
    const whole = terms.filter((t) => t !== '' && !t.includes(' '));
    // A whole term: after the text's start or a space, before a space or the text's end.
    this.pattern =
      whole.length === 0
        ? null
        : new RegExp(`(?:^| )(?:${whole.map(escapeRegExp).join('|')})(?= |$)`, 'g');
  }

  /** Calls `found` with each occurrence's term and the offset where it starts, in order. */
  forEach(text: string, found: (term: string, start: number) => void): void {
    const pattern = this.pattern;
    if (pattern === null) return;
    pattern.lastIndex = 0;
    // test() rather than exec(): no match object per hit; the term is read back from its end.
    while (pattern.test(text)) {
      const end = pattern.lastIndex;
      const start = text.lastIndexOf(' ', end - 1) + 1;
      found(text.slice(start, end), start);
    }
  }
}
