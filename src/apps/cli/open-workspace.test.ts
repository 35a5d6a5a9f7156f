import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TextEmbedder } from '../../core/chunk-vectors.ts';
import type { SqliteStore } from '../../store/sqlite/sqlite-store.ts';
import { CONCEPT_DIMENSIONS, createConceptEmbedder } from '../../testing/concept-embedding.ts';
import { createTempWorkspace, type TempWorkspace } from '../../testing/temp-workspace.ts';
import { type OpenWorkspace, openWorkspace, refreshIndex } from './open-workspace.ts';

let ws: TempWorkspace;
let opened: OpenWorkspace | null = null;
const saved = { ...process.env };

beforeEach(() => {
  ws = createTempWorkspace({ 'salt.md': '# Salt\n\nBrine.\n', 'pump.md': '# Pump\n\nImpeller.\n' });
  delete process.env.FOOTNOTE_EMBEDDING_MODEL;
  delete process.env.FOOTNOTE_EMBEDDING_BASE_URL;
  delete process.env.DATABASE_URL;
});
afterEach(async () => {
  await opened?.close();
  opened = null;
  ws.cleanup();
  process.env = { ...saved };
});

/** Whether sqlite-vec is loaded on the workspace's connection. */
const vecLoaded = (w: OpenWorkspace) => {
  try {
    (w.store as SqliteStore).db.prepare('SELECT vec_version()').get();
    return true;
  } catch {
    return false;
  }
};

describe('refreshIndex', () => {
  it('without an embedding model indexes lexically and never loads sqlite-vec', async () => {
    opened = await openWorkspace(ws.root);
    expect(opened.embedder).toBeNull();
    const report = await refreshIndex(opened, { quiet: true });
    expect(report.documents).toBe(2);
    expect(report.embedding).toBeUndefined();
    expect(vecLoaded(opened)).toBe(false);
  });

  it('with an embedding model embeds after indexing, and nothing on a second run', async () => {
    const w = await openWorkspace(ws.root);
    const embedder = createConceptEmbedder();
    opened = { ...w, embedder };
    const first = await refreshIndex(opened, { quiet: true });
    expect(first.embedding).toMatchObject({ embedded: first.chunks, covered: first.chunks });
    // The detector above does see the extension once a vector search loads it.
    await opened.vectors.nearestChunks({
      model: embedder.model,
      vector: new Float32Array(CONCEPT_DIMENSIONS).fill(1),
      limit: 1,
    });
    expect(vecLoaded(opened)).toBe(true);
    const second = await refreshIndex(opened, { quiet: true });
    expect(second.embedding?.embedded).toBe(0);
    expect(embedder.embeddedTexts).toHaveLength(first.chunks);
  });

  it('a failing embedding model keeps the index and reports the message', async () => {
    const w = await openWorkspace(ws.root);
    const failing: TextEmbedder = {
      model: 'test:down',
      embed: async () => {
        throw new Error('embedding model test:down failed: HTTP 503: overloaded');
      },
    };
    opened = { ...w, embedder: failing };
    const told: string[] = [];
    const report = await refreshIndex(opened, {
      quiet: true,
      onEmbeddingError: (m) => told.push(m),
    });
    expect(report.documents).toBe(2);
    expect(report.embeddingError).toBe('embedding model test:down failed: HTTP 503: overloaded');
    expect(told).toEqual([report.embeddingError]);
    expect((await opened.store.listDocuments()).length).toBe(2);
  });

  it('opens with the embedder of the flags', async () => {
    opened = await openWorkspace(ws.root, {
      embeddingModel: 'openai-compatible:m',
      embeddingBaseUrl: 'http://127.0.0.1:9/v1',
    });
    expect(opened.embedder?.model).toBe('openai-compatible:m');
  });
});
