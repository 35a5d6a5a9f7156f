import { type DocumentStore, paragraphSummary, type SuggestGroup } from '../../core/index.ts';

/** Options for {@link SuggestSnippets}. */
export interface SuggestSnippetsOptions {
  /** Items of an answer given a snippet, in order (the list shows 8 at first). @default 12 */
  readonly items?: number;
  /** Snippets remembered, per document version. @default 500 */
  readonly cached?: number;
}

/** How much of a document's text is searched for its first paragraph. */
const SCAN_CHARS = 4000;
/** A part's snippet would be its document's: only whole documents get one. */
const PART_KINDS = new Set(['section', 'heading', 'block', 'page']);

/**
 * Adds to autocomplete items the one-line summary of their document with no model (its first
 * paragraph of prose, cut at a word to 100 characters), so the list can say what each is about. Only the first few items are read, each document version once (kept in a bounded
 * cache), and a document that cannot be read simply has no snippet.
 */
export class SuggestSnippets {
  private readonly store: Pick<DocumentStore, 'getDocument'>;
  private readonly items: number;
  private readonly cached: number;
  /** `id \0 modifiedAt` → snippet ('' for none), oldest first. */
  private readonly cache = new Map<string, string>();

  constructor(store: Pick<DocumentStore, 'getDocument'>, options: SuggestSnippetsOptions = {}) {
    this.store = store;
    this.items = options.items ?? 12;
    this.cached = options.cached ?? 500;
  }

  /** The groups with snippets on their first items. */
  async add(groups: readonly SuggestGroup[]): Promise<SuggestGroup[]> {
    let room = this.items;
    const out: SuggestGroup[] = [];
    for (const group of groups) {
      const items = [];
      for (const item of group.items) {
        if (room <= 0 || PART_KINDS.has(item.kind)) {
          items.push(item);
          continue;
        }
        room--;
        const snippet = await this.snippetOf(item.documentId, item.modifiedAt);
        items.push(snippet ? { ...item, snippet } : item);
      }
      out.push({ kind: group.kind, items });
    }
    return out;
  }

  private async snippetOf(documentId: string, modifiedAt: string): Promise<string> {
    const key = `${documentId}\u0000${modifiedAt}`;
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    let snippet = '';
    try {
      const doc = await this.store.getDocument(documentId);
      if (doc) snippet = paragraphSummary({ ...doc, body: doc.body.slice(0, SCAN_CHARS) });
    } catch {
      // a list without this snippet is still a good list
    }
    this.cache.set(key, snippet);
    if (this.cache.size > this.cached) this.cache.delete(this.cache.keys().next().value as string);
    return snippet;
  }
}
