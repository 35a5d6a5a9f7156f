import { useCallback, useEffect, useRef, useState } from 'react';
import type { WorkspaceApi } from '../api/client.ts';
import type { ChatMode, ReferenceJson } from '../api/types.ts';
import { mayHaveReferences } from './chip-status.ts';

/** Wait after the last keystroke before resolving the draft for its chips. */
export const RESOLVE_DEBOUNCE_MS = 250;

/** The draft's references as the server resolves them, kept current while the user types. */
export interface ResolvedReferences {
  readonly references: readonly ReferenceJson[];
  readonly error: string | null;
  /** Resolves `draft` right now (before sending), updating the chips; throws on failure. */
  resolveNow(draft: string): Promise<readonly ReferenceJson[]>;
  /** Forgets the chips (after sending). */
  clear(): void;
  /** Hides one chip at once (its text was just removed; the next resolve confirms). */
  drop(reference: ReferenceJson): void;
}

/**
 * Resolves the draft through `api.resolve`, debounced, within the open session (whose previous
 * answer `[n]` names a source of) and toward the current document; answers to older drafts are dropped, and a draft without `[[`,
 * `@` or `[n]` needs no request at all. Errors are reported, never thrown at typing.
 */
export function useResolvedReferences(
  api: Pick<WorkspaceApi, 'resolve'>,
  draft: string,
  mode: ChatMode,
  sessionId: string | null = null,
  /** False while the draft cannot be sent (too long): the chips stay as they were, unasked. */
  enabled = true,
  /** The document open in the viewer, which same-named references resolve toward. */
  currentPath: string | null = null,
): ResolvedReferences {
  const [references, setReferences] = useState<readonly ReferenceJson[]>([]);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    if (!enabled) return;
    if (!mayHaveReferences(draft)) {
      setReferences([]);
      setError(null);
      return;
    }
    const timer = setTimeout(() => {
      api.resolve(draft, mode, sessionId, currentPath).then(
        (refs) => {
          if (mine !== seq.current) return;
          setReferences(refs);
          setError(null);
        },
        (cause: unknown) => {
          if (mine === seq.current)
            setError(`Could not check references: ${(cause as Error).message}`);
        },
      );
    }, RESOLVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [api, draft, mode, sessionId, enabled, currentPath]);

  const resolveNow = useCallback(
    async (text: string) => {
      const mine = ++seq.current;
      if (!mayHaveReferences(text)) {
        setReferences([]);
        return [];
      }
      const refs = await api.resolve(text, mode, sessionId, currentPath);
      if (mine === seq.current) {
        setReferences(refs);
        setError(null);
      }
      return refs;
    },
    [api, mode, sessionId, currentPath],
  );

  const clear = useCallback(() => {
    seq.current++;
    setReferences([]);
    setError(null);
  }, []);

  const drop = useCallback((reference: ReferenceJson) => {
    setReferences((refs) => refs.filter((r) => r !== reference));
  }, []);

  return { references, error, resolveNow, clear, drop };
}
