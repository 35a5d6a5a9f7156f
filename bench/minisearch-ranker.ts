import MiniSearch, { type SearchOptions } from 'minisearch';
import type { Ranker } from './evaluate-ranker.ts';
import type { CranfieldDoc } from './load-cranfield.ts';

/** An in-memory MiniSearch index over title and text with its default BM25+ settings: the baseline. */
export function buildMiniSearch(docs: readonly CranfieldDoc[]): MiniSearch<CranfieldDoc> {
  const index = new MiniSearch<CranfieldDoc>({ fields: ['title', 'text'], idField: 'id' });
  index.addAll(docs);
  return index;
}

/** MiniSearch as a {@link Ranker}; `searchOptions` picks the variant (plain, or with a title boost). */
export function miniSearchRanker(
  index: MiniSearch<CranfieldDoc>,
  searchOptions: SearchOptions = {},
  limit = 100,
): Ranker {
  return async (query) =>
    index
      .search(query, searchOptions)
      .slice(0, limit)
      .map((r) => String(r.id));
}
