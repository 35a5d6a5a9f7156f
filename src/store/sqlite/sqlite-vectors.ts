import { createHash } from 'node:crypto';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type {
  ChunkToEmbed,
  ChunkVector,
  ChunkVectorStore,
  VectorCoverage,
  VectorHit,
  VectorQuery,
} from '../../core/chunk-vectors.ts';
import { type ChunkRow, type DocumentRow, toChunk, toSummary } from '../document-rows.ts';
import {
  assertUsableVector,
  isZeroVector,
  VectorDimensionError,
  VectorExtensionUnavailableError,
  vectorBytes,
} from '../vector-errors.ts';
import { inTransaction, PreparedStatements } from './prepared-statements.ts';

/** Chunks read per step while looking for ones to embed (most are cache hits after a re-index). */
const SCAN_BATCH = 500;

/** Live chunks: active, of a document that is not deleted (table aliases `c`, `d`). */
const LIVE = "c.active = 1 AND d.status <> 'deleted'";

/** The SHA-256 of a chunk text, hex: the key its vectors are cached under. */
export const textHash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Loads sqlite-vec into `db` (opened with `allowExtension`), or says in one line why it cannot:
 * the package ships a prebuilt extension per platform, and some platforms have none.
 */
export async function loadSqliteVec(db: DatabaseSync): Promise<void> {
  try {
    const { getLoadablePath } = await import('sqlite-vec');
    db.loadExtension(getLoadablePath());
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new VectorExtensionUnavailableError(
      'sqlite',
      `sqlite-vec could not be loaded on ${process.platform}-${process.arch} (${reason}); run without an embedding model, or use PostgreSQL with pgvector`,
      { cause: error },
    );
  }
}

/**
 * Chunk vectors in the workspace's SQLite file: vectors cached per model and text hash
 * (`text_vectors`), chunks linked to them through the hash of their text (`chunk_texts`), and
 * exact nearest-chunk search with sqlite-vec's `vec_distance_cosine`. sqlite-vec is loaded on the
 * first call that embeds or searches, so a workspace without an embedding model never loads it.
 */
