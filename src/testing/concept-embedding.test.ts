import { describe, expect, it } from 'vitest';
import {
  CONCEPT_DIMENSIONS,
  conceptVector,
  cosineSimilarity,
  createConceptEmbedder,
} from './concept-embedding.ts';

describe('conceptVector', () => {
  it('puts texts that share a concept but no word close, others apart', () => {
    const salty = conceptVector('The water tasted salty.');
    const brine = conceptVector('Brine in the aqueous tank.');
    const pump = conceptVector('The impeller was replaced.');
    expect(cosineSimilarity(salty, brine)).toBeGreaterThan(0.8);
    expect(cosineSimilarity(salty, pump)).toBeLessThan(0.2);
    expect(cosineSimilarity(conceptVector('pumps'), conceptVector('impeller'))).toBeCloseTo(1, 6);
  });

  it('is a deterministic unit vector, never zero', () => {
    for (const text of ['', '123', 'zebra crossing', 'salt']) {
      const v = conceptVector(text);
      expect(v).toHaveLength(CONCEPT_DIMENSIONS);
      expect(Math.hypot(...v)).toBeCloseTo(1, 9);
      expect(conceptVector(text)).toEqual(v);
    }
    expect(conceptVector('zebra')).not.toEqual(conceptVector('violin'));
  });
});

describe('createConceptEmbedder', () => {
  it('embeds in order and counts the texts', async () => {
    const embedder = createConceptEmbedder();
    const [a, b] = await embedder.embed(['salinity', 'pump']);
    expect(Array.from(a ?? [])).toEqual(conceptVector('salinity').map(Math.fround));
    expect(Array.from(b ?? [])).toEqual(conceptVector('pump').map(Math.fround));
    expect(embedder.embeddedTexts).toEqual(['salinity', 'pump']);
    expect(embedder.model).toBe('test:concept');
  });
});
