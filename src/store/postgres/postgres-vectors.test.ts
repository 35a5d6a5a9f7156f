import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteServer } from '../../testing/pglite-server.ts';
import { openTestPostgres, skipPostgres } from '../../testing/postgres-test-database.ts';
import { describeChunkVectorStore, writeParagraphs } from '../chunk-vector-store.contract.ts';
import { PostgresDatabase } from './postgres-database.ts';
import { PostgresStore } from './postgres-store.ts';
import { PostgresVectorStore } from './postgres-vectors.ts';

describe('PostgreSQL with pgvector (PGlite over the wire protocol)', () => {
  let server: { url: string; stop(): Promise<void> };
  // PGlite runs initdb in WebAssembly on start: seconds, more on a busy machine.
  let next = 0;
  beforeAll(async () => {
    server = await startPgliteServer();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  // One PGlite database for the file; each test works in a workspace of its own, which is all
  // the isolation the adapters promise (every row is keyed by workspace).
  describeChunkVectorStore('PostgreSQL (pgvector on PGlite)', async () => {
    next += 1;
    const db = await PostgresDatabase.open(server.url, { workspace: `/vectors/${next}`, max: 2 });
    return {
      store: new PostgresStore(db),
      vectors: new PostgresVectorStore(db),
      cleanup: async () => undefined,
    };
  });

  it("never returns one workspace's vectors in another's search, nor counts its chunks", async () => {
    const one = await PostgresDatabase.open(server.url, { workspace: '/isolation/one', max: 2 });
    const two = await PostgresDatabase.open(server.url, { workspace: '/isolation/two', max: 2 });
    try {
      const [storeOne, storeTwo] = [new PostgresStore(one), new PostgresStore(two)];
      const [vectorsOne, vectorsTwo] = [new PostgresVectorStore(one), new PostgresVectorStore(two)];
      const model = 'stub:three';
      // The same note in both: same chunk ids, same text hashes.
      await writeParagraphs(storeOne, 'same', ['salt in the sea']);
      await writeParagraphs(storeTwo, 'same', ['salt in the sea']);
      await writeParagraphs(storeTwo, 'other', ['fresh water']);
      const todoOne = await vectorsOne.chunksToEmbed(model, 10);
      expect(todoOne.map((c) => c.text)).toEqual(['salt in the sea']);
      await vectorsOne.putVectors(model, [
        { textHash: todoOne[0]?.textHash as string, vector: new Float32Array([1, 0, 0]) },
      ]);

      // Workspace two has not embedded anything: the vector of one is not its vector.
      expect(await vectorsTwo.vectorCoverage(model)).toEqual({ chunks: 2, embedded: 0 });
      const query = { model, vector: new Float32Array([1, 0, 0]), limit: 10 };
      expect(await vectorsTwo.nearestChunks(query)).toEqual([]);
      expect((await vectorsTwo.chunksToEmbed(model, 10)).map((c) => c.text)).toEqual([
        'salt in the sea',
        'fresh water',
      ]);
      await vectorsTwo.putVectors(model, [
        { textHash: todoOne[0]?.textHash as string, vector: new Float32Array([0, 1, 0]) },
      ]);

      const inOne = await vectorsOne.nearestChunks(query);
      expect(inOne).toHaveLength(1);
      expect(inOne[0]?.similarity).toBeCloseTo(1, 6);
      const inTwo = await vectorsTwo.nearestChunks(query);
      expect(inTwo.map((h) => h.chunk.text)).toEqual(['salt in the sea']);
      expect(inTwo[0]?.similarity).toBeCloseTo(0, 6);
      expect(await vectorsOne.vectorCoverage(model)).toEqual({ chunks: 1, embedded: 1 });
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe.skipIf(skipPostgres)('PostgreSQL without pgvector (the local server)', () => {
  it('serves documents, and says in one typed line how to get vectors when they are first used', async () => {
    const { db, cleanup } = await openTestPostgres();
    try {
      const available = await db.query(
        "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'",
      );
      // This test is about a server without pgvector; on one that has it, the PGlite suite covers it.
      if (available.rowCount !== 0) return;
      const store = new PostgresStore(db);
      await writeParagraphs(store, 'a', ['text']);
      const vectors = new PostgresVectorStore(db);
      const failure = vectors.chunksToEmbed('stub:m', 10);
      await expect(failure).rejects.toMatchObject({
        code: 'vector_extension_unavailable',
        backend: 'postgres',
      });
      const message = await failure.catch((error: Error) => error.message);
      expect(message).toMatch(
        /^pgvector is not installed on this PostgreSQL server: install it .+ or run without an embedding model$/,
      );
      // Nothing was half set up, and the documents are still there.
      const tables = await db.query(
        "SELECT 1 FROM pg_tables WHERE tablename IN ('text_vectors', 'chunk_texts', 'vector_schema_migrations')",
      );
      expect(tables.rowCount).toBe(0);
      expect((await store.stats()).chunks).toBe(1);
      await expect(
        vectors.nearestChunks({ model: 'stub:m', vector: new Float32Array([1]), limit: 1 }),
      ).rejects.toMatchObject({
        code: 'vector_extension_unavailable',
      });
    } finally {
      await cleanup();
    }
  });
});
