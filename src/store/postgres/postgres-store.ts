import type {
  CachedSummary,
  CatalogEntry,
  Chunk,
  DocumentKind,
  DocumentStore,
  DocumentSummary,
  DocumentWrite,
  EntityTypeSchema,
  IndexedFileState,
  LexicalHit,
  LexicalQuery,
  LexicalStats,
  StoredChunk,
  StoredDocument,
  StoredLink,
  StoreStats,
} from '../../core/index.ts';
import {
  analyzeText,
  displayText,
  documentKeys,
  linkMatchesDocument,
  linkTargetKey,
} from '../../core/index.ts';
import {
  type ChunkRow,
  type DocumentRow,
  type LinkRow,
  SUMMARY_COLUMNS,
  searchableFileName,
  structureJson,
  toCatalogEntry,
  toChunk,
  toDocument,
  toLink,
  toSummary,
} from '../document-rows.ts';
import type { FieldWeights } from '../sqlite/sqlite-store.ts';
import type { PostgresDatabase } from './postgres-database.ts';

/** Options for {@link PostgresStore}. */
export interface PostgresStoreOptions {
  /** Column weights of the candidate BM25 (as FTS5's `bm25()` in SQLite). @default { title: 2, headings: 1, body: 1 } */
  readonly weights?: FieldWeights;
}

/** How often each term occurs in each field of a chunk. */
function countFields(title: readonly string[], headings: readonly string[], body: string[]) {
  const counts = new Map<string, [number, number, number]>();
  const add = (terms: readonly string[], field: 0 | 1 | 2) => {
    for (const term of terms) {
      let row = counts.get(term);
      if (!row) {
        row = [0, 0, 0];
        counts.set(term, row);
      }
      row[field]++;
    }
  };
  add(title, 0);
  add(headings, 1);
  add(body, 2);
  return counts;
}

/**
 * Candidate chunks by FTS5's `bm25()` (k1 = 1.2, b = 0.75, weighted term frequency, row length
 * over all fields, idf floored at 1e-6), computed in double precision in the same order as
 * SQLite's C code, so both stores hand the search layer the same candidates in the same order.
 * $1 workspace, $2 terms, $3..$5 field weights, $6 limit, $7 kinds or null.
 */
const CANDIDATES_SQL = `
  WITH totals AS (
    SELECT chunks::float8 AS n, (title_terms + heading_terms + body_terms)::float8 AS tokens
    FROM corpus_totals WHERE ws = $1
  ),
  phrases AS (
    SELECT q.term, q.i,
      CASE WHEN v.x <= 0 THEN 1e-6::float8 ELSE v.x END AS idf
    FROM unnest($2::text[]) WITH ORDINALITY AS q(term, i)
    CROSS JOIN totals
    CROSS JOIN LATERAL (
      SELECT ln((totals.n - h.hits + 0.5::float8) / (h.hits + 0.5::float8)) AS x
      FROM (SELECT COUNT(*)::float8 AS hits FROM chunk_terms t WHERE t.ws = $1 AND t.term = q.term) h
    ) v
  ),
  scored AS (
    SELECT t.chunk,
      SUM(p.idf * ((f.f * (1.2::float8 + 1.0::float8))
        / (f.f + 1.2::float8 * (1::float8 - 0.75::float8
          + 0.75::float8 * (c.title_terms + c.heading_terms + c.body_terms)::float8
            / (totals.tokens / totals.n)))) ORDER BY p.i) AS score
    FROM phrases p
    JOIN chunk_terms t ON t.ws = $1 AND t.term = p.term
    JOIN chunks c ON c.rowid = t.chunk
    CROSS JOIN totals
    CROSS JOIN LATERAL (
      SELECT $3::float8 * t.title + $4::float8 * t.headings + $5::float8 * t.body AS f
    ) f
    WHERE $7::text[] IS NULL OR EXISTS (
      SELECT 1 FROM documents k WHERE k.ws = $1 AND k.id = c.document_id AND k.kind = ANY($7::text[])
    )
    GROUP BY t.chunk
    ORDER BY score DESC, t.chunk
    LIMIT $6
  )
  SELECT c.id, c.document_id, c.ordinal, c.text, c.start_offset, c.end_offset, c.heading_path,
    c.page, c.section_id, d.path, d.title, d.kind, d.status, d.aliases, d.slug, d.updated_at,
    c.title_index, c.headings_index, c.body_index
  FROM scored s
  JOIN chunks c ON c.rowid = s.chunk
  JOIN documents d ON d.ws = $1 AND d.id = c.document_id
  ORDER BY s.score DESC, s.chunk`;

