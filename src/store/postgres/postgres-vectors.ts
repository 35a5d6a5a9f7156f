import type {
  ChunkToEmbed,
  ChunkVector,
  ChunkVectorStore,
  VectorCoverage,
  VectorHit,
  VectorQuery,
} from '../../core/chunk-vectors.ts';
import { type ChunkRow, type DocumentRow, toChunk, toSummary } from '../document-rows.ts';
import { textHash } from '../sqlite/sqlite-vectors.ts';
import {
  assertUsableVector,
  isZeroVector,
  VectorDimensionError,
  VectorExtensionUnavailableError,
} from '../vector-errors.ts';
import { POSTGRES_VECTOR_MIGRATIONS } from './migrations.ts';
import type { PostgresDatabase } from './postgres-database.ts';

/** Held while the vector schema is created, so two servers starting together create it once. */
const VECTOR_MIGRATION_LOCK = 0x666e7663; // 'fnvc'

/** Chunks read per step while looking for ones to embed. */
const SCAN_BATCH = 500;

/** Live chunks of the workspace `$1`: active, of a document that is not deleted (aliases `c`, `d`). */
const LIVE = "c.ws = $1 AND c.active AND d.status <> 'deleted'";

/** pgvector's text form of a vector; a float32 printed as a JS number reads back as the same float4. */
const vectorText = (vector: Float32Array) => `[${Array.from(vector).join(',')}]`;

/** The PostgreSQL error code of a failed statement, when it has one. */
const sqlState = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';

/**
 * Enables pgvector and applies the vector schema not yet recorded, or says in one line why it
 * cannot: the extension is not installed on the server, or this role may not enable it.
 */
