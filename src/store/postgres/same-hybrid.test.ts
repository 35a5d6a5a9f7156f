import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChunkSearchResult, type SearchMode, searchChunks } from '../../search/index.ts';
import { createConceptEmbedder } from '../../testing/concept-embedding.ts';
import { startPgliteServer } from '../../testing/pglite-server.ts';
import { createTempWorkspace, type TempWorkspace } from '../../testing/temp-workspace.ts';
import { embedWorkspace, indexWorkspace } from '../../workspace/index.ts';
import { SqliteStore } from '../sqlite/sqlite-store.ts';
import { SqliteVectorStore } from '../sqlite/sqlite-vectors.ts';
import { PostgresDatabase } from './postgres-database.ts';
import { PostgresStore } from './postgres-store.ts';
import { PostgresVectorStore } from './postgres-vectors.ts';

// Hybrid search on PostgreSQL (pgvector, here on PGlite) finds what it finds on SQLite
// (sqlite-vec): one workspace indexed and embedded into both, the same queries in every mode.

const embedder = createConceptEmbedder();
let ws: TempWorkspace;
let server: { url: string; stop(): Promise<void> };
let sqlite: SqliteStore;
let postgres: PostgresDatabase;
const stores = {} as Record<
  'sqlite' | 'postgres',
  { store: SqliteStore | PostgresStore; vectors: SqliteVectorStore | PostgresVectorStore }
>;

beforeAll(async () => {
  ws = createTempWorkspace({
    'notes/Estuary.md': '# Estuary survey\n\nThe mean salinity at the river mouth was 31 ppt.\n',
    'notes/Brine.md': '# Brine tank\n\nCheck the brine level of the softener every week.\n',
    'notes/Pumps.md': '# Pump maintenance\n\nThe impeller of the centrifugal pump wears out.\n',
    'notes/Budget.md': '# Budget\n\nThe invoice for the new impeller came to 4,000 euros.\n',
    'notes/Garden.md': '# Garden\n\nThe seedlings need more light in spring.\n',
    'notes/Boiler.md': '# Boiler\n\nThe boiler keeps the greenhouse warm at night.\n',
  });
  sqlite = SqliteStore.open(join(ws.root, '.footnote', 'footnote.db'));
  server = await startPgliteServer();
  postgres = await PostgresDatabase.open(server.url, { workspace: ws.root, max: 2 });
  stores.sqlite = { store: sqlite, vectors: new SqliteVectorStore(sqlite.db) };
  stores.postgres = {
    store: new PostgresStore(postgres),
    vectors: new PostgresVectorStore(postgres),
  };
  for (const { store, vectors } of Object.values(stores)) {
    await indexWorkspace(ws.root, store);
    await embedWorkspace(vectors, embedder);
  }
}, 120_000);

afterAll(async () => {
  await sqlite?.close();
  await postgres?.close();
  await server?.stop();
  ws?.cleanup();
});

/** A result as both stores can agree on it (document ids, hence chunk ids, differ per store). */
const where = (r: ChunkSearchResult) => `${r.path}@${r.start}-${r.end} ${r.signals.join('+')}`;

describe('hybrid search on PostgreSQL and SQLite', () => {
  const queries = ['How salty was the water?', 'impeller', 'what does the pump cost', 'warm'];
  for (const mode of ['lexical', 'vector', 'hybrid'] as const satisfies SearchMode[]) {
    it(`finds the same passages in ${mode} mode, the best first`, async () => {
      for (const query of queries) {
        const [a, b] = await Promise.all(
          Object.values(stores).map(({ store, vectors }) =>
            searchChunks(store, vectors, embedder, query, { mode, limit: 5 }),
          ),
        );
        expect(b?.coverage).toEqual(a?.coverage);
        expect(new Set(b?.results.map(where))).toEqual(new Set(a?.results.map(where)));
        expect(b?.results[0] && where(b.results[0])).toBe(a?.results[0] && where(a.results[0]));
        for (const r of a?.results ?? [])
          expect(b?.results.find((s) => where(s) === where(r))?.score).toBeCloseTo(r.score, 3);
        if (mode !== 'lexical' && query.startsWith('How salty')) {
          // Found by meaning alone: no word of the question is in either note about salt.
          expect(
            a?.results
              .slice(0, 2)
              .map((r) => r.path)
              .sort(),
          ).toEqual(['notes/Brine.md', 'notes/Estuary.md']);
          expect(a?.results[0]?.signals).toEqual(['vector']);
        }
      }
    });
  }
});
