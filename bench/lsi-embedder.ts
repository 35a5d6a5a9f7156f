import { analyzeText } from '../src/core/index.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * A latent semantic indexing model trained on one corpus: a stand-in for an embedding model
 * where none can be downloaded, so hybrid retrieval and its fusion can be measured offline.
 * Terms that occur in the same documents end up near each other, which is the property hybrid
 * search relies on (a question worded differently from the passage still lands near it).
 */
export interface LsiModel {
  readonly dimensions: number;
  /** Terms the model knows (those in at least `minDocumentFrequency` training texts). */
  readonly vocabulary: number;
  /** The unit-length vector of a text; all zeros when it shares no term with the corpus. */
  embed(text: string): Float32Array;
}

/** Options for {@link trainLsi}. */
export interface LsiOptions {
  /** Latent dimensions kept. @default 128 */
  readonly dimensions?: number;
  /** Terms in fewer training texts are left out. @default 2 */
  readonly minDocumentFrequency?: number;
  /** Extra random directions for the range finder. @default 12 */
  readonly oversampling?: number;
  /** Power iterations of the range finder (sharper leading directions). @default 3 */
  readonly powerIterations?: number;
  readonly seed?: number;
}

type SparseColumn = { readonly terms: Int32Array; readonly weights: Float64Array };

/** Builds an LSI model by a randomized truncated SVD of the texts' tf-idf term-document matrix. */
export function trainLsi(texts: readonly string[], options: LsiOptions = {}): LsiModel {
  const {
    dimensions = 128,
    minDocumentFrequency = 2,
    oversampling = 12,
    powerIterations = 3,
    seed = 17,
  } = options;
  const analyzed = texts.map((t) => analyzeText(t));
  const df = new Map<string, number>();
  for (const terms of analyzed) for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  const index = new Map<string, number>();
  for (const [term, n] of df) if (n >= minDocumentFrequency) index.set(term, index.size);
  const m = index.size;
  const n = texts.length;
  const idf = new Float64Array(m);
  for (const [term, i] of index) idf[i] = Math.log(n / (df.get(term) as number));
  const weigh = (terms: readonly string[]): SparseColumn => {
    const tf = new Map<number, number>();
    for (const t of terms) {
      const i = index.get(t);
      if (i !== undefined) tf.set(i, (tf.get(i) ?? 0) + 1);
    }
    const ids = Int32Array.from(tf.keys());
    const weights = Float64Array.from(
      [...tf.values()],
      (count, k) => (1 + Math.log(count)) * (idf[ids[k] as number] as number),
    );
    const norm = Math.hypot(...weights) || 1;
    for (let k = 0; k < weights.length; k++) (weights[k] as number) /= norm;
    return { terms: ids, weights };
  };
  const columns = analyzed.map(weigh);

  const l = Math.min(dimensions + oversampling, m, n);
  if (l === 0) {
    // Nothing to learn from (no term in enough texts): every text gets the zero vector.
    return { dimensions: 1, vocabulary: m, embed: () => new Float32Array(1) };
  }
  const random = seededRandom(seed);
  const gaussian = () => {
    const u = random.next() || 1e-12;
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
  };
  // Y = A·Ω (m × l), then (A·Aᵀ)^q·Y with re-orthonormalization, then Q = orth(Y).
  const omega = Float64Array.from({ length: n * l }, gaussian);
  let y = multiplyA(columns, omega, m, l);
  orthonormalize(y, m, l);
  for (let q = 0; q < powerIterations; q++) {
    const z = multiplyAt(columns, y, n, l);
    orthonormalize(z, n, l);
    y = multiplyA(columns, z, m, l);
    orthonormalize(y, m, l);
  }
  // B = Qᵀ·A (l × n); the eigenvectors of B·Bᵀ rotate Q onto the leading left singular vectors.
  const bt = multiplyAt(columns, y, n, l); // n × l, = Bᵀ
  const gram = new Float64Array(l * l);
  for (let r = 0; r < n; r++)
    for (let a = 0; a < l; a++) {
      const va = bt[r * l + a] as number;
      if (va === 0) continue;
      for (let b = a; b < l; b++) (gram[a * l + b] as number) += va * (bt[r * l + b] as number);
    }
  for (let a = 0; a < l; a++)
    for (let b = 0; b < a; b++) gram[a * l + b] = gram[b * l + a] as number;
  const { values, vectors } = symmetricEigen(gram, l);
  const order = [...values.keys()].sort((a, b) => (values[b] as number) - (values[a] as number));
  const k = Math.min(dimensions, l);
  // U = Q·W, kept as term rows (m × k) so a text's vector is a sum over its terms.
  const u = new Float64Array(m * k);
  for (let i = 0; i < m; i++)
    for (let c = 0; c < k; c++) {
      const w = order[c] as number;
      let sum = 0;
      for (let a = 0; a < l; a++) sum += (y[i * l + a] as number) * (vectors[a * l + w] as number);
      u[i * k + c] = sum;
    }
  return {
    dimensions: k,
    vocabulary: m,
    embed(text) {
      const { terms, weights } = weigh(analyzeText(text));
      const out = new Float32Array(k);
      const acc = new Float64Array(k);
      for (let t = 0; t < terms.length; t++) {
        const row = (terms[t] as number) * k;
        const w = weights[t] as number;
        for (let c = 0; c < k; c++) (acc[c] as number) += w * (u[row + c] as number);
      }
      const norm = Math.hypot(...acc);
      if (norm > 0) for (let c = 0; c < k; c++) out[c] = (acc[c] as number) / norm;
      return out;
    },
  };
}

