import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteServer } from '../testing/pglite-server.ts';
import { writeParagraphs } from './chunk-vector-store.contract.ts';
import { openWorkspaceStores, type WorkspaceStores } from './open-stores.ts';

/** Embeds every chunk of a one-note workspace through `ws.vectors` and finds it again. */
async function roundTrip(ws: WorkspaceStores) {
  await writeParagraphs(ws.store, 'note', ['the mean salinity of the water']);
  const todo = await ws.vectors.chunksToEmbed('stub:two', 10);
  await ws.vectors.putVectors(
    'stub:two',
    todo.map((item) => ({ textHash: item.textHash, vector: new Float32Array([0.6, 0.8]) })),
  );
  return ws.vectors.nearestChunks({
    model: 'stub:two',
    vector: new Float32Array([0.6, 0.8]),
    limit: 5,
  });
}

describe('a workspace opens its vector store beside its document store', () => {
  let dir: string;
  let pglite: { url: string; stop(): Promise<void> };
  // PGlite runs initdb in WebAssembly on start: seconds, more on a busy machine.
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'footnote-ws-vectors-'));
    pglite = await startPgliteServer();
  }, 120_000);
  afterAll(async () => {
    await pglite?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('on SQLite', async () => {
    const ws = await openWorkspaceStores(dir);
    try {
      const hits = await roundTrip(ws);
      expect(hits.map((h) => [h.document.id, h.chunk.text])).toEqual([
        ['note', 'the mean salinity of the water'],
      ]);
      expect(hits[0]?.similarity).toBeCloseTo(1, 6);
    } finally {
      await ws.close();
    }
  });

  it('on PostgreSQL', async () => {
    const ws = await openWorkspaceStores(dir, { databaseUrl: pglite.url });
    try {
      const hits = await roundTrip(ws);
      expect(hits.map((h) => [h.document.id, h.chunk.text])).toEqual([
        ['note', 'the mean salinity of the water'],
      ]);
      expect(await ws.vectors.vectorCoverage('stub:two')).toEqual({ chunks: 1, embedded: 1 });
    } finally {
      await ws.close();
    }
  });
});
