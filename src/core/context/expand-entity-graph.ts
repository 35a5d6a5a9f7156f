import type { FieldType } from '../document.ts';
import type { EntityGraphLookup, EntityRecord, NoteRecord } from './entity-records.ts';
import {
  DEFAULT_COMPUTED_LIMIT,
  formatFieldValue,
  formatNoteRef,
  type ResolvedEntityField,
  resolveEntityField,
} from './render-entity-field.ts';

/**
 * Deep entity context (seed 004, section 3): a breadth-first walk from the mentioned entities over
 * `entity_ref`, `entity_ref_list` and `computed` fields, to `maxDepth` hops.
 *
 * - One global visited set keyed by entity id, so self-references and cycles end the walk.
 * - Levels are processed in order; within a level, in the order entities were reached (parents in
 *   order, then fields in schema order, then values as written; computed results by name).
 * - `via` lists every referrer on the previous level (`@Alice.team`, `@Hydraulics.lead`); a link
 *   between two entities of the same level, or back to an earlier level, is not a route.
 * - Deleted targets are not walked into (their referrer shows `@Name (deleted)`); archived ones are,
 *   marked `(archived)`.
 * - Entities at `maxDepth` show name and type only. Their `note_ref` fields are still read
 *   (seed 3.2: notes are collected at any depth); their computed fields are not evaluated.
 */

/** A field as shown to the model: its name, type and rendered value (without `name: `). */
export interface RenderedEntityField {
  readonly name: string;
  readonly type: FieldType;
  readonly text: string;
}

/** A live note an entity points at, with the field that points at it. */
export interface EntityNoteLink {
  readonly field: string;
  readonly note: NoteRecord;
}

/** One entity in the context block: where it sits in the walk and what is shown of it. */
export interface EntityContextEntry {
  readonly entity: EntityRecord;
  /** 0 for a mentioned entity, otherwise hops from the nearest mentioned one. */
  readonly depth: number;
  /** `@Referrer.field` for each route from the previous level; empty at depth 0. */
  readonly via: readonly string[];
  /** Non-empty fields, rendered; empty when `expanded` is false. */
  readonly fields: readonly RenderedEntityField[];
  /** False at `maxDepth`: name and type only, references not followed. */
  readonly expanded: boolean;
  /** Live notes named by this entity's `note_ref` fields, in field order (archived ones left out). */
  readonly noteRefs: readonly NoteRecord[];
  /** The same notes as `noteRefs`, each with the field naming it. */
  readonly noteLinks: readonly EntityNoteLink[];
}

/** How far the walk goes and how many results a computed field contributes. */
export interface ExpandEntityGraphOptions {
  readonly maxDepth?: number;
  readonly computedLimit?: number;
}

const WALKED_TYPES: ReadonlySet<FieldType> = new Set(['entity_ref', 'entity_ref_list', 'computed']);

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

interface Reached {
  readonly entity: EntityRecord;
  readonly via: string[];
}

function noteLinksOf(fields: readonly ResolvedEntityField[]): EntityNoteLink[] {
  const links: EntityNoteLink[] = [];
  const seen = new Set<string>();
  for (const field of fields) {
    if (field.type !== 'note_ref') continue;
    for (const value of field.values) {
      if (value.kind !== 'note' || value.note.status !== 'active' || seen.has(value.note.id))
        continue;
      seen.add(value.note.id);
      links.push({ field: field.name, note: value.note });
    }
  }
  return links;
}

function resolveFields(
  entity: EntityRecord,
  lookup: EntityGraphLookup,
  expanded: boolean,
  computedLimit: number,
): ResolvedEntityField[] {
  const resolved: ResolvedEntityField[] = [];
  for (const field of entity.fields) {
    if (!expanded && field.type !== 'note_ref') continue;
    const one = resolveEntityField(field, entity, lookup, computedLimit);
    if (one) resolved.push(one);
  }
  return resolved;
}

/** Walks from the mentioned entities to what they reference, so the model sees their neighbourhood. */
export function expandEntityGraph(
  roots: readonly EntityRecord[],
  lookup: EntityGraphLookup,
  options: ExpandEntityGraphOptions = {},
): EntityContextEntry[] {
  const maxDepth = Math.max(0, Math.floor(options.maxDepth ?? 2));
  const computedLimit = options.computedLimit ?? DEFAULT_COMPUTED_LIMIT;
  const visited = new Set<string>();
  const entries: EntityContextEntry[] = [];
  let level: Reached[] = [];
  for (const root of roots) {
    if (visited.has(root.entityId)) continue;
    visited.add(root.entityId);
    level.push({ entity: root, via: [] });
  }
  for (let depth = 0; level.length > 0; depth++) {
    const next = new Map<string, Reached>();
    for (const { entity, via } of level) {
      const expanded = depth < maxDepth;
      const fields = resolveFields(entity, lookup, expanded, computedLimit);
      const noteLinks = noteLinksOf(fields);
      entries.push({
        entity,
        depth,
        via,
        fields: expanded
          ? fields.map((f) => ({ name: f.name, type: f.type, text: formatFieldValue(f.values) }))
          : [],
        expanded,
        noteRefs: noteLinks.map((link) => link.note),
        noteLinks,
      });
      if (!expanded) continue;
      for (const field of fields) {
        if (!WALKED_TYPES.has(field.type)) continue;
        const route = `@${oneLine(entity.name)}.${field.name}`;
        for (const value of field.values) {
          if (value.kind !== 'entity' || value.entity.status === 'deleted') continue;
          const target = value.entity;
          const pending = next.get(target.entityId);
          if (pending) {
            if (!pending.via.includes(route)) pending.via.push(route);
          } else if (!visited.has(target.entityId)) {
            visited.add(target.entityId);
            next.set(target.entityId, { entity: target, via: [route] });
          }
        }
      }
    }
    level = [...next.values()];
  }
  return entries;
}

