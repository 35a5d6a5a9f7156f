import type { DocumentKind } from './document.ts';
import type { DocumentSummary, StoredChunk } from './document-store.ts';

/**
 * A live chunk that has no vector yet for an embedding model: what the embedding pass must send
 * to the model. `textHash` is the SHA-256 of `text` (hex), the key vectors are cached under, so a
 * text seen before (an unchanged chunk, a copy in another note) is never embedded twice.
 */
export interface ChunkToEmbed {
  readonly chunkId: string;
  readonly text: string;
  readonly textHash: string;
}

/** One vector computed by a model for a chunk text. */
export interface ChunkVector {
  readonly textHash: string;
  readonly vector: Float32Array;
}

/** A nearest-neighbour request: the query's vector under the same model as the stored ones. */
export interface VectorQuery {
  readonly model: string;
  readonly vector: Float32Array;
  /** Most chunks to return, nearest first. */
  readonly limit: number;
  readonly kinds?: readonly DocumentKind[];
}

/** One chunk found by vector similarity; `similarity` is the cosine similarity (1 = same direction). */
export interface VectorHit {
  readonly chunk: StoredChunk;
  readonly document: DocumentSummary;
  readonly similarity: number;
}

/** How far the embedding of a workspace has come for one model. */
export interface VectorCoverage {
  /** Live chunks (of documents that are not deleted). */
  readonly chunks: number;
  /** Of those, how many have a vector for the model. */
  readonly embedded: number;
}

/**
 * The vector port: chunk embeddings cached by text and model, and nearest-chunk search over the
 * live ones. SQLite (sqlite-vec) and PostgreSQL (pgvector) adapters implement it.
 */
export interface ChunkVectorStore {
  /**
   * Live chunks without a vector for `model`, at most `limit`, in a stable order. Chunks whose
   * text already has a cached vector for the model are linked to it here and not returned.
   */
  chunksToEmbed(model: string, limit: number): Promise<ChunkToEmbed[]>;
  /** Stores vectors for texts under `model` and links every live chunk with those texts to them. */
  putVectors(model: string, vectors: readonly ChunkVector[]): Promise<void>;
  /** The live chunks nearest to the query vector, most similar first. */
  nearestChunks(query: VectorQuery): Promise<VectorHit[]>;
  vectorCoverage(model: string): Promise<VectorCoverage>;
}

/**
 * The embedding model as search and indexing need it: texts in, one vector per text out, in
 * order. `model` names it in the vector cache (`provider:name`), so vectors of two models never mix.
 */
export interface TextEmbedder {
  readonly model: string;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}
