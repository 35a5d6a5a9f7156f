import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
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
  analyzeChunk,
  analyzeText,
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
import { openDatabase } from './open-database.ts';
import { PreparedStatements } from './prepared-statements.ts';

/** Relevance weights of the full-text columns: title, headings, body. */
export interface FieldWeights {
  readonly title: number;
  readonly headings: number;
  readonly body: number;
}

/** Options for {@link SqliteStore}. */
export interface SqliteStoreOptions {
  /** Column weights of FTS5's BM25, used only to pick candidates for the search layer. @default { title: 2, headings: 1, body: 1 } */
  readonly weights?: FieldWeights;
}

/** FTS5 query text for a list of terms: each quoted (so no term is read as syntax), any may match. */
export const ftsQuery = (terms: readonly string[]) =>
  terms.map((t) => `"${t.replaceAll('"', '""')}"`).join(' OR ');

/** The embedded store: one SQLite file, FTS5 for lexical search. */
export class SqliteStore implements DocumentStore {
  readonly db: DatabaseSync;
  private readonly weights: FieldWeights;
  private readonly statements: PreparedStatements;
  private depth = 0;
  private averages: { chunks: number; averageLength: LexicalStats['averageLength'] } | null = null;
  /** Document frequencies already looked up since the last write. */
  private readonly frequencies = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(db: DatabaseSync, options: SqliteStoreOptions = {}) {
    this.db = db;
    this.statements = new PreparedStatements(db);
    this.weights = options.weights ?? { title: 2, headings: 1, body: 1 };
  }

  /** Opens the store at `path` (a file, or `:memory:`), migrating it as needed. */
  static open(path: string, options: SqliteStoreOptions = {}): SqliteStore {
    return new SqliteStore(openDatabase(path), options);
  }

  private sql(text: string): StatementSync {
    return this.statements.get(text);
  }

