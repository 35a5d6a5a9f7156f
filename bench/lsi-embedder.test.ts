import { describe, expect, it } from 'vitest';
import { symmetricEigen, trainLsi } from './lsi-embedder.ts';
import { seededRandom } from './seeded-random.ts';

const cosine = (a: Float32Array, b: Float32Array) =>
  a.reduce((sum, x, i) => sum + x * (b[i] as number), 0);

describe('symmetricEigen', () => {
  it('finds A·v = λ·v for a random symmetric matrix', () => {
    const size = 12;
    const random = seededRandom(3);
    const a = new Float64Array(size * size);
    for (let i = 0; i < size; i++)
      for (let j = i; j < size; j++) a[i * size + j] = a[j * size + i] = random.next() - 0.5;
    const { values, vectors } = symmetricEigen(a, size);
    for (let e = 0; e < size; e++)
      for (let i = 0; i < size; i++) {
        let av = 0;
        for (let j = 0; j < size; j++)
          av += (a[i * size + j] as number) * (vectors[j * size + e] as number);
        expect(av).toBeCloseTo((values[e] as number) * (vectors[i * size + e] as number), 9);
      }
  });
});

describe('trainLsi', () => {
  // Two topics; within each, words that co-occur across documents.
  const water = ['salinity', 'salty', 'brine', 'ocean', 'seawater', 'evaporation'];
  const flight = ['wing', 'lift', 'airfoil', 'drag', 'aircraft', 'stall'];
  const random = seededRandom(9);
  const corpus = Array.from({ length: 80 }, (_, i) => {
    const words = i % 2 === 0 ? water : flight;
    return Array.from({ length: 12 }, () => random.pick(words)).join(' ');
  });
  const model = trainLsi(corpus, { dimensions: 2 });

  it('puts words of one topic together, apart from the other topic', () => {
    const salty = model.embed('How salty was it?');
    expect(cosine(salty, model.embed('mean salinity of the brine'))).toBeGreaterThan(0.8);
    expect(cosine(salty, model.embed('lift and drag of the airfoil'))).toBeLessThan(0.3);
    expect(model.dimensions).toBe(2);
  });

  it('gives unit vectors, and zeros for text it does not know', () => {
    const v = model.embed('wing stall');
    expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    expect([...model.embed('zebra quartz')].every((x) => x === 0)).toBe(true);
  });
});
