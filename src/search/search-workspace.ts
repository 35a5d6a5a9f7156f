import {
  analyzeQuery,
  type DocumentKind,
  type DocumentStatus,
  type DocumentStore,
  type DocumentSummary,
  InvalidInputError,
  type LexicalHit,
  type LexicalStats,
  makeExcerpter,
  queryTerms,
  type StoredChunk,
} from '../core/index.ts';
import { prepareCandidates } from './candidate.ts';
import {
  DEFAULT_FEEDBACK,
  expandQuery,
  type FeedbackParams,
  relevanceModel,
} from './expand-query.ts';
import {
  bm25fScorer,
  DEFAULT_RANKING,
  type RankingParams,
  typedQuery,
  type WeightedTerm,
} from './rank-bm25f.ts';

/** Options for {@link searchWorkspace}. */
export interface SearchOptions {
  /** Most results to return. @default 10 */
  readonly limit?: number;
  /** Only these document kinds. */
  readonly kinds?: readonly DocumentKind[];
  /** Longest excerpt in characters. @default 240 */
  readonly excerptChars?: number;
  /** How many candidates the store returns for fine ranking, at least (and twice `limit`). @default 200 */
  readonly candidates?: number;
  /** Ranking parameters. @default DEFAULT_RANKING */
  readonly ranking?: RankingParams;
  /** Most chunks of one document among the results, so one long document cannot fill the page. @default 3 */
  readonly perDocument?: number;
  /** Pseudo-relevance feedback; `documents: 0` turns it off. @default DEFAULT_FEEDBACK */
  readonly feedback?: FeedbackParams;
}

/** Below this many chunks, corpus statistics are too thin for pseudo-relevance feedback to help. */
export const MIN_FEEDBACK_CHUNKS = 200;

/** Most query terms used to fetch candidates (the rarest ones). */
export const MAX_CANDIDATE_TERMS = 12;

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

/** A chunk placed by a ranking, with its document and the score that placed it. */
export interface ScoredChunk {
  readonly chunk: StoredChunk;
  readonly document: DocumentSummary;
  readonly score: number;
}

/** Refuses a result count outside 1…{@link MAX_SEARCH_LIMIT}, so one query cannot ask for everything. */
export function assertSearchLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
    throw new InvalidInputError('limit', limit, `an integer from 1 to ${MAX_SEARCH_LIMIT}`);
  }
}

/** Finds the chunks that best match a free-text query, best first. */
export async function searchWorkspace(
  store: DocumentStore,
  query: string,
  options: SearchOptions = {},
): Promise<SearchResult[]> {
  const { limit = 10, excerptChars = 240, perDocument = 3 } = options;
  assertSearchLimit(limit);
  const ranked = await rankLexical(store, query, options);
  if (ranked.length === 0) return [];
  const excerpt = makeExcerpter(queryTerms(query), { maxChars: excerptChars });
  return capPerDocument(ranked, limit, perDocument).map((hit) => searchResultOf(hit, excerpt));
}

/**
 * The lexical ranking of a query (BM25F, then RM3 feedback on a large enough corpus): every
 * candidate the store returned, best first, uncapped, so hybrid search can fuse the same list
 * {@link searchWorkspace} pages through.
 */
export async function rankLexical(
  store: DocumentStore,
  query: string,
  options: SearchOptions = {},
): Promise<ScoredChunk[]> {
  const {
    limit = 10,
    kinds,
    candidates = 200,
    ranking = DEFAULT_RANKING,
    feedback = DEFAULT_FEEDBACK,
  } = options;
  assertSearchLimit(limit);
  const terms = analyzeQuery(query);
  if (terms.length === 0) return [];
  // Twice the page is enough to re-order: on Cranfield dev, 200 candidates for 100 results rank
  // as well as 300 or 400 (nDCG@10 and recall@100 within 0.003).
  const want = Math.max(candidates, limit * 2);
  const stats = await store.lexicalStats(terms);
  // Candidates come from the rarest terms only: a long message full of common words would
  // otherwise make the store score nearly every chunk. Every term still counts in the ranking.
  const selective = terms
    .filter((t) => (stats.documentFrequency[t] ?? 0) > 0)
    .sort((a, b) => (stats.documentFrequency[a] ?? 0) - (stats.documentFrequency[b] ?? 0))
    .slice(0, MAX_CANDIDATE_TERMS);
  const hits = await store.searchLexical({
    terms: selective,
    limit: want,
    ...(kinds && { kinds }),
  });
  const pool = prepareCandidates(
    hits.map((hit) => hit.fields),
    terms,
    ranking.window,
  );
  const rank = (weighted: readonly WeightedTerm[], termStats: LexicalStats) => {
    const score = bm25fScorer(weighted, termStats, terms, ranking);
    const scores = pool.map(score);
    const order = pool
      .map((_, i) => i)
      .sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
    return { scores, order };
  };
  let ranked = rank(typedQuery(terms), stats);
  if (
    feedback.documents > 0 &&
    feedback.terms > 0 &&
    pool.length > feedback.documents &&
    stats.chunks >= MIN_FEEDBACK_CHUNKS
  ) {
    // RM3 over the candidates: it re-orders chunks that match the query itself, so a result
    // always contains at least one word the user typed.
    const top = ranked.order
      .slice(0, feedback.documents)
      .map((i) => ({ fields: (hits[i] as LexicalHit).fields, score: ranked.scores[i] as number }));
    const expanded = expandQuery(
      terms,
      relevanceModel(top, feedback.terms),
      feedback.originalWeight,
    );
    const added = expanded.filter((q) => !q.typed).map((q) => q.term);
    const addedStats = await store.lexicalStats(added);
    ranked = rank(expanded, {
      ...stats,
      documentFrequency: { ...addedStats.documentFrequency, ...stats.documentFrequency },
    });
  }
  return ranked.order.map((i) => {
    const { chunk, document } = hits[i] as LexicalHit;
    return { chunk, document, score: ranked.scores[i] as number };
  });
}

/**
 * The first `limit` of a ranking with at most `perDocument` chunks of any one document, so one
 * long document cannot fill the page.
 */
export function capPerDocument<T extends { readonly document: { readonly id: string } }>(
  ranked: Iterable<T>,
  limit: number,
  perDocument: number,
): T[] {
  const shown = new Map<string, number>();
  const results: T[] = [];
  for (const hit of ranked) {
    if (results.length === limit) break;
    const count = (shown.get(hit.document.id) ?? 0) + 1;
    shown.set(hit.document.id, count);
    if (count <= perDocument) results.push(hit);
  }
  return results;
}

/** A ranked chunk as a search result: where it lives and the excerpt that shows why it matched. */
export function searchResultOf(
  { chunk, document, score }: ScoredChunk,
  excerpt: (text: string) => string,
): SearchResult {
  return {
    documentId: document.id,
    path: document.path,
    title: document.title,
    kind: document.kind,
    status: document.status,
    chunkId: chunk.id,
    score: Math.round(score * 1e4) / 1e4,
    excerpt: excerpt(chunk.text),
    start: chunk.start,
    end: chunk.end,
    page: chunk.page,
    section: chunk.sectionId,
    headingPath: chunk.headingPath,
  };
}
