import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  Chunk,
  ChunkToEmbed,
  ChunkVectorStore,
  DocumentKind,
  DocumentStore,
} from '../core/index.ts';
import { chunkId } from '../workspace/chunk-document.ts';
import { sampleDocument } from './document-store.contract.ts';

/** The stores a vector contract run needs: documents to index, and the vectors beside them. */
export interface VectorStores {
  readonly store: DocumentStore;
  readonly vectors: ChunkVectorStore;
  cleanup(): Promise<void>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Writes a document whose chunks are `paragraphs`, with chunk ids derived from their text as the
 * indexer derives them, so an unchanged paragraph keeps its chunk id across writes.
 */
export async function writeParagraphs(
  store: DocumentStore,
  id: string,
  paragraphs: readonly string[],
  kind: DocumentKind = 'note',
): Promise<Chunk[]> {
  const body = paragraphs.join('\n\n');
  const seen = new Map<string, number>();
  let start = 0;
  const chunks = paragraphs.map((text, ordinal): Chunk => {
    const occurrence = seen.get(text) ?? 0;
    seen.set(text, occurrence + 1);
    const chunk: Chunk = {
      id: chunkId(id, text, occurrence),
      ordinal,
      text,
      start,
      end: start + text.length,
      headingPath: [],
      page: null,
      sectionId: null,
    };
    start += text.length + 2;
    return chunk;
  });
  await store.writeDocument(
    sampleDocument({
      id,
      path: `notes/${id}.md`,
      kind,
      title: id,
      aliases: [],
      slug: id,
      body,
      links: [],
      headings: [],
      blocks: [],
      contentHash: sha256(body),
      size: body.length,
    }),
    chunks,
  );
  return chunks;
}

/** A vector per text for the tests' fake models: looked up in `table`, so similarities are known. */
function embedWith(table: Readonly<Record<string, readonly number[]>>) {
  return (items: readonly ChunkToEmbed[]) =>
    items.map((item) => {
      const values = table[item.text];
      if (!values) throw new Error(`no test vector for ${item.text}`);
      return { textHash: item.textHash, vector: new Float32Array(values) };
    });
}

/** Every chunk still to embed, page by page, as the embedding pass asks for them. */
async function drain(vectors: ChunkVectorStore, model: string, page = 2) {
  const all: ChunkToEmbed[] = [];
  for (;;) {
    const batch = await vectors.chunksToEmbed(model, page);
    if (batch.length === 0) return all;
    expect(batch.length).toBeLessThanOrEqual(page);
    all.push(...batch);
    // The pass stores what it embedded before asking again; here: a vector per text.
    await vectors.putVectors(
      model,
      batch.map((item) => ({ textHash: item.textHash, vector: new Float32Array([1, 0, 0]) })),
    );
  }
}

const MODEL = 'stub:three';
const SQRT_HALF = Math.SQRT1_2;

/**
 * The behaviour every ChunkVectorStore adapter owes, as one suite: run against SQLite (sqlite-vec)
 * and PostgreSQL (pgvector), so the two cannot drift apart.
 */
export function describeChunkVectorStore(name: string, open: () => Promise<VectorStores>) {
  describe(`ChunkVectorStore contract: ${name}`, () => {
    let stores: VectorStores;
    let store: DocumentStore;
    let vectors: ChunkVectorStore;

    beforeEach(async () => {
      stores = await open();
      ({ store, vectors } = stores);
    });
    afterEach(async () => {
      await store.close();
      await stores.cleanup();
    });

    it('hands out live chunks with the SHA-256 of their text, then none once their vectors are stored', async () => {
      const chunks = await writeParagraphs(store, 'a', ['salinity of the sea', 'wind turbines']);
      expect(await vectors.vectorCoverage(MODEL)).toEqual({ chunks: 2, embedded: 0 });
      const todo = await vectors.chunksToEmbed(MODEL, 10);
      expect(todo).toEqual([
        {
          chunkId: chunks[0]?.id,
          text: 'salinity of the sea',
          textHash: sha256('salinity of the sea'),
        },
        { chunkId: chunks[1]?.id, text: 'wind turbines', textHash: sha256('wind turbines') },
      ]);
      expect(await vectors.chunksToEmbed(MODEL, 1)).toHaveLength(1);
      await vectors.putVectors(
        MODEL,
        embedWith({ 'salinity of the sea': [1, 0, 0], 'wind turbines': [0, 1, 0] })(todo),
      );
      expect(await vectors.chunksToEmbed(MODEL, 10)).toEqual([]);
      expect(await vectors.vectorCoverage(MODEL)).toEqual({ chunks: 2, embedded: 2 });
    });

    it('embeds a text once: a chunk with the same text elsewhere reuses the cached vector', async () => {
      await writeParagraphs(store, 'a', ['shared text', 'only in a', 'shared text']);
      const first = await vectors.chunksToEmbed(MODEL, 10);
      expect(first.map((c) => c.text)).toEqual(['shared text', 'only in a']);
      await vectors.putVectors(
        MODEL,
        embedWith({ 'shared text': [1, 0, 0], 'only in a': [0, 1, 0] })(first),
      );
      expect(await vectors.vectorCoverage(MODEL)).toEqual({ chunks: 3, embedded: 3 });

      const b = await writeParagraphs(store, 'b', ['shared text', 'only in b']);
      expect(await vectors.chunksToEmbed(MODEL, 10)).toEqual([
        { chunkId: b[1]?.id, text: 'only in b', textHash: sha256('only in b') },
      ]);
      expect(await vectors.vectorCoverage(MODEL)).toEqual({ chunks: 5, embedded: 4 });
      const hits = await vectors.nearestChunks({
        model: MODEL,
        vector: new Float32Array([1, 0, 0]),
        limit: 10,
      });
      expect(hits.map((h) => h.chunk.text)).toEqual([
        'shared text',
        'shared text',
        'shared text',
        'only in a',
      ]);
      for (const hit of hits.slice(0, 3)) expect(hit.similarity).toBeCloseTo(1, 6);
      expect(new Set(hits.map((h) => h.chunk.id)).size).toBe(4);
    });

    it('embeds nothing when an unchanged document is indexed again, and only the changed chunk of an edited one', async () => {
      await writeParagraphs(store, 'a', ['one', 'two', 'three']);
      expect(await drain(vectors, MODEL)).toHaveLength(3);
      await writeParagraphs(store, 'a', ['one', 'two', 'three']);
      expect(await vectors.chunksToEmbed(MODEL, 10)).toEqual([]);

      const edited = await writeParagraphs(store, 'a', ['one', 'two, edited', 'three']);
      expect(await vectors.chunksToEmbed(MODEL, 10)).toEqual([
        { chunkId: edited[1]?.id, text: 'two, edited', textHash: sha256('two, edited') },
      ]);
      expect(await vectors.vectorCoverage(MODEL)).toEqual({ chunks: 3, embedded: 2 });
      // Reverting the edit finds the old text's vector in the cache.
      await writeParagraphs(store, 'a', ['one', 'two', 'three']);
      expect(await vectors.chunksToEmbed(MODEL, 10)).toEqual([]);
      expect(await vectors.vectorCoverage(MODEL)).toEqual({ chunks: 3, embedded: 3 });
    });

    it('needs every chunk again under another model, whose vectors may have another length', async () => {
      await writeParagraphs(store, 'a', ['north', 'south']);
      await drain(vectors, MODEL);
      const other = 'stub:five';
      expect(await vectors.vectorCoverage(other)).toEqual({ chunks: 2, embedded: 0 });
      const todo = await vectors.chunksToEmbed(other, 10);
      expect(todo.map((c) => c.text)).toEqual(['north', 'south']);
      await vectors.putVectors(
        other,
        embedWith({ north: [0, 0, 0, 0, 1], south: [0, 0, 0, 1, 0] })(todo),
      );
      expect(await vectors.vectorCoverage(other)).toEqual({ chunks: 2, embedded: 2 });

      const five = await vectors.nearestChunks({
        model: other,
        vector: new Float32Array([0, 0, 0, 1, 0]),
        limit: 1,
      });
      expect(five.map((h) => h.chunk.text)).toEqual(['south']);
      const three = await vectors.nearestChunks({
        model: MODEL,
        vector: new Float32Array([1, 0, 0]),
        limit: 5,
      });
      expect(three).toHaveLength(2);
    });

    it('returns the nearest live chunks first, with their cosine similarity and document', async () => {
      await writeParagraphs(store, 'a', ['east', 'north-east', 'north']);
      await writeParagraphs(store, 'b', ['west', 'south-east']);
      const todo = await vectors.chunksToEmbed(MODEL, 10);
      await vectors.putVectors(
        MODEL,
        embedWith({
          east: [2, 0, 0],
          'north-east': [1, 1, 0],
          north: [0, 3, 0],
          west: [-1, 0, 0],
          'south-east': [1, -1, 0.5],
        })(todo),
      );
      const hits = await vectors.nearestChunks({
        model: MODEL,
        vector: new Float32Array([1, 0, 0]),
        limit: 10,
      });
      expect(hits.map((h) => h.chunk.text)).toEqual([
        'east',
        'north-east',
        'south-east',
        'north',
        'west',
      ]);
      const expected = [1, SQRT_HALF, 1 / 1.5, 0, -1];
      expect(hits.map((h) => h.similarity)).toEqual(expected.map((e) => expect.closeTo(e, 5)));
      expect(hits[0]?.document).toMatchObject({
        id: 'a',
        path: 'notes/a.md',
        title: 'a',
        kind: 'note',
        status: 'active',
      });
      expect(hits[0]?.chunk).toMatchObject({
        documentId: 'a',
        ordinal: 0,
        start: 0,
        end: 4,
        headingPath: [],
      });
      expect(hits[3]?.document.id).toBe('a');
      expect(hits[4]?.document.id).toBe('b');

      const top = await vectors.nearestChunks({
        model: MODEL,
        vector: new Float32Array([0, 1, 0]),
        limit: 2,
      });
      expect(top.map((h) => h.chunk.text)).toEqual(['north', 'north-east']);
    });

    it('never finds a chunk whose vector is all zeros, and finds nothing for a zero query', async () => {
      // A model gives a text it found nothing in no direction; cosine similarity is undefined for
      // it, and it must not come first for every query.
      await writeParagraphs(store, 'z', ['.', 'east', 'north']);
      await vectors.putVectors(
        MODEL,
        embedWith({ '.': [0, 0, 0], east: [1, 0, 0], north: [0, 1, 0] })(
          await vectors.chunksToEmbed(MODEL, 10),
        ),
      );
      expect(await vectors.chunksToEmbed(MODEL, 10)).toEqual([]);
      const hits = await vectors.nearestChunks({
        model: MODEL,
        vector: new Float32Array([1, 0.5, 0]),
        limit: 10,
      });
      expect(hits.map((h) => h.chunk.text)).toEqual(['east', 'north']);
      expect(
        await vectors.nearestChunks({ model: MODEL, vector: new Float32Array(3), limit: 10 }),
      ).toEqual([]);
    });

    it('looks past nearer texts that no live chunk carries any more, and past other kinds', async () => {
      // More dead or filtered-out texts than any first window of candidates holds.
      const near = Array.from({ length: 260 }, (_, i) => `near ${i}`);
      await writeParagraphs(store, 'gone', near);
      await writeParagraphs(store, 'pdf', ['pdf text'], 'pdf');
      await writeParagraphs(store, 'far', ['far text']);
      const table: Record<string, number[]> = { 'far text': [0, 1, 0], 'pdf text': [0.1, 1, 0] };
      for (const [i, text] of near.entries()) table[text] = [1, i / 1000, 0];
      for (;;) {
        const todo = await vectors.chunksToEmbed(MODEL, 100);
        if (todo.length === 0) break;
        await vectors.putVectors(MODEL, embedWith(table)(todo));
      }
      const query = { model: MODEL, vector: new Float32Array([1, 0, 0]), limit: 1 };
      expect(
        (await vectors.nearestChunks({ ...query, kinds: ['pdf'] })).map((h) => h.chunk.text),
      ).toEqual(['pdf text']);
      await store.markDeleted(['gone'], '2026-02-01T00:00:00.000Z');
      expect((await vectors.nearestChunks(query)).map((h) => h.chunk.text)).toEqual(['pdf text']);
      expect(
        (await vectors.nearestChunks({ ...query, kinds: ['note'] })).map((h) => h.chunk.text),
      ).toEqual(['far text']);
      expect(await vectors.nearestChunks({ ...query, kinds: ['entity'] })).toEqual([]);
    });

    it('keeps to the kinds asked for', async () => {
      await writeParagraphs(store, 'n', ['a note'], 'note');
      await writeParagraphs(store, 'p', ['a pdf page'], 'pdf');
      await vectors.putVectors(
        MODEL,
        embedWith({ 'a note': [1, 0, 0], 'a pdf page': [1, 0.1, 0] })(
          await vectors.chunksToEmbed(MODEL, 10),
        ),
      );
      const query = { model: MODEL, vector: new Float32Array([1, 0, 0]), limit: 10 };
      expect(
        (await vectors.nearestChunks({ ...query, kinds: ['pdf'] })).map((h) => h.document.id),
      ).toEqual(['p']);
      expect(
        (await vectors.nearestChunks({ ...query, kinds: ['note', 'pdf'] })).map(
          (h) => h.document.id,
        ),
      ).toEqual(['n', 'p']);
      expect(await vectors.nearestChunks({ ...query, kinds: ['entity'] })).toEqual([]);
    });

    it('never returns chunks of deleted documents or chunks an edit replaced', async () => {
      await writeParagraphs(store, 'keep', ['kept text', 'dropped text']);
      await writeParagraphs(store, 'gone', ['deleted text']);
      await drain(vectors, MODEL);
      expect(await vectors.vectorCoverage(MODEL)).toEqual({ chunks: 3, embedded: 3 });

      await store.markDeleted(['gone'], '2026-02-01T00:00:00.000Z');
      await writeParagraphs(store, 'keep', ['kept text']);
      const hits = await vectors.nearestChunks({
        model: MODEL,
        vector: new Float32Array([1, 0, 0]),
        limit: 10,
      });
      expect(hits.map((h) => h.chunk.text)).toEqual(['kept text']);
      expect(await vectors.vectorCoverage(MODEL)).toEqual({ chunks: 1, embedded: 1 });
      expect(await vectors.chunksToEmbed(MODEL, 10)).toEqual([]);
    });

    it("refuses a vector whose length differs from the model's stored vectors", async () => {
      await writeParagraphs(store, 'a', ['text']);
      await drain(vectors, MODEL);
      const wrong = vectors.nearestChunks({
        model: MODEL,
        vector: new Float32Array([1, 0]),
        limit: 3,
      });
      await expect(wrong).rejects.toMatchObject({
        code: 'vector_dimension_mismatch',
        model: MODEL,
        expected: 3,
        actual: 2,
      });
      await expect(
        vectors.putVectors(MODEL, [
          { textHash: sha256('other'), vector: new Float32Array([1, 2, 3, 4]) },
        ]),
      ).rejects.toMatchObject({ code: 'vector_dimension_mismatch', expected: 3, actual: 4 });
      await expect(
        vectors.putVectors('stub:new', [
          { textHash: sha256('x'), vector: new Float32Array([1, 2]) },
          { textHash: sha256('y'), vector: new Float32Array([1, 2, 3]) },
        ]),
      ).rejects.toMatchObject({ code: 'vector_dimension_mismatch', expected: 2, actual: 3 });
      // Nothing of the refused batch was kept.
      expect(await vectors.vectorCoverage('stub:new')).toEqual({ chunks: 1, embedded: 0 });
    });

    it('finds nothing for a model with no vectors, or with an empty store', async () => {
      const query = { model: MODEL, vector: new Float32Array([1, 0, 0]), limit: 5 };
      expect(await vectors.nearestChunks(query)).toEqual([]);
      expect(await vectors.chunksToEmbed(MODEL, 5)).toEqual([]);
      expect(await vectors.vectorCoverage(MODEL)).toEqual({ chunks: 0, embedded: 0 });
      await writeParagraphs(store, 'a', ['text']);
      expect(await vectors.nearestChunks(query)).toEqual([]);
      expect(await vectors.nearestChunks({ ...query, limit: 0 })).toEqual([]);
    });
  });
}