export async function migrateVectorSchema(db: PostgresDatabase): Promise<void> {
  await db.transaction(async () => {
    await db.query('SELECT pg_advisory_xact_lock($1)', [VECTOR_MIGRATION_LOCK]);
    const installed = await db.query("SELECT 1 FROM pg_extension WHERE extname = 'vector'");
    if (installed.rowCount === 0) {
      const available = await db.query(
        "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'",
      );
      if (available.rowCount === 0) {
        throw new VectorExtensionUnavailableError(
          'postgres',
          'pgvector is not installed on this PostgreSQL server: install it (https://github.com/pgvector/pgvector) so that CREATE EXTENSION vector works, or run without an embedding model',
        );
      }
      try {
        await db.query('CREATE EXTENSION IF NOT EXISTS vector');
      } catch (error) {
        if (!['42501', '0A000', '58P01'].includes(sqlState(error))) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        throw new VectorExtensionUnavailableError(
          'postgres',
          `pgvector could not be enabled on this PostgreSQL server (${reason}): have an administrator run CREATE EXTENSION vector in this database, or run without an embedding model`,
          { cause: error },
        );
      }
    }
    await db.query(`CREATE TABLE IF NOT EXISTS vector_schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    const { rows } = await db.query<{ v: number | null }>(
      'SELECT MAX(version) AS v FROM vector_schema_migrations',
    );
    const current = rows[0]?.v ?? 0;
    for (const migration of POSTGRES_VECTOR_MIGRATIONS) {
      if (migration.version <= current) continue;
      await db.query(migration.sql);
      await db.query(
        'INSERT INTO vector_schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
        [migration.version, migration.name, new Date().toISOString()],
      );
    }
  });
}

/**
 * Chunk vectors of one workspace on PostgreSQL with pgvector: vectors cached per model and text
 * hash, chunks linked to them through the hash of their text, exact nearest-chunk search with the
 * `<=>` cosine distance. The extension and its tables are set up on the first call, so a
 * server without pgvector serves every workspace that has no embedding model.
 */
export class PostgresVectorStore implements ChunkVectorStore {
  private readonly db: PostgresDatabase;
  private ready: Promise<void> | null = null;

  constructor(db: PostgresDatabase) {
    this.db = db;
  }

  /** Sets the vector schema up once per handle; a failure is thrown again on the next call. */
  private ensureSchema(): Promise<void> {
    this.ready ??= migrateVectorSchema(this.db).catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  /** The length of the vectors stored for `model` in this workspace, or null when it has none. */
  private async dimensions(model: string): Promise<number | null> {
    const { rows } = await this.db.query<{ dimensions: number }>(
      'SELECT dimensions FROM text_vectors WHERE ws = $1 AND model = $2 LIMIT 1',
      [this.db.ws, model],
    );
    return rows[0]?.dimensions ?? null;
  }

  /** How many vectors `model` has in this workspace. */
  private async vectorCount(model: string): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>(
      'SELECT COUNT(*) AS n FROM text_vectors WHERE ws = $1 AND model = $2',
      [this.db.ws, model],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async chunksToEmbed(model: string, limit: number): Promise<ChunkToEmbed[]> {
    const wanted = Math.trunc(limit);
    if (wanted <= 0) return [];
    await this.ensureSchema();
    const ws = this.db.ws;
    const found: ChunkToEmbed[] = [];
    const hashes = new Set<string>();
    let after = 0;
    while (found.length < wanted) {
      const { rows } = await this.db.query<{
        rowid: string;
        id: string;
        text: string;
        text_hash: string | null;
      }>(
        `SELECT c.rowid, c.id, c.text, t.text_hash
           FROM chunks c JOIN documents d ON d.ws = c.ws AND d.id = c.document_id
           LEFT JOIN chunk_texts t ON t.ws = c.ws AND t.chunk_id = c.id
           WHERE ${LIVE} AND c.rowid > $2
             AND NOT EXISTS (SELECT 1 FROM text_vectors v
                             WHERE v.ws = c.ws AND v.model = $3 AND v.text_hash = t.text_hash)
           ORDER BY c.rowid LIMIT $4`,
        [ws, after, model, SCAN_BATCH],
      );
      if (rows.length === 0) break;
      const fresh = rows
        .filter((row) => row.text_hash === null)
        .map((row) => ({ id: row.id, hash: textHash(row.text) }));
      const freshHash = new Map(fresh.map((f) => [f.id, f.hash]));
      let cached = new Set<string>();
      if (fresh.length > 0) {
        await this.db.query(
          `INSERT INTO chunk_texts (ws, chunk_id, text_hash)
             SELECT $1, * FROM unnest($2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
          [ws, fresh.map((f) => f.id), fresh.map((f) => f.hash)],
        );
        const hits = await this.db.query<{ text_hash: string }>(
          'SELECT text_hash FROM text_vectors WHERE ws = $1 AND model = $2 AND text_hash = ANY($3::text[])',
          [ws, model, fresh.map((f) => f.hash)],
        );
        cached = new Set(hits.rows.map((r) => r.text_hash));
      }
      for (const row of rows) {
        if (found.length >= wanted) break;
        after = Number(row.rowid);
        const hash = row.text_hash ?? (freshHash.get(row.id) as string);
        // Its text has a vector already: the hash just recorded links the chunk to it.
        if (cached.has(hash)) continue;
        // One chunk per text: the others carrying it share the vector putVectors stores.
        if (hashes.has(hash)) continue;
        hashes.add(hash);
        found.push({ chunkId: row.id, text: row.text, textHash: hash });
      }
      if (rows.length < SCAN_BATCH) break;
    }
    return found;
  }

  async putVectors(model: string, vectors: readonly ChunkVector[]): Promise<void> {
    if (vectors.length === 0) return;
    await this.ensureSchema();
    await this.db.transaction(async () => {
      let expected = (await this.dimensions(model)) ?? vectors[0]?.vector.length ?? 0;
      for (const { vector } of vectors) {
        assertUsableVector(model, vector);
        if (vector.length !== expected)
          throw new VectorDimensionError(model, expected, vector.length);
        expected = vector.length;
      }
      await this.db.query(
        `INSERT INTO text_vectors (ws, model, text_hash, dimensions, vector)
           SELECT $1, $2, h, $3, v::vector FROM unnest($4::text[], $5::text[]) AS u(h, v)
           ON CONFLICT DO NOTHING`,
        [
          this.db.ws,
          model,
          expected,
          vectors.map((v) => v.textHash),
          vectors.map((v) => vectorText(v.vector)),
        ],
      );
    });
  }

  async nearestChunks(query: VectorQuery): Promise<VectorHit[]> {
    if (query.limit <= 0) return [];
    assertUsableVector(query.model, query.vector);
    await this.ensureSchema();
    const expected = await this.dimensions(query.model);
    if (expected === null) return [];
    if (expected !== query.vector.length) {
      throw new VectorDimensionError(query.model, expected, query.vector.length);
    }
    if (isZeroVector(query.vector)) return [];
    const kinds = query.kinds?.length ? [...query.kinds] : null;
    const limit = Math.trunc(query.limit);
    // Exact search in two steps: the `nearest` texts of the model first (one pass over
    // text_vectors, sorted), then the live chunks carrying them. Joined in one step, a fresh
    // table without statistics was planned as every document times every vector (30k chunks: a
    // minute). When dead texts or the kinds filter leave fewer than `limit` chunks, more texts are
    // taken, up to all of them.
    let nearest = Math.max(limit * 4, 200);
    let total: number | undefined;
    for (;;) {
      const { rows } = await this.db.query<ChunkRow & DocumentRow & { distance: number }>(
        `WITH nearest AS MATERIALIZED (
           SELECT text_hash, vector <=> $2::vector AS distance FROM text_vectors
             WHERE ws = $1 AND model = $3 AND vector_norm(vector) > 0
             ORDER BY distance LIMIT $6)
         SELECT c.id, c.document_id, c.ordinal, c.text, c.start_offset, c.end_offset, c.heading_path,
             c.page, c.section_id, d.path, d.title, d.kind, d.status, d.aliases, d.slug, d.updated_at,
             n.distance
           FROM nearest n JOIN chunk_texts t ON t.ws = $1 AND t.text_hash = n.text_hash
           JOIN chunks c ON c.ws = t.ws AND c.id = t.chunk_id
           JOIN documents d ON d.ws = c.ws AND d.id = c.document_id
           WHERE ${LIVE} AND ($4::text[] IS NULL OR d.kind = ANY($4::text[]))
           ORDER BY n.distance, c.rowid LIMIT $5`,
        [this.db.ws, vectorText(query.vector), query.model, kinds, limit, nearest],
      );
      if (rows.length < limit) total ??= await this.vectorCount(query.model);
      if (rows.length >= limit || nearest >= (total ?? 0)) {
        return rows.map((row) => ({
          chunk: toChunk(row),
          document: toSummary({ ...row, id: row.document_id }),
          similarity: 1 - Number(row.distance),
        }));
      }
      nearest *= 8;
    }
  }

  async vectorCoverage(model: string): Promise<VectorCoverage> {
    await this.ensureSchema();
    const { rows } = await this.db.query<{ chunks: string; embedded: string }>(
      `SELECT COUNT(*) AS chunks, COUNT(v.text_hash) AS embedded
         FROM chunks c JOIN documents d ON d.ws = c.ws AND d.id = c.document_id
         LEFT JOIN chunk_texts t ON t.ws = c.ws AND t.chunk_id = c.id
         LEFT JOIN text_vectors v ON v.ws = c.ws AND v.model = $2 AND v.text_hash = t.text_hash
         WHERE ${LIVE}`,
      [this.db.ws, model],
    );
    return { chunks: Number(rows[0]?.chunks ?? 0), embedded: Number(rows[0]?.embedded ?? 0) };
  }
}
