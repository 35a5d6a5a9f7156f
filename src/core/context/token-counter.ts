import { countTokens } from 'gpt-tokenizer';

/** Counts tokens the way the model will; injected so tests and other model families can swap it. */
export interface TokenCounter {
  count(text: string): number;
}

/** A real BPE count (o200k, the encoding of current OpenAI models; close for most others). */
export const gptTokenCounter: TokenCounter = { count: (text) => countTokens(text) };

/**
 * Remembers counts of recently seen texts (documents and chunks recur from turn to turn), so
 * assembling a turn rarely tokenizes the same passage twice.
 */
export function memoizeTokenCounter(inner: TokenCounter, maxEntries = 2000): TokenCounter {
  const cache = new Map<string, number>();
  return {
    count(text) {
      const hit = cache.get(text);
      if (hit !== undefined) {
        cache.delete(text);
        cache.set(text, hit);
        return hit;
      }
      const n = inner.count(text);
      cache.set(text, n);
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
      return n;
    },
  };
}

/** Cuts `text` to at most `maxTokens`, at a paragraph, line, sentence or word break when one is near. */
export function truncateToTokens(text: string, maxTokens: number, counter: TokenCounter): string {
  if (maxTokens <= 0) return '';
  if (counter.count(text) <= maxTokens) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (counter.count(text.slice(0, mid)) <= maxTokens) lo = mid;
    else hi = mid - 1;
  }
  const cut = text.slice(0, lo);
  for (const breaker of ['\n\n', '\n', '. ', ' ']) {
    const at = cut.lastIndexOf(breaker);
    if (at > lo * 0.6) return cut.slice(0, at + (breaker === '. ' ? 1 : 0)).trimEnd();
  }
  return cut.trimEnd();
}
