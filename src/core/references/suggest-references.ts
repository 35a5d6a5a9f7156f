import type { DocumentKind } from '../document.ts';
import { formatMention, formatWikilink } from './format-reference.ts';
import { compareText, normalizeHeading, normalizeName } from './normalize-name.ts';
import type { MentionPrefix } from './reference.ts';
import type { CatalogEntry, CatalogName, ReferenceCatalog } from './reference-catalog.ts';
import { PREFIX_KINDS } from './resolve-mention.ts';

/** What the user typed to open autocomplete. */
export type SuggestTrigger = '[[' | '@';

/** Groups of the autocomplete dropdown, in display order. */
export const SUGGEST_GROUPS = [
  'notes',
  'files',
  'content',
  'sections',
  'sources',
  'entities',
  'pages',
] as const;
export type SuggestGroupKind = (typeof SUGGEST_GROUPS)[number];

/** One autocomplete choice: what to show, and the exact text to insert for it. */
export interface SuggestItem {
  readonly label: string;
  readonly insert: string;
  readonly documentId: string;
  readonly path: string;
  /** Document kind, or `section` / `heading` / `block` / `page` for a part of one. */
  readonly kind: DocumentKind | 'section' | 'heading' | 'block' | 'page';
  readonly detail: string;
  /** When the document (of a part: its document) was last modified, ISO 8601. */
  readonly modifiedAt: string;
  /** The document's first paragraph, on one line and clipped, where the server adds it. */
  readonly snippet?: string;
}

/** Items of one kind. */
export interface SuggestGroup {
  readonly kind: SuggestGroupKind;
  readonly items: readonly SuggestItem[];
}

/** Options for {@link suggestReferences}. */
export interface SuggestOptions {
  /** Most items over all groups. @default 8 */
  readonly limit?: number;
}

interface Ranked {
  /** Builds the item; deferred because the canonical insert text costs a lookup. */
  readonly item: () => SuggestItem;
  readonly label: string;
  readonly path: string;
  readonly group: SuggestGroupKind;
  readonly tier: number;
  readonly updatedAt: string;
  /** Position inside the document (headings, sections, pages), so equal matches keep reading order. */
  readonly order?: number;
}

const GROUP_OF: Readonly<Record<DocumentKind, SuggestGroupKind>> = {
  note: 'notes',
  file: 'files',
  pdf: 'files',
  content: 'content',
  source: 'sources',
  entity: 'entities',
};

const PREFIXES = Object.keys(PREFIX_KINDS) as MentionPrefix[];

/**
 * Which groups come first, per trigger: notes for `[[` (a wikilink names a note), entities for `@`
 * (a mention names a person or team). It orders the groups when nothing is typed, and breaks ties
 * between equally good matches otherwise.
 */
const GROUP_ORDER: Readonly<Record<SuggestTrigger, readonly SuggestGroupKind[]>> = {
  '[[': ['notes', 'content', 'sources', 'entities', 'files', 'sections', 'pages'],
  '@': ['entities', 'notes', 'content', 'sources', 'files', 'sections', 'pages'],
};

/**
 * With nothing typed, every group gets its turn: one item of each (in {@link GROUP_ORDER}), then a
 * second of each, and so on up to the limit, so recent PDFs cannot crowd out notes and people.
 */
function takeInTurns(ranked: readonly Ranked[], limit: number, order: readonly SuggestGroupKind[]) {
  const queues = order.map((group) => ranked.filter((r) => r.group === group));
  const out: Ranked[] = [];
  for (let round = 0; out.length < limit; round++) {
    const row = queues.map((queue) => queue[round]).filter((r): r is Ranked => r !== undefined);
    if (row.length === 0) break;
    out.push(...row.slice(0, limit - out.length));
  }
  return out;
}

/** Match quality for autocomplete: exact, prefix, a word starting with it, anywhere; 0 = no match. */
function suggestTier(wanted: string, known: string): number {
  if (wanted === '') return 1;
  if (known === wanted) return 4;
  if (known.startsWith(wanted)) return 3;
  if (known.includes(` ${wanted}`)) return 2;
  if (known.includes(wanted)) return 1;
  return 0;
}

const detailOf = (entry: CatalogEntry): string =>
  entry.kind === 'entity' && entry.entityType ? `${entry.entityType} · ${entry.path}` : entry.path;

