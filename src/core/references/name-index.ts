import type { CatalogName } from './reference-catalog.ts';

/** First index in the sorted `keys` whose value is >= `key` (lower bound). */
function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The distinct three-character pieces of a string, padded so short words still have some. */
export function trigramsOf(text: string): string[] {
  const padded = ` ${text} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return [...out];
}

/**
 * Normalized names indexed four ways, so resolution and autocomplete never scan every name:
 * exact (hash), prefix (sorted array, binary search), word prefix (sorted word-start suffixes),
 * and substring / similarity (trigram postings).
 */
export class NameIndex {
  private readonly names: readonly CatalogName[];
  private readonly exact = new Map<string, CatalogName[]>();
  private readonly sortedKeys: string[];
  private readonly sortedNames: CatalogName[];
  private readonly wordKeys: string[];
  private readonly wordNames: CatalogName[];
  private readonly trigrams = new Map<string, number[]>();
  private counts: Uint16Array | null = null;

  constructor(names: readonly CatalogName[]) {
    this.names = names;
    const order = names
      .map((_, i) => i)
      .sort((a, b) => {
        const x = (names[a] as CatalogName).normalized;
        const y = (names[b] as CatalogName).normalized;
        return x < y ? -1 : x > y ? 1 : 0;
      });
    this.sortedNames = order.map((i) => names[i] as CatalogName);
    this.sortedKeys = this.sortedNames.map((n) => n.normalized);
    const words: Array<[string, CatalogName]> = [];
    names.forEach((name, i) => {
      const list = this.exact.get(name.normalized);
      if (list) list.push(name);
      else this.exact.set(name.normalized, [name]);
      for (
        let at = name.normalized.indexOf(' ');
        at !== -1;
        at = name.normalized.indexOf(' ', at + 1)
      ) {
        words.push([name.normalized.slice(at + 1), name]);
      }
      for (const gram of trigramsOf(name.normalized)) {
        const postings = this.trigrams.get(gram);
        if (postings) postings.push(i);
        else this.trigrams.set(gram, [i]);
      }
    });
    words.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this.wordKeys = words.map((w) => w[0]);
    this.wordNames = words.map((w) => w[1]);
  }

  /** A zeroed counter per name, reused between lookups (they never overlap: lookups are synchronous). */
  private scratch(): Uint16Array {
    this.counts ??= new Uint16Array(this.names.length);
    return this.counts;
  }

  /** Names equal to `key`. */
  equal(key: string): readonly CatalogName[] {
    return this.exact.get(key) ?? [];
  }

  /** Names starting with `key` (including equal ones). */
  *startingWith(key: string): Generator<CatalogName> {
    for (let i = lowerBound(this.sortedKeys, key); i < this.sortedKeys.length; i++) {
      if (!(this.sortedKeys[i] as string).startsWith(key)) return;
      yield this.sortedNames[i] as CatalogName;
    }
  }

  /** Names with a later word starting with `key` (`design` finds "pump design notes"). */
  *wordStartingWith(key: string): Generator<CatalogName> {
    for (let i = lowerBound(this.wordKeys, key); i < this.wordKeys.length; i++) {
      if (!(this.wordKeys[i] as string).startsWith(key)) return;
      yield this.wordNames[i] as CatalogName;
    }
  }

  /** Names containing `key` anywhere (at least three characters, or nothing is returned). */
  *containing(key: string): Generator<CatalogName> {
    if (key.length < 3) return;
    const grams = trigramsOf(key).filter((g) => !g.startsWith(' ') && !g.endsWith(' '));
    const lists = grams.map((g) => this.trigrams.get(g) ?? []).sort((a, b) => a.length - b.length);
    const shortest = lists[0];
    if (!shortest) return;
    for (const i of shortest) {
      const name = this.names[i] as CatalogName;
      if (name.normalized.includes(key)) yield name;
    }
  }

  /**
   * Names that share the most trigrams with `key` (a cheap stand-in for edit distance), best first;
   * the caller confirms with a real distance.
   */
  similar(key: string, limit: number): CatalogName[] {
    // Trigrams found in a large share of all names say little and cost much: leave them out.
    const common = Math.max(64, this.names.length / 100);
    const lists = trigramsOf(key)
      .map((g) => this.trigrams.get(g) ?? [])
      .filter((list) => list.length > 0);
    const useful = lists.filter((list) => list.length <= common);
    const counts = this.scratch();
    const touched: number[] = [];
    let most = 0;
    for (const list of useful.length > 0
      ? useful
      : lists.sort((a, b) => a.length - b.length).slice(0, 2)) {
      for (const i of list) {
        const count = (counts[i] as number) + 1;
        counts[i] = count;
        if (count === 1) touched.push(i);
        if (count > most) most = count;
      }
    }
    // Bucket by shared-trigram count: linear in the names touched, no sort.
    const buckets: number[][] = Array.from({ length: most + 1 }, () => []);
    for (const i of touched) (buckets[counts[i] as number] as number[]).push(i);
    for (const i of touched) counts[i] = 0;
    const out: CatalogName[] = [];
    for (let count = most; count > 0 && out.length < limit; count--) {
      for (const i of (buckets[count] as number[]).sort((a, b) => a - b)) {
        out.push(this.names[i] as CatalogName);
        if (out.length >= limit) break;
      }
    }
    return out;
  }
}
