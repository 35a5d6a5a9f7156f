import type { DocumentKind } from '../document.ts';
import { folderOf, normalizeName } from './normalize-name.ts';
import type { MentionPrefix, ParsedReference } from './reference.ts';
import type { CatalogEntry, CatalogName, ReferenceCatalog } from './reference-catalog.ts';
import {
  MAX_CANDIDATES,
  newestFirst,
  preferLive,
  type ResolveOutcome,
  toCandidates,
} from './resolve-outcome.ts';
import { escapesWorkspace, type ResolveContext, resolvedTo } from './resolve-wikilink.ts';

/** Kinds a mention prefix narrows to. */
export const PREFIX_KINDS: Readonly<Record<MentionPrefix, readonly DocumentKind[]>> = {
  content: ['content'],
  source: ['source'],
  page: ['pdf'],
  file: ['file', 'pdf'],
  note: ['note'],
  entity: ['entity'],
};

/** Match quality of a written name against a known one: exact beats prefix beats partial. */
export const MATCH_TIER = { exact: 3, prefix: 2, partial: 1, none: 0 } as const;

/** Shortest name that may match partially; shorter ones would match nearly everything. */
const MIN_PARTIAL = 3;

/**
 * The entries of the best tier that matches a written mention name, among the allowed kinds
 * (all exact matches; else all prefix matches; else all partial ones), each with its tier.
 */
export function rankMentionMatches(
  name: string,
  catalog: ReferenceCatalog,
  kinds: readonly DocumentKind[] | null,
): Map<CatalogEntry, number> {
  const best = new Map<CatalogEntry, number>();
  const wanted = normalizeName(name);
  if (!wanted) return best;
  if (name.includes('/')) {
    const suffix = `/${name
      .toLowerCase()
      .replace(/^\.\//, '')
      .replace(/\.(md|markdown|mdx)$/i, '')}`;
    for (const entry of catalog.entries) {
      if (kinds && !kinds.includes(entry.kind)) continue;
      const path = `/${entry.path.toLowerCase()}`;
      if (path.endsWith(suffix) || path.replace(/\.(md|markdown|mdx)$/i, '').endsWith(suffix))
        best.set(entry, MATCH_TIER.exact);
    }
    return best;
  }
  const allowed = (n: CatalogName) => !kinds || kinds.includes(n.entry.kind);
  // Tiers are tried best first; a lower tier only matters when no better one matched anything.
  for (const n of catalog.index.equal(wanted)) if (allowed(n)) best.set(n.entry, MATCH_TIER.exact);
  if (best.size > 0) return best;
  for (const n of catalog.index.startingWith(wanted))
    if (allowed(n)) best.set(n.entry, MATCH_TIER.prefix);
  if (best.size > 0 || wanted.length < MIN_PARTIAL) return best;
  for (const n of catalog.index.containing(wanted))
    if (allowed(n)) best.set(n.entry, MATCH_TIER.partial);
  return best;
}

/** Whether a written name is exactly (forgiving case, accents and spacing) a name of some document of these kinds. */
function namesExactly(
  name: string,
  catalog: ReferenceCatalog,
  kinds: readonly DocumentKind[] | null,
): boolean {
  const wanted = normalizeName(name);
  return catalog.index.equal(wanted).some((n) => !kinds || kinds.includes(n.entry.kind));
}

/** Breaks a tie the way a person would: the open document, then its folder, then a live one over archived. */
function breakTie(tied: readonly CatalogEntry[], currentPath: string | null): CatalogEntry | null {
  if (currentPath) {
    const current = tied.find((e) => e.path === currentPath);
    if (current) return current;
    const here = folderOf(currentPath);
    const local = tied.filter((e) => folderOf(e.path) === here);
    if (local.length === 1) return local[0] as CatalogEntry;
  }
  const active = tied.filter((e) => e.status === 'active');
  return active.length === 1 && tied.length > 1 ? (active[0] as CatalogEntry) : null;
}

/**
 * Resolves an `@mention` forgivingly: case, spacing, punctuation and extension do not matter;
 * exact beats prefix beats partial. An unquoted name runs over the next words of its line when
 * that longer run is exactly a document's name (the longest such run wins). One best match resolves; a tie the current document or folder
 * cannot break is ambiguous, with candidates ranked by match and recency.
 */
export function resolveMention(
  parsed: ParsedReference,
  catalog: ReferenceCatalog,
  context: ResolveContext = {},
): ResolveOutcome {
  const none: ResolveOutcome = {
    status: 'unresolved',
    entry: null,
    target: null,
    candidates: [],
    notes: [],
    end: null,
  };
  if (escapesWorkspace(parsed.name))
    return { ...none, notes: [`${parsed.name} is outside the workspace`] };
  const kinds = parsed.prefix ? PREFIX_KINDS[parsed.prefix] : null;
  // `@field trial lessons`: the longest run of words that is exactly a document's name.
  for (const longer of parsed.longer) {
    if (!namesExactly(longer.name, catalog, kinds)) continue;
    const outcome = resolveMention({ ...parsed, ...longer, longer: [] }, catalog, context);
    return { ...outcome, end: Math.max(outcome.end ?? longer.end, longer.end) };
  }
  const ranked = rankMentionMatches(parsed.name, catalog, kinds);
  let top = 0;
  for (const tier of ranked.values()) if (tier > top) top = tier;
  // `@source:transcript`: a source named so wins; else the sources of that type, before any
  // source whose name merely starts with or contains the word.
  if (parsed.prefix === 'source' && top < MATCH_TIER.exact) {
    const typed = resolveSourceType(parsed, catalog);
    if (typed) return typed;
  }
  if (ranked.size === 0) return none;
  const tied = preferLive([...ranked.keys()]);
  const chosen =
    tied.length === 1 ? (tied[0] as CatalogEntry) : breakTie(tied, context.currentPath ?? null);
  if (chosen) return resolvedTo(parsed, chosen);
  const newest = newestFirst(tied, MAX_CANDIDATES);
  return {
    ...none,
    status: 'ambiguous',
    candidates: toCandidates(
      newest,
      (_, index) => top + (newest.length - index) / (newest.length + 1),
    ),
    notes: [`${tied.length} documents match "${parsed.name}"`],
  };
}

/**
 * The sources of the type a `@source:<type>` mention names: one resolves, several are ambiguous
 * with every one as a candidate (live ones only, when there are any); null when no source has it.
 */
function resolveSourceType(
  parsed: ParsedReference,
  catalog: ReferenceCatalog,
): ResolveOutcome | null {
  const all = preferLive(catalog.bySourceType(parsed.name));
  if (all.length === 0) return null;
  const active = all.filter((e) => e.status === 'active');
  const sources = active.length > 0 ? active : all;
  const type = (sources[0] as CatalogEntry).sourceType;
  if (sources.length === 1)
    return resolvedTo(parsed, sources[0] as CatalogEntry, [`the one source of type "${type}"`]);
  const newest = newestFirst(sources, MAX_CANDIDATES);
  return {
    status: 'ambiguous',
    entry: null,
    target: null,
    candidates: toCandidates(
      newest,
      (_, index) => 1 + (newest.length - index) / (newest.length + 1),
    ),
    notes: [`${sources.length} sources of type "${parsed.name}"; name one`],
    end: null,
  };
}
