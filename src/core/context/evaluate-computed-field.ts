import type { EntityField } from '../document.ts';
import { parseListValue } from '../entity-fields.ts';
import type { EntityGraphLookup, EntityRecord } from './entity-records.ts';

/**
 * Saved queries of `computed` fields (`type:person team:$team`).
 *
 * Grammar: whitespace-separated `key:value` terms. A key is a field name (letters, digits, `_`,
 * `-`; case-sensitive); a value is a run of non-space characters or a double-quoted string that
 * may hold spaces (no escapes). Exactly one `type:` term is required. Any other shape (a bare
 * word, an empty value, an unterminated quote) makes the query malformed, and a malformed query
 * returns no entities.
 *
 * Variables: a value that is exactly `$word` (quoted or not) is replaced by the owner's value:
 * `$name`, `$id` and `$type` are the owner's name, `type/slug` id and type; any other `$field` is
 * the owner's value of that field. A list field gives every one of its values, and the term
 * matches when any of them matches. A variable naming an empty, missing or computed field matches
 * nothing, so the whole query returns no entities (Dana, with no team, has no teammates).
 *
 * Filters: `name:` and `id:` test the candidate's name and id. Any other key tests the
 * candidate's field of that name: reference fields compare resolved entities (`Hydraulics` and
 * `team/hydraulics` are the same team; two names that resolve to nothing compare as text), a
 * `note_ref` compares resolved notes the same way, lists match when any value matches, everything
 * else is case-insensitive text equality. A computed field is never filtered on (no recursion).
 */

/** One `key:value` term of a saved query, as written. */
export interface QueryTerm {
  readonly key: string;
  readonly value: string;
}

const TERM = /([A-Za-z_][\w-]*):(?:"([^"]*)"|([^\s"]+))(?=\s|$)/y;
const VARIABLE = /^\$([A-Za-z_][\w-]*)$/;
const REF_TYPES: ReadonlySet<string> = new Set(['entity_ref', 'entity_ref_list']);
const LIST_TYPES: ReadonlySet<string> = new Set(['text_list', 'entity_ref_list']);

/** Splits a saved query into its terms, or null when it is malformed, so bad queries fail closed. */
export function parseComputedQuery(query: string): QueryTerm[] | null {
  const terms: QueryTerm[] = [];
  let position = 0;
  while (true) {
    while (position < query.length && /\s/.test(query.charAt(position))) position++;
    if (position >= query.length) break;
    TERM.lastIndex = position;
    const match = TERM.exec(query);
    if (!match) return null;
    const value = (match[2] ?? match[3] ?? '').trim();
    if (value === '') return null;
    terms.push({ key: match[1] ?? '', value });
    position = TERM.lastIndex;
  }
  return terms.length > 0 ? terms : null;
}

/** A field's values as a flat list of trimmed, non-empty strings, whether it holds one or many. */
export function fieldValues(field: EntityField): string[] {
  const { value } = field;
  if (value === null) return [];
  if (typeof value === 'string') {
    if (LIST_TYPES.has(field.type)) return parseListValue(value);
    const text = value.trim();
    return text === '' ? [] : [text];
  }
  return value.map((item) => item.trim()).filter((item) => item !== '');
}

/** What `$word` stands for on the owner; an empty list when it names nothing usable. */
function substitute(value: string, self: EntityRecord): string[] {
  const variable = VARIABLE.exec(value)?.[1];
  if (variable === undefined) return [value];
  if (variable === 'name') return [self.name];
  if (variable === 'id') return [self.entityId];
  if (variable === 'type') return [self.type];
  const field = self.fields.find((f) => f.name === variable);
  if (!field || field.type === 'computed') return [];
  return fieldValues(field);
}

const sameText = (a: string, b: string): boolean =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** Resolves references once per evaluation; a query touches the same few names many times. */
function memoLookup(lookup: EntityGraphLookup): {
  entity(value: string, type?: string): EntityRecord | null;
  noteId(value: string): string | null;
} {
  const entities = new Map<string, EntityRecord | null>();
  const notes = new Map<string, string | null>();
  return {
    entity(value, type) {
      const key = `${type ?? ''}\u0000${value}`;
      if (!entities.has(key)) entities.set(key, lookup.entityByRef(value, type));
      return entities.get(key) ?? null;
    },
    noteId(value) {
      if (!notes.has(value)) notes.set(value, lookup.noteByRef(value)?.id ?? null);
      return notes.get(value) ?? null;
    },
  };
}