const typeLabel = (type: string): string => type.charAt(0).toUpperCase() + type.slice(1);

/** A mentioned entity keeps its id even when deleted: the user named it, the walk did not. */
function heading(entry: EntityContextEntry): string {
  const { entity } = entry;
  const mark = entity.status === 'active' ? '' : ` (${entity.status})`;
  const origin =
    entry.depth === 0 ? 'directly mentioned' : `referenced via ${entry.via.join(', ')}`;
  return `### @${oneLine(entity.name)} (${typeLabel(entity.type)}) [id:${entity.entityId}]${mark}  ← ${origin}`;
}

/** The `## Entity context` block of the system prompt; empty when nothing was mentioned. */
export function renderEntityContext(entries: readonly EntityContextEntry[]): string {
  if (entries.length === 0) return '';
  const blocks = entries.map((entry) => {
    const lines = [heading(entry), ...entry.fields.map((f) => `  ${f.name}: ${f.text}`)];
    if (!entry.expanded) lines.push('  (further references not expanded)');
    return lines.join('\n');
  });
  return [
    '## Entity context\nEntities mentioned or referenced in this conversation.\nUse [id:...] when assigning tasks or referencing entities.',
    ...blocks,
  ].join('\n\n');
}

/** One note chosen for the "Notes linked via entity fields" section. */
export interface LinkedNote {
  readonly note: NoteRecord;
  /** The body, cut to the budget. */
  readonly text: string;
  readonly cut: boolean;
  /** `@Entity.field` that first named the note. */
  readonly via: string;
}

/** A note an entity named that was left out, and why. */
export interface SkippedNote {
  readonly note: NoteRecord;
  /** `duplicate`: already pinned or referenced (in `exclude`); `limit`: over the note budget. */
  readonly reason: 'duplicate' | 'limit';
}

/** The note budget of seed 3.4, and the notes the caller already shows. */
export interface CollectLinkedNotesOptions {
  readonly max?: number;
  readonly maxChars?: number;
  readonly exclude?: ReadonlySet<string>;
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** Cuts text to `maxChars`, at a word boundary in the last half when there is one, with `…`. */
export function cutText(text: string, maxChars: number): { text: string; cut: boolean } {
  const max = Math.max(0, Math.floor(maxChars));
  if (text.length <= max) return { text, cut: false };
  let end = max;
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end--;
  if (!/\s/.test(text.charAt(end))) {
    const space = text.slice(0, end).search(/\s\S*$/);
    if (space >= Math.ceil(max / 2)) end = space;
  }
  return { text: `${text.slice(0, end).trimEnd()}…`, cut: true };
}

/** Picks the notes entity fields link to, in walk order and within budget, never twice. */
export function collectLinkedNotes(
  entries: readonly EntityContextEntry[],
  options: CollectLinkedNotesOptions = {},
): { notes: LinkedNote[]; skipped: SkippedNote[] } {
  const max = Math.max(0, Math.floor(options.max ?? 3));
  const maxChars = options.maxChars ?? 2000;
  const exclude = options.exclude ?? new Set<string>();
  const notes: LinkedNote[] = [];
  const skipped: SkippedNote[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    for (const { field, note } of entry.noteLinks) {
      if (note.status !== 'active' || seen.has(note.id)) continue;
      seen.add(note.id);
      if (exclude.has(note.id)) skipped.push({ note, reason: 'duplicate' });
      else if (notes.length >= max) skipped.push({ note, reason: 'limit' });
      else
        notes.push({
          note,
          ...cutText(note.body, maxChars),
          via: `@${oneLine(entry.entity.name)}.${field}`,
        });
    }
  }
  return { notes, skipped };
}

/** The `## Notes linked via entity fields` block of the system prompt; empty when there are none. */
export function renderLinkedNotes(notes: readonly LinkedNote[]): string {
  if (notes.length === 0) return '';
  const blocks = notes.map(({ note, text }) => `### ${formatNoteRef(note)}\n${text}\n---`);
  return [
    '## Notes linked via entity fields\nThese notes were attached because they appear in entity field values.',
    ...blocks,
  ].join('\n\n');
}