export class SqliteVectorStore implements ChunkVectorStore {
  private readonly db: DatabaseSync;
  private readonly statements: PreparedStatements;
  private loaded: Promise<void> | null = null;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.statements = new PreparedStatements(db);
  }

  private sql(text: string) {
    return this.statements.get(text);
  }

  /** Loads sqlite-vec once per connection; a failure is remembered and thrown again on each use. */
  private ensureLoaded(): Promise<void> {
    this.loaded ??= loadSqliteVec(this.db);
    return this.loaded;
  }

  /** The length of the vectors stored for `model`, or null when it has none. */
  private dimensions(model: string): number | null {
    const row = this.sql('SELECT dimensions FROM text_vectors WHERE model = ? LIMIT 1').get(
      model,
    ) as { dimensions: number } | undefined;
    return row?.dimensions ?? null;
  }

  async chunksToEmbed(model: string, limit: number): Promise<ChunkToEmbed[]> {
    const wanted = Math.trunc(limit);
    if (wanted <= 0) return [];
    // Loaded before anything is handed out to embed: a platform without sqlite-vec learns it
    // before paying for the model, not at the first search.
    await this.ensureLoaded();
    const found: ChunkToEmbed[] = [];
    const hashes = new Set<string>();
    const scan = this.sql(
      `SELECT c.rowid AS rowid, c.id, c.text, t.text_hash
         FROM chunks c JOIN documents d ON d.id = c.document_id
         LEFT JOIN chunk_texts t ON t.chunk_id = c.id
         WHERE ${LIVE} AND c.rowid > ?
           AND NOT EXISTS (SELECT 1 FROM text_vectors v WHERE v.model = ? AND v.text_hash = t.text_hash)
         ORDER BY c.rowid LIMIT ?`,
    );
    const remember = this.sql(
      'INSERT INTO chunk_texts (chunk_id, text_hash) VALUES (?, ?) ON CONFLICT DO NOTHING',
    );
    const cached = this.sql('SELECT 1 FROM text_vectors WHERE model = ? AND text_hash = ?');
    let after = 0;
    while (found.length < wanted) {
      const rows = scan.all(after, model, SCAN_BATCH) as Array<{
        rowid: number;
        id: string;
        text: string;
        text_hash: string | null;
      }>;
      if (rows.length === 0) break;
      inTransaction(this.db, () => {
        for (const row of rows) {
          if (found.length >= wanted) break;
          after = row.rowid;
          let hash = row.text_hash;
          if (hash === null) {
            hash = textHash(row.text);
            remember.run(row.id, hash);
            // Its text has a vector already: the hash just recorded links the chunk to it.
            if (cached.get(model, hash) !== undefined) continue;
          }
          // One chunk per text: putVectors links the others carrying it.
          if (hashes.has(hash)) continue;
          hashes.add(hash);
          found.push({ chunkId: row.id, text: row.text, textHash: hash });
        }
      });
      if (rows.length < SCAN_BATCH) break;
    }
    return found;
  }

  async putVectors(model: string, vectors: readonly ChunkVector[]): Promise<void> {
    if (vectors.length === 0) return;
    await this.ensureLoaded();
    inTransaction(this.db, () => {
      let expected = this.dimensions(model) ?? vectors[0]?.vector.length ?? 0;
      const insert = this.sql(
        `INSERT INTO text_vectors (model, text_hash, dimensions, vector) VALUES (?, ?, ?, ?)
           ON CONFLICT DO NOTHING`,
      );
      for (const { textHash: hash, vector } of vectors) {
        assertUsableVector(model, vector);
        if (vector.length !== expected)
          throw new VectorDimensionError(model, expected, vector.length);
        expected = vector.length;
        insert.run(model, hash, vector.length, vectorBytes(vector));
      }
    });
  }

  async nearestChunks(query: VectorQuery): Promise<VectorHit[]> {
    if (query.limit <= 0) return [];
    assertUsableVector(query.model, query.vector);
    const expected = this.dimensions(query.model);
    if (expected === null) return [];
    if (expected !== query.vector.length) {
      throw new VectorDimensionError(query.model, expected, query.vector.length);
    }
    if (isZeroVector(query.vector)) return [];
    await this.ensureLoaded();
    const limit = Math.trunc(query.limit);
    // Two passes, so that the wide rows are read only for the winners: first the distance of
    // every text vector of the model (one scan of text_vectors, sorted), then the live chunks
    // carrying the nearest texts, a window at a time, until `limit` are found. Reading a
    // document's status for every chunk would walk its body's overflow pages 30,000 times.
    // (NULLs sort first; the distance is not tested in WHERE, which would compute it twice.)
    let ranked = (
      this.sql(
        `SELECT text_hash, vec_distance_cosine(vector, ?) AS distance FROM text_vectors
           WHERE model = ? ORDER BY distance`,
      ).all(vectorBytes(query.vector), query.model) as Array<{
        text_hash: string;
        distance: number | null;
      }>
    ).filter((r): r is { text_hash: string; distance: number } => r.distance !== null);
    // An all-zero vector (a text the model found nothing in) has no direction, so it is never
    // near anything: sqlite-vec gives it no distance (NULL, left out above), or 0 against some
    // queries, so rows at distance 0 are checked.
    const atZero = ranked.filter((r) => r.distance === 0).map((r) => r.text_hash);
    if (atZero.length > 0) {
      const zero = new Set(
        (
          this.sql(
            `SELECT text_hash FROM text_vectors WHERE model = ? AND text_hash IN (SELECT value FROM json_each(?))
               AND vec_distance_l2(vector, zeroblob(dimensions * 4)) = 0`,
          ).all(query.model, JSON.stringify(atZero)) as Array<{ text_hash: string }>
        ).map((r) => r.text_hash),
      );
      if (zero.size > 0) ranked = ranked.filter((r) => !zero.has(r.text_hash));
    }
    const params: SQLInputValue[] = [];
    let kindFilter = '';
    if (query.kinds?.length) {
      kindFilter = `AND d.kind IN (${query.kinds.map(() => '?').join(', ')})`;
      params.push(...query.kinds);
    }
    const carriers = this.sql(
      `SELECT c.rowid AS chunk_rowid, c.id, c.document_id, c.ordinal, c.text, c.start_offset,
           c.end_offset, c.heading_path, c.page, c.section_id, d.path, d.title, d.kind, d.status,
           d.aliases, d.slug, d.updated_at, t.text_hash
         FROM chunk_texts t JOIN chunks c ON c.id = t.chunk_id
         JOIN documents d ON d.id = c.document_id
         WHERE t.text_hash IN (SELECT value FROM json_each(?)) AND ${LIVE} ${kindFilter}`,
    );
    const hits: VectorHit[] = [];
    const window = Math.max(limit * 2, 64);
    for (let from = 0; from < ranked.length && hits.length < limit; from += window) {
      const slice = ranked.slice(from, from + window);
      const distance = new Map(slice.map((r) => [r.text_hash, r.distance]));
      const rows = carriers.all(
        JSON.stringify(slice.map((r) => r.text_hash)),
        ...params,
      ) as unknown as Array<ChunkRow & DocumentRow & { chunk_rowid: number; text_hash: string }>;
      const found = rows
        .map((row) => ({ row, distance: distance.get(row.text_hash) ?? 2 }))
        .sort((a, b) => a.distance - b.distance || a.row.chunk_rowid - b.row.chunk_rowid);
      for (const { row, distance: d } of found) {
        if (hits.length >= limit) break;
        hits.push({
          chunk: toChunk(row),
          document: toSummary({ ...row, id: row.document_id }),
          similarity: 1 - d,
        });
      }
    }
    return hits;
  }

  async vectorCoverage(model: string): Promise<VectorCoverage> {
    const row = this.sql(
      `SELECT COUNT(*) AS chunks, COUNT(v.text_hash) AS embedded
         FROM chunks c JOIN documents d ON d.id = c.document_id
         LEFT JOIN chunk_texts t ON t.chunk_id = c.id
         LEFT JOIN text_vectors v ON v.model = ? AND v.text_hash = t.text_hash
         WHERE ${LIVE}`,
    ).get(model) as { chunks: number; embedded: number };
    return { chunks: row.chunks, embedded: row.embedded };
  }
}
