import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, type WorkspaceApi } from '../api/client.ts';
import {
  PINNED_LIMIT,
  type PinControl,
  type PinnedNote,
  readPinned,
  togglePinned,
  writePinned,
} from './pinned-notes.ts';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** A pinned note with what its document is now (null until looked up, or when that failed). */
export interface PinnedNoteView extends PinnedNote {
  readonly status: 'active' | 'archived' | 'deleted' | null;
  /** Characters of its indexed text. */
  readonly length: number | null;
}

/** The session's pins, what each document is now, and the pin control for buttons elsewhere. */
export interface PinnedNotes extends PinControl {
  readonly notes: readonly PinnedNoteView[];
  /** Document ids to send as `pinned` with the next message. */
  readonly ids: readonly string[];
  unpin(documentId: string): void;
}

interface Facts {
  readonly status: PinnedNoteView['status'];
  readonly length: number | null;
}

/**
 * The notes pinned to one session, kept in this browser per session id (sessions have no field
 * for them on the server) and read again whenever `sessionId` changes. Each pin's document is
 * looked up, again whenever `version` changes (after each turn), so an archived or deleted note
 * says it is no longer sent.
 */
export function usePinnedNotes(
  api: Pick<WorkspaceApi, 'workspaceId' | 'document'>,
  sessionId: string,
  version = 0,
): PinnedNotes {
  const workspaceId = api.workspaceId;
  const [pins, setPins] = useState(() => ({
    sessionId,
    notes: readPinned(storage(), workspaceId, sessionId),
  }));
  // Another session: its own pins, read at once (during render, so no frame shows the old ones).
  const notes =
    pins.sessionId === sessionId ? pins.notes : readPinned(storage(), workspaceId, sessionId);
  if (pins.sessionId !== sessionId) setPins({ sessionId, notes });

  const [facts, setFacts] = useState<ReadonlyMap<string, Facts>>(new Map());
  const idsKey = notes.map((n) => n.documentId).join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` means "look again"
  useEffect(() => {
    let live = true;
    const ids = idsKey === '' ? [] : idsKey.split('\u0000');
    void Promise.all(
      ids.map(async (id): Promise<[string, Facts]> => {
        try {
          const detail = await api.document(id);
          return [id, { status: detail.status, length: detail.length }];
        } catch (cause) {
          // A document the index no longer has at all is as good as deleted.
          const gone = cause instanceof ApiError && cause.status === 404;
          return [id, { status: gone ? 'deleted' : null, length: null }];
        }
      }),
    ).then((entries) => {
      if (live) setFacts(new Map(entries));
    });
    return () => {
      live = false;
    };
  }, [api, idsKey, version]);

  const toggle = useCallback(
    (note: PinnedNote) => {
      setPins((current) => {
        const list =
          current.sessionId === sessionId
            ? current.notes
            : readPinned(storage(), workspaceId, sessionId);
        const next = togglePinned(list, note);
        writePinned(storage(), workspaceId, sessionId, next);
        return { sessionId, notes: next };
      });
    },
    [sessionId, workspaceId],
  );

  return useMemo(() => {
    const views = notes.map((n) => ({
      ...n,
      status: facts.get(n.documentId)?.status ?? null,
      length: facts.get(n.documentId)?.length ?? null,
    }));
    return {
      notes: views,
      ids: notes.map((n) => n.documentId),
      full: notes.length >= PINNED_LIMIT,
      isPinned: (documentId: string) => notes.some((n) => n.documentId === documentId),
      toggle,
      unpin: (documentId: string) => {
        const note = notes.find((n) => n.documentId === documentId);
        if (note) toggle(note);
      },
    };
  }, [notes, facts, toggle]);
}

/** Forgets the pins of a session that was deleted. */
export function forgetPinned(workspaceId: string, sessionId: string): void {
  writePinned(storage(), workspaceId, sessionId, []);
}
