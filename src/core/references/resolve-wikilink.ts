import { folderOf, isMarkdownPath, linkName } from './normalize-name.ts';
import type { ParsedReference } from './reference.ts';
import type { CatalogEntry, ReferenceCatalog } from './reference-catalog.ts';
import { resolveAnchor } from './resolve-anchor.ts';
import {
  byRecency,
  preferLive,
  type ResolveOutcome,
  statusOf,
  toCandidates,
} from './resolve-outcome.ts';

/** Where the message is written from: the document open beside the chat, if any. */
export interface ResolveContext {
  readonly currentPath?: string | null;
}

/** A target that would leave the workspace: absolute, or climbing with `..`. */
export function escapesWorkspace(target: string): boolean {
  return (
    target.startsWith('/') ||
    target.includes('\\') ||
    target.includes('\0') ||
    target.split('/').includes('..')
  );
}

const unresolved = (notes: string[]): ResolveOutcome => ({
  status: 'unresolved',
  entry: null,
  target: null,
  candidates: [],
  notes,
  end: null,
});

/** The outcome for one chosen document, with its anchor. */
export function resolvedTo(
  parsed: ParsedReference,
  entry: CatalogEntry,
  notes: readonly string[] = [],
): ResolveOutcome {
  const anchor = resolveAnchor(parsed, entry);
  return {
    status: statusOf(entry),
    entry,
    target: {
      documentId: entry.id,
      path: entry.path,
      title: entry.title,
      kind: entry.kind,
      status: entry.status,
      heading: anchor.heading,
      block: anchor.block,
      section: anchor.section,
      page: anchor.page,
      entity: entry.entityId,
      ...(anchor.span && { span: anchor.span }),
    },
    candidates: [],
    notes: [...notes, ...anchor.notes],
    end: anchor.end,
  };
}

/** Obsidian's choice among same-named files: exact path, then the current folder, then (live before archived) the shortest path. */
function pickByPath(
  matches: readonly CatalogEntry[],
  target: string,
  currentPath: string | null,
): CatalogEntry[] {
  const wanted = target.toLowerCase().replace(/\.(md|markdown|mdx)$/i, '');
  const exact = matches.filter(
    (e) => e.path.toLowerCase().replace(/\.(md|markdown|mdx)$/i, '') === wanted,
  );
  if (exact.length > 0) return exact;
  if (currentPath) {
    const here = folderOf(currentPath).toLowerCase();
    const local = matches.filter((e) => folderOf(e.path).toLowerCase() === here);
    if (local.length > 0) return local;
  }
  // Obsidian knows no archive; we do: a live note wins over an archived one of the same name.
  const live = matches.filter((e) => e.status !== 'archived');
  const pool = live.length > 0 ? live : matches;
  const shortest = Math.min(...pool.map((e) => e.path.length));
  return pool.filter((e) => e.path.length === shortest);
}

/**
 * Resolves `[[…]]` by Obsidian's rules: file name (case-insensitive; `.md` optional, other files
 * need their extension), narrowed by any folder part; among several the exact path, the current
 * folder, then the shortest path; only if no file name matches, a title or alias. A tie that
 * these rules cannot break is reported as ambiguous, never picked silently.
 */
export function resolveWikilink(
  parsed: ParsedReference,
  catalog: ReferenceCatalog,
  context: ResolveContext = {},
): ResolveOutcome {
  const currentPath = context.currentPath ?? null;
  const target = parsed.name.trim();
  if (target === '') {
    const current = currentPath ? catalog.atPath(currentPath) : undefined;
    return current
      ? resolvedTo(parsed, current)
      : unresolved([`${parsed.raw} points into the current document, but no document is open`]);
  }
  if (escapesWorkspace(target)) return unresolved([`${target} is outside the workspace`]);

  const name = target.slice(target.lastIndexOf('/') + 1);
  let matches = preferLive(catalog.byFileName(name));
  if (target.includes('/')) {
    const suffix = `/${target.toLowerCase()}`;
    const pathKey = (e: CatalogEntry) =>
      `/${(isMarkdownPath(e.path) && !isMarkdownPath(target) ? e.path.replace(/\.(md|markdown|mdx)$/i, '') : e.path).toLowerCase()}`;
    matches = matches.filter((e) => pathKey(e).endsWith(suffix));
  }
  if (matches.length === 0 && !target.includes('/')) {
    matches = preferLive(catalog.byTitleOrAlias(target));
    if (matches.length > 1) {
      return {
        ...unresolved([`several documents are titled or aliased "${target}"`]),
        status: 'ambiguous',
        candidates: toCandidates([...matches].sort(byRecency), () => 1),
      };
    }
  }
  if (matches.length === 0) return unresolved([]);
  if (matches.length === 1) return resolvedTo(parsed, matches[0] as CatalogEntry);
  const picked = pickByPath(matches, target, currentPath);
  if (picked.length === 1) return resolvedTo(parsed, picked[0] as CatalogEntry);
  return {
    ...unresolved([`${matches.length} documents are named "${linkName(name)}"`]),
    status: 'ambiguous',
    candidates: toCandidates([...picked].sort(byRecency), (e) => 1 / e.path.length),
  };
}
