import {
  type CatalogEntry,
  type DocumentKind,
  normalizeHeading,
  type ReferenceCatalog,
  suggestReferences,
} from '../../core/index.ts';

/** Most values one `completion/complete` answer carries. */
export const MAX_COMPLETIONS = 20;

/** Kinds read through `footnote://note/…`: everything that is not a PDF, a content item or an entity. */
export const NOTE_KINDS: readonly DocumentKind[] = ['note', 'source', 'file'];

const live = (e: CatalogEntry) => e.status !== 'deleted';

/** Candidates that start with what was typed, then those containing it, in their own order. */
function rank(
  values: readonly string[],
  typed: string,
  normalize = (s: string) => s.toLowerCase(),
) {
  const wanted = normalize(typed);
  const unique = [...new Set(values)];
  const starting = unique.filter((v) => normalize(v).startsWith(wanted));
  const containing = unique.filter((v) => !starting.includes(v) && normalize(v).includes(wanted));
  return [...starting, ...containing].slice(0, MAX_COMPLETIONS);
}

/**
 * Paths of documents of these kinds for what was typed: paths starting with it first, then the
 * documents the `[[` autocomplete finds by file name, title or alias.
 */
export function completePaths(
  catalog: ReferenceCatalog,
  typed: string,
  kinds: readonly DocumentKind[],
): string[] {
  const lower = typed.toLowerCase();
  const byPath = catalog.recent
    .filter((e) => kinds.includes(e.kind) && e.path.toLowerCase().startsWith(lower))
    .map((e) => e.path);
  const byName = suggestReferences(typed.slice(typed.lastIndexOf('/') + 1), '[[', catalog, {
    limit: MAX_COMPLETIONS,
  })
    .flatMap((g) => g.items)
    .filter((i) => (kinds as readonly string[]).includes(i.kind))
    .map((i) => i.path);
  return [...new Set([...byPath, ...byName])].slice(0, MAX_COMPLETIONS);
}

/** The headings of the note at `path` (when it is known) matching what was typed. */
export function completeHeadings(
  catalog: ReferenceCatalog,
  path: string | undefined,
  typed: string,
) {
  const entry = path ? catalog.atPath(path) : undefined;
  return entry
    ? rank(
        entry.headings.map((h) => h.text),
        typed,
        normalizeHeading,
      )
    : [];
}

/** Page numbers of the PDF at `path` that start with what was typed. */
export function completePages(catalog: ReferenceCatalog, path: string | undefined, typed: string) {
  const entry = path ? catalog.atPath(path) : undefined;
  if (entry?.kind !== 'pdf') return [];
  return Array.from({ length: entry.pageCount }, (_, i) => String(i + 1))
    .filter((p) => p.startsWith(typed.trim()))
    .slice(0, MAX_COMPLETIONS);
}

const contentItems = (catalog: ReferenceCatalog) =>
  catalog.recent.filter((e) => e.kind === 'content' && e.slug && live(e));

/** Slugs of content items, by slug or (through the `@content:` autocomplete) by title. */
export function completeContentSlugs(catalog: ReferenceCatalog, typed: string): string[] {
  const bySlug = rank(
    contentItems(catalog).map((e) => e.slug),
    typed,
  );
  const byTitle = suggestReferences(`content:${typed}`, '@', catalog, { limit: MAX_COMPLETIONS })
    .flatMap((g) => g.items)
    .map((i) => catalog.get(i.documentId)?.slug)
    .filter((s): s is string => Boolean(s));
  return [...new Set([...bySlug, ...byTitle])].slice(0, MAX_COMPLETIONS);
}

/** Section ids of the content item `slug` matching what was typed (by id or title). */
export function completeSections(
  catalog: ReferenceCatalog,
  slug: string | undefined,
  typed: string,
) {
  const entry = contentItems(catalog).find((e) => e.slug.toLowerCase() === slug?.toLowerCase());
  if (!entry) return [];
  const wanted = normalizeHeading(typed);
  const byTitle = entry.sections
    .filter((s) => normalizeHeading(s.title).includes(wanted))
    .map((s) => s.id);
  return [
    ...new Set([
      ...rank(
        entry.sections.map((s) => s.id),
        typed,
      ),
      ...byTitle,
    ]),
  ].slice(0, MAX_COMPLETIONS);
}

const entities = (catalog: ReferenceCatalog) =>
  catalog.recent.filter((e) => e.kind === 'entity' && e.entityId && live(e));

/** Entity types that have at least one entity. */
export const completeEntityTypes = (catalog: ReferenceCatalog, typed: string) =>
  rank(
    entities(catalog).map((e) => (e.entityId as string).split('/')[0] as string),
    typed,
  );

/** Slugs of the entities of `type`, by slug or by name. */
export function completeEntitySlugs(
  catalog: ReferenceCatalog,
  type: string | undefined,
  typed: string,
) {
  const ofType = entities(catalog).filter(
    (e) => (e.entityId as string).split('/')[0]?.toLowerCase() === type?.toLowerCase(),
  );
  const slugOf = (e: CatalogEntry) =>
    (e.entityId as string).slice((e.entityId as string).indexOf('/') + 1);
  const wanted = typed.toLowerCase();
  const byName = ofType.filter((e) => e.title.toLowerCase().includes(wanted)).map(slugOf);
  return [...new Set([...rank(ofType.map(slugOf), typed), ...byName])].slice(0, MAX_COMPLETIONS);
}

/**
 * Reference text for a prompt argument, from the same autocomplete as `[[` and `@` in the chat box:
 * `@…` completes mentions, anything else wikilinks; each value is the exact text to insert.
 */
export function completeReference(catalog: ReferenceCatalog, typed: string): string[] {
  const text = typed.trimStart();
  const [trigger, rest] = text.startsWith('@')
    ? (['@', text.slice(1)] as const)
    : (['[[', text.replace(/^!?\[\[/, '').replace(/\]\]$/, '')] as const);
  return suggestReferences(rest, trigger, catalog, { limit: MAX_COMPLETIONS })
    .flatMap((g) => g.items)
    .map((i) => i.insert)
    .slice(0, MAX_COMPLETIONS);
}
