import {
  assembleContext,
  type ContextInputs,
  type DocumentStore,
  gptTokenCounter,
  loadContextInputs,
  loadReferenceCatalog,
  memoizeTokenCounter,
  resolveReferences,
} from '../src/core/index.ts';
import { searchWorkspace } from '../src/search/index.ts';
import { logProgress } from './log-progress.ts';
import { mean, percentile } from './metrics.ts';
import { seededRandom } from './seeded-random.ts';

/** Latency of context assembly, in milliseconds. */
export interface ContextBenchResult {
  readonly turns: number;
  readonly references: number;
  readonly entities: number;
  readonly chunks: number;
  /** Reading the documents the turn needs from the store (IO). */
  readonly loadMs: { readonly p50: number; readonly p99: number };
  /** The pure assembly with a warm token-count cache, as in a running server. */
  readonly assembleMs: { readonly p50: number; readonly p99: number; readonly mean: number };
  /** The pure assembly counting every token afresh. */
  readonly coldAssembleMs: { readonly p50: number; readonly p99: number };
  readonly meanContextTokens: number;
}

/**
 * Times step 2 of a chat turn on an indexed vault with entities: a message naming five notes (with
 * headings and blocks) and three people, plus ten retrieved chunks. Summaries come from first
 * paragraphs only, so no model is involved.
 */
export async function runContextBench(
  store: DocumentStore,
  turns = 200,
): Promise<ContextBenchResult> {
  const catalog = await loadReferenceCatalog(store);
  const random = seededRandom(99);
  const notes = catalog.entries.filter(
    (e) => e.kind === 'note' && e.status === 'active' && e.headings.length > 1,
  );
  const people = catalog.entries.filter((e) => e.entityType === 'person');
  if (notes.length < 5 || people.length < 3)
    throw new Error('context bench needs notes with headings and person entities');
  const prepared: ContextInputs[] = [];
  const loadTimes: number[] = [];
  for (let t = 0; t < turns; t++) {
    const parts = Array.from({ length: 5 }, (_, i) => {
      const n = random.pick(notes);
      return i % 2 === 0 ? `[[${n.title}#${n.headings.at(-1)?.text}]]` : `[[${n.title}]]`;
    });
    const who = Array.from({ length: 3 }, () => `@"${random.pick(people).title}"`);
    const message = `Compare ${parts.join(', ')} and tell me what ${who.join(', ')} think.`;
    const started = performance.now();
    const references = resolveReferences(message, catalog, { maxReferences: 8 });
    const hits = await searchWorkspace(store, message, { limit: 10 });
    prepared.push(
      await loadContextInputs(store, catalog, message, references, {
        retrievedChunkIds: hits.map((h) => h.chunkId),
      }),
    );
    loadTimes.push(performance.now() - started);
  }
  const warm = memoizeTokenCounter(gptTokenCounter, 20_000);
  for (const inputs of prepared) assembleContext(inputs, { tokenCounter: warm });
  const assembleTimes: number[] = [];
  let tokens = 0;
  for (const inputs of prepared) {
    const started = performance.now();
    const result = assembleContext(inputs, { tokenCounter: warm });
    assembleTimes.push(performance.now() - started);
    tokens += result.report.budget.usedTokens;
  }
  const coldTimes = prepared.slice(0, 50).map((inputs) => {
    const started = performance.now();
    assembleContext(inputs, { tokenCounter: gptTokenCounter });
    return performance.now() - started;
  });
  logProgress(
    `context: assemble p99 ${percentile(assembleTimes, 99).toFixed(2)} ms (warm token cache)`,
  );
  const first = prepared[0] as ContextInputs;
  return {
    turns,
    references: first.references.filter((r) => r.target?.kind !== 'entity').length,
    entities: first.references.filter((r) => r.target?.kind === 'entity').length,
    chunks: first.retrieved.length,
    loadMs: { p50: percentile(loadTimes, 50), p99: percentile(loadTimes, 99) },
    assembleMs: {
      p50: percentile(assembleTimes, 50),
      p99: percentile(assembleTimes, 99),
      mean: mean(assembleTimes),
    },
    coldAssembleMs: { p50: percentile(coldTimes, 50), p99: percentile(coldTimes, 99) },
    meanContextTokens: Math.round(tokens / prepared.length),
  };
}
