import { useCallback, useEffect, useState } from 'react';
import { listModels } from '../api/client.ts';
import type { ModelChoice } from '../api/types.ts';

const MODEL_KEY = 'footnote.model';

const remembered = (): string | null => {
  try {
    return window.localStorage.getItem(MODEL_KEY);
  } catch {
    return null;
  }
};

/** The models the server offers and the one picked (remembered in the browser), once loaded. */
export interface Models {
  /** Null until loaded, and on a server that lists none (then no model is named in turns). */
  readonly models: readonly ModelChoice[] | null;
  readonly selected: ModelChoice | null;
  select(id: string): void;
}

/**
 * Loads `GET /api/models` once and keeps the user's pick: the remembered one while the server
 * still offers it, else the server's default.
 */
export function useModels(): Models {
  const [models, setModels] = useState<readonly ModelChoice[] | null>(null);
  const [picked, setPicked] = useState<string | null>(remembered);

  useEffect(() => {
    let live = true;
    listModels()
      .then((list) => {
        if (live) setModels(list.models);
      })
      .catch(() => {
        // An older server without the route: no picker, turns use its default.
      });
    return () => {
      live = false;
    };
  }, []);

  const select = useCallback((id: string) => {
    setPicked(id);
    try {
      window.localStorage.setItem(MODEL_KEY, id);
    } catch {
      // the pick just isn't remembered
    }
  }, []);

  const selected = models?.find((m) => m.id === picked) ?? models?.[0] ?? null;
  return { models, selected, select };
}
