import { useEffect, useState } from 'react';
import { errorMessage, type WorkspaceApi } from '../api/client.ts';
import type { SessionMatch } from '../api/types.ts';

/** Wait after the last keystroke before asking the server. */
export const SESSION_SEARCH_DELAY_MS = 200;

/** What a conversation search shows: its results for `query`, or that they are on their way. */
export interface SessionSearchState {
  /** The text the results answer; null before the first answer. */
  readonly query: string | null;
  readonly results: readonly SessionMatch[];
  readonly loading: boolean;
  readonly problem: string | null;
}

/**
 * Searches the user's conversations for `text` (debounced, the previous request cancelled), again
 * when `version` changes (a turn ended, a session was renamed or deleted) or on `attempt`.
 */
export function useSessionSearch(
  api: Pick<WorkspaceApi, 'searchSessions'>,
  text: string,
  version: number,
  attempt = 0,
): SessionSearchState {
  const [state, setState] = useState<SessionSearchState>({
    query: null,
    results: [],
    loading: false,
    problem: null,
  });
  const wanted = text.trim();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` and `attempt` mean "ask again"
  useEffect(() => {
    if (!wanted) {
      setState({ query: null, results: [], loading: false, problem: null });
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    const abort = new AbortController();
    const timer = setTimeout(() => {
      api.searchSessions(wanted, 20, abort.signal).then(
        (results) => setState({ query: wanted, results, loading: false, problem: null }),
        (cause: unknown) => {
          if (abort.signal.aborted) return;
          setState((s) => ({
            ...s,
            loading: false,
            problem: `Could not search conversations: ${errorMessage(cause)}`,
          }));
        },
      );
    }, SESSION_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [api, wanted, version, attempt]);
  return state;
}
