import type { Ranker } from './evaluate-ranker.ts';

/** Mean per-query time of two systems measured side by side, and the first's over the second's. */
export interface SearchTimeComparison {
  readonly queries: number;
  readonly rounds: number;
  readonly firstMs: number;
  readonly secondMs: number;
  readonly ratio: number;
}

/**
 * Times two rankers on the same queries in alternation (each query through both, the order
 * swapped every query), so load from other processes on the machine weighs on both alike and
 * the ratio holds even when the absolute times drift.
 */
export async function compareSearchTime(
  first: Ranker,
  second: Ranker,
  queries: readonly string[],
  rounds = 3,
): Promise<SearchTimeComparison> {
  const time = async (rank: Ranker, query: string) => {
    const started = performance.now();
    await rank(query);
    return performance.now() - started;
  };
  for (const query of queries.slice(0, 5)) {
    await first(query);
    await second(query);
  }
  let firstTotal = 0;
  let secondTotal = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [i, query] of queries.entries()) {
      if ((i + round) % 2 === 0) {
        firstTotal += await time(first, query);
        secondTotal += await time(second, query);
      } else {
        secondTotal += await time(second, query);
        firstTotal += await time(first, query);
      }
    }
  }
  const runs = queries.length * rounds;
  return {
    queries: queries.length,
    rounds,
    firstMs: firstTotal / runs,
    secondMs: secondTotal / runs,
    ratio: firstTotal / secondTotal,
  };
}
