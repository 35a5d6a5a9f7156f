import type { DocumentStore } from '../src/core/index.ts';
import { searchWorkspace } from '../src/search/index.ts';
import type { Ranker } from './evaluate-ranker.ts';
import { firstOccurrences } from './metrics.ts';
import { cranfieldIdOfPath } from './write-cranfield-workspace.ts';

/** Footnote's real search as a {@link Ranker}: chunk hits mapped to corpus ids, each document counted once. */
export function footnoteRanker(store: DocumentStore, limit = 100): Ranker {
  return async (query) => {
    const results = await searchWorkspace(store, query, { limit });
    return firstOccurrences(
      results.flatMap((r) => {
        const id = cranfieldIdOfPath(r.path);
        return id === null ? [] : [id];
      }),
    );
  };
}
