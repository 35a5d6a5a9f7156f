import type { DocumentSummary } from '../api/types.ts';

/** Documents under one heading of the sidebar list. */
export interface DocumentGroup {
  readonly key: string;
  readonly label: string;
  /** The documents shown (the list is capped). */
  readonly documents: readonly DocumentSummary[];
  /** How many documents the group has in all. */
  readonly total: number;
}

/** The grouped list and how much of it is shown. */
export interface GroupedDocuments {
  readonly groups: readonly DocumentGroup[];
  readonly shown: number;
  readonly hidden: number;
}

const KIND_ORDER = ['note', 'content', 'source', 'pdf', 'file', 'entity'];
const KIND_LABELS: Readonly<Record<string, string>> = {
  note: 'Notes',
  content: 'Content',
  source: 'Sources',
  pdf: 'PDFs',
  file: 'Files',
  entity: 'Entities',
};

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const folderOf = (path: string) => {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
};

/**
 * Groups documents by folder (top-level files first) or by kind, sorted by title inside each
 * group, and keeps only the first `limit` so a huge workspace stays quick to render; `hidden`
 * says how many were left out.
 */
export function groupDocuments(
  documents: readonly DocumentSummary[],
  { by = 'folder', limit = 300 }: { by?: 'folder' | 'kind'; limit?: number } = {},
): GroupedDocuments {
  const buckets = new Map<string, DocumentSummary[]>();
  for (const doc of documents) {
    const key = by === 'folder' ? folderOf(doc.path) : doc.kind;
    const bucket = buckets.get(key);
    if (bucket) bucket.push(doc);
    else buckets.set(key, [doc]);
  }
  const rank = (key: string) => {
    const i = KIND_ORDER.indexOf(key);
    return i < 0 ? KIND_ORDER.length : i;
  };
  const keys = [...buckets.keys()].sort((a, b) =>
    by === 'kind' ? rank(a) - rank(b) || collator.compare(a, b) : collator.compare(a, b),
  );
  const groups: DocumentGroup[] = [];
  let room = Math.max(0, limit);
  for (const key of keys) {
    const all = (buckets.get(key) ?? []).sort(
      (a, b) => collator.compare(a.title, b.title) || collator.compare(a.path, b.path),
    );
    if (room === 0) break;
    const documents = all.slice(0, room);
    room -= documents.length;
    const label = by === 'folder' ? key || 'Top level' : (KIND_LABELS[key] ?? key);
    groups.push({ key: `${by}:${key}`, label, documents, total: all.length });
  }
  const shown = groups.reduce((n, g) => n + g.documents.length, 0);
  return { groups, shown, hidden: documents.length - shown };
}
