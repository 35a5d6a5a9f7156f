/** The domain model of indexed documents, shared by every layer. */

export const DOCUMENT_KINDS = ['note', 'file', 'content', 'pdf', 'source', 'entity'] as const;
/** What a document is; decides how it was read and how it is cited. */
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** `deleted` documents stay in the store so old citations still point at something. */
export type DocumentStatus = 'active' | 'archived' | 'deleted';

/** A Markdown heading; `start`/`end` span the heading line in the body. */
export interface Heading {
  readonly text: string;
  readonly level: number;
  readonly anchor: string;
  readonly start: number;
  readonly end: number;
}

/** An Obsidian `^block` id and the span of the paragraph or list item it labels. */
export interface Block {
  readonly id: string;
  readonly start: number;
  readonly end: number;
}

/** A section of a blog content item, derived from its headings. */
export interface Section {
  readonly id: string;
  readonly title: string;
  readonly level: number;
  readonly anchor: string;
  readonly index: number;
  readonly wordCount: number;
  readonly start: number;
  readonly end: number;
}

/** One page of a PDF; `start`/`end` locate its text in the document body. */
export interface Page {
  readonly number: number;
  readonly start: number;
  readonly end: number;
}

/** An outgoing link from a note: wikilink, embed or Markdown link. */
export interface Link {
  readonly syntax: 'wikilink' | 'markdown';
  readonly embed: boolean;
  /** The target as written, without heading, block or alias. */
  readonly target: string;
  readonly heading: string | null;
  readonly block: string | null;
  readonly alias: string | null;
  readonly start: number;
  readonly end: number;
}

export const FIELD_TYPES = [
  'text',
  'email',
  'date',
  'select',
  'text_list',
  'entity_ref',
  'entity_ref_list',
  'note_ref',
  'computed',
] as const;
/** The type of an entity field, as declared by its entity type's schema. */
export type FieldType = (typeof FIELD_TYPES)[number];

/** One field of an entity type's schema. */
export interface FieldSchema {
  readonly name: string;
  readonly type: FieldType;
  /** Allowed values of a `select` field. */
  readonly options?: readonly string[];
  /** Entity type that `entity_ref` / `entity_ref_list` values point to. */
  readonly target?: string;
  /** Saved query of a `computed` field. */
  readonly query?: string;
}

/** An entity type: its name and ordered fields. */
export interface EntityTypeSchema {
  readonly type: string;
  readonly fields: readonly FieldSchema[];
}

/** A field value after parsing by type; lists are always arrays, refs stay as written. */
export type FieldValue = string | readonly string[] | null;

/** One field of an entity record. */
export interface EntityField {
  readonly name: string;
  readonly type: FieldType;
  readonly value: FieldValue;
}

/** The typed part of an entity document. */
export interface EntityData {
  readonly type: string;
  readonly name: string;
  readonly fields: readonly EntityField[];
}

/** Everything the reader learned from one file, before it gets an id in the store. */
export interface ParsedDocument {
  readonly path: string;
  readonly kind: DocumentKind;
  readonly title: string;
  readonly aliases: readonly string[];
  readonly slug: string;
  readonly body: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly status: DocumentStatus;
  readonly headings: readonly Heading[];
  readonly blocks: readonly Block[];
  readonly sections: readonly Section[];
  readonly pages: readonly Page[];
  readonly links: readonly Link[];
  readonly entity: EntityData | null;
  /** Problems worth telling the user that did not stop the file from being indexed. */
  readonly warnings: readonly string[];
}

/** A retrievable span of one document. */
export interface Chunk {
  /** Derived from the document id and the chunk text, so a citation can tell when its source changed. */
  readonly id: string;
  readonly ordinal: number;
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly headingPath: readonly string[];
  readonly page: number | null;
  readonly sectionId: string | null;
  /**
   * The chunk's index terms, when computed where it was cut (on a reader thread, so the thread
   * that writes need not); a store analyzes the chunk itself when they are absent.
   */
  readonly terms?: ChunkTerms;
}

/** A chunk's analyzed heading and body fields (see analyzeChunk): terms joined by spaces, and how many. */
export interface ChunkTerms {
  readonly headings: string;
  readonly headingCount: number;
  readonly body: string;
  readonly bodyCount: number;
}

/** A document as stored: parsed content plus identity and bookkeeping. */
export interface StoredDocument extends ParsedDocument {
  /** Stable across re-index and across renames detected by content. */
  readonly id: string;
  readonly contentHash: string;
  readonly size: number;
  readonly updatedAt: string;
}
