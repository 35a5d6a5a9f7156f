import { compareText } from './normalize-name.ts';
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

/** Most candidates listed for an ambiguous reference: enough for a picker, not a search result. */
export const MAX_CANDIDATES = 10;

/** Builds the candidate list for an ambiguous reference, best first, at most {@link MAX_CANDIDATES}. */
export function toCandidates(
  entries: readonly CatalogEntry[],
  score: (e: CatalogEntry, index: number) => number,
): ReferenceCandidate[] {
  return entries
    .map((e, index) => ({
      documentId: e.id,
      path: e.path,
      title: e.title,
      kind: e.kind,
      score: Math.round(score(e, index) * 1000) / 1000,
    }))
    .sort((a, b) => b.score - a.score || compareText(a.path, b.path))
    .slice(0, MAX_CANDIDATES);
}

/** Status of a reference that found its one document. */
export const statusOf = (entry: CatalogEntry): ResolveOutcome['status'] =>
  entry.status === 'active' ? 'resolved' : entry.status;

/** The `k` newest entries, newest first, without sorting all of them (ambiguous names can match thousands). */
export function newestFirst(entries: Iterable<CatalogEntry>, k: number): CatalogEntry[] {
  const top: CatalogEntry[] = [];
  for (const entry of entries) {
    if (top.length === k && byRecency(entry, top[k - 1] as CatalogEntry) >= 0) continue;
    let at = top.length === k ? k - 1 : top.length;
    while (at > 0 && byRecency(entry, top[at - 1] as CatalogEntry) < 0) at--;
    top.splice(at, 0, entry);
    if (top.length > k) top.pop();
  }
  return top;
}

/** Newest first; used to order candidates, never to pick one silently. */
export const byRecency = (a: CatalogEntry, b: CatalogEntry) =>
  compareText(b.updatedAt, a.updatedAt) || compareText(a.path, b.path);

/** Prefers live documents: a deleted one only counts when nothing live matches. */
export function preferLive(entries: readonly CatalogEntry[]): readonly CatalogEntry[] {
  const live = entries.filter((e) => e.status !== 'deleted');
  if (live.length > 0) return live;
  // Several deleted rows may share a path (deleted, revived, deleted again): keep the latest per path.
  const latest = new Map<string, CatalogEntry>();
  for (const e of [...entries].sort(byRecency)) if (!latest.has(e.path)) latest.set(e.path, e);
  return [...latest.values()];
}
