/** The name of the retrieval tool every Footnote model is offered; the offline model calls it first. */
export const SEARCH_TOOL_NAME = 'search';

/** One search hit as the `search` tool returns it to the model: a numbered, citable chunk. */
export interface SearchToolResult {
  /** The source number the model cites as `[n]`. */
  readonly n: number;
  readonly title: string;
  readonly path: string;
  readonly page: number | null;
  readonly section: string | null;
  readonly text: string;
  /** Relevance, higher is better, comparable within one search; null when the output had none. */
  readonly score: number | null;
}

/** What the engine's `search` tool returns (as JSON), so models and the offline answerer agree on one shape. */
export interface SearchToolOutput {
  readonly results: readonly SearchToolResult[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One result, or null when it lacks a positive integer `n` or a text (it could not be cited). */
function parseResult(value: unknown): SearchToolResult | null {
  if (!isRecord(value)) return null;
  const { n, title, path, page, section, text, score } = value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) return null;
  if (typeof text !== 'string') return null;
  return {
    n,
    title: typeof title === 'string' ? title : '',
    path: typeof path === 'string' ? path : '',
    page: typeof page === 'number' ? page : null,
    section: typeof section === 'string' ? section : null,
    text,
    score: typeof score === 'number' && Number.isFinite(score) ? score : null,
  };
}

/**
 * Reads a `search` tool output — the object itself or its JSON text — keeping only well-formed
 * results, so a malformed or foreign output yields no citable numbers instead of invented ones.
 */
export function parseSearchToolOutput(value: unknown): SearchToolOutput {
  let data = value;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return { results: [] };
    }
  }
  const list = isRecord(data) ? data.results : Array.isArray(data) ? data : null;
  if (!Array.isArray(list)) return { results: [] };
  const results: SearchToolResult[] = [];
  for (const item of list) {
    const result = parseResult(item);
    if (result) results.push(result);
  }
  return { results };
}