function documentItems(
  catalog: ReferenceCatalog,
  wanted: string,
  kinds: readonly DocumentKind[] | null,
  limit: number,
  insert: (entry: CatalogEntry) => string,
): Ranked[] {
  const allowed = (e: CatalogEntry) => e.status !== 'deleted' && (!kinds || kinds.includes(e.kind));
  const best = new Map<CatalogEntry, number>();
  if (wanted === '') {
    // The most recent of each group (each may be shown in turn with the others).
    const taken = new Map<SuggestGroupKind, number>();
    for (const entry of catalog.recent) {
      if (!allowed(entry)) continue;
      const n = taken.get(GROUP_OF[entry.kind]) ?? 0;
      if (n >= limit) continue;
      taken.set(GROUP_OF[entry.kind], n + 1);
      best.set(entry, 1);
    }
  } else {
    const take = (names: Iterable<CatalogName>, tier: number) => {
      for (const n of names) if (allowed(n.entry) && !best.has(n.entry)) best.set(n.entry, tier);
    };
    // Best tiers first; a worse tier is only read while the better ones left room.
    take(catalog.index.equal(wanted), 4);
    if (best.size < limit) take(catalog.index.startingWith(wanted), 3);
    if (best.size < limit) take(catalog.index.wordStartingWith(wanted), 2);
    if (best.size < limit) take(catalog.index.containing(wanted), 1);
  }
  return [...best].map(([entry, tier]) => ({
    item: () => ({
      label: entry.title,
      insert: insert(entry),
      documentId: entry.id,
      path: entry.path,
      kind: entry.kind,
      detail: detailOf(entry),
      modifiedAt: entry.updatedAt,
    }),
    label: entry.title,
    path: entry.path,
    group: GROUP_OF[entry.kind],
    tier,
    updatedAt: entry.updatedAt,
  }));
}

/** Finds the document a partial reference already names before its `#` or `:`. */
function ownerOf(
  catalog: ReferenceCatalog,
  name: string,
  kinds: readonly DocumentKind[] | null,
): CatalogEntry | null {
  const entries = new Set<CatalogEntry>();
  for (const n of catalog.index.equal(normalizeName(name))) {
    if (n.entry.status !== 'deleted' && (!kinds || kinds.includes(n.entry.kind)))
      entries.add(n.entry);
  }
  return [...entries].sort((a, b) => compareText(b.updatedAt, a.updatedAt))[0] ?? null;
}

function partItems(
  owner: CatalogEntry,
  catalog: ReferenceCatalog,
  anchor: string,
  trigger: SuggestTrigger,
): Ranked[] {
  const out: Ranked[] = [];
  const base = { documentId: owner.id, path: owner.path, updatedAt: owner.updatedAt };
  const add = (
    label: string,
    insert: string,
    kind: SuggestItem['kind'],
    detail: string,
    known: string,
    group: SuggestGroupKind,
  ) => {
    const tier = suggestTier(normalizeHeading(anchor.replace(/^\^/, '')), normalizeHeading(known));
    if (tier > 0)
      out.push({
        item: () => ({
          label,
          insert,
          kind,
          detail,
          documentId: base.documentId,
          path: base.path,
          modifiedAt: base.updatedAt,
        }),
        label,
        path: base.path,
        group,
        tier,
        updatedAt: base.updatedAt,
        order: out.length,
      });
  };
  if (owner.kind === 'pdf') {
    for (let page = 1; page <= owner.pageCount; page++) {
      const insert =
        trigger === '@'
          ? formatMention(owner, { page }, catalog)
          : `[[${owner.path.slice(owner.path.lastIndexOf('/') + 1)}#page=${page}]]`;
      add(`Page ${page}`, insert, 'page', `page ${page} of ${owner.title}`, String(page), 'pages');
    }
    return out;
  }
  if (trigger === '[[' && anchor.startsWith('^')) {
    for (const block of owner.blocks)
      add(
        `^${block}`,
        formatWikilink(owner, catalog, { block }),
        'block',
        `block in ${owner.title}`,
        block,
        'sections',
      );
    return out;
  }
  if (owner.kind === 'content') {
    for (const s of owner.sections) {
      const insert =
        trigger === '@'
          ? formatMention(owner, { section: s.id }, catalog)
          : formatWikilink(owner, catalog, { heading: s.title });
      add(s.title, insert, 'section', `section of ${owner.title}`, s.title, 'sections');
    }
    return out;
  }
  for (const h of owner.headings) {
    const insert =
      trigger === '@'
        ? formatMention(owner, { section: h.anchor }, catalog)
        : formatWikilink(owner, catalog, { heading: h.text });
    add(h.text, insert, 'heading', `heading in ${owner.title}`, h.text, 'sections');
  }
  return out;
}

