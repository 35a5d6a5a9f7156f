import { FootnoteError } from '../core/index.ts';

/** A vector whose length differs from the vectors already stored for its model. */
export class VectorDimensionError extends FootnoteError {
  readonly model: string;
  readonly expected: number;
  readonly actual: number;

  constructor(model: string, expected: number, actual: number) {
    super(
      'vector_dimension_mismatch',
      `vector of ${actual} dimensions for model "${model}", whose stored vectors have ${expected}`,
    );
    this.name = 'VectorDimensionError';
    this.model = model;
    this.expected = expected;
    this.actual = actual;
  }
}

/** The database cannot do vector search: its extension (sqlite-vec, pgvector) is missing or will not load. */
export class VectorExtensionUnavailableError extends FootnoteError {
  readonly backend: 'sqlite' | 'postgres';

  constructor(backend: 'sqlite' | 'postgres', message: string, options?: { cause?: unknown }) {
    super('vector_extension_unavailable', message, options);
    this.name = 'VectorExtensionUnavailableError';
    this.backend = backend;
  }
}

/** Checks a vector can be stored or searched: a non-empty array of finite numbers. */
export function assertUsableVector(model: string, vector: Float32Array): void {
  if (vector.length === 0) throw new VectorDimensionError(model, 1, 0);
}

/**
 * Whether a vector has no direction (all zeros: a text the model found nothing in). Cosine
 * similarity is undefined for it, so it is never near anything, and a zero query finds nothing.
 */
export const isZeroVector = (vector: Float32Array) => vector.every((x) => x === 0);

/** The bytes of a float32 vector as a BLOB or BYTEA parameter (little-endian, as sqlite-vec reads them). */
export const vectorBytes = (vector: Float32Array) =>
  new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
