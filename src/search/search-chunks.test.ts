import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FootnoteError, type TextEmbedder } from '../core/index.ts';
import { SqliteStore, SqliteVectorStore } from '../store/index.ts';
import { createConceptEmbedder } from '../testing/concept-embedding.ts';
import { writeTextPdf } from '../testing/pdf-writer.ts';
import { createTempWorkspace, type TempWorkspace } from '../testing/temp-workspace.ts';
import { indexWorkspace } from '../workspace/index.ts';
import { EmbeddingModelRequiredError, searchChunks } from './search-chunks.ts';
import { searchWorkspace } from './search-workspace.ts';

/** Embeds every live chunk without a vector, as the index-time pass does, `batch` at a time. */
async function embedAll(vectors: SqliteVectorStore, embedder: TextEmbedder, most = Infinity) {
  let done = 0;
  while (done < most) {
    const batch = await vectors.chunksToEmbed(embedder.model, Math.min(16, most - done));
    if (batch.length === 0) return;
    const embedded = await embedder.embed(batch.map((c) => c.text));
    await vectors.putVectors(
      embedder.model,
      batch.map((c, i) => ({ textHash: c.textHash, vector: embedded[i] as Float32Array })),
    );
    done += batch.length;
  }
}

const estuary =
  'The mean salinity at the river mouth was 31 parts per thousand in July, lower after the storms. ' +
  'Samples were taken at dawn from the pier, at three depths, by the survey team of the harbour office, ' +
  'and compared with the figures of the previous decade kept in the archive of the port authority.';

let ws: TempWorkspace;
let store: SqliteStore;
let vectors: SqliteVectorStore;
/** The model boundary: an in-process embedder whose vectors put synonyms together. */
const embedder = createConceptEmbedder();
const SALTY = 'How salty was the water?';

beforeAll(async () => {
  ws = createTempWorkspace({
    'notes/Estuary.md': `# Estuary survey\n\n${estuary}\n`,
    'notes/Pumps.md': '# Pump maintenance\n\nThe impeller of the centrifugal pump wears out.\n',
    'notes/Budget.md': '# Budget\n\nThe invoice for the new impeller came to 4,000 euros.\n',
    'notes/Garden.md': '# Garden\n\nThe seedlings need more light in spring.\n',
    'manual.pdf': writeTextPdf([['Safety first.'], ['Check the brine tank level monthly.']]),
  });
  store = SqliteStore.open(join(ws.root, '.footnote', 'footnote.db'));
  vectors = new SqliteVectorStore(store.db);
  await indexWorkspace(ws.root, store);
});

afterAll(async () => {
  await store.close();
  ws.cleanup();
});

const paths = (results: readonly { readonly path: string }[]) => results.map((r) => r.path);

