/** A deterministic source of pseudo-random numbers, so a generated vault is the same on every run. */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One element of a non-empty list, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
}

const UINT32 = 2 ** 32;

/**
 * Marsaglia's xorshift32 (shifts 13, 17, 5): tiny, fast and plenty for generating test text;
 * not for anything that needs statistical or cryptographic quality.
 */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / UINT32;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    chance: (p) => next() < p,
  };
}

/**
 * Draws indexes 0…n-1 with probability falling as 1/(rank+1) (Zipf's law), so generated text
 * has a few very common words and a long tail, like real prose.
 */
export function zipfSampler(random: SeededRandom, n: number): () => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    total += 1 / (i + 1);
    cumulative[i] = total;
  }
  return () => {
    const target = random.next() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}
