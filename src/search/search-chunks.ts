import {
  type ChunkVectorStore,
  type DocumentStore,
  FootnoteError,
  InvalidInputError,
  makeExcerpter,
  queryTerms,
  type RetrievalSignal,
  type TextEmbedder,
  type VectorCoverage,
} from '../core/index.ts';
import { DEFAULT_FUSION, type FusionParams, fuseRankings } from './fuse-rankings.ts';
import {
  assertSearchLimit,
  capPerDocument,
  rankLexical,
  type ScoredChunk,
  type SearchOptions,
  type SearchResult,
  searchResultOf,
} from './search-workspace.ts';

/** How a search retrieves: by the words typed, by nearness of meaning, or both fused. */
export type SearchMode = 'lexical' | 'vector' | 'hybrid';

/** Every {@link SearchMode}, for option parsers and input schemas. */
export const SEARCH_MODES = [
  'lexical',
  'vector',
  'hybrid',
] as const satisfies readonly SearchMode[];

/** Fewest candidates each retriever hands to fusion, whatever the page size. */
export const MIN_FUSION_CANDIDATES = 50;

/** A search mode that needs an embedding model, asked for where none is configured. */
export class EmbeddingModelRequiredError extends FootnoteError {
  readonly mode: SearchMode;

  constructor(mode: SearchMode) {
    super(
      'embedding_model_required',
      `search mode "${mode}" needs an embedding model: configure one (--embedding-model provider:name, or embeddingModel in .footnote/config.json) or search in lexical mode`,
    );
    this.name = 'EmbeddingModelRequiredError';
    this.mode = mode;
  }
}

/** What vector search needs: where chunk vectors are kept, and the model that makes query vectors. */
export interface SemanticSearch {
  readonly vectors: ChunkVectorStore | null;
  readonly embedder: TextEmbedder | null;
}

/** Options of {@link searchChunks}: {@link SearchOptions} plus how to retrieve. */
export interface ChunkSearchOptions extends SearchOptions {
  /** @default 'hybrid' with an embedding model, else 'lexical' (see {@link defaultSearchMode}) */
  readonly mode?: SearchMode;
  /** How hybrid mode combines the two rankings. @default DEFAULT_FUSION */
  readonly fusion?: FusionParams;
  /** Candidates each retriever contributes before fusion and the per-document cap. @default max(3 × limit, 50) */
  readonly fusionCandidates?: number;
  /** Cancels the query's embedding request. */
  readonly signal?: AbortSignal;
}

/** One result and the retrievals that found it, with its rank in each (1 = first). */
export interface ChunkSearchResult extends SearchResult {
  readonly signals: readonly RetrievalSignal[];
  readonly ranks: Readonly<Partial<Record<RetrievalSignal, number>>>;
}

/** How much of the workspace vector search could see: chunks with a vector for `model` of all live ones. */
export interface SearchCoverage extends VectorCoverage {
  readonly model: string;
}

/** A search's results, the mode that produced them, and (vector, hybrid) the embedding coverage. */
export interface ChunkSearch {
  readonly mode: SearchMode;
  readonly results: ChunkSearchResult[];
  /** Null in lexical mode. Fewer `embedded` than `chunks`: the vector side saw only those. */
  readonly coverage: SearchCoverage | null;
  /**
   * Why a search in the default mode fell back to lexical (the embedding model or the vector
   * store failed); null when nothing failed. Then `mode` is `lexical`.
   */
  readonly vectorError: string | null;
}

/**
 * A sentence saying vector search saw only part of the workspace (its embedding is not finished),
 * or null when it saw every chunk or did not run.
 */
export function partialCoverageNote(coverage: SearchCoverage | null): string | null {
  if (!coverage || coverage.embedded >= coverage.chunks) return null;
  return `vector search covered ${coverage.embedded} of ${coverage.chunks} chunks (${coverage.model}); the others are found by their words only until they are embedded`;
}

/** The mode a search runs in when none is asked for: hybrid once an embedding model is configured. */
export const defaultSearchMode = (semantic: SemanticSearch): SearchMode =>
  semantic.vectors && semantic.embedder ? 'hybrid' : 'lexical';

type Found = ScoredChunk & Pick<ChunkSearchResult, 'signals' | 'ranks'>;

/**
 * Finds the chunks that best match a query, best first, each saying which retrieval found it:
 * lexical is exactly {@link searchWorkspace}; vector ranks live chunks by cosine similarity to the
 * embedded query; hybrid fuses both candidate lists, so a passage worded differently from the
 * question still surfaces. Vector and hybrid work with whatever part of the workspace is embedded.
 */
