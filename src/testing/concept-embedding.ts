import type { TextEmbedder } from '../core/chunk-vectors.ts';

/**
 * Concepts of the test embedding: words that mean the same thing share an axis, so two texts
 * with no word in common but the same concept get close vectors, as with a real embedding model.
 */
export const TEST_CONCEPTS: Readonly<Record<string, readonly string[]>> = {
  salt: ['salt', 'salty', 'salinity', 'saline', 'brine', 'seawater', 'desalination'],
  pump: ['pump', 'impeller', 'centrifugal', 'rotor', 'suction'],
  water: ['water', 'aqueous', 'hydration', 'liquid'],
  heat: ['heat', 'thermal', 'temperature', 'warm', 'hot', 'boiler'],
  electric: ['electric', 'electrical', 'voltage', 'current', 'battery', 'wiring'],
  plant: ['plant', 'crop', 'seedling', 'leaf', 'leaves', 'root', 'roots'],
  failure: ['failure', 'fault', 'breakdown', 'malfunction', 'broken', 'outage'],
  money: ['cost', 'price', 'budget', 'expense', 'invoice', 'money'],
};

/** Axes for words outside every concept, hashed, so unrelated texts still differ. */
const OTHER_AXES = 16;
/** An unknown word weighs this much next to a concept word. */
const OTHER_WEIGHT = 0.25;

const conceptNames = Object.keys(TEST_CONCEPTS);
const conceptOf = new Map<string, number>();
conceptNames.forEach((name, axis) => {
  for (const word of TEST_CONCEPTS[name] ?? []) conceptOf.set(word, axis);
});

/** Dimensions of a concept vector. */
export const CONCEPT_DIMENSIONS = conceptNames.length + OTHER_AXES;

const hashWord = (word: string): number => {
  let h = 2166136261;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619);
  return (h >>> 0) % OTHER_AXES;
};

/**
 * A deterministic unit vector for a text: one axis per concept its words name (a plural `s`
 * dropped), lighter hashed axes for other words. Never the zero vector.
 */
export function conceptVector(text: string): number[] {
  const vector = new Array<number>(CONCEPT_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    const axis = conceptOf.get(word) ?? conceptOf.get(word.replace(/s$/, ''));
    if (axis !== undefined) vector[axis] = (vector[axis] ?? 0) + 1;
    else {
      const other = conceptNames.length + hashWord(word);
      vector[other] = (vector[other] ?? 0) + OTHER_WEIGHT;
    }
  }
  const norm = Math.hypot(...vector);
  if (norm === 0) {
    vector[CONCEPT_DIMENSIONS - 1] = 1;
    return vector;
  }
  return vector.map((v) => v / norm);
}

/** An in-process {@link TextEmbedder} over {@link conceptVector}, counting the texts it embedded. */
export function createConceptEmbedder(
  model = 'test:concept',
): TextEmbedder & { readonly embeddedTexts: string[] } {
  const embeddedTexts: string[] = [];
  return {
    model,
    embeddedTexts,
    async embed(texts, signal) {
      signal?.throwIfAborted();
      embeddedTexts.push(...texts);
      return texts.map((t) => Float32Array.from(conceptVector(t)));
    },
  };
}

/** Cosine similarity of two vectors of the same length. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
