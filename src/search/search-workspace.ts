import {
  analyzeQuery,
  type DocumentKind,
  type DocumentStatus,
  type DocumentStore,
  InvalidInputError,
  makeExcerpt,
  queryTerms,
} from '../core/index.ts';
import { DEFAULT_FEEDBACK, expansionTerms, type FeedbackParams } from './expand-query.ts';
import {
  DEFAULT_RANKING,
  idf,
  prepareCandidate,
  type RankingParams,
  scoreBm25f,
} from './rank-bm25f.ts';

/** Options for {@link searchWorkspace}. */
export interface SearchOptions {
  /** Most results to return. @default 10 */
  readonly limit?: number;
  /** Only these document kinds. */
  readonly kinds?: readonly DocumentKind[];
  /** Longest excerpt in characters. @default 240 */
  readonly excerptChars?: number;
  /** How many candidates the store returns for fine ranking, at least. @default 200 */
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

/** Finds the chunks that best match a free-text query, best first. */
export async function searchWorkspace(
  store: DocumentStore,
  query: string,
  options: SearchOptions = {},
): Promise<SearchResult[]> {
  const {
    limit = 10,
    kinds,
    excerptChars = 240,
    candidates = 200,
    ranking = DEFAULT_RANKING,
    feedback = DEFAULT_FEEDBACK,
    perDocument = 3,
  } = options;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
    throw new InvalidInputError('limit', limit, `an integer from 1 to ${MAX_SEARCH_LIMIT}`);
  }
  const terms = analyzeQuery(query);
  if (terms.length === 0) return [];
  const want = Math.max(candidates, limit * 3);
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
  const pool = hits.map((hit, order) => ({
    hit,
    order,
    input: prepareCandidate(hit.fields),
    score: 0,
  }));
  const rank = (
    queryTerms: readonly string[],
    termStats: typeof stats,
    weights?: ReadonlyMap<string, number>,
  ) =>
    pool
      .map((c) => ({ ...c, score: scoreBm25f(queryTerms, c.input, termStats, ranking, weights) }))
      .sort((a, b) => b.score - a.score || a.order - b.order);
  let scored = rank(terms, stats);
  if (
    feedback.documents > 0 &&
    feedback.terms > 0 &&
    scored.length > feedback.documents &&
    stats.chunks >= MIN_FEEDBACK_CHUNKS
  ) {
    // Feedback only re-orders chunks that match the query itself: a result must always contain
    // at least one word the user typed.
    const top = scored.slice(0, feedback.documents);
    const vocabulary = [
      ...new Set(
        top.flatMap((t) => [...t.input.counts.title.keys(), ...t.input.counts.body.keys()]),
      ),
    ];
    const wide = await store.lexicalStats(vocabulary);
    const frequency = new Map(Object.entries(wide.documentFrequency));
    const added = expansionTerms(
      terms,
      top,
      { chunks: wide.chunks, documentFrequency: frequency },
      feedback,
    );
    if (added.length > 0) {
      // An added term may never weigh more than an average typed term.
      const typedIdf =
        terms.reduce((sum, t) => sum + idf(stats.chunks, stats.documentFrequency[t] ?? 0), 0) /
        terms.length;
      const weights = new Map(
        added.map((t) => [
          t,
          feedback.weight * Math.min(1, typedIdf / idf(wide.chunks, frequency.get(t) ?? 0)),
        ]),
      );
      const expanded = {
        ...stats,
        documentFrequency: { ...wide.documentFrequency, ...stats.documentFrequency },
      };
      scored = rank([...terms, ...added], expanded, weights);
    }
  }
  const shown = new Map<string, number>();
  const ranked = scored
    .filter(({ hit }) => {
      const count = (shown.get(hit.document.id) ?? 0) + 1;
      shown.set(hit.document.id, count);
      return count <= perDocument;
    })
    .slice(0, limit);
  const highlight = queryTerms(query);
  return ranked.map(({ hit: { chunk, document }, score }) => ({
    documentId: document.id,
    path: document.path,
    title: document.title,
    kind: document.kind,
    status: document.status,
    chunkId: chunk.id,
    score: Math.round(score * 1e4) / 1e4,
    excerpt: makeExcerpt(chunk.text, highlight, { maxChars: excerptChars }),
    start: chunk.start,
    end: chunk.end,
    page: chunk.page,
    section: chunk.sectionId,
    headingPath: chunk.headingPath,
  }));
}