  async listFileStates(): Promise<IndexedFileState[]> {
    const rows = this.sql(
      `SELECT id, path, content_hash, size, mtime_ms, status FROM documents
       ORDER BY CASE status WHEN 'deleted' THEN 0 ELSE 1 END, updated_at`,
    ).all() as Array<{
      id: string;
      path: string;
      content_hash: string;
      size: number;
      mtime_ms: number;
      status: IndexedFileState['status'];
    }>;
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
    const structure = structureJson(doc);
    const exists = this.sql('SELECT 1 FROM documents WHERE id = ?').get(doc.id) !== undefined;
    const values: SQLInputValue[] = [
      doc.path,
      doc.kind,
      doc.title,
      JSON.stringify(doc.aliases),
      doc.slug,
      doc.body,
      JSON.stringify(doc.metadata),
      structure,
      doc.status,
      doc.contentHash,
      doc.size,
      doc.mtimeMs,
      doc.updatedAt,
    ];
    if (exists) {
      this.sql(
        `UPDATE documents SET path = ?, kind = ?, title = ?, aliases = ?, slug = ?, body = ?, metadata = ?,
         structure = ?, status = ?, content_hash = ?, size = ?, mtime_ms = ?, updated_at = ?, deleted_at = NULL
         WHERE id = ?`,
      ).run(...values, doc.id);
    } else {
      this.sql(
        `INSERT INTO documents (path, kind, title, aliases, slug, body, metadata, structure, status, content_hash,
         size, mtime_ms, updated_at, id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(...values, doc.id);
    }
    if (exists) {
      // Summaries of earlier versions no longer describe the document.
      this.sql('DELETE FROM summaries WHERE document_id = ? AND content_hash <> ?').run(
        doc.id,
        doc.contentHash,
      );
      this.removeFromSearch(doc.id);
      this.sql('UPDATE chunks SET active = 0 WHERE document_id = ?').run(doc.id);
      this.sql('DELETE FROM links WHERE document_id = ?').run(doc.id);
    }
    this.averages = null;
    this.frequencies.clear();
    const titleTerms = analyzeText(
      [doc.title, ...doc.aliases, searchableFileName(doc.path)].join(' '),
    );
    const columns = `INSERT INTO chunks (id, document_id, ordinal, text, start_offset, end_offset, heading_path,
         page, section_id, title_terms, heading_terms, body_terms, active)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`;
    // A new document has no chunks yet (chunk ids derive from the document id): a plain insert.
    const upsert = exists
      ? this.sql(
          `${columns} ON CONFLICT(id) DO UPDATE SET ordinal = excluded.ordinal, start_offset = excluded.start_offset,
             end_offset = excluded.end_offset, heading_path = excluded.heading_path, page = excluded.page,
             section_id = excluded.section_id, title_terms = excluded.title_terms,
             heading_terms = excluded.heading_terms, body_terms = excluded.body_terms, active = 1
           RETURNING rowid`,
        )
      : this.sql(columns);
    const index = this.sql(
      'INSERT INTO chunks_fts (rowid, title, headings, body, kind) VALUES (?, ?, ?, ?, ?)',
    );
    const title = titleTerms.join(' ');
    for (const chunk of chunks) {
      const terms = chunk.terms ?? analyzeChunk(chunk);
      const row: SQLInputValue[] = [
        chunk.id,
        doc.id,
        chunk.ordinal,
        chunk.text,
        chunk.start,
        chunk.end,
        JSON.stringify(chunk.headingPath),
        chunk.page,
        chunk.sectionId,
        titleTerms.length,
        terms.headingCount,
        terms.bodyCount,
      ];
      const rowid = exists
        ? (upsert.get(...row) as { rowid: number }).rowid
        : upsert.run(...row).lastInsertRowid;
      index.run(rowid, title, terms.headings, terms.body, doc.kind);
    }
    const link = this.sql(
      `INSERT INTO links (document_id, ordinal, syntax, embed, target, target_key, heading, block, alias, start_offset, end_offset)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    doc.links.forEach((l, i) => {
      link.run(
        doc.id,
        i,
        l.syntax,
        l.embed ? 1 : 0,
        l.target,
        linkTargetKey(l, doc.path),
        l.heading,
        l.block,
        l.alias,
        l.start,
        l.end,
      );
    });
  }

  /** Takes a document's live chunks out of the full-text index, one rowid at a time (FTS5 reads `rowid IN (…)` by scanning). */
  private removeFromSearch(documentId: string) {
    const rows = this.sql('SELECT rowid FROM chunks WHERE document_id = ? AND active = 1').all(
      documentId,
    ) as Array<{ rowid: number }>;
    const remove = this.sql('DELETE FROM chunks_fts WHERE rowid = ?');
    for (const { rowid } of rows) remove.run(rowid);
  }

  async touchFile(id: string, size: number, mtimeMs: number): Promise<void> {
    this.sql('UPDATE documents SET size = ?, mtime_ms = ? WHERE id = ?').run(size, mtimeMs, id);
  }

  async markDeleted(ids: readonly string[], at: string): Promise<void> {
    this.averages = null;
    this.frequencies.clear();
    for (const id of ids) {
      this.removeFromSearch(id);
      this.sql('UPDATE chunks SET active = 0 WHERE document_id = ?').run(id);
      this.sql('DELETE FROM links WHERE document_id = ?').run(id);
      this.sql("UPDATE documents SET status = 'deleted', deleted_at = ? WHERE id = ?").run(at, id);
    }
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.depth > 0) return work();
    const run = async () => {
      this.depth++;
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await work();
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        this.db.exec('ROLLBACK');
        throw error;
      } finally {
        this.depth--;
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  async setEntityTypes(types: readonly EntityTypeSchema[]): Promise<void> {
    await this.transaction(async () => {
      this.sql('DELETE FROM entity_types').run();
      const insert = this.sql('INSERT INTO entity_types (type, ordinal, schema) VALUES (?, ?, ?)');
      for (const [i, t] of types.entries()) insert.run(t.type, i, JSON.stringify(t));
    });
  }

  async getEntityTypes(): Promise<EntityTypeSchema[]> {
    const rows = this.sql('SELECT schema FROM entity_types ORDER BY ordinal').all() as Array<{
      schema: string;
    }>;
    return rows.map((r) => JSON.parse(r.schema) as EntityTypeSchema);
  }

  private toDocument(row: DocumentRow | undefined): StoredDocument | null {
    return row ? toDocument(row, this.outgoingLinksSync(row.id)) : null;
  }

  async getDocument(id: string): Promise<StoredDocument | null> {
    return this.toDocument(
      this.sql('SELECT * FROM documents WHERE id = ?').get(id) as DocumentRow | undefined,
    );
  }

  async getDocumentByPath(path: string): Promise<StoredDocument | null> {
    const row = this.sql(
      `SELECT * FROM documents WHERE path = ? ORDER BY CASE status WHEN 'deleted' THEN 1 ELSE 0 END, updated_at DESC LIMIT 1`,
    ).get(path) as DocumentRow | undefined;
    return this.toDocument(row);
  }

  async listDocuments(
    filter: { kinds?: readonly DocumentKind[]; includeDeleted?: boolean } = {},
  ): Promise<DocumentSummary[]> {
    const where: string[] = [];
    const params: SQLInputValue[] = [];
    if (!filter.includeDeleted) where.push("d.status <> 'deleted'");
    if (filter.kinds?.length) {
      where.push(`d.kind IN (${filter.kinds.map(() => '?').join(', ')})`);
      params.push(...filter.kinds);
    }
    const rows = this.sql(
      `SELECT ${SUMMARY_COLUMNS} FROM documents d ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY d.path`,
    ).all(...params) as unknown as DocumentRow[];
    return rows.map(toSummary);
  }

  async getChunks(documentId: string): Promise<StoredChunk[]> {
    const rows = this.sql(
      'SELECT * FROM chunks WHERE document_id = ? AND active = 1 ORDER BY ordinal',
    ).all(documentId) as unknown as ChunkRow[];
    return rows.map(toChunk);
  }

  async getChunk(chunkId: string): Promise<StoredChunk | null> {
    const row = this.sql('SELECT * FROM chunks WHERE id = ?').get(chunkId) as ChunkRow | undefined;
    return row ? toChunk(row) : null;
  }

  private outgoingLinksSync(documentId: string): StoredLink[] {
    const rows = this.sql(
      `SELECT l.*, d.path AS source_path FROM links l JOIN documents d ON d.id = l.document_id
       WHERE l.document_id = ? ORDER BY l.ordinal`,
    ).all(documentId) as unknown as LinkRow[];
    return rows.map(toLink);
  }

  async outgoingLinks(documentId: string): Promise<StoredLink[]> {
    return this.outgoingLinksSync(documentId);
  }

  async backlinks(documentId: string): Promise<StoredLink[]> {
    const doc = this.sql('SELECT path, title, aliases FROM documents WHERE id = ?').get(
      documentId,
    ) as { path: string; title: string; aliases: string } | undefined;
    if (!doc) return [];
    const target = {
      path: doc.path,
      title: doc.title,
      aliases: JSON.parse(doc.aliases) as string[],
    };
    const keys = documentKeys(target);
    const rows = this.sql(
      `SELECT l.*, d.path AS source_path FROM links l JOIN documents d ON d.id = l.document_id
         WHERE l.target_key IN (${keys.map(() => '?').join(', ')}) AND d.status <> 'deleted' AND l.document_id <> ?
         ORDER BY d.path, l.ordinal`,
    ).all(...keys, documentId) as unknown as LinkRow[];
    return rows.map(toLink).filter((l) => linkMatchesDocument(l, l.sourcePath, target));
  }

  async searchLexical(query: LexicalQuery): Promise<LexicalHit[]> {
    if (query.terms.length === 0 || query.limit <= 0) return [];
    const params: SQLInputValue[] = [ftsQuery(query.terms)];
    let kindFilter = '';
    if (query.kinds?.length) {
      kindFilter = `AND kind IN (${query.kinds.map(() => '?').join(', ')})`;
      params.push(...query.kinds);
    }
    const { title, headings, body } = this.weights;
    // FTS5 orders the matches by its bm25() first and only the rows kept are read: reading the
    // fields in the inner query would load every match's text before the sort. The fields come
    // from FTS5's content shadow table (id = rowid, c0.. = the columns in declared order; its
    // layout is part of the file format), a plain rowid lookup.
    const rows = this.sql(
      `SELECT c.id, c.document_id, c.ordinal, c.text, c.start_offset, c.end_offset, c.heading_path, c.page,
           c.section_id, d.path, d.title, d.kind, d.status, d.aliases, d.slug, d.updated_at,
           t.c0 AS title_terms, t.c1 AS heading_terms, t.c2 AS body_terms
         FROM (SELECT rowid, bm25(chunks_fts, ${title}, ${headings}, ${body}) AS score
               FROM chunks_fts WHERE chunks_fts MATCH ? ${kindFilter} ORDER BY score LIMIT ?) f
         JOIN chunks_fts_content t ON t.id = f.rowid
         JOIN chunks c ON c.rowid = f.rowid JOIN documents d ON d.id = c.document_id
         ORDER BY f.score`,
    ).all(...params, Math.trunc(query.limit)) as unknown as Array<
      ChunkRow & DocumentRow & { title_terms: string; heading_terms: string; body_terms: string }
    >;
    return rows.map((row) => ({
      chunk: toChunk(row),
      document: toSummary({
        id: row.document_id,
        path: row.path,
        title: row.title,
        kind: row.kind,
        status: row.status,
        aliases: row.aliases,
        slug: row.slug,
        updated_at: row.updated_at,
      }),
      fields: { title: row.title_terms, headings: row.heading_terms, body: row.body_terms },
    }));
  }

  async lexicalStats(terms: readonly string[]): Promise<LexicalStats> {
    if (!this.averages) {
      const row = this.sql(
        `SELECT COUNT(*) AS n, AVG(title_terms) AS t, AVG(heading_terms) AS h, AVG(body_terms) AS b
         FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.active = 1 AND d.status <> 'deleted'`,
      ).get() as { n: number; t: number | null; h: number | null; b: number | null };
      this.averages = {
        chunks: row.n,
        averageLength: { title: row.t ?? 0, headings: row.h ?? 0, body: row.b ?? 0 },
      };
    }
    const documentFrequency: Record<string, number> = {};
    const lookup = this.sql('SELECT doc FROM chunks_vocab WHERE term = ?');
    for (const term of terms) {
      let frequency = this.frequencies.get(term);
      if (frequency === undefined) {
        frequency = (lookup.get(term) as { doc: number } | undefined)?.doc ?? 0;
        this.frequencies.set(term, frequency);
      }
      documentFrequency[term] = frequency;
    }
    return { ...this.averages, documentFrequency };
  }

  async getSummary(documentId: string, contentHash: string): Promise<CachedSummary | null> {
    const row = this.sql(
      'SELECT summary, source FROM summaries WHERE document_id = ? AND content_hash = ?',
    ).get(documentId, contentHash) as { summary: string; source: string } | undefined;
    if (!row) return null;
    return { text: row.summary, source: row.source === 'paragraph' ? 'paragraph' : 'model' };
  }

  async setSummary(documentId: string, contentHash: string, summary: CachedSummary): Promise<void> {
    // Only for the current version (a model's late answer about an old one is dropped), and a
    // first-paragraph summary never replaces a model-written one.
    this.sql(
      `INSERT INTO summaries (document_id, content_hash, summary, source, created_at)
       SELECT id, content_hash, ?, ?, ? FROM documents WHERE id = ? AND content_hash = ?
       ON CONFLICT (document_id, content_hash) DO UPDATE
         SET summary = excluded.summary, source = excluded.source, created_at = excluded.created_at
         WHERE excluded.source = 'model' OR summaries.source = 'paragraph'`,
    ).run(summary.text, summary.source, new Date().toISOString(), documentId, contentHash);
  }

  async listCatalogEntries(): Promise<CatalogEntry[]> {
    const rows = this.sql(
      'SELECT id, path, title, kind, status, aliases, slug, updated_at, structure, metadata FROM documents',
    ).all() as unknown as DocumentRow[];
    return rows.map(toCatalogEntry);
  }

  async stats(): Promise<StoreStats> {
    const kinds = this.sql(
      "SELECT kind, COUNT(*) AS n FROM documents WHERE status <> 'deleted' GROUP BY kind",
    ).all() as Array<{ kind: DocumentKind; n: number }>;
    const { n: chunks } = this.sql(
      "SELECT COUNT(*) AS n FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.active = 1 AND d.status <> 'deleted'",
    ).get() as { n: number };
    const byKind: Partial<Record<DocumentKind, number>> = {};
    for (const k of kinds) byKind[k.kind] = k.n;
    return { documents: kinds.reduce((sum, k) => sum + k.n, 0), chunks, byKind };
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}
