import { useEffect, useRef, useState } from 'react';
import type { WorkspaceApi } from '../api/client.ts';
import type { SuggestGroup } from '../api/types.ts';
import type { Trigger } from './active-trigger.ts';

/** Wait after the last keystroke before asking the server for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 150;
/**
 * Items asked for: more than the list shows at first, so typing on narrows them at once and
 * "more…" has something to show.
 */
export const SUGGEST_FETCH_LIMIT = 50;

/** Autocomplete results for what is being typed; older answers arriving late are ignored. */
export interface Suggestions {
  readonly groups: readonly SuggestGroup[];
  /** The query these groups answer (they may lag the typed one while a request runs). */
  readonly query: string | null;
  /** Where the trigger they answer was typed, so another reference never shows them. */
  readonly start: number | null;
  readonly trigger: Trigger | null;
  readonly loading: boolean;
  readonly error: string | null;
}

const idle: Suggestions = {
  groups: [],
  query: null,
  start: null,
  trigger: null,
  loading: false,
  error: null,
};

/**
 * Asks `api.suggest` for the typed trigger and query, debounced; only the answer to the latest
 * request is kept, so a slow early answer never replaces a newer one.
 */
export function useSuggestions(
  api: Pick<WorkspaceApi, 'suggest'>,
  active: { trigger: Trigger; query: string; start: number } | null,
): Suggestions {
  const [state, setState] = useState<Suggestions>(idle);
  const seq = useRef(0);
  const trigger = active?.trigger ?? null;
  const query = active?.query ?? null;
  const start = active?.start ?? null;

  useEffect(() => {
    const mine = ++seq.current;
    if (trigger === null || query === null || start === null) {
      setState(idle);
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      api.suggest(query, trigger, SUGGEST_FETCH_LIMIT).then(
        (groups) => {
          if (mine === seq.current)
            setState({ groups, query, start, trigger, loading: false, error: null });
        },
        (cause: unknown) => {
          if (mine === seq.current)
            setState({
              groups: [],
              query,
              start,
              trigger,
              loading: false,
              error: `Suggestions unavailable: ${(cause as Error).message}`,
            });
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [api, trigger, query, start]);

  return state;
}
