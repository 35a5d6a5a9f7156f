import {
  type AssembledContext,
  assembleContext,
  type ChatMode,
  type ChunkVectorStore,
  type ContextOptions,
  DEFAULT_INSTRUCTIONS,
  type DocumentStore,
  editInstructions,
  type HistoryMessage,
  isLoaded,
  loadContextInputs,
  overridePermissions,
  type PermissionOverride,
  type PreviousSource,
  type Reference,
  type ReferenceCatalog,
  resolveReferences,
  type SummaryLookup,
  type TextEmbedder,
} from '../core/index.ts';
import { searchChunks } from '../search/index.ts';

/** Options of {@link prepareContext}: how to read the message and how much context to give. */
export interface PrepareContextOptions extends Omit<ContextOptions, 'tokenCounter'> {
  readonly tokenCounter: ContextOptions['tokenCounter'];
  readonly currentPath?: string | null;
  readonly mode?: ChatMode;
  readonly maxReferences?: number;
  /** Permissions the user chose for referenced targets (agent mode); they replace the inferred ones. */
  readonly permissions?: readonly PermissionOverride[];
  /** Pinned notes by id or path. */
  readonly pinned?: readonly string[];
  /** Chunks retrieved for the message and offered to the assembler. @default 10 */
  readonly retrievalLimit?: number;
  /** Chunk vectors and the embedding model: with both, retrieval is hybrid, else lexical. */
  readonly vectors?: ChunkVectorStore | null;
  readonly embedder?: TextEmbedder | null;
  /** Cancels the message's embedding request. */
  readonly signal?: AbortSignal;
  readonly history?: readonly HistoryMessage[];
  /** The sources of the session's previous answer, which `[n]` in the message names; null: none. */
  readonly previousSources?: readonly PreviousSource[] | null;
  /** Where one-line summaries come from. @default the first paragraph, uncached */
  readonly summaries?: SummaryLookup;
}

/** A message's resolved references (with their documents' summaries) and the context assembled for it. */
export interface PreparedContext {
  readonly references: readonly Reference[];
  readonly context: AssembledContext;
}

/**
 * Steps 1 and 2 of a chat turn: resolve the message's references (`[n]` against the previous
 * answer's sources) with their permissions (the user's choices over the inferred ones), retrieve
 * chunks for it, load what both point to, and assemble the model's context inside the budget,
 * its instructions saying what the model may edit.
 */
export async function prepareContext(
  store: DocumentStore,
  catalog: ReferenceCatalog,
  message: string,
  options: PrepareContextOptions,
): Promise<PreparedContext> {
  const {
    currentPath = null,
    mode = 'chat',
    maxReferences,
    permissions,
    pinned,
    retrievalLimit = 10,
    vectors = null,
    embedder = null,
    signal,
    history,
    previousSources = null,
    summaries,
    ...budget
  } = options;
  const inferred = resolveReferences(message, catalog, {
    currentPath,
    mode,
    previousSources,
    ...(maxReferences !== undefined && { maxReferences }),
  });
  const references =
    mode === 'agent' && permissions ? overridePermissions(inferred, permissions) : inferred;
  const retrieved =
    retrievalLimit > 0
      ? (
          await searchChunks(store, vectors, embedder, message, {
            limit: retrievalLimit,
            ...(signal && { signal }),
          })
        ).results
      : [];
  const inputs = await loadContextInputs(store, catalog, message, references, {
    ...(pinned && { pinned }),
    retrievedChunkIds: retrieved.map((r) => r.chunkId),
    retrievalSignals: Object.fromEntries(retrieved.map((r) => [r.chunkId, r.signals])),
    ...(history && { history }),
    ...(summaries && { summaries }),
  });
  return {
    references: references.map((ref) => {
      const summary = inputs.summaries.get(ref.target?.documentId ?? '');
      return summary && isLoaded(ref) ? { ...ref, summary } : ref;
    }),
    context: assembleContext(inputs, {
      ...budget,
      instructions: `${budget.instructions ?? DEFAULT_INSTRUCTIONS}\n\n${editInstructions(mode, references)}`,
    }),
  };
}
