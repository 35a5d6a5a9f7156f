import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TextEmbedder } from '../core/chunk-vectors.ts';
import { openWorkspaceStores, type WorkspaceStores } from '../store/open-stores.ts';
import { conceptVector, createConceptEmbedder } from '../testing/concept-embedding.ts';
import { createTempWorkspace, type TempWorkspace } from '../testing/temp-workspace.ts';
import { EmbeddingStalledError, embedWorkspace } from './embed-chunks.ts';
import { indexWorkspace } from './index-workspace.ts';

const notes = {
  'salt.md': '# Salt\n\nThe brine tank holds saline water.\n',
  'pump.md': '# Pump\n\nThe impeller of the centrifugal pump.\n',
  'budget.md': '# Budget\n\nThe invoice for the boiler.\n',
};

let ws: TempWorkspace;
let stores: WorkspaceStores;

beforeEach(async () => {
  ws = createTempWorkspace(notes);
  stores = await openWorkspaceStores(ws.root);
  await indexWorkspace(ws.root, stores.store);
});

afterEach(async () => {
  await stores.close();
  ws.cleanup();
});

const liveChunks = async () => (await stores.vectors.vectorCoverage('any')).chunks;

describe('embedWorkspace on a real SQLite file', () => {
  it('embeds every live chunk once, then nothing on a rerun', async () => {
    const total = await liveChunks();
    expect(total).toBeGreaterThanOrEqual(3);
    const embedder = createConceptEmbedder();
    const progress: Array<{ done: number; total: number }> = [];
    const first = await embedWorkspace(stores.vectors, embedder, {
      batchSize: 2,
      onProgress: (p) => progress.push({ ...p }),
    });
    expect(first).toMatchObject({
      model: 'test:concept',
      embedded: total,
      reused: 0,
      chunks: total,
      covered: total,
    });
    expect(embedder.embeddedTexts).toHaveLength(total);
    expect(progress[0]).toEqual({ done: 0, total });
    expect(progress.at(-1)).toEqual({ done: total, total });
    expect(progress.map((p) => p.done)).toEqual(
      [...progress.map((p) => p.done)].sort((a, b) => a - b),
    );

    await indexWorkspace(ws.root, stores.store);
    const again = await embedWorkspace(stores.vectors, embedder);
    expect(again).toMatchObject({ embedded: 0, reused: 0, covered: total });
    expect(embedder.embeddedTexts).toHaveLength(total);

    const [hit] = await stores.vectors.nearestChunks({
      model: 'test:concept',
      vector: Float32Array.from(conceptVector('salinity')),
      limit: 1,
    });
    expect(hit?.document.path).toBe('salt.md');
  });

  it('after editing one note embeds only its changed chunks, reusing the rest', async () => {
    const embedder = createConceptEmbedder();
    await embedWorkspace(stores.vectors, embedder);
    const before = embedder.embeddedTexts.length;
    ws.write(
      'pump.md',
      '# Pump\n\nThe impeller of the centrifugal pump.\n\n## Rotor\n\nA new rotor.\n',
    );
    await indexWorkspace(ws.root, stores.store);
    const report = await embedWorkspace(stores.vectors, embedder);
    const sent = embedder.embeddedTexts.slice(before);
    expect(report.embedded).toBe(sent.length);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((t) => !t.includes('brine') && !t.includes('invoice'))).toBe(true);
    expect(sent.some((t) => t.includes('A new rotor.'))).toBe(true);
    expect(report.covered).toBe(report.chunks);
  });

  it('a text copied into another note is reused, not embedded again', async () => {
    const embedder = createConceptEmbedder();
    await embedWorkspace(stores.vectors, embedder);
    const before = embedder.embeddedTexts.length;
    ws.write('copy.md', notes['salt.md']);
    await indexWorkspace(ws.root, stores.store);
    const report = await embedWorkspace(stores.vectors, embedder);
    expect(embedder.embeddedTexts.length - before).toBe(report.embedded);
    expect(report.embedded).toBe(0);
    expect(report.reused).toBeGreaterThan(0);
    expect(report.covered).toBe(report.chunks);
  });

  it('switching model embeds every chunk again', async () => {
    await embedWorkspace(stores.vectors, createConceptEmbedder('test:one'));
    const other = createConceptEmbedder('test:two');
    const report = await embedWorkspace(stores.vectors, other);
    expect(report.embedded).toBe(await liveChunks());
    expect(other.embeddedTexts).toHaveLength(report.embedded);
  });

  it('an abort keeps the finished batches and the next pass continues', async () => {
    const total = await liveChunks();
    const controller = new AbortController();
    const inner = createConceptEmbedder();
    let calls = 0;
    const stopping: TextEmbedder = {
      model: inner.model,
      async embed(texts, signal) {
        calls++;
        const vectors = await inner.embed(texts, signal);
        if (calls === 2) controller.abort(new Error('stop'));
        return vectors;
      },
    };
    await expect(
      embedWorkspace(stores.vectors, stopping, { batchSize: 1, signal: controller.signal }),
    ).rejects.toThrow('stop');
    expect((await stores.vectors.vectorCoverage(inner.model)).embedded).toBe(1);
    const rest = await embedWorkspace(stores.vectors, inner, { batchSize: 1 });
    expect(rest.embedded).toBe(total - 1);
    expect(inner.embeddedTexts).toHaveLength(total + 1);
    expect(rest.covered).toBe(total);
  });

  it('a failing embedder stores nothing of its batch and rethrows', async () => {
    const failing: TextEmbedder = {
      model: 'test:fail',
      embed: async () => {
        throw new Error('endpoint down');
      },
    };
    await expect(embedWorkspace(stores.vectors, failing)).rejects.toThrow('endpoint down');
    expect((await stores.vectors.vectorCoverage('test:fail')).embedded).toBe(0);
  });

  it('stops with a typed error when the store offers a stored text again', async () => {
    const stuck = {
      ...stores.vectors,
      chunksToEmbed: async () => [{ chunkId: 'c', text: 'salt', textHash: 'h'.repeat(64) }],
      putVectors: async () => {},
      vectorCoverage: async () => ({ chunks: 1, embedded: 0 }),
      nearestChunks: async () => [],
    };
    await expect(embedWorkspace(stuck, createConceptEmbedder())).rejects.toBeInstanceOf(
      EmbeddingStalledError,
    );
  });
});
