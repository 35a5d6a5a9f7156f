import type { DocumentKind } from '../document.ts';
import { folderOf, normalizeName } from './normalize-name.ts';
import type { MentionPrefix, ParsedReference } from './reference.ts';
import type { CatalogEntry, ReferenceCatalog } from './reference-catalog.ts';
import { byRecency, preferLive, type ResolveOutcome, toCandidates } from './resolve-outcome.ts';
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

/** How well `wanted` (normalized) matches `known` (normalized). */
export function matchTier(wanted: string, known: string): number {
  if (known === wanted) return MATCH_TIER.exact;
  if (known.startsWith(wanted)) return MATCH_TIER.prefix;
  if (wanted.length >= MIN_PARTIAL && known.includes(wanted)) return MATCH_TIER.partial;
  return MATCH_TIER.none;
}

/** Best tier per entry for a written mention name, among entries of the allowed kinds. */
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
  for (const n of catalog.names) {
    if (kinds && !kinds.includes(n.entry.kind)) continue;
    const tier = matchTier(wanted, n.normalized);
    if (tier > (best.get(n.entry) ?? 0)) best.set(n.entry, tier);
  }
  return best;
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
 * exact beats prefix beats partial. One best match resolves; a tie the current document or folder
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
  const ranked = rankMentionMatches(parsed.name, catalog, kinds);
  if (ranked.size === 0) return none;
  const top = Math.max(...ranked.values());
  const tied = preferLive([...ranked].filter(([, tier]) => tier === top).map(([entry]) => entry));
  const chosen =
    tied.length === 1 ? (tied[0] as CatalogEntry) : breakTie(tied, context.currentPath ?? null);
  if (chosen) return resolvedTo(parsed, chosen);
  const newest = [...tied].sort(byRecency);
  return {
    ...none,
    status: 'ambiguous',
    candidates: toCandidates(
      newest,
      (e) => top + (newest.length - newest.indexOf(e)) / (newest.length + 1),
    ),
    notes: [`${tied.length} documents match "${parsed.name}"`],
  };
}