/** The shared store: documents, chunks, links and lexical search in PostgreSQL, one workspace's rows. */
export class PostgresStore implements DocumentStore {
  readonly db: PostgresDatabase;
  private readonly weights: FieldWeights;

  constructor(db: PostgresDatabase, options: PostgresStoreOptions = {}) {
    this.db = db;
    this.weights = options.weights ?? { title: 2, headings: 1, body: 1 };
  }

  private get ws() {
    return this.db.ws;
  }

  async listFileStates(): Promise<IndexedFileState[]> {
    const { rows } = await this.db.query<{
      id: string;
      path: string;
      content_hash: string;
      size: number;
      mtime_ms: number;
      status: IndexedFileState['status'];
    }>(
      `SELECT id, path, content_hash, size, mtime_ms, status FROM documents WHERE ws = $1
       ORDER BY CASE status WHEN 'deleted' THEN 0 ELSE 1 END, updated_at`,
      [this.ws],
    );
    return rows.map((r) => ({
      id: r.id,
      path: r.path,
      contentHash: r.content_hash,
      size: r.size,
      mtimeMs: r.mtime_ms,
      status: r.status,
    }));
  }

  async writeDocument(doc: DocumentWrite, chunks: readonly Chunk[]): Promise<void> {
    await this.db.transaction(async () => {
      await this.db.query(
        `INSERT INTO documents (ws, id, path, kind, title, aliases, slug, body, metadata, structure, status,
           content_hash, size, mtime_ms, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         ON CONFLICT (ws, id) DO UPDATE SET path = excluded.path, kind = excluded.kind,
           title = excluded.title, aliases = excluded.aliases, slug = excluded.slug, body = excluded.body,
           metadata = excluded.metadata, structure = excluded.structure, status = excluded.status,
           content_hash = excluded.content_hash, size = excluded.size, mtime_ms = excluded.mtime_ms,
           updated_at = excluded.updated_at, deleted_at = NULL`,
        [
          this.ws,
          doc.id,
          doc.path,
          doc.kind,
          doc.title,
          JSON.stringify(doc.aliases),
          doc.slug,
          doc.body,
          JSON.stringify(doc.metadata),
          structureJson(doc),
          doc.status,
          doc.contentHash,
          doc.size,
          doc.mtimeMs,
          doc.updatedAt,
        ],
      );
      // Summaries of earlier versions no longer describe the document.
      await this.db.query(
        'DELETE FROM summaries WHERE ws = $1 AND document_id = $2 AND content_hash <> $3',
        [this.ws, doc.id, doc.contentHash],
      );
      await this.retireChunks(doc.id);
      const titleTerms = analyzeText(
        [doc.title, ...doc.aliases, searchableFileName(doc.path)].join(' '),
      );
      const analyzed = chunks.map((chunk) => ({
        chunk,
        headings: analyzeText([...chunk.headingPath, chunk.sectionId ?? ''].join(' ')),
        body: analyzeText(displayText(chunk.text)),
      }));
      if (analyzed.length > 0) await this.writeChunks(doc.id, titleTerms, analyzed);
      await this.db.query('DELETE FROM links WHERE ws = $1 AND document_id = $2', [
        this.ws,
        doc.id,
      ]);
      if (doc.links.length > 0) {
        const l = doc.links;
        await this.db.query(
          `INSERT INTO links (ws, document_id, ordinal, syntax, embed, target, target_key, heading, block,
             alias, start_offset, end_offset)
           SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::boolean[], $6::text[], $7::text[],
             $8::text[], $9::text[], $10::text[], $11::int[], $12::int[])`,
          [
            this.ws,
            doc.id,
            l.map((_, i) => i),
            l.map((x) => x.syntax),
            l.map((x) => x.embed),
            l.map((x) => x.target),
            l.map((x) => linkTargetKey(x, doc.path)),
            l.map((x) => x.heading),
            l.map((x) => x.block),
            l.map((x) => x.alias),
            l.map((x) => x.start),
            l.map((x) => x.end),
          ],
        );
      }
    });
  }

