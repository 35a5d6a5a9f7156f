import type { CranfieldQuery } from './load-cranfield.ts';
import { mean, ndcgAt, percentile, recallAt } from './metrics.ts';

/** A retrieval system under test: query text in, document ids out, best first, no repeats. */
export type Ranker = (query: string) => Promise<readonly string[]>;

/** Quality and speed of one system on one query split. */
export interface RankerEvaluation {
  readonly queries: number;
  readonly ndcgAt10: number;
  readonly recallAt100: number;
  readonly latencyMs: { readonly p50: number; readonly p99: number; readonly mean: number };
  /** nDCG@10 per query id, to compare systems query by query. */
  readonly ndcgAt10ByQuery: Readonly<Record<string, number>>;
}

/** Options for {@link evaluateRanker}. */
export interface EvaluateOptions {
  /** Queries run untimed first, so caches and the JIT are warm for every system alike. @default 5 */
  readonly warmupQueries?: number;
}

/** Runs every query through `rank`, timing each call, and scores the rankings against the judgments. */
export async function evaluateRanker(
  rank: Ranker,
  queries: readonly CranfieldQuery[],
  options: EvaluateOptions = {},
): Promise<RankerEvaluation> {
  const { warmupQueries = 5 } = options;
  for (const query of queries.slice(0, warmupQueries)) await rank(query.text);
  const latencies: number[] = [];
  const ndcgs: number[] = [];
  const recalls: number[] = [];
  const ndcgAt10ByQuery: Record<string, number> = {};
  for (const query of queries) {
    const started = performance.now();
    const ranked = await rank(query.text);
    latencies.push(performance.now() - started);
    const ndcg = ndcgAt(10, ranked, query.judgments);
    ndcgs.push(ndcg);
    recalls.push(recallAt(100, ranked, query.judgments));
    ndcgAt10ByQuery[query.id] = ndcg;
  }
  return {
    queries: queries.length,
    ndcgAt10: mean(ndcgs),
    recallAt100: mean(recalls),
    latencyMs: {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      mean: mean(latencies),
    },
    ndcgAt10ByQuery,
  };
}
