import type { ChunkVectorStore, DocumentStore, TextEmbedder } from '../src/core/index.ts';
import { createTextEmbedder } from '../src/llm/embedding-model.ts';
import { DEFAULT_FUSION, type FusionParams } from '../src/search/fuse-rankings.ts';
import { type SearchMode, searchChunks } from '../src/search/search-chunks.ts';
import { startOpenAIStubServer } from '../src/testing/openai-stub-server.ts';
import { embedWorkspace } from '../src/workspace/embed-chunks.ts';
import { evaluateRanker, type Ranker, type RankerEvaluation } from './evaluate-ranker.ts';
import type { Cranfield, CranfieldSplit } from './load-cranfield.ts';
import { logProgress } from './log-progress.ts';
import { trainLsi } from './lsi-embedder.ts';
import { firstOccurrences } from './metrics.ts';
import { cranfieldIdOfPath } from './write-cranfield-workspace.ts';

/** The linear mix that did best on Cranfield dev in bench/fusion-study.ts, measured beside the default. */
export const LINEAR_FUSION: FusionParams = { method: 'linear', vectorWeight: 0.2 };

/** The systems of the hybrid section, in the order they are printed. */
export const HYBRID_SYSTEMS = ['vector', 'hybrid', 'hybridLinear'] as const;
export type HybridSystem = (typeof HYBRID_SYSTEMS)[number];

/** What the hybrid section measured: the model, how long embedding took, quality per split. */
export interface HybridBenchResult {
  /** `provider:name` of the model the vectors came from. */
  readonly model: string;
  /** True when no endpoint was configured and an LSI model trained on the collection stood in. */
  readonly standIn: boolean;
  readonly fusion: { readonly hybrid: FusionParams; readonly hybridLinear: FusionParams };
  readonly embedding: { readonly chunks: number; readonly seconds: number };
  readonly splits: Readonly<
    Record<CranfieldSplit, Readonly<Record<HybridSystem, RankerEvaluation>>>
  >;
}

/**
 * Hybrid retrieval on Cranfield through the real pipeline (embedding pass, vector store,
 * searchChunks): with the model named by FOOTNOTE_BENCH_EMBEDDING_MODEL (and
 * FOOTNOTE_BENCH_EMBEDDING_BASE_URL), else with an LSI model trained on the collection and served
 * as an OpenAI-compatible endpoint on 127.0.0.1, so the provider code runs either way.
 */
export async function runHybridBench(
  store: DocumentStore,
  vectors: ChunkVectorStore,
  collection: Cranfield,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<HybridBenchResult> {
  const configured = env.FOOTNOTE_BENCH_EMBEDDING_MODEL?.trim();
  let stop = async () => {};
  let embedder: TextEmbedder;
  if (configured) {
    embedder = createTextEmbedder({
      model: configured,
      baseUrl: env.FOOTNOTE_BENCH_EMBEDDING_BASE_URL,
    });
  } else {
    const texts: string[] = [];
    for (const doc of await store.listDocuments())
      for (const chunk of await store.getChunks(doc.id)) texts.push(chunk.text);
    const started = performance.now();
    // A term seen once says nothing about co-occurrence, except in a collection too small for more.
    const lsi = trainLsi(texts, {
      dimensions: 128,
      minDocumentFrequency: texts.length < 100 ? 1 : 2,
    });
    logProgress(
      `hybrid: no FOOTNOTE_BENCH_EMBEDDING_MODEL; LSI stand-in (128 dimensions, ${lsi.vocabulary} terms) trained in ${(performance.now() - started).toFixed(0)} ms`,
    );
    const stub = await startOpenAIStubServer([], {
      embeddings: { vector: (text) => [...lsi.embed(text)] },
    });
    stop = () => stub.close();
    embedder = createTextEmbedder({
      model: 'openai-compatible:lsi-cranfield',
      baseUrl: stub.url,
    });
  }
  try {
    const started = performance.now();
    const report = await embedWorkspace(vectors, embedder);
    const seconds = (performance.now() - started) / 1000;
    logProgress(
      `hybrid: embedded ${report.embedded} chunks with ${embedder.model} in ${seconds.toFixed(1)} s`,
    );
    const ranker =
      (mode: SearchMode, fusion: FusionParams): Ranker =>
      async (query) => {
        const { results } = await searchChunks(store, vectors, embedder, query, {
          mode,
          fusion,
          limit: 100,
        });
        return firstOccurrences(results.flatMap((r) => cranfieldIdOfPath(r.path) ?? []));
      };
    const rankers: Record<HybridSystem, Ranker> = {
      vector: ranker('vector', DEFAULT_FUSION),
      hybrid: ranker('hybrid', DEFAULT_FUSION),
      hybridLinear: ranker('hybrid', LINEAR_FUSION),
    };
    const splits = {} as Record<CranfieldSplit, Record<HybridSystem, RankerEvaluation>>;
    for (const split of ['dev', 'test'] as const) {
      const bySystem = {} as Record<HybridSystem, RankerEvaluation>;
      for (const system of HYBRID_SYSTEMS) {
        bySystem[system] = await evaluateRanker(rankers[system], collection.queries[split]);
        logProgress(
          `cranfield ${split}: ${system} nDCG@10 ${bySystem[system].ndcgAt10.toFixed(3)}`,
        );
      }
      splits[split] = bySystem;
    }
    return {
      model: embedder.model,
      standIn: !configured,
      fusion: { hybrid: DEFAULT_FUSION, hybridLinear: LINEAR_FUSION },
      embedding: { chunks: report.chunks, seconds },
      splits,
    };
  } finally {
    await stop();
  }
}
