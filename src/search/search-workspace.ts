import {
  type DocumentKind,
  type DocumentStatus,
  type DocumentStore,
  InvalidInputError,
  makeExcerpt,
  queryTerms,
} from '../core/index.ts';

/** Options for {@link searchWorkspace}. */
export interface SearchOptions {
  /** Most results to return. @default 10 */
  readonly limit?: number;
  /** Only these document kinds. */
  readonly kinds?: readonly DocumentKind[];
  /** Longest excerpt in characters. @default 240 */
  readonly excerptChars?: number;
}

/** Upper bound for `limit`, so one query cannot ask the store for everything. */
export const MAX_SEARCH_LIMIT = 1000;

/** One search hit: a chunk, where it lives, and the excerpt that shows why it matched. */
export interface SearchResult {
  readonly documentId: string;
  readonly path: string;
  readonly title: string;
  readonly kind: DocumentKind;
  readonly status: DocumentStatus;
  readonly chunkId: string;
  readonly score: number;
  readonly excerpt: string;
  readonly start: number;
  readonly end: number;
  /** PDF page number; null for every other kind. */
  readonly page: number | null;
  /** Content section id; null outside blog content. */
  readonly section: string | null;
  readonly headingPath: readonly string[];
}

/** Finds the chunks that best match a free-text query, best first. */
export async function searchWorkspace(
  store: DocumentStore,
  query: string,
  options: SearchOptions = {},
): Promise<SearchResult[]> {
  const { limit = 10, kinds, excerptChars = 240 } = options;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
    throw new InvalidInputError('limit', limit, `an integer from 1 to ${MAX_SEARCH_LIMIT}`);
  }
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const hits = await store.searchLexical({ terms, limit, ...(kinds && { kinds }) });
  return hits.map(({ chunk, document, score }) => ({
    documentId: document.id,
    path: document.path,
    title: document.title,
    kind: document.kind,
    status: document.status,
    chunkId: chunk.id,
    score: Math.round(score * 1e4) / 1e4,
    excerpt: makeExcerpt(chunk.text, terms, { maxChars: excerptChars }),
    start: chunk.start,
    end: chunk.end,
    page: chunk.page,
    section: chunk.sectionId,
    headingPath: chunk.headingPath,
  }));
}
