import type {
  Chunk,
  DocumentKind,
  DocumentStatus,
  EntityTypeSchema,
  Link,
  ParsedDocument,
  StoredDocument,
} from './document.ts';
import type { CatalogEntry } from './references/reference-catalog.ts';

/** What the indexer remembers of a file to decide whether it changed. */
export interface IndexedFileState {
  readonly id: string;
  readonly path: string;
  readonly contentHash: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly status: DocumentStatus;
}

/** A document to write: what was parsed plus identity and change-detection facts. */
export interface DocumentWrite extends ParsedDocument {
  readonly id: string;
  readonly contentHash: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly updatedAt: string;
}

/** A light listing row: enough to show, filter and link a document. */
export interface DocumentSummary {
  readonly id: string;
  readonly path: string;
  readonly title: string;
  readonly kind: DocumentKind;
  readonly status: DocumentStatus;
  readonly aliases: readonly string[];
  readonly slug: string;
  readonly updatedAt: string;
}

/** A chunk together with its document's identity. */
export interface StoredChunk extends Chunk {
  readonly documentId: string;
}

/** A lexical search request in index terms (see `analyzeQuery`); any term may match. */
export interface LexicalQuery {
  readonly terms: readonly string[];
  /** Most candidates to return, best first by the store's own coarse ranking. */
  readonly limit: number;
  readonly kinds?: readonly DocumentKind[];
}

/** The searchable fields of a chunk, as index terms joined by spaces. */
export interface AnalyzedFields {
  readonly title: string;
  readonly headings: string;
  readonly body: string;
}

/** One candidate chunk, with its analyzed fields so the search layer can rank it precisely. */
export interface LexicalHit {
  readonly chunk: StoredChunk;
  readonly document: DocumentSummary;
  readonly fields: AnalyzedFields;
}

/** Corpus statistics the ranking needs: how many chunks, their mean field lengths, and term rarity. */
export interface LexicalStats {
  readonly chunks: number;
  readonly averageLength: {
    readonly title: number;
    readonly headings: number;
    readonly body: number;
  };
  /** Number of searchable chunks that contain each asked-for term. */
  readonly documentFrequency: Readonly<Record<string, number>>;
}

/** A link between two documents; `sourceId` is the linking note. */
export interface StoredLink extends Link {
  readonly sourceId: string;
  readonly sourcePath: string;
}

/** Counts that describe an index. */
export interface StoreStats {
  readonly documents: number;
  readonly chunks: number;
  readonly byKind: Readonly<Partial<Record<DocumentKind, number>>>;
}

/** Who wrote a one-line summary: taken from the document's first paragraph, or written by a model. */
export type SummarySource = 'paragraph' | 'model';

/** A one-line summary of one version of a document, as cached in the store. */
export interface CachedSummary {
  readonly text: string;
  readonly source: SummarySource;
}

/**
 * The persistence port: everything indexing, search and chat need from a store.
 * SQLite and PostgreSQL adapters implement it; nothing above them sees SQL.
 */
export interface DocumentStore {
  /** Change-detection facts for every document ever indexed, deleted ones included. */
  listFileStates(): Promise<IndexedFileState[]>;
  /** Inserts or replaces a document and its chunks; old chunk ids stay resolvable. */
  writeDocument(doc: DocumentWrite, chunks: readonly Chunk[]): Promise<void>;
  /** Records a new size and mtime for a file whose content did not change. */
  touchFile(id: string, size: number, mtimeMs: number): Promise<void>;
  /** Marks documents deleted: they leave search but stay readable for history. */
  markDeleted(ids: readonly string[], at: string): Promise<void>;
  /** Runs several writes as one unit. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  setEntityTypes(types: readonly EntityTypeSchema[]): Promise<void>;
  getEntityTypes(): Promise<EntityTypeSchema[]>;

  getDocument(id: string): Promise<StoredDocument | null>;
  getDocumentByPath(path: string): Promise<StoredDocument | null>;
  listDocuments(filter?: {
    kinds?: readonly DocumentKind[];
    includeDeleted?: boolean;
  }): Promise<DocumentSummary[]>;
  getChunks(documentId: string): Promise<StoredChunk[]>;
  getChunk(chunkId: string): Promise<StoredChunk | null>;
  outgoingLinks(documentId: string): Promise<StoredLink[]>;
  /** Links whose written target names this document by file name, title or alias. */
  backlinks(documentId: string): Promise<StoredLink[]>;

  /** Candidate chunks containing any of the terms; the caller does the fine ranking. */
  searchLexical(query: LexicalQuery): Promise<LexicalHit[]>;
  /** The cached one-line summary of one version of a document, or null. */
  getSummary(documentId: string, contentHash: string): Promise<CachedSummary | null>;
  /**
   * Caches a summary of the document's current version (`contentHash` no longer current: dropped).
   * A model-written summary replaces a first-paragraph one, never the other way round.
   */
  setSummary(documentId: string, contentHash: string, summary: CachedSummary): Promise<void>;
  /** Every document ever indexed (deleted ones too) with the names and parts references resolve to. */
  listCatalogEntries(): Promise<CatalogEntry[]>;
  lexicalStats(terms: readonly string[]): Promise<LexicalStats>;
  stats(): Promise<StoreStats>;
  close(): Promise<void>;
}
