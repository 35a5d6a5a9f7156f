import { join } from 'node:path';
import { SqliteStore } from '../src/store/index.ts';
import { SqliteVectorStore } from '../src/store/sqlite/sqlite-vectors.ts';
import { indexWorkspace } from '../src/workspace/index.ts';
import { compareSearchTime, type SearchTimeComparison } from './compare-search-time.ts';
import { databaseBytes } from './database-bytes.ts';
import { evaluateRanker, type RankerEvaluation } from './evaluate-ranker.ts';
import { footnoteRanker } from './footnote-ranker.ts';
import { buildPlainFts5 } from './fts5-ranker.ts';
import { type HybridBenchResult, runHybridBench } from './hybrid-bench.ts';
import { type CranfieldSplit, loadCranfield, missingCranfield } from './load-cranfield.ts';
import { logProgress } from './log-progress.ts';
import { buildMiniSearch, miniSearchRanker } from './minisearch-ranker.ts';
import { makeTempDir } from './temp-dirs.ts';
import { writeCranfieldWorkspace } from './write-cranfield-workspace.ts';

/** The systems compared on Cranfield, in the order they are printed. */
export const CRANFIELD_SYSTEMS = [
  'footnote',
  'plainFts5',
  'minisearch',
  'minisearchTitleBoost',
] as const;
export type CranfieldSystem = (typeof CRANFIELD_SYSTEMS)[number];

/** How long building one system's index took. */
export interface IndexingSpeed {
  readonly docs: number;
  readonly seconds: number;
  readonly docsPerSecond: number;
}

/** Published plain-BM25 figures for the collection (from its README), printed for context. */
export const CRANFIELD_REFERENCE = {
  system: 'plain BM25 (k1 1.2, b 0.75, no stemming, one field)',
  dev: { ndcgAt10: 0.348, recallAt100: 0.716 },
  // biome-ignore lint/suspicious/noApproximativeNumericConstant: a published measurement, not √½
  test: { ndcgAt10: 0.336, recallAt100: 0.707 },
} as const;

/** Everything the Cranfield section measured, or why it did not run. */
export type CranfieldBenchResult =
  | { readonly status: 'skipped'; readonly reason: string }
  | {
      readonly status: 'ok';
      readonly dir: string;
      readonly docs: number;
      readonly indexing: {
        readonly footnote: IndexingSpeed & {
          readonly chunks: number;
          readonly problems: number;
          readonly databaseBytes: number;
        };
        readonly plainFts5: IndexingSpeed;
        readonly minisearch: IndexingSpeed;
      };
      readonly splits: Readonly<
        Record<CranfieldSplit, Readonly<Record<CranfieldSystem, RankerEvaluation>>>
      >;
      /** Footnote (first) against plain FTS5 (second), every query of both splits in alternation. */
      readonly searchTime: SearchTimeComparison;
      /** Vector and hybrid retrieval through the embedding pass and searchChunks. */
      readonly hybrid: HybridBenchResult;
      readonly reference: typeof CRANFIELD_REFERENCE;
    };

const speed = (docs: number, ms: number): IndexingSpeed => ({
  docs,
  seconds: ms / 1000,
  docsPerSecond: docs / (ms / 1000),
});

/**
 * Measures retrieval quality (nDCG@10, recall@100), query latency and indexing speed of
 * Footnote's real pipeline against a plain SQLite FTS5 query and MiniSearch on the Cranfield
 * collection, in one run.
 */
export async function runCranfieldBench(dir: string): Promise<CranfieldBenchResult> {
  const missing = missingCranfield(dir);
  if (missing) return { status: 'skipped', reason: missing };
  const collection = await loadCranfield(dir);
  const { docs } = collection;

  const root = await makeTempDir('footnote-bench-cranfield-');
  await writeCranfieldWorkspace(root, docs);
  logProgress(`cranfield: wrote ${docs.length} notes to ${root}; indexing with Footnote`);
  const dbPath = join(root, '.footnote', 'footnote.db');
  const store = SqliteStore.open(dbPath);
  let closeFts5 = () => {};
  try {
    const started = performance.now();
    const report = await indexWorkspace(root, store);
    const footnoteMs = performance.now() - started;
    logProgress(
      `cranfield: Footnote indexed ${report.documents} documents (${report.chunks} chunks) in ${footnoteMs.toFixed(0)} ms`,
    );

    const ftsStarted = performance.now();
    const plainFts5 = buildPlainFts5(join(root, 'plain-fts5.db'), docs);
    const ftsMs = performance.now() - ftsStarted;
    logProgress(`cranfield: plain FTS5 indexed ${docs.length} documents in ${ftsMs.toFixed(0)} ms`);
    closeFts5 = plainFts5.close;

    const miniStarted = performance.now();
    const miniSearch = buildMiniSearch(docs);
    const miniMs = performance.now() - miniStarted;
    logProgress(
      `cranfield: MiniSearch indexed ${docs.length} documents in ${miniMs.toFixed(0)} ms`,
    );

    const rankers = {
      footnote: footnoteRanker(store),
      plainFts5: plainFts5.rank,
      minisearch: miniSearchRanker(miniSearch),
      minisearchTitleBoost: miniSearchRanker(miniSearch, { boost: { title: 2 } }),
    };
    const splits = {} as Record<CranfieldSplit, Record<CranfieldSystem, RankerEvaluation>>;
    for (const split of ['dev', 'test'] as const) {
      const queries = collection.queries[split];
      const bySystem = {} as Record<CranfieldSystem, RankerEvaluation>;
      for (const system of CRANFIELD_SYSTEMS) {
        bySystem[system] = await evaluateRanker(rankers[system], queries);
        logProgress(
          `cranfield ${split}: ${system} nDCG@10 ${bySystem[system].ndcgAt10.toFixed(3)} over ${queries.length} queries`,
        );
      }
      splits[split] = bySystem;
    }
    const searchTime = await compareSearchTime(
      rankers.footnote,
      rankers.plainFts5,
      [...collection.queries.dev, ...collection.queries.test].map((q) => q.text),
    );
    logProgress(
      `cranfield: search time footnote ${searchTime.firstMs.toFixed(2)} ms, plain FTS5 ${searchTime.secondMs.toFixed(2)} ms per query`,
    );
    const hybrid = await runHybridBench(store, new SqliteVectorStore(store.db), collection);
    return {
      status: 'ok',
      dir,
      docs: docs.length,
      indexing: {
        footnote: {
          ...speed(docs.length, footnoteMs),
          chunks: report.chunks,
          problems: report.problems.length,
          databaseBytes: await databaseBytes(dbPath),
        },
        plainFts5: speed(docs.length, ftsMs),
        minisearch: speed(docs.length, miniMs),
      },
      splits,
      searchTime,
      hybrid,
      reference: CRANFIELD_REFERENCE,
    };
  } finally {
    closeFts5();
    await store.close();
  }
}
