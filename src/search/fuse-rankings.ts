import { InvalidInputError, type RetrievalSignal } from '../core/index.ts';

/** One entry of a ranked list, best first, with the score its retriever gave it. */
export interface RankedEntry {
  readonly id: string;
  readonly score: number;
}

/**
 * How two rankings become one: reciprocal rank fusion (ranks only, `k` damps the top), or a
 * linear mix of scores min–max normalized per list (`vectorWeight` of the vector side).
 */
export type FusionParams =
  | { readonly method: 'rrf'; readonly k: number }
  | { readonly method: 'linear'; readonly vectorWeight: number };

/** The fusion hybrid search uses unless told otherwise; see docs/decisions for how it was chosen. */
export const DEFAULT_FUSION: FusionParams = { method: 'rrf', k: 60 };

/** One fused entry: its combined score and every signal that found it. */
export interface FusedEntry {
  readonly id: string;
  readonly score: number;
  readonly signals: readonly RetrievalSignal[];
  /** Rank in each list that holds it (1 = first). */
  readonly ranks: Readonly<Partial<Record<RetrievalSignal, number>>>;
}

/** Combines a lexical and a vector ranking into one, so either kind of match can surface. */
export function fuseRankings(
  lexical: readonly RankedEntry[],
  vector: readonly RankedEntry[],
  params: FusionParams = DEFAULT_FUSION,
): FusedEntry[] {
  if (params.method === 'rrf' && !(params.k >= 0 && Number.isFinite(params.k)))
    throw new InvalidInputError('k', params.k, 'a finite number ≥ 0');
  if (params.method === 'linear' && !(params.vectorWeight >= 0 && params.vectorWeight <= 1))
    throw new InvalidInputError('vectorWeight', params.vectorWeight, 'a number from 0 to 1');
  const lists = [
    ['lexical', lexical],
    ['vector', vector],
  ] as const;
  const fused = new Map<
    string,
    { score: number; order: number; signals: RetrievalSignal[]; ranks: Record<string, number> }
  >();
  let order = 0;
  for (const [signal, list] of lists) {
    const weight =
      params.method === 'linear'
        ? signal === 'vector'
          ? params.vectorWeight
          : 1 - params.vectorWeight
        : 1;
    const normalize = params.method === 'linear' ? minMax(list) : null;
    const seen = new Set<string>();
    list.forEach((entry, index) => {
      if (seen.has(entry.id)) return; // a list names each id once; a repeat keeps its best rank
      seen.add(entry.id);
      const rank = index + 1;
      const part =
        params.method === 'rrf'
          ? 1 / (params.k + rank)
          : weight * (normalize as (s: number) => number)(entry.score);
      const current = fused.get(entry.id);
      if (current) {
        current.score += part;
        current.signals.push(signal);
        current.ranks[signal] = rank;
      } else {
        fused.set(entry.id, {
          score: part,
          order: order++,
          signals: [signal],
          ranks: { [signal]: rank },
        });
      }
    });
  }
  return [...fused.entries()]
    .sort(([, a], [, b]) => b.score - a.score || a.order - b.order)
    .map(([id, f]) => ({ id, score: f.score, signals: f.signals, ranks: f.ranks }));
}

/** Maps a list's scores onto 0..1 (all equal → 1), so scores of two retrievers can be added. */
function minMax(list: readonly RankedEntry[]): (score: number) => number {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const { score } of list) {
    if (score < low) low = score;
    if (score > high) high = score;
  }
  const span = high - low;
  return (score) => (span > 0 ? (score - low) / span : 1);
}