type Resolver = ReturnType<typeof memoLookup>;

function sameEntity(written: string, wanted: string, resolve: Resolver): boolean {
  const target = resolve.entity(wanted);
  const actual = resolve.entity(written, target?.type);
  if (target && actual) return target.entityId === actual.entityId;
  return !target && !actual && sameText(written, wanted);
}

function sameNote(written: string, wanted: string, resolve: Resolver): boolean {
  const target = resolve.noteId(wanted);
  const actual = resolve.noteId(written);
  if (target !== null && actual !== null) return target === actual;
  return target === null && actual === null && sameText(written, wanted);
}

function matches(
  candidate: EntityRecord,
  key: string,
  wanted: readonly string[],
  resolve: Resolver,
): boolean {
  if (key === 'name') return wanted.some((w) => sameText(candidate.name, w));
  if (key === 'id') return wanted.some((w) => sameText(candidate.entityId, w));
  const field = candidate.fields.find((f) => f.name === key);
  if (!field || field.type === 'computed') return false;
  const same = REF_TYPES.has(field.type)
    ? sameEntity
    : field.type === 'note_ref'
      ? sameNote
      : (a: string, b: string) => sameText(a, b);
  return fieldValues(field).some((written) => wanted.some((w) => same(written, w, resolve)));
}

/** Orders entities by name (case-insensitive, then exact, then id), independent of locale. */
export function compareEntitiesByName(a: EntityRecord, b: EntityRecord): number {
  const keys = (e: EntityRecord) => [e.name.toLowerCase(), e.name, e.entityId] as const;
  const [x, y] = [keys(a), keys(b)];
  for (let i = 0; i < x.length; i++) {
    if (x[i] !== y[i]) return (x[i] ?? '') < (y[i] ?? '') ? -1 : 1;
  }
  return 0;
}

/** Results per lookup: a lookup stands for one version of the index, so its answers never change. */
const results = new WeakMap<EntityGraphLookup, Map<string, EntityRecord[]>>();

/** Runs a computed field's saved query for one owner entity, so its derived value can be shown. */
export function evaluateComputedQuery(
  query: string,
  self: EntityRecord,
  lookup: EntityGraphLookup,
  limit = 10,
): EntityRecord[] {
  let memo = results.get(lookup);
  if (!memo) {
    memo = new Map();
    results.set(lookup, memo);
  }
  const key = `${self.id}\u0000${limit}\u0000${query}`;
  const known = memo.get(key);
  if (known) return [...known];
  const found = runComputedQuery(query, self, lookup, limit);
  memo.set(key, found);
  return [...found];
}

function runComputedQuery(
  query: string,
  self: EntityRecord,
  lookup: EntityGraphLookup,
  limit: number,
): EntityRecord[] {
  const max = Math.floor(limit);
  if (!(max > 0)) return [];
  const terms = parseComputedQuery(query);
  if (!terms) return [];
  const typeTerms = terms.filter((t) => t.key === 'type');
  if (typeTerms.length !== 1 || !typeTerms[0]) return [];
  const types = substitute(typeTerms[0].value, self);
  if (types.length !== 1 || !types[0]) return [];
  const filters = terms
    .filter((t) => t.key !== 'type')
    .map((t) => ({ key: t.key, wanted: substitute(t.value, self) }));
  if (filters.some((f) => f.wanted.length === 0)) return [];
  const resolve = memoLookup(lookup);
  const seen = new Set<string>([self.entityId]);
  const found: EntityRecord[] = [];
  for (const candidate of lookup.entitiesOfType(types[0])) {
    if (seen.has(candidate.entityId) || candidate.id === self.id) continue;
    if (candidate.status === 'deleted') continue;
    seen.add(candidate.entityId);
    if (filters.every((f) => matches(candidate, f.key, f.wanted, resolve))) found.push(candidate);
  }
  return found.sort(compareEntitiesByName).slice(0, max);
}