  /** Inserts (or revives) a document's chunks and their postings, in two statements. */
  private async writeChunks(
    documentId: string,
    titleTerms: readonly string[],
    analyzed: ReadonlyArray<{
      chunk: Chunk;
      headings: string[];
      body: string[];
    }>,
  ) {
    const { rows } = await this.db.query<{ id: string; rowid: number }>(
      `INSERT INTO chunks (ws, document_id, id, ordinal, text, start_offset, end_offset, heading_path,
         page, section_id, title_index, headings_index, body_index, title_terms, heading_terms,
         body_terms, active)
       SELECT $1, $2, c.*, TRUE FROM unnest($3::text[], $4::int[], $5::text[], $6::int[], $7::int[],
         $8::text[], $9::int[], $10::text[], $11::text[], $12::text[], $13::text[], $14::int[],
         $15::int[], $16::int[]) AS c
       ON CONFLICT (ws, id) DO UPDATE SET ordinal = excluded.ordinal,
         start_offset = excluded.start_offset, end_offset = excluded.end_offset,
         heading_path = excluded.heading_path, page = excluded.page, section_id = excluded.section_id,
         title_index = excluded.title_index, headings_index = excluded.headings_index,
         body_index = excluded.body_index, title_terms = excluded.title_terms,
         heading_terms = excluded.heading_terms, body_terms = excluded.body_terms, active = TRUE
       RETURNING id, rowid`,
      [
        this.ws,
        documentId,
        analyzed.map((a) => a.chunk.id),
        analyzed.map((a) => a.chunk.ordinal),
        analyzed.map((a) => a.chunk.text),
        analyzed.map((a) => a.chunk.start),
        analyzed.map((a) => a.chunk.end),
        analyzed.map((a) => JSON.stringify(a.chunk.headingPath)),
        analyzed.map((a) => a.chunk.page),
        analyzed.map((a) => a.chunk.sectionId),
        analyzed.map(() => titleTerms.join(' ')),
        analyzed.map((a) => a.headings.join(' ')),
        analyzed.map((a) => a.body.join(' ')),
        analyzed.map(() => titleTerms.length),
        analyzed.map((a) => a.headings.length),
        analyzed.map((a) => a.body.length),
      ],
    );
    // Every chunk written is live now, and none was before (the document's were just retired).
    await this.db.query(
      `UPDATE corpus_totals SET chunks = chunks + $2, title_terms = title_terms + $3,
         heading_terms = heading_terms + $4, body_terms = body_terms + $5
       WHERE ws = $1`,
      [
        this.ws,
        analyzed.length,
        titleTerms.length * analyzed.length,
        analyzed.reduce((sum, a) => sum + a.headings.length, 0),
        analyzed.reduce((sum, a) => sum + a.body.length, 0),
      ],
    );
    const rowids = new Map(rows.map((r) => [r.id, r.rowid]));
    const terms: string[] = [];
    const chunkIds: number[] = [];
    const title: number[] = [];
    const headings: number[] = [];
    const body: number[] = [];
    for (const a of analyzed) {
      const rowid = rowids.get(a.chunk.id) as number;
      for (const [term, [t, h, b]] of countFields(titleTerms, a.headings, a.body)) {
        terms.push(term);
        chunkIds.push(rowid);
        title.push(t);
        headings.push(h);
        body.push(b);
      }
    }
    await this.db.query(
      `INSERT INTO chunk_terms (ws, term, chunk, title, headings, body)
       SELECT $1, * FROM unnest($2::text[], $3::bigint[], $4::int[], $5::int[], $6::int[])`,
      [this.ws, terms, chunkIds, title, headings, body],
    );
  }

  /** Takes a document's live chunks out of search; they stay readable by id. */
  private async retireChunks(documentId: string) {
    await this.db.query(
      `DELETE FROM chunk_terms WHERE chunk IN
         (SELECT rowid FROM chunks WHERE ws = $1 AND document_id = $2 AND active)`,
      [this.ws, documentId],
    );
    await this.db.query(
      `WITH retired AS (
         UPDATE chunks SET active = FALSE WHERE ws = $1 AND document_id = $2 AND active
         RETURNING title_terms, heading_terms, body_terms
       )
       UPDATE corpus_totals SET chunks = chunks - r.n, title_terms = title_terms - r.t,
         heading_terms = heading_terms - r.h, body_terms = body_terms - r.b
       FROM (SELECT COUNT(*) AS n, COALESCE(SUM(title_terms), 0) AS t,
               COALESCE(SUM(heading_terms), 0) AS h, COALESCE(SUM(body_terms), 0) AS b
             FROM retired) r
       WHERE ws = $1 AND r.n > 0`,
      [this.ws, documentId],
    );
  }

  async touchFile(id: string, size: number, mtimeMs: number): Promise<void> {
    await this.db.query('UPDATE documents SET size = $2, mtime_ms = $3 WHERE ws = $1 AND id = $4', [
      this.ws,
      size,
      mtimeMs,
      id,
    ]);
  }

