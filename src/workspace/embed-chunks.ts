import type { ChunkVectorStore, TextEmbedder } from '../core/chunk-vectors.ts';
import { FootnoteError } from '../core/errors.ts';

/** Options of an embedding pass. */
export interface EmbedOptions {
  /** Chunk texts taken from the store and sent to the embedder per step. @default 128 */
  readonly batchSize?: number;
  /** Called before the first step and after each: chunks with a vector out of live chunks. */
  readonly onProgress?: (progress: { readonly done: number; readonly total: number }) => void;
  /** Stops between and during steps; the vectors of finished steps are kept. */
  readonly signal?: AbortSignal;
}

/** What an embedding pass did. */
export interface EmbedReport {
  /** The embedding model, `provider:name`. */
  readonly model: string;
  /** Texts sent to the model. */
  readonly embedded: number;
  /** Chunks that got a vector without a request: their text had one already (unchanged, or a copy). */
  readonly reused: number;
  /** Live chunks of the workspace. */
  readonly chunks: number;
  /** Of those, how many have a vector for the model now. */
  readonly covered: number;
  readonly elapsedMs: number;
}

/** The store offered a text for embedding again right after its vector was stored (a store bug; stops an endless loop). */
export class EmbeddingStalledError extends FootnoteError {
  readonly model: string;
  readonly textHash: string;

  constructor(model: string, textHash: string) {
    super(
      'embedding_stalled',
      `the vector store asked again for text ${textHash.slice(0, 12)} under ${model} after its vector was stored`,
    );
    this.name = 'EmbeddingStalledError';
    this.model = model;
    this.textHash = textHash;
  }
}

const DEFAULT_BATCH = 128;

/**
 * Gives every live chunk a vector for the embedder's model, sending only texts that have none
 * (the store caches vectors by text), batch by batch so an interrupted pass keeps what it stored
 * and the next one continues. Nothing changed since the last pass → no request at all.
 */
export async function embedWorkspace(
  vectors: ChunkVectorStore,
  embedder: TextEmbedder,
  options: EmbedOptions = {},
): Promise<EmbedReport> {
  const started = performance.now();
  const { model } = embedder;
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH));
  const signal = options.signal;
  signal?.throwIfAborted();
  const before = await vectors.vectorCoverage(model);
  options.onProgress?.({ done: before.embedded, total: before.chunks });
  const stored = new Set<string>();
  let embedded = 0;
  for (;;) {
    signal?.throwIfAborted();
    const batch = await vectors.chunksToEmbed(model, batchSize);
    if (batch.length === 0) break;
    for (const chunk of batch)
      if (stored.has(chunk.textHash)) throw new EmbeddingStalledError(model, chunk.textHash);
    const found = await embedder.embed(
      batch.map((c) => c.text),
      signal,
    );
    signal?.throwIfAborted();
    if (found.length !== batch.length)
      throw new FootnoteError(
        'embedding_count_mismatch',
        `${model} returned ${found.length} vectors for ${batch.length} texts`,
      );
    await vectors.putVectors(
      model,
      batch.map((chunk, i) => ({ textHash: chunk.textHash, vector: found[i] as Float32Array })),
    );
    for (const chunk of batch) stored.add(chunk.textHash);
    embedded += batch.length;
    if (options.onProgress) {
      const now = await vectors.vectorCoverage(model);
      options.onProgress({ done: now.embedded, total: now.chunks });
    }
  }
  const after = await vectors.vectorCoverage(model);
  return {
    model,
    embedded,
    reused: Math.max(0, after.embedded - before.embedded - embedded),
    chunks: after.chunks,
    covered: after.embedded,
    elapsedMs: Math.round(performance.now() - started),
  };
}
