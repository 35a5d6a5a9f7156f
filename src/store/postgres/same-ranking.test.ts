import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStore } from '../../core/index.ts';
import { searchWorkspace } from '../../search/index.ts';
import { openTestPostgres, skipPostgres } from '../../testing/postgres-test-database.ts';
import { sampleChunk, sampleDocument } from '../document-store.contract.ts';
import { SqliteStore } from '../sqlite/sqlite-store.ts';
import { PostgresStore } from './postgres-store.ts';

const WORDS = (
  'pump impeller flow pressure valve turbine blade wing boundary layer shock wave heat ' +
  'transfer nozzle supersonic laminar turbulent drag lift vortex cylinder plate stress ' +
  'buckling shell panel flutter mach number viscous jet engine compressor'
).split(' ');

/** A deterministic corpus of 130 documents, two chunks each: enough for query expansion to run. */
function corpus() {
  let state = 7;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const word = () => WORDS[Math.floor(next() * WORDS.length)] as string;
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  return Array.from({ length: 130 }, (_, i) => {
    const first = `${sentence(8 + Math.floor(next() * 30))}.`;
    const second = `${sentence(5 + Math.floor(next() * 40))}.`;
    const body = `${first}\n\n${second}`;
    const doc = sampleDocument({
      id: `doc-${i}`,
      path: `notes/n${i}.md`,
      kind: i % 5 === 0 ? 'pdf' : 'note',
      title: sentence(2 + (i % 3)),
      aliases: i % 7 === 0 ? [word()] : [],
      body,
      links: [],
      contentHash: `h${i}`,
    });
    const chunks = [
      { ...sampleChunk(doc, 0, first.length, 0), headingPath: [sentence(2)] },
      sampleChunk(doc, first.length + 2, body.length, 1),
    ];
    return { doc, chunks };
  });
}

const QUERIES = [
  'pump impeller flow',
  'supersonic shock wave boundary layer',
  'heat transfer in a laminar jet',
  'buckling of shell panels under stress',
  'vortex',
  'mach number drag lift on a wing',
];

describe.skipIf(skipPostgres)('SQLite and PostgreSQL rank alike', () => {
  let dir: string;
  let sqlite: SqliteStore;
  let postgres: PostgresStore;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'footnote-same-ranking-'));
    sqlite = SqliteStore.open(join(dir, 'footnote.db'));
    const opened = await openTestPostgres();
    postgres = new PostgresStore(opened.db);
    cleanup = opened.cleanup;
    const docs = corpus();
    for (const store of [sqlite, postgres] as DocumentStore[]) {
      await store.transaction(async () => {
        for (const { doc, chunks } of docs) await store.writeDocument(doc, chunks);
      });
      // A rewrite and a delete, so retired chunks must stay out of both indexes.
      const { doc, chunks } = docs[3] as (typeof docs)[number];
      await store.writeDocument({ ...doc, contentHash: 'changed', body: `${doc.body} vortex` }, [
        sampleChunk(
          { ...doc, contentHash: 'changed', body: `${doc.body} vortex` },
          0,
          doc.body.length + 7,
        ),
      ]);
      await store.markDeleted(
        [(docs[4] as (typeof docs)[number]).doc.id],
        '2026-02-01T00:00:00.000Z',
      );
      expect(chunks.length).toBe(2);
    }
  });
  afterAll(async () => {
    await sqlite?.close();
    await cleanup?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('report the same corpus statistics', async () => {
    const terms = ['pump', 'impel', 'vortex', 'absent'];
    expect(await postgres.lexicalStats(terms)).toEqual(await sqlite.lexicalStats(terms));
    expect(await postgres.stats()).toEqual(await sqlite.stats());
  });

  it('pick the same candidates in the same order, with and without a kind filter', async () => {
    for (const query of QUERIES) {
      for (const kinds of [undefined, ['pdf' as const]]) {
        const ask = { terms: query.split(' '), limit: 40, ...(kinds && { kinds }) };
        const [a, b] = [await sqlite.searchLexical(ask), await postgres.searchLexical(ask)];
        expect(b.map((h) => h.chunk.id)).toEqual(a.map((h) => h.chunk.id));
        expect(b.map((h) => h.fields)).toEqual(a.map((h) => h.fields));
      }
    }
  });

  it('return the same search results with the same scores, query expansion included', async () => {
    expect((await sqlite.stats()).chunks).toBeGreaterThanOrEqual(200);
    for (const query of QUERIES) {
      const [a, b] = [await searchWorkspace(sqlite, query), await searchWorkspace(postgres, query)];
      expect(a.length).toBeGreaterThan(0);
      expect(b).toEqual(a);
    }
  });
});