/** A·X for the sparse term-document matrix A (m × n) and dense X (n × l), row-major. */
function multiplyA(columns: readonly SparseColumn[], x: Float64Array, m: number, l: number) {
  const out = new Float64Array(m * l);
  columns.forEach(({ terms, weights }, j) => {
    for (let t = 0; t < terms.length; t++) {
      const row = (terms[t] as number) * l;
      const w = weights[t] as number;
      for (let c = 0; c < l; c++) (out[row + c] as number) += w * (x[j * l + c] as number);
    }
  });
  return out;
}

/** Aᵀ·Y for the sparse A (m × n) and dense Y (m × l): n × l, row-major. */
function multiplyAt(columns: readonly SparseColumn[], y: Float64Array, n: number, l: number) {
  const out = new Float64Array(n * l);
  columns.forEach(({ terms, weights }, j) => {
    for (let t = 0; t < terms.length; t++) {
      const row = (terms[t] as number) * l;
      const w = weights[t] as number;
      for (let c = 0; c < l; c++) (out[j * l + c] as number) += w * (y[row + c] as number);
    }
  });
  return out;
}

/** Makes the columns of a rows × cols matrix orthonormal in place (modified Gram–Schmidt). */
function orthonormalize(matrix: Float64Array, rows: number, cols: number): void {
  for (let c = 0; c < cols; c++) {
    for (let p = 0; p < c; p++) {
      let dot = 0;
      for (let r = 0; r < rows; r++)
        dot += (matrix[r * cols + c] as number) * (matrix[r * cols + p] as number);
      for (let r = 0; r < rows; r++)
        (matrix[r * cols + c] as number) -= dot * (matrix[r * cols + p] as number);
    }
    let norm = 0;
    for (let r = 0; r < rows; r++) norm += (matrix[r * cols + c] as number) ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let r = 0; r < rows; r++) (matrix[r * cols + c] as number) /= norm;
  }
}

/** Eigenvalues and eigenvectors (as columns) of a symmetric size × size matrix, by cyclic Jacobi. */
export function symmetricEigen(input: Float64Array, size: number) {
  const a = Float64Array.from(input);
  const v = new Float64Array(size * size);
  for (let i = 0; i < size; i++) v[i * size + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < size; p++)
      for (let q = p + 1; q < size; q++) off += (a[p * size + q] as number) ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < size; p++)
      for (let q = p + 1; q < size; q++) {
        const apq = a[p * size + q] as number;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = ((a[q * size + q] as number) - (a[p * size + p] as number)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < size; k++) {
          const akp = a[k * size + p] as number;
          const akq = a[k * size + q] as number;
          a[k * size + p] = c * akp - s * akq;
          a[k * size + q] = s * akp + c * akq;
        }
        for (let k = 0; k < size; k++) {
          const apk = a[p * size + k] as number;
          const aqk = a[q * size + k] as number;
          a[p * size + k] = c * apk - s * aqk;
          a[q * size + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < size; k++) {
          const vkp = v[k * size + p] as number;
          const vkq = v[k * size + q] as number;
          v[k * size + p] = c * vkp - s * vkq;
          v[k * size + q] = s * vkp + c * vkq;
        }
      }
  }
  const values = Array.from({ length: size }, (_, i) => a[i * size + i] as number);
  return { values, vectors: v };
}