  async markDeleted(ids: readonly string[], at: string): Promise<void> {
    await this.db.transaction(async () => {
      for (const id of ids) {
        await this.retireChunks(id);
        await this.db.query('DELETE FROM links WHERE ws = $1 AND document_id = $2', [this.ws, id]);
        await this.db.query(
          "UPDATE documents SET status = 'deleted', deleted_at = $2 WHERE ws = $1 AND id = $3",
          [this.ws, at, id],
        );
      }
    });
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async setEntityTypes(types: readonly EntityTypeSchema[]): Promise<void> {
    await this.db.transaction(async () => {
      await this.db.query('DELETE FROM entity_types WHERE ws = $1', [this.ws]);
      for (const [i, t] of types.entries()) {
        await this.db.query(
          'INSERT INTO entity_types (ws, type, ordinal, schema) VALUES ($1, $2, $3, $4)',
          [this.ws, t.type, i, JSON.stringify(t)],
        );
      }
    });
  }

  async getEntityTypes(): Promise<EntityTypeSchema[]> {
    const { rows } = await this.db.query<{ schema: string }>(
      'SELECT schema FROM entity_types WHERE ws = $1 ORDER BY ordinal',
      [this.ws],
    );
    return rows.map((r) => JSON.parse(r.schema) as EntityTypeSchema);
  }

  private async withLinks(row: DocumentRow | undefined): Promise<StoredDocument | null> {
    return row ? toDocument(row, await this.outgoingLinks(row.id)) : null;
  }

  async getDocument(id: string): Promise<StoredDocument | null> {
    const { rows } = await this.db.query<DocumentRow>(
      'SELECT * FROM documents WHERE ws = $1 AND id = $2',
      [this.ws, id],
    );
    return this.withLinks(rows[0]);
  }

  async getDocumentByPath(path: string): Promise<StoredDocument | null> {
    const { rows } = await this.db.query<DocumentRow>(
      `SELECT * FROM documents WHERE ws = $1 AND path = $2
       ORDER BY CASE status WHEN 'deleted' THEN 1 ELSE 0 END, updated_at DESC LIMIT 1`,
      [this.ws, path],
    );
    return this.withLinks(rows[0]);
  }

  async listDocuments(
    filter: { kinds?: readonly DocumentKind[]; includeDeleted?: boolean } = {},
  ): Promise<DocumentSummary[]> {
    const { rows } = await this.db.query<DocumentRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM documents d WHERE d.ws = $1
         AND ($2 OR d.status <> 'deleted') AND ($3::text[] IS NULL OR d.kind = ANY($3::text[]))
       ORDER BY d.path COLLATE "C"`,
      [this.ws, filter.includeDeleted === true, filter.kinds?.length ? filter.kinds : null],
    );
    return rows.map(toSummary);
  }

  async getChunks(documentId: string): Promise<StoredChunk[]> {
    const { rows } = await this.db.query<ChunkRow>(
      'SELECT * FROM chunks WHERE ws = $1 AND document_id = $2 AND active ORDER BY ordinal',
      [this.ws, documentId],
    );
    return rows.map(toChunk);
  }

  async getChunk(chunkId: string): Promise<StoredChunk | null> {
    const { rows } = await this.db.query<ChunkRow>(
      'SELECT * FROM chunks WHERE ws = $1 AND id = $2',
      [this.ws, chunkId],
    );
    return rows[0] ? toChunk(rows[0]) : null;
  }

  async outgoingLinks(documentId: string): Promise<StoredLink[]> {
    const { rows } = await this.db.query<LinkRow>(
      `SELECT l.*, d.path AS source_path FROM links l
       JOIN documents d ON d.ws = l.ws AND d.id = l.document_id
       WHERE l.ws = $1 AND l.document_id = $2 ORDER BY l.ordinal`,
      [this.ws, documentId],
    );
    return rows.map(toLink);
  }

  async backlinks(documentId: string): Promise<StoredLink[]> {
    const found = await this.db.query<{ path: string; title: string; aliases: string }>(
      'SELECT path, title, aliases FROM documents WHERE ws = $1 AND id = $2',
      [this.ws, documentId],
    );
    const doc = found.rows[0];
    if (!doc) return [];
    const target = {
      path: doc.path,
      title: doc.title,
      aliases: JSON.parse(doc.aliases) as string[],
    };
    const { rows } = await this.db.query<LinkRow>(
      `SELECT l.*, d.path AS source_path FROM links l
       JOIN documents d ON d.ws = l.ws AND d.id = l.document_id
       WHERE l.ws = $1 AND l.target_key = ANY($2::text[]) AND d.status <> 'deleted'
         AND l.document_id <> $3
       ORDER BY d.path COLLATE "C", l.ordinal`,
      [this.ws, documentKeys(target), documentId],
    );
    return rows.map(toLink).filter((l) => linkMatchesDocument(l, l.sourcePath, target));
  }

  async searchLexical(query: LexicalQuery): Promise<LexicalHit[]> {
    if (query.terms.length === 0 || query.limit <= 0) return [];
    const { title, headings, body } = this.weights;
    const { rows } = await this.db.query<
      ChunkRow & DocumentRow & { title_index: string; headings_index: string; body_index: string }
    >(CANDIDATES_SQL, [
      this.ws,
      query.terms,
      title,
      headings,
      body,
      Math.trunc(query.limit),
      query.kinds?.length ? query.kinds : null,
    ]);
    return rows.map((row) => ({
      chunk: toChunk(row),
      document: toSummary({ ...row, id: row.document_id }),
      fields: { title: row.title_index, headings: row.headings_index, body: row.body_index },
    }));
  }

  async lexicalStats(terms: readonly string[]): Promise<LexicalStats> {
    const totals = await this.db.query<{
      n: number;
      t: number | null;
      h: number | null;
      b: number | null;
    }>(
      // A sum of integers divided in double precision, as SQLite's AVG does.
      `SELECT chunks AS n, title_terms::float8 / NULLIF(chunks, 0) AS t,
         heading_terms::float8 / NULLIF(chunks, 0) AS h, body_terms::float8 / NULLIF(chunks, 0) AS b
       FROM corpus_totals WHERE ws = $1`,
      [this.ws],
    );
    const row = totals.rows[0] as {
      n: number;
      t: number | null;
      h: number | null;
      b: number | null;
    };
    const documentFrequency: Record<string, number> = {};
    for (const term of terms) documentFrequency[term] = 0;
    if (terms.length > 0) {
      const { rows } = await this.db.query<{ term: string; n: number }>(
        `SELECT term, COUNT(*) AS n FROM chunk_terms WHERE ws = $1 AND term = ANY($2::text[])
         GROUP BY term`,
        [this.ws, terms],
      );
      for (const r of rows) documentFrequency[r.term] = r.n;
    }
    return {
      chunks: row.n,
      averageLength: { title: row.t ?? 0, headings: row.h ?? 0, body: row.b ?? 0 },
      documentFrequency,
    };
  }

  async getSummary(documentId: string, contentHash: string): Promise<CachedSummary | null> {
    const { rows } = await this.db.query<{ summary: string; source: string }>(
      'SELECT summary, source FROM summaries WHERE ws = $1 AND document_id = $2 AND content_hash = $3',
      [this.ws, documentId, contentHash],
    );
    const row = rows[0];
    if (!row) return null;
    return { text: row.summary, source: row.source === 'paragraph' ? 'paragraph' : 'model' };
  }

  async setSummary(documentId: string, contentHash: string, summary: CachedSummary): Promise<void> {
    // Only for the current version (a model's late answer about an old one is dropped), and a
    // first-paragraph summary never replaces a model-written one.
    await this.db.query(
      `INSERT INTO summaries (ws, document_id, content_hash, summary, source, created_at)
       SELECT ws, id, content_hash, $2, $3, $4 FROM documents
       WHERE ws = $1 AND id = $5 AND content_hash = $6
       ON CONFLICT (ws, document_id, content_hash) DO UPDATE
         SET summary = excluded.summary, source = excluded.source, created_at = excluded.created_at
         WHERE excluded.source = 'model' OR summaries.source = 'paragraph'`,
      [this.ws, summary.text, summary.source, new Date().toISOString(), documentId, contentHash],
    );
  }

  async listCatalogEntries(): Promise<CatalogEntry[]> {
    const { rows } = await this.db.query<DocumentRow>(
      `SELECT id, path, title, kind, status, aliases, slug, updated_at, structure, metadata
       FROM documents WHERE ws = $1`,
      [this.ws],
    );
    return rows.map(toCatalogEntry);
  }

  async stats(): Promise<StoreStats> {
    const kinds = await this.db.query<{ kind: DocumentKind; n: number }>(
      "SELECT kind, COUNT(*) AS n FROM documents WHERE ws = $1 AND status <> 'deleted' GROUP BY kind",
      [this.ws],
    );
    const chunks = await this.db.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM chunks WHERE ws = $1 AND active',
      [this.ws],
    );
    const byKind: Partial<Record<DocumentKind, number>> = {};
    for (const k of kinds.rows) byKind[k.kind] = k.n;
    return {
      documents: kinds.rows.reduce((sum, k) => sum + k.n, 0),
      chunks: chunks.rows[0]?.n ?? 0,
      byKind,
    };
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
