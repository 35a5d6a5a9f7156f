import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { describeChunkVectorStore, writeParagraphs } from '../chunk-vector-store.contract.ts';
import { SqliteStore } from './sqlite-store.ts';
import { loadSqliteVec, SqliteVectorStore } from './sqlite-vectors.ts';

describeChunkVectorStore('SQLite (sqlite-vec)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'footnote-vectors-'));
  const store = SqliteStore.open(join(dir, 'footnote.db'));
  return {
    store,
    vectors: new SqliteVectorStore(store.db),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('sqlite-vec loading', () => {
  it('says in one typed line that vectors are unavailable when the extension cannot load', async () => {
    // A connection opened without allowExtension refuses every extension, as a platform with
    // no prebuilt sqlite-vec would.
    const db = new DatabaseSync(':memory:');
    const failure = loadSqliteVec(db);
    await expect(failure).rejects.toMatchObject({
      code: 'vector_extension_unavailable',
      backend: 'sqlite',
    });
    const message = await failure.catch((error: Error) => error.message);
    expect(message).toMatch(
      /^sqlite-vec could not be loaded on .+; run without an embedding model/,
    );
    expect(message).not.toContain('\n');
    db.close();
  });

  it('is not loaded until vectors are embedded or searched', async () => {
    const store = SqliteStore.open(':memory:');
    const vectors = new SqliteVectorStore(store.db);
    const loaded = () => {
      try {
        store.db.prepare('SELECT vec_version()').get();
        return true;
      } catch {
        return false;
      }
    };
    await writeParagraphs(store, 'a', ['text']);
    expect(await vectors.vectorCoverage('stub:m')).toEqual({ chunks: 1, embedded: 0 });
    expect(loaded()).toBe(false);
    await vectors.chunksToEmbed('stub:m', 10);
    expect(loaded()).toBe(true);
    await store.close();
  });
});
