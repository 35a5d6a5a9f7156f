import type { DocumentKind, DocumentStatus } from '../document.ts';
import { NameIndex } from './name-index.ts';
import { compareText, fileName, linkName, normalizeName, stemName } from './normalize-name.ts';

/** What resolution needs to know about one document: names, structure, status, recency. */
export interface CatalogEntry {
  readonly id: string;
  readonly path: string;
  readonly title: string;
  readonly kind: DocumentKind;
  readonly status: DocumentStatus;
  readonly aliases: readonly string[];
  readonly slug: string;
  readonly updatedAt: string;
  readonly headings: readonly {
    readonly text: string;
    readonly anchor: string;
    readonly level: number;
  }[];
  readonly blocks: readonly string[];
  /** Content sections in reading order; `start` is where the section's heading begins in the body. */
  readonly sections: readonly CatalogSection[];
  readonly pageCount: number;
  /** `type/slug` for entities. */
  readonly entityId: string | null;
  readonly entityType: string | null;
  /** For sources: what kind of source (`transcript`, `web` …), from frontmatter or the folder. */
  readonly sourceType: string | null;
}

/** A content section as resolution needs it: what names it, how deep it is, where it starts. */
export interface CatalogSection {
  readonly id: string;
  readonly title: string;
  readonly level: number;
  readonly start: number;
}

/** One searchable name of an entry, pre-normalized. */
export interface CatalogName {
  readonly entry: CatalogEntry;
  readonly text: string;
  readonly normalized: string;
  readonly source: 'file' | 'stem' | 'slug' | 'title' | 'alias' | 'entity';
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * An in-memory index of a workspace's documents by every name people use for them, built once
 * per index version so resolving and autocompleting a reference costs microseconds.
 */
export class ReferenceCatalog {
  readonly entries: readonly CatalogEntry[];
  /** Lower-case link name (Markdown files without their extension, other files with it) → entries. */
  private readonly byLinkName = new Map<string, CatalogEntry[]>();
  /** Lower-case title or alias → entries. */
  private readonly byTitle = new Map<string, CatalogEntry[]>();
  private readonly byId = new Map<string, CatalogEntry>();
  /** Normalized source type → sources of that type. */
  private readonly bySource = new Map<string, CatalogEntry[]>();
  /** Every name of every entry, for forgiving matching and autocomplete. */
  readonly names: readonly CatalogName[];
  /** The same names, indexed for exact, prefix, word-prefix and substring lookups. */
  readonly index: NameIndex;
  /** Live entries, most recently updated first. */
  readonly recent: readonly CatalogEntry[];

  constructor(entries: readonly CatalogEntry[]) {
    this.entries = entries;
    const names: CatalogName[] = [];
    for (const entry of entries) {
      this.byId.set(entry.id, entry);
      if (entry.kind === 'source' && entry.sourceType)
        push(this.bySource, normalizeName(entry.sourceType), entry);
      push(this.byLinkName, linkName(entry.path).toLowerCase(), entry);
      for (const t of new Set([entry.title, ...entry.aliases].map((n) => n.toLowerCase())))
        push(this.byTitle, t, entry);
      const seen = new Set<string>();
      const add = (text: string, source: CatalogName['source']) => {
        const normalized = normalizeName(text);
        if (normalized && !seen.has(normalized)) {
          seen.add(normalized);
          names.push({ entry, text, normalized, source });
        }
      };
      add(fileName(entry.path), 'file');
      add(stemName(entry.path), 'stem');
      add(entry.slug, 'slug');
      add(entry.title, entry.kind === 'entity' ? 'entity' : 'title');
      for (const alias of entry.aliases) add(alias, 'alias');
    }
    this.names = names;
    this.index = new NameIndex(names);
    this.recent = entries
      .filter((e) => e.status !== 'deleted')
      .sort((a, b) => compareText(b.updatedAt, a.updatedAt) || compareText(a.path, b.path));
  }

  /** Documents whose file name matches a wikilink target name (case-insensitive). */
  byFileName(name: string): readonly CatalogEntry[] {
    const lower = name.toLowerCase();
    return (
      this.byLinkName.get(lower) ??
      this.byLinkName.get(lower.replace(/\.(md|markdown|mdx)$/, '')) ??
      []
    );
  }

  /** Documents whose title or an alias equals `name` (case-insensitive). */
  byTitleOrAlias(name: string): readonly CatalogEntry[] {
    return this.byTitle.get(name.toLowerCase()) ?? [];
  }

  /**
   * Sources whose type is `type`, forgiving case and a plural `s` (`@source:transcript` finds the
   * `transcripts` folder too).
   */
  bySourceType(type: string): readonly CatalogEntry[] {
    const wanted = normalizeName(type);
    if (!wanted) return [];
    const singular = wanted.endsWith('s') ? wanted.slice(0, -1) : wanted;
    const found = new Set<CatalogEntry>();
    for (const key of new Set([wanted, singular, `${singular}s`]))
      for (const entry of this.bySource.get(key) ?? []) found.add(entry);
    return [...found];
  }

  get(id: string): CatalogEntry | undefined {
    return this.byId.get(id);
  }

  /** The entry at a path, preferring a live one over a deleted one. */
  atPath(path: string): CatalogEntry | undefined {
    const lower = path.toLowerCase();
    let found: CatalogEntry | undefined;
    for (const entry of this.byFileName(linkName(path))) {
      if (entry.path.toLowerCase() !== lower) continue;
      if (!found || (found.status === 'deleted' && entry.status !== 'deleted')) found = entry;
    }
    return found;
  }
}

/** Builds the catalog from whatever store holds the index. */
export async function loadReferenceCatalog(store: {
  listCatalogEntries(): Promise<CatalogEntry[]>;
}): Promise<ReferenceCatalog> {
  return new ReferenceCatalog(await store.listCatalogEntries());
}