export async function searchChunks(
  store: DocumentStore,
  vectors: ChunkVectorStore | null,
  embedder: TextEmbedder | null,
  query: string,
  options: ChunkSearchOptions = {},
): Promise<ChunkSearch> {
  const mode = options.mode ?? defaultSearchMode({ vectors, embedder });
  const { limit = 10, excerptChars = 240, perDocument = 3, fusion = DEFAULT_FUSION } = options;
  assertSearchLimit(limit);
  const depth = options.fusionCandidates ?? Math.max(limit * 3, MIN_FUSION_CANDIDATES);
  if (!Number.isInteger(depth) || depth < limit) {
    throw new InvalidInputError('fusionCandidates', depth, `an integer ≥ limit (${limit})`);
  }
  if (mode !== 'lexical' && (!vectors || !embedder)) throw new EmbeddingModelRequiredError(mode);
  const lexical = mode === 'vector' ? Promise.resolve([]) : rankLexical(store, query, options);
  // Awaited below; marked handled now so a failure while the vector side runs is not "unhandled".
  lexical.catch(() => {});
  let found: readonly Found[];
  let coverage: SearchCoverage | null = null;
  let vectorError: string | null = null;
  if (mode === 'lexical' || !vectors || !embedder) {
    found = (await lexical).map(lexicalOnly);
  } else {
    const semantic = Promise.all([
      nearestTo(vectors, embedder, query, depth, options),
      vectors.vectorCoverage(embedder.model),
    ]);
    try {
      const [nearest, covered] = await semantic;
      coverage = { model: embedder.model, ...covered };
      found =
        mode === 'vector' ? nearest.map(vectorOnly) : fuse(await lexical, nearest, depth, fusion);
    } catch (error) {
      // Hybrid by default must not make every search fail while the embedding model is down:
      // it searches by words and says why. An explicitly asked mode, or an abort, fails.
      if (options.mode || options.signal?.aborted || !FootnoteError.isInstance(error)) throw error;
      vectorError = error.message;
      found = (await lexical).map(lexicalOnly);
    }
  }
  const outcome = vectorError ? { mode: 'lexical' as const, vectorError } : { mode, vectorError };
  if (found.length === 0) return { ...outcome, results: [], coverage };
  const excerpt = makeExcerpter(queryTerms(query), { maxChars: excerptChars });
  const results = capPerDocument(found, limit, perDocument).map((hit) => ({
    ...searchResultOf(hit, excerpt),
    signals: hit.signals,
    ranks: hit.ranks,
  }));
  return { ...outcome, results, coverage };
}

/** The live chunks nearest the query's embedding; none for a blank query. */
async function nearestTo(
  vectors: ChunkVectorStore,
  embedder: TextEmbedder,
  query: string,
  limit: number,
  options: ChunkSearchOptions,
): Promise<ScoredChunk[]> {
  if (query.trim() === '') return [];
  const [vector] = await embedder.embed([query], options.signal);
  if (!vector) throw new Error(`embedding model ${embedder.model} returned no vector`);
  const hits = await vectors.nearestChunks({
    model: embedder.model,
    vector,
    limit,
    ...(options.kinds && { kinds: options.kinds }),
  });
  return hits.map(({ chunk, document, similarity }) => ({ chunk, document, score: similarity }));
}

const lexicalOnly = (hit: ScoredChunk, index: number): Found => ({
  ...hit,
  signals: ['lexical'],
  ranks: { lexical: index + 1 },
});

const vectorOnly = (hit: ScoredChunk, index: number): Found => ({
  ...hit,
  signals: ['vector'],
  ranks: { vector: index + 1 },
});

/**
 * The top `depth` of each ranking fused into one. Scores are scaled to 0…1: reciprocal rank
 * fusion's by its best possible score (first in both lists), a linear mix's already are.
 */
function fuse(
  lexical: readonly ScoredChunk[],
  nearest: readonly ScoredChunk[],
  depth: number,
  fusion: FusionParams,
): Found[] {
  const byId = new Map<string, ScoredChunk>();
  const entries = (list: readonly ScoredChunk[]) =>
    list.slice(0, depth).map((hit) => {
      if (!byId.has(hit.chunk.id)) byId.set(hit.chunk.id, hit);
      return { id: hit.chunk.id, score: hit.score };
    });
  const best = fusion.method === 'rrf' ? 2 / (fusion.k + 1) : 1;
  return fuseRankings(entries(lexical), entries(nearest), fusion).map((fused) => ({
    ...(byId.get(fused.id) as ScoredChunk),
    score: fused.score / best,
    signals: fused.signals,
    ranks: fused.ranks,
  }));
}