/** Content sections whose titles match, so `@flow` offers "Work out the flow rate" directly. */
function sectionItems(catalog: ReferenceCatalog, wanted: string): Ranked[] {
  if (wanted.length < 2) return [];
  const out: Ranked[] = [];
  for (const entry of catalog.entries) {
    if (entry.kind !== 'content' || entry.status === 'deleted') continue;
    for (const s of entry.sections) {
      const tier = suggestTier(wanted, normalizeHeading(s.title));
      if (tier === 0) continue;
      out.push({
        item: () => ({
          label: s.title,
          insert: formatMention(entry, { section: s.id }, catalog),
          documentId: entry.id,
          path: entry.path,
          kind: 'section',
          detail: `section of ${entry.title}`,
          modifiedAt: entry.updatedAt,
        }),
        label: s.title,
        path: entry.path,
        group: 'sections',
        tier: tier - 0.5,
        updatedAt: entry.updatedAt,
      });
    }
  }
  return out;
}

/**
 * Autocomplete for `[[` and `@`: ranked by match quality, then kind (notes first for `[[`, entities
 * first for `@`), then recency; with nothing typed, the most recent of every kind in turns. Grouped
 * by kind, each item carrying the exact canonical text to insert.
 * After `Name#` (or `slug:`) it offers that document's headings, sections, blocks or pages.
 */
export function suggestReferences(
  typed: string,
  trigger: SuggestTrigger,
  catalog: ReferenceCatalog,
  options: SuggestOptions = {},
): SuggestGroup[] {
  const { limit = 8 } = options;
  let text = typed;
  let kinds: readonly DocumentKind[] | null = null;
  if (trigger === '@') {
    const colon = text.indexOf(':');
    const prefix = colon > 0 ? (text.slice(0, colon).toLowerCase() as MentionPrefix) : null;
    if (prefix && PREFIXES.includes(prefix)) {
      kinds = PREFIX_KINDS[prefix];
      text = text.slice(colon + 1);
    }
  }
  text = text.replace(/^"/, '').replace(/"$/, '');
  const partAt = trigger === '[[' ? text.indexOf('#') : text.search(/[#:]/);
  let ranked: Ranked[];
  let bare = false;
  if (partAt > 0) {
    const owner = ownerOf(catalog, text.slice(0, partAt).replace(/"$/, ''), kinds);
    const anchor = text.slice(partAt + 1).replace(/^page=/, '');
    ranked = owner ? partItems(owner, catalog, anchor, trigger) : [];
  } else {
    const wanted = normalizeName(text);
    bare = wanted === '';
    const insert = (e: CatalogEntry) =>
      trigger === '[[' ? formatWikilink(e, catalog) : formatMention(e, {}, catalog);
    ranked = documentItems(catalog, wanted, kinds, limit, insert);
    if (trigger === '@' && !kinds) ranked.push(...sectionItems(catalog, wanted));
  }
  const order = GROUP_ORDER[trigger];
  // Tier first, then kind: one number per item, computed once rather than in every comparison.
  const rankOf = new Map(order.map((group, i) => [group, i]));
  const scored = ranked.map((r) => ({ r, score: r.tier * 100 - (rankOf.get(r.group) ?? 99) }));
  scored.sort(
    ({ r: a, score: x }, { r: b, score: y }) =>
      y - x ||
      compareText(b.updatedAt, a.updatedAt) ||
      (a.order ?? 0) - (b.order ?? 0) ||
      a.label.length - b.label.length ||
      compareText(a.path, b.path),
  );
  ranked = scored.map((s) => s.r);
  const most = Math.max(0, limit);
  const top = (bare ? takeInTurns(ranked, most, order) : ranked.slice(0, most)).map((r) => ({
    group: r.group,
    item: r.item(),
  }));
  const groups = [...new Set(top.map((r) => r.group))];
  return groups.map((kind) => ({
    kind,
    items: top.filter((r) => r.group === kind).map((r) => r.item),
  }));
}
