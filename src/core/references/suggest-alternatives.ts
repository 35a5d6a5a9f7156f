import leven from 'leven';
import type { DocumentKind } from '../document.ts';
import { compareText, normalizeName } from './normalize-name.ts';
import type { CatalogEntry, CatalogName, ReferenceCatalog } from './reference-catalog.ts';

/** How many "did you mean" alternatives an unresolved reference gets. */
export const MAX_SUGGESTIONS = 3;

/** Names checked by edit distance per lookup, from each candidate source. */
const CANDIDATES = 40;

/**
 * The closest known documents to a name nobody has, by edit distance over every name a document
 * goes by, with names that share the written prefix first. Live documents only.
 */
export function closestEntries(
  name: string,
  catalog: ReferenceCatalog,
  kinds: readonly DocumentKind[] | null = null,
  limit = MAX_SUGGESTIONS,
): CatalogEntry[] {
  const wanted = normalizeName(name);
  if (!wanted) return [];
  const allowed = Math.max(1, Math.floor(wanted.length / 3));
  const best = new Map<CatalogEntry, number>();
  const prefix = wanted.slice(0, 3);
  const consider = (n: CatalogName) => {
    const entry = n.entry;
    if (entry.status === 'deleted' || (kinds && !kinds.includes(entry.kind))) return;
    let distance: number;
    if (n.normalized.startsWith(wanted) || wanted.startsWith(n.normalized)) {
      distance = 0.5;
    } else {
      if (Math.abs(n.normalized.length - wanted.length) > allowed) return;
      distance = leven(wanted, n.normalized, { maxDistance: allowed + 1 });
      if (distance > allowed) return;
      if (n.normalized.startsWith(prefix)) distance -= 0.25;
    }
    if (distance < (best.get(entry) ?? Number.POSITIVE_INFINITY)) best.set(entry, distance);
  };
  // Candidates come from the index: names sharing the first letters, and names sharing the most
  // trigrams; only those pay for a real edit distance.
  let taken = 0;
  for (const n of catalog.index.startingWith(prefix)) {
    consider(n);
    if (++taken >= CANDIDATES) break;
  }
  for (const n of catalog.index.similar(wanted, CANDIDATES)) consider(n);
  return [...best]
    .sort(
      ([a, da], [b, db]) =>
        da - db || compareText(b.updatedAt, a.updatedAt) || compareText(a.path, b.path),
    )
    .slice(0, limit)
    .map(([entry]) => entry);
}
