import type { DocumentStatus, EntityField } from '../document.ts';

/** An entity as the context assembler sees it: identity, status and typed fields. */
export interface EntityRecord {
  /** Document id in the store. */
  readonly id: string;
  /** Stable entity id, `type/slug` (e.g. `person/alice`). */
  readonly entityId: string;
  readonly name: string;
  readonly type: string;
  readonly path: string;
  readonly status: DocumentStatus;
  readonly fields: readonly EntityField[];
}

/** A note that an entity field (`note_ref`) may point to. */
export interface NoteRecord {
  readonly id: string;
  readonly title: string;
  readonly path: string;
  readonly status: DocumentStatus;
  /** Plain text of the note's body, as it would be quoted to the model. */
  readonly body: string;
}

/**
 * Synchronous lookups the entity-graph expansion needs, prepared by the caller from the store, so
 * the expansion itself stays pure and fast.
 */
export interface EntityGraphLookup {
  /** The entity a field value names: by `type/slug` id or by name (case-insensitive); deleted ones included. */
  entityByRef(value: string, type?: string): EntityRecord | null;
  /** All entities of a type (for `computed` fields' saved queries), deleted ones excluded. */
  entitiesOfType(type: string): readonly EntityRecord[];
  /** The note a `note_ref` value names (title or file name, as a wikilink would); archived ones included. */
  noteByRef(value: string): NoteRecord | null;
}
