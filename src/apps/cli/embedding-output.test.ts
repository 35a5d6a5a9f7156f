import { describe, expect, it } from 'vitest';
import { formatEmbedReport } from './embedding-output.ts';

describe('formatEmbedReport', () => {
  it('says what was embedded and reused and the coverage', () => {
    expect(
      formatEmbedReport({
        model: 'ollama:nomic-embed-text',
        embedded: 12,
        reused: 3,
        chunks: 20,
        covered: 20,
        elapsedMs: 1530,
      }),
    ).toBe(
      'embeddings (ollama:nomic-embed-text): 12 chunks embedded, 3 reused — 20/20 chunks have vectors (1.5 s)',
    );
  });
});
