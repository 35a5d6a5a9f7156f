import type { ReferenceCandidate, ReferenceStatus, ReferenceTarget } from './reference.ts';
import type { CatalogEntry } from './reference-catalog.ts';

/** What resolving one written reference produced, before permissions and limits. */
export interface ResolveOutcome {
  readonly status: Exclude<ReferenceStatus, 'over_limit'>;
  readonly entry: CatalogEntry | null;
  readonly target: ReferenceTarget | null;
  readonly candidates: readonly ReferenceCandidate[];
  readonly notes: readonly string[];
  /** A longer end for the span, when the document told us how far the reference goes. */
  readonly end: number | null;
}

/** Builds the candidate list for an ambiguous reference, best first. */
export function toCandidates(
  entries: readonly CatalogEntry[],
  score: (e: CatalogEntry) => number,
): ReferenceCandidate[] {
  return entries
    .map((e) => ({
      documentId: e.id,
      path: e.path,
      title: e.title,
      kind: e.kind,
      score: Math.round(score(e) * 1000) / 1000,
    }))
    .sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
}

/** Status of a reference that found its one document. */
export const statusOf = (entry: CatalogEntry): ResolveOutcome['status'] =>
  entry.status === 'active' ? 'resolved' : entry.status;

/** Newest first; used to order candidates, never to pick one silently. */
export const byRecency = (a: CatalogEntry, b: CatalogEntry) =>
  b.updatedAt.localeCompare(a.updatedAt) || a.path.localeCompare(b.path);

/** Prefers live documents: a deleted one only counts when nothing live matches. */
export function preferLive(entries: readonly CatalogEntry[]): readonly CatalogEntry[] {
  const live = entries.filter((e) => e.status !== 'deleted');
  if (live.length > 0) return live;
  // Several deleted rows may share a path (deleted, revived, deleted again): keep the latest per path.
  const latest = new Map<string, CatalogEntry>();
  for (const e of [...entries].sort(byRecency)) if (!latest.has(e.path)) latest.set(e.path, e);
  return [...latest.values()];
}