describe('searchChunks', () => {
  it('works with what is embedded so far, and says how much that is', async () => {
    const none = await searchChunks(store, vectors, embedder, 'impeller', { mode: 'hybrid' });
    expect(none.coverage).toEqual({ model: 'test:concept', chunks: 6, embedded: 0 });
    expect(paths(none.results).sort()).toEqual(['notes/Budget.md', 'notes/Pumps.md']);
    expect(none.results.every((r) => r.signals.join() === 'lexical')).toBe(true);

    await embedAll(vectors, embedder, 2);
    const some = await searchChunks(store, vectors, embedder, SALTY, { mode: 'vector' });
    expect(some.coverage).toEqual({ model: 'test:concept', chunks: 6, embedded: 2 });
    expect(some.results).toHaveLength(2);

    await embedAll(vectors, embedder);
    const all = await searchChunks(store, vectors, embedder, SALTY, { mode: 'vector' });
    expect(all.coverage).toEqual({ model: 'test:concept', chunks: 6, embedded: 6 });
  });

  it('finds a passage sharing no word with the query by meaning, where lexical finds nothing', async () => {
    expect(await searchWorkspace(store, SALTY)).toEqual([]);
    const lexical = await searchChunks(store, vectors, embedder, SALTY, { mode: 'lexical' });
    expect(lexical.results).toEqual([]);
    expect(lexical.coverage).toBeNull();

    const vector = await searchChunks(store, vectors, embedder, SALTY, { mode: 'vector' });
    expect(paths(vector.results).slice(0, 2).sort()).toEqual(['manual.pdf', 'notes/Estuary.md']);
    expect(vector.results[0]?.score).toBeGreaterThan(0.5);

    const hybrid = await searchChunks(store, vectors, embedder, SALTY, { mode: 'hybrid' });
    const top = hybrid.results[0];
    expect(paths(hybrid.results.slice(0, 2)).sort()).toEqual(['manual.pdf', 'notes/Estuary.md']);
    expect(top?.signals).toEqual(['vector']);
    expect(top?.ranks).toEqual({ vector: 1 });
  });

  it('shows the start of the chunk as the excerpt of a hit with no query word in it', async () => {
    const { results } = await searchChunks(store, vectors, embedder, SALTY, {
      mode: 'hybrid',
      kinds: ['note'],
      excerptChars: 120,
    });
    const hit = results.find((r) => r.path === 'notes/Estuary.md');
    const chunk = await store.getChunk(hit?.chunkId ?? '');
    const flat = (chunk?.text ?? '').replace(/\s+/g, ' ').trim();
    expect(flat.length).toBeGreaterThan(120);
    expect(hit?.excerpt.endsWith('…')).toBe(true);
    expect(flat.startsWith(hit?.excerpt.slice(0, -1) ?? '?')).toBe(true);
    expect(hit?.excerpt.length).toBeLessThanOrEqual(120);
  });

  it('still finds exact words, found by both signals when the meaning matches too', async () => {
    const { mode, results } = await searchChunks(store, vectors, embedder, 'impeller');
    expect(mode).toBe('hybrid');
    expect(paths(results.slice(0, 2)).sort()).toEqual(['notes/Budget.md', 'notes/Pumps.md']);
    const pumps = results.find((r) => r.path === 'notes/Pumps.md');
    expect(pumps?.signals).toEqual(['lexical', 'vector']);
    expect(pumps?.ranks.lexical).toBeGreaterThanOrEqual(1);
    expect(pumps?.ranks.vector).toBeGreaterThanOrEqual(1);
    // Reciprocal rank fusion scaled by its best possible score: first in both lists would be 1.
    expect(results.every((r) => r.score > 0 && r.score <= 1)).toBe(true);
    expect(results.map((r) => r.score)).toEqual(results.map((r) => r.score).sort((a, b) => b - a));
  });

  it('in lexical mode returns exactly what searchWorkspace returns, each found by its words', async () => {
    for (const query of ['impeller', 'pump wears', 'brine tank', SALTY]) {
      const { results } = await searchChunks(store, vectors, embedder, query, {
        mode: 'lexical',
        limit: 3,
      });
      expect(results.map(({ signals, ranks, ...rest }) => rest)).toEqual(
        await searchWorkspace(store, query, { limit: 3 }),
      );
      expect(results.every((r) => r.signals.join() === 'lexical')).toBe(true);
      expect(results.map((r) => r.ranks.lexical)).toEqual(results.map((_, i) => i + 1));
    }
  });

  it('defaults to lexical without an embedding model and refuses vector or hybrid then', async () => {
    const { mode, results } = await searchChunks(store, vectors, null, 'impeller');
    expect(mode).toBe('lexical');
    expect(paths(results).sort()).toEqual(['notes/Budget.md', 'notes/Pumps.md']);
    for (const asked of ['vector', 'hybrid'] as const) {
      const refused = searchChunks(store, vectors, null, 'impeller', { mode: asked });
      await expect(refused).rejects.toBeInstanceOf(EmbeddingModelRequiredError);
      await expect(refused).rejects.toMatchObject({
        code: 'embedding_model_required',
        mode: asked,
        message: expect.stringContaining('--embedding-model'),
      });
    }
  });

  it('falls back to words when the embedding model fails in the default mode, and says why', async () => {
    const down: TextEmbedder = {
      model: embedder.model,
      embed: async () => {
        throw new FootnoteError('embedding_request_failed', 'embedding model test:concept failed');
      },
    };
    const fallback = await searchChunks(store, vectors, down, 'impeller');
    expect(fallback.mode).toBe('lexical');
    expect(fallback.vectorError).toBe('embedding model test:concept failed');
    expect(fallback.results.map(({ signals, ranks, ...rest }) => rest)).toEqual(
      await searchWorkspace(store, 'impeller'),
    );
    // Asked for explicitly, the mode is kept and the failure is the answer.
    await expect(
      searchChunks(store, vectors, down, 'impeller', { mode: 'hybrid' }),
    ).rejects.toMatchObject({ code: 'embedding_request_failed' });
    // A bug is never hidden as a fallback.
    const broken: TextEmbedder = { model: embedder.model, embed: async () => [] };
    await expect(searchChunks(store, vectors, broken, 'impeller')).rejects.toThrow(
      /returned no vector/,
    );
    const fine = await searchChunks(store, vectors, embedder, 'impeller');
    expect(fine.vectorError).toBeNull();
  });

  it('keeps to the asked kinds on both sides', async () => {
    const pdf = await searchChunks(store, vectors, embedder, SALTY, { kinds: ['pdf'] });
    expect(paths(pdf.results)).toEqual(['manual.pdf', 'manual.pdf']);
    expect(pdf.results[0]?.page).toBe(2);
    const notes = await searchChunks(store, vectors, embedder, 'brine', { kinds: ['note'] });
    expect(notes.results.length).toBeGreaterThan(0);
    expect(notes.results.every((r) => r.kind === 'note' && r.signals.join() === 'vector')).toBe(
      true,
    );
  });

  it('caps chunks per document and mixes linearly when asked', async () => {
    const { results } = await searchChunks(store, vectors, embedder, 'brine', {
      perDocument: 1,
      fusion: { method: 'linear', vectorWeight: 0.5 },
    });
    expect(new Set(paths(results)).size).toBe(results.length);
    expect(results[0]).toMatchObject({ path: 'manual.pdf', page: 2, score: 1 });
    expect(results[0]?.signals).toEqual(['lexical', 'vector']);
  });

  it('never returns a deleted document', async () => {
    ws.remove('notes/Estuary.md');
    await indexWorkspace(ws.root, store);
    for (const mode of ['vector', 'hybrid'] as const) {
      const { results, coverage } = await searchChunks(store, vectors, embedder, SALTY, { mode });
      expect(paths(results)).not.toContain('notes/Estuary.md');
      expect(paths(results)[0]).toBe('manual.pdf');
      expect(coverage).toEqual({ model: 'test:concept', chunks: 5, embedded: 5 });
    }
  });
});
