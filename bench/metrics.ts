/** Relevance grades of one query: document id → grade (> 0 means relevant). */
export type Judgments = ReadonlyMap<string, number>;

const discount = (rank: number) => Math.log2(rank + 1);

/** Discounted cumulative gain of grades listed in rank order (rank 1 first), cut at `k`. */
function dcg(gains: readonly number[], k: number): number {
  let sum = 0;
  for (let i = 0; i < Math.min(k, gains.length); i++) sum += (gains[i] ?? 0) / discount(i + 1);
  return sum;
}

/**
 * nDCG@k as trec_eval's `ndcg_cut` computes it, so figures compare with published ones:
 * gain = grade, discount log2(rank + 1), ideal ranking built from every judged document.
 */
export function ndcgAt(k: number, ranked: readonly string[], judgments: Judgments): number {
  const ideal = dcg(
    [...judgments.values()].filter((g) => g > 0).sort((a, b) => b - a),
    k,
  );
  if (ideal === 0) return 0;
  const gains = ranked.slice(0, k).map((id) => Math.max(0, judgments.get(id) ?? 0));
  return dcg(gains, k) / ideal;
}

/** Share of the relevant documents (grade > 0) found in the first `k` results: how much a reader could reach. */
export function recallAt(k: number, ranked: readonly string[], judgments: Judgments): number {
  let relevant = 0;
  for (const grade of judgments.values()) if (grade > 0) relevant++;
  if (relevant === 0) return 0;
  const found = ranked.slice(0, k).filter((id) => (judgments.get(id) ?? 0) > 0).length;
  return found / relevant;
}

/** Arithmetic mean; 0 for an empty list so an empty split prints as zero rather than NaN. */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** The p-th percentile (0–100) by the nearest-rank method, so p99 of few samples is a real sample. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

/** Keeps the first occurrence of each id, in order: chunk hits of one document count once. */
export function firstOccurrences(ids: Iterable<string>): string[] {
  return [...new Set(ids)];
}
