import type { EntityField, FieldType } from '../document.ts';
import type { EntityGraphLookup, EntityRecord, NoteRecord } from './entity-records.ts';
import { evaluateComputedQuery, fieldValues } from './evaluate-computed-field.ts';

/**
 * One entity field as the model reads it (seed 004, table 3.3):
 *
 * | type                                | line                                                |
 * | ----------------------------------- | --------------------------------------------------- |
 * | `text`, `email`, `date`, `select`   | `bio: Designs the pump enclosure.`                  |
 * | `text_list`                         | `skills: sketching, 3D printing`                    |
 * | `entity_ref`                        | `team: @Hydraulics [id:team/hydraulics]`            |
 * | `entity_ref_list`, `computed`       | `mentors: @Alice [id:person/alice], @Dana [id:…]`   |
 * | `note_ref`                          | `profile: [[Alice Profile]] [id:<note doc id>]`     |
 *
 * Placeholders, so the model never gets an id it must not use:
 * - a deleted entity keeps its name but loses its id: `team: @Old Team (deleted)`;
 * - an archived entity keeps both and is marked: `@Old Team [id:team/old] (archived)`;
 * - an archived (or deleted) note: `profile: [[Old Profile]] (archived)`;
 * - a value that resolves to nothing is kept as written: `team: Marketing (not found)`.
 *
 * Empty fields (null, blank, an empty list, a computed query with no results) render as null.
 * Whitespace runs (line breaks included) inside values collapse to one space, so a field stays on
 * its line. A list naming the same entity or note twice (`[Bob, person/bob]`) shows it once.
 */

/** One resolved value of a field: text, an entity, a note, or a reference to nothing. */
export type ResolvedValue =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'entity'; readonly entity: EntityRecord }
  | { readonly kind: 'note'; readonly note: NoteRecord }
  | { readonly kind: 'not-found'; readonly text: string };

/** A field with its values looked up, shared by rendering and by graph expansion. */
export interface ResolvedEntityField {
  readonly name: string;
  readonly type: FieldType;
  readonly values: readonly ResolvedValue[];
}

/** How many results a `computed` field shows unless told otherwise. */
export const DEFAULT_COMPUTED_LIMIT = 10;

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function resolveValues(
  field: EntityField,
  owner: EntityRecord,
  lookup: EntityGraphLookup,
  computedLimit: number,
): ResolvedValue[] {
  switch (field.type) {
    case 'computed': {
      const query = typeof field.value === 'string' ? field.value : '';
      return evaluateComputedQuery(query, owner, lookup, computedLimit).map((entity) => ({
        kind: 'entity',
        entity,
      }));
    }
    case 'entity_ref':
    case 'entity_ref_list':
      return fieldValues(field).map((written) => {
        const entity = lookup.entityByRef(written);
        return entity ? { kind: 'entity', entity } : { kind: 'not-found', text: written };
      });
    case 'note_ref':
      return fieldValues(field).map((written) => {
        const note = lookup.noteByRef(written);
        return note ? { kind: 'note', note } : { kind: 'not-found', text: written };
      });
    default:
      return fieldValues(field).map((text) => ({ kind: 'text', text }));
  }
}

/** Keeps the first mention of each entity or note; text values stay as written. */
function dropRepeats(values: readonly ResolvedValue[]): ResolvedValue[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key =
      value.kind === 'entity'
        ? `entity:${value.entity.entityId}`
        : value.kind === 'note'
          ? `note:${value.note.id}`
          : null;
    if (key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Looks up what one field points at, or null when it is empty, so callers never render blanks. */
export function resolveEntityField(
  field: EntityField,
  owner: EntityRecord,
  lookup: EntityGraphLookup,
  computedLimit = DEFAULT_COMPUTED_LIMIT,
): ResolvedEntityField | null {
  const values = dropRepeats(resolveValues(field, owner, lookup, computedLimit));
  return values.length > 0 ? { name: field.name, type: field.type, values } : null;
}

/** `@Name [id:type/slug]`, with the placeholders that keep deleted ids away from the model. */
export function formatEntityRef(entity: EntityRecord): string {
  const name = `@${oneLine(entity.name)}`;
  if (entity.status === 'deleted') return `${name} (deleted)`;
  const ref = `${name} [id:${entity.entityId}]`;
  return entity.status === 'archived' ? `${ref} (archived)` : ref;
}

/** `[[Title]] [id:…]`, or `[[Title]] (archived)` for a note the context must not quote. */
export function formatNoteRef(note: NoteRecord): string {
  const title = `[[${oneLine(note.title)}]]`;
  return note.status === 'active' ? `${title} [id:${note.id}]` : `${title} (${note.status})`;
}

function formatValue(value: ResolvedValue): string {
  switch (value.kind) {
    case 'text':
      return oneLine(value.text);
    case 'entity':
      return formatEntityRef(value.entity);
    case 'note':
      return formatNoteRef(value.note);
    case 'not-found':
      return `${oneLine(value.text)} (not found)`;
  }
}

/** The part after `name: `, comma-joined, as the model reads a field's value. */
export function formatFieldValue(values: readonly ResolvedValue[]): string {
  return values.map(formatValue).join(', ');
}

/** One field as a `name: value` line for the entity context, or null when it has no value. */
export function renderEntityField(
  field: EntityField,
  owner: EntityRecord,
  lookup: EntityGraphLookup,
  options: { readonly computedLimit?: number } = {},
): string | null {
  const resolved = resolveEntityField(field, owner, lookup, options.computedLimit);
  return resolved ? `${resolved.name}: ${formatFieldValue(resolved.values)}` : null;
}
