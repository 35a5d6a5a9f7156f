import type { StoredDocument } from '../document.ts';
import type { DocumentStore } from '../document-store.ts';
import { emptyReference } from '../references/parse-references.ts';
import type { ParsedReference, Reference } from '../references/reference.ts';
import type { CatalogEntry, ReferenceCatalog } from '../references/reference-catalog.ts';
import { isLoaded } from '../references/resolve-references.ts';
import { resolveWikilink } from '../references/resolve-wikilink.ts';
import type {
  ContextInputs,
  HistoryMessage,
  RetrievalSignal,
  RetrievedChunk,
} from './context-types.ts';
import { paragraphSummaries, type SummaryLookup } from './document-summary.ts';
import type { EntityGraphLookup, EntityRecord, NoteRecord } from './entity-records.ts';

/** What to load besides the message's own references. */
export interface LoadContextOptions {
  /** Pinned notes, by document id or workspace path. */
  readonly pinned?: readonly string[];
  /** Retrieved chunks to offer, by chunk id, best first. */
  readonly retrievedChunkIds?: readonly string[];
  /** The retrievals that found each retrieved chunk, by chunk id, shown in the context report. */
  readonly retrievalSignals?: Readonly<Record<string, readonly RetrievalSignal[]>>;
  readonly history?: readonly HistoryMessage[];
  /** Where one-line summaries come from. @default the first paragraph, uncached */
  readonly summaries?: SummaryLookup;
}

/** A wikilink to `name`, as if written `[[name]]`: note_ref values resolve by the same rules. */
const wikilinkTo = (name: string): ParsedReference =>
  emptyReference('wikilink', `[[${name}]]`, 0, name.length + 4, name);

const toEntity = (doc: StoredDocument): EntityRecord | null =>
  doc.entity
    ? {
        id: doc.id,
        entityId:
          typeof doc.metadata.entityId === 'string'
            ? doc.metadata.entityId
            : `${doc.entity.type}/${doc.slug}`,
        name: doc.entity.name,
        type: doc.entity.type,
        path: doc.path,
        status: doc.status,
        fields: doc.entity.fields,
      }
    : null;

/** Loads every entity and every note their fields point to, and answers the graph's lookups from memory. */
export async function loadEntityLookup(
  store: DocumentStore,
  catalog: ReferenceCatalog,
): Promise<EntityGraphLookup | null> {
  const entityEntries = catalog.entries.filter((e) => e.kind === 'entity');
  if (entityEntries.length === 0) return null;
  const docs = await Promise.all(entityEntries.map((e) => store.getDocument(e.id)));
  const entities = docs.flatMap((d) =>
    d ? [toEntity(d)].filter((x): x is EntityRecord => x !== null) : [],
  );
  const notes = new Map<string, NoteRecord | null>();
  for (const entity of entities) {
    for (const field of entity.fields) {
      if (
        field.type !== 'note_ref' ||
        typeof field.value !== 'string' ||
        notes.has(field.value.toLowerCase())
      )
        continue;
      const outcome = resolveWikilink(wikilinkTo(field.value), catalog);
      const doc = outcome.entry ? await store.getDocument(outcome.entry.id) : null;
      notes.set(
        field.value.toLowerCase(),
        doc
          ? { id: doc.id, title: doc.title, path: doc.path, status: doc.status, body: doc.body }
          : null,
      );
    }
  }
  const rank = (e: EntityRecord) => (e.status === 'active' ? 0 : e.status === 'archived' ? 1 : 2);
  const byKey = new Map<string, EntityRecord[]>();
  for (const e of entities) {
    for (const key of new Set([e.entityId.toLowerCase(), e.name.toLowerCase()])) {
      byKey.set(
        key,
        [...(byKey.get(key) ?? []), e].sort((a, b) => rank(a) - rank(b)),
      );
    }
  }
  const byType = new Map<string, EntityRecord[]>();
  for (const e of entities)
    if (e.status !== 'deleted') byType.set(e.type, [...(byType.get(e.type) ?? []), e]);
  return {
    entityByRef(value, type) {
      const matches = byKey.get(value.trim().toLowerCase()) ?? [];
      return (type && matches.find((e) => e.type === type)) || matches[0] || null;
    },
    entitiesOfType: (type) => byType.get(type) ?? [],
    noteByRef: (value) => notes.get(value.trim().toLowerCase()) ?? null,
  };
}

/**
 * Reads from the store everything one turn's context needs: the referenced documents, pinned notes,
 * entity lookups, retrieved chunks and one-line summaries (cached per document version).
 */
export async function loadContextInputs(
  store: DocumentStore,
  catalog: ReferenceCatalog,
  message: string,
  references: readonly Reference[],
  options: LoadContextOptions = {},
): Promise<ContextInputs> {
  const documents = new Map<string, StoredDocument>();
  const load = async (id: string) => {
    const cached = documents.get(id);
    if (cached) return cached;
    const doc = await store.getDocument(id);
    if (doc) documents.set(id, doc);
    return doc;
  };
  for (const ref of references) if (isLoaded(ref) && ref.target) await load(ref.target.documentId);

  const pinned: StoredDocument[] = [];
  for (const key of options.pinned ?? []) {
    const entry: CatalogEntry | undefined = catalog.get(key) ?? catalog.atPath(key);
    const doc = entry && entry.status !== 'deleted' ? await load(entry.id) : null;
    if (doc && !pinned.some((p) => p.id === doc.id)) pinned.push(doc);
  }

  const entities = await loadEntityLookup(store, catalog);
  for (const ref of references) {
    if (ref.target?.kind !== 'entity' || !entities) continue;
    // Notes linked from the entity graph are quoted from the lookup; keep their documents for spans.
    for (const field of entities.entityByRef(ref.target.entity ?? ref.target.title)?.fields ?? []) {
      if (field.type === 'note_ref' && typeof field.value === 'string') {
        const note = entities.noteByRef(field.value);
        if (note) await load(note.id);
      }
    }
  }

  const retrieved: RetrievedChunk[] = [];
  for (const chunkId of options.retrievedChunkIds ?? []) {
    const chunk = await store.getChunk(chunkId);
    const doc = chunk ? await load(chunk.documentId) : null;
    if (!chunk || !doc) continue;
    retrieved.push({
      documentId: doc.id,
      chunkId: chunk.id,
      path: doc.path,
      title: doc.title,
      kind: doc.kind,
      text: chunk.text,
      start: chunk.start,
      end: chunk.end,
      page: chunk.page,
      section: chunk.sectionId,
      headingPath: chunk.headingPath,
      ...(options.retrievalSignals?.[chunk.id] && {
        signals: options.retrievalSignals[chunk.id],
      }),
    });
  }

  // Looked up together, so a lookup that waits briefly for a model waits once per turn, not per reference.
  const summarized = new Map<string, StoredDocument>();
  for (const ref of references) {
    const doc = ref.target && isLoaded(ref) ? documents.get(ref.target.documentId) : undefined;
    if (doc) summarized.set(doc.id, doc);
  }
  const lookup = options.summaries ?? paragraphSummaries;
  const summaries = new Map(
    await Promise.all(
      [...summarized.values()].map(async (doc) => [doc.id, await lookup.summaryOf(doc)] as const),
    ),
  );
  return {
    message,
    references,
    documents,
    pinned,
    entities,
    retrieved,
    summaries,
    history: options.history ?? [],
  };
}
