import type {
  CatalogEntry,
  DocumentKind,
  DocumentSummary,
  DocumentWrite,
  StoredChunk,
  StoredDocument,
  StoredLink,
} from '../core/index.ts';

/** A documents row as both SQL stores keep it: JSON columns as text. */
export interface DocumentRow {
  id: string;
  path: string;
  kind: DocumentKind;
  title: string;
  aliases: string;
  slug: string;
  body: string;
  metadata: string;
  structure: string;
  status: StoredDocument['status'];
  content_hash: string;
  size: number;
  updated_at: string;
}

/** A chunks row as both SQL stores keep it. */
export interface ChunkRow {
  id: string;
  document_id: string;
  ordinal: number;
  text: string;
  start_offset: number;
  end_offset: number;
  heading_path: string;
  page: number | null;
  section_id: string | null;
}

/** A links row joined with the linking document's path; `embed` is 0/1 in SQLite, boolean in PostgreSQL. */
export interface LinkRow {
  document_id: string;
  source_path: string;
  syntax: 'wikilink' | 'markdown';
  embed: number | boolean;
  target: string;
  heading: string | null;
  block: string | null;
  alias: string | null;
  start_offset: number;
  end_offset: number;
}

/** The structural parts of a document kept in one JSON column. */
export type DocumentStructure = Pick<
  StoredDocument,
  'headings' | 'blocks' | 'sections' | 'pages' | 'entity' | 'warnings'
>;

/** The JSON text of the structure column for a document being written. */
export const structureJson = (doc: DocumentWrite) =>
  JSON.stringify({
    headings: doc.headings,
    blocks: doc.blocks,
    sections: doc.sections,
    pages: doc.pages,
    entity: doc.entity,
    warnings: doc.warnings,
  });

/** The columns a document summary is read from (table alias `d`). */
export const SUMMARY_COLUMNS =
  'd.id, d.path, d.title, d.kind, d.status, d.aliases, d.slug, d.updated_at';

/** A document summary from its row. */
export const toSummary = (
  row: Pick<
    DocumentRow,
    'id' | 'path' | 'title' | 'kind' | 'status' | 'aliases' | 'slug' | 'updated_at'
  >,
): DocumentSummary => ({
  id: row.id,
  path: row.path,
  title: row.title,
  kind: row.kind,
  status: row.status,
  aliases: JSON.parse(row.aliases) as string[],
  slug: row.slug,
  updatedAt: row.updated_at,
});

/** A stored chunk from its row. */
export const toChunk = (row: ChunkRow): StoredChunk => ({
  id: row.id,
  documentId: row.document_id,
  ordinal: row.ordinal,
  text: row.text,
  start: row.start_offset,
  end: row.end_offset,
  headingPath: JSON.parse(row.heading_path) as string[],
  page: row.page,
  sectionId: row.section_id,
});

/** A stored link from its row. */
export const toLink = (row: LinkRow): StoredLink => ({
  sourceId: row.document_id,
  sourcePath: row.source_path,
  syntax: row.syntax,
  embed: row.embed === 1 || row.embed === true,
  target: row.target,
  heading: row.heading,
  block: row.block,
  alias: row.alias,
  start: row.start_offset,
  end: row.end_offset,
});

/** A whole stored document from its row and its outgoing links. */
export const toDocument = (row: DocumentRow, links: StoredLink[]): StoredDocument => ({
  id: row.id,
  path: row.path,
  kind: row.kind,
  title: row.title,
  aliases: JSON.parse(row.aliases) as string[],
  slug: row.slug,
  body: row.body,
  metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  status: row.status,
  contentHash: row.content_hash,
  size: row.size,
  updatedAt: row.updated_at,
  links,
  ...(JSON.parse(row.structure) as DocumentStructure),
});

/** The parts of a document references resolve to, from its row (structure and metadata included). */
export const toCatalogEntry = (row: DocumentRow): CatalogEntry => {
  const structure = JSON.parse(row.structure) as Partial<DocumentStructure>;
  const metadata = JSON.parse(row.metadata) as Record<string, unknown>;
  return {
    ...toSummary(row),
    headings: (structure.headings ?? []).map((h) => ({
      text: h.text,
      anchor: h.anchor,
      level: h.level,
    })),
    blocks: (structure.blocks ?? []).map((b) => b.id),
    sections: (structure.sections ?? []).map((s) => ({
      id: s.id,
      title: s.title,
      level: s.level,
      start: s.start,
    })),
    pageCount:
      typeof metadata.pageCount === 'number' ? metadata.pageCount : (structure.pages ?? []).length,
    entityId: typeof metadata.entityId === 'string' ? metadata.entityId : null,
    entityType: structure.entity?.type ?? null,
    sourceType: typeof metadata.sourceType === 'string' ? metadata.sourceType : null,
  };
};

/** The file name as people would search for it: Markdown extensions dropped, others kept (`photo png`). */
export const searchableFileName = (path: string) =>
  path.slice(path.lastIndexOf('/') + 1).replace(/\.(md|markdown|mdx)$/i, '');
