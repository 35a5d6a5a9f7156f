import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { readableTitle } from '../../../core/display-text.ts';
import { errorMessage, type WorkspaceApi } from '../api/client.ts';
import type { SessionSummary } from '../api/types.ts';
import { LoadProblem } from './LoadProblem.tsx';
import { fullDate, relativeTime } from './relative-time.ts';
import { SessionSearchResults } from './SessionSearchResults.tsx';
import { useSessionSearch } from './use-session-search.ts';

const lastActivity = (s: SessionSummary) => s.lastMessageAt ?? s.createdAt;

const byActivity = (a: SessionSummary, b: SessionSummary) =>
  Date.parse(lastActivity(b)) - Date.parse(lastActivity(a));

/** Re-renders every minute so "2 min ago" keeps telling the truth. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The conversations of this workspace, newest activity first, with inline rename and a
 * confirmed delete; reloads whenever `version` changes. Typing in its search field lists the
 * conversations whose title or messages contain the words instead, each opening at its match.
 */
export function SessionList({
  api,
  version,
  currentSessionId,
  onSelectSession,
  onNewSession,
  onSessionDeleted,
  onSessionRenamed,
  onOpenMatch,
}: {
  api: WorkspaceApi;
  version: number;
  currentSessionId: string | null;
  onSelectSession: (id: string) => void;
  onNewSession: () => void;
  onSessionDeleted: (id: string) => void;
  onSessionRenamed: (id: string) => void;
  /** Opens a conversation a search found, at the message that matched (null: a title match). */
  onOpenMatch?: (id: string, messageId: string | null) => void;
}) {
  const [searchText, setSearchText] = useState('');
  const [searchAttempt, setSearchAttempt] = useState(0);
  const search = useSessionSearch(api, searchText, version, searchAttempt);
  const searching = searchText.trim() !== '';
  const [sessions, setSessions] = useState<readonly SessionSummary[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const now = useMinuteClock();
  const listRef = useRef<HTMLUListElement>(null);
  const [focusAfter, setFocusAfter] = useState<{ id: string; control: string } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` and `attempt` mean "load again"
  useEffect(() => {
    let live = true;
    api.sessions().then(
      (list) => {
        if (!live) return;
        setSessions([...list].sort(byActivity));
        setProblem(null);
      },
      (cause: unknown) =>
        live && setProblem(`Could not load conversations: ${errorMessage(cause)}`),
    );
    return () => {
      live = false;
    };
  }, [api, version, attempt]);

  // After rename or cancelled delete, put focus back on the row's control, not on <body>.
  useEffect(() => {
    if (!focusAfter) return;
    const rows = listRef.current?.querySelectorAll<HTMLElement>('[data-session-id]') ?? [];
    const row = [...rows].find((r) => r.dataset.sessionId === focusAfter.id);
    (row?.querySelector<HTMLElement>(`.${focusAfter.control}`) ?? row)?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const replace = useCallback((updated: SessionSummary) => {
    setSessions(
      (list) => list?.map((s) => (s.id === updated.id ? { ...s, ...updated } : s)) ?? list,
    );
  }, []);

  const remove = useCallback((id: string) => {
    setSessions((list) => list?.filter((s) => s.id !== id) ?? list);
  }, []);

  return (
    <nav className="sidebar-sessions" aria-label="Sessions">
      <button type="button" className="new-conversation" onClick={onNewSession}>
        <span aria-hidden="true" className="new-conversation-plus">
          +
        </span>
        New conversation
      </button>
      <div className="sidebar-section-head">
        <h2 className="sidebar-heading">Conversations</h2>
        {sessions && sessions.length > 0 && (
          <span className="sidebar-count">{sessions.length}</span>
        )}
      </div>
      {sessions && sessions.length > 0 && (
        <input
          type="search"
          className="session-search"
          aria-label="Search conversations"
          placeholder="Search titles and messages"
          maxLength={200}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && searchText) {
              e.preventDefault();
              e.stopPropagation();
              setSearchText('');
            }
          }}
        />
      )}
      {searching && (
        <>
          <LoadProblem problem={search.problem} onRetry={() => setSearchAttempt((n) => n + 1)} />
          <SessionSearchResults
            search={search}
            now={now}
            currentSessionId={currentSessionId}
            onOpen={(id, messageId) =>
              onOpenMatch ? onOpenMatch(id, messageId) : onSelectSession(id)
            }
          />
        </>
      )}
      <LoadProblem problem={problem} onRetry={() => setAttempt((n) => n + 1)} />
      {!sessions && !problem && <p className="sidebar-status">Loading conversations…</p>}
      {sessions && sessions.length === 0 && (
        <p className="sidebar-status">No conversations yet. Ask something to start one.</p>
      )}
      {sessions && sessions.length > 0 && !searching && (
        <ul className="session-list" ref={listRef}>
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              api={api}
              session={session}
              now={now}
              current={session.id === currentSessionId}
              onSelect={() => onSelectSession(session.id)}
              onRenamed={(updated) => {
                replace(updated);
                setFocusAfter({ id: session.id, control: 'session-rename' });
                onSessionRenamed(session.id);
              }}
              onDeleted={() => {
                remove(session.id);
                onSessionDeleted(session.id);
              }}
              onRestoreFocus={(control) => setFocusAfter({ id: session.id, control })}
            />
          ))}
        </ul>
      )}
    </nav>
  );
}

/** One conversation: open it, rename it in place, or delete it after a confirmation. */
function SessionRow({
  api,
  session,
  now,
  current,
  onSelect,
  onRenamed,
  onDeleted,
  onRestoreFocus,
}: {
  api: WorkspaceApi;
  session: SessionSummary;
  now: Date;
  current: boolean;
  onSelect: () => void;
  onRenamed: (session: SessionSummary) => void;
  onDeleted: () => void;
  onRestoreFocus: (control: string) => void;
}) {
  const [mode, setMode] = useState<'idle' | 'renaming' | 'saving' | 'confirming' | 'deleting'>(
    'idle',
  );
  const shown = readableTitle(session.title);
  const [draft, setDraft] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  const timeId = useId();
  const problemId = useId();
  const title = shown || 'Untitled conversation';
  const when = lastActivity(session);

  const startRename = () => {
    setDraft(shown);
    setProblem(null);
    setMode('renaming');
  };

  const cancel = (control: string) => {
    setMode('idle');
    setProblem(null);
    onRestoreFocus(control);
  };

  const save = async () => {
    const next = draft.trim();
    if (!next) {
      setProblem('A conversation needs a title.');
      return;
    }
    if (next === shown) {
      cancel('session-rename');
      return;
    }
    setMode('saving');
    try {
      const updated = await api.renameSession(session.id, next);
      setMode('idle');
      setProblem(null);
      onRenamed({ ...session, ...updated, title: updated?.title ?? next });
    } catch (cause) {
      setMode('renaming');
      setProblem(`Rename failed: ${errorMessage(cause)}`);
    }
  };

  const remove = async () => {
    setMode('deleting');
    try {
      await api.deleteSession(session.id);
      onDeleted();
    } catch (cause) {
      setMode('confirming');
      setProblem(`Delete failed: ${errorMessage(cause)}`);
    }
  };

  const renaming = mode === 'renaming' || mode === 'saving';
  const confirming = mode === 'confirming' || mode === 'deleting';
  return (
    <li
      className={`session-row${current ? ' current' : ''}${mode !== 'idle' ? ' active' : ''}`}
      data-session-id={session.id}
    >
      {renaming ? (
        <input
          className="session-title-input"
          aria-label="Session title"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          value={draft}
          readOnly={mode === 'saving'}
          maxLength={200}
          // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this title
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              cancel('session-rename');
            }
          }}
          onBlur={() => {
            if (mode === 'renaming') {
              setMode('idle');
              setProblem(null);
            }
          }}
        />
      ) : (
        <>
          <button
            type="button"
            className="session-open"
            aria-current={current ? 'page' : undefined}
            aria-describedby={when ? timeId : undefined}
            title={title}
            onClick={onSelect}
          >
            {title}
          </button>
          {when && (
            <time id={timeId} className="session-time" dateTime={when} title={fullDate(when)}>
              {relativeTime(when, now)}
            </time>
          )}
        </>
      )}
      {mode === 'idle' && (
        <span className="session-actions">
          <button
            type="button"
            className="icon-button session-rename"
            aria-label={`Rename ${title}`}
            title="Rename"
            onClick={startRename}
          >
            ✎
          </button>
          <button
            type="button"
            className="icon-button session-delete"
            aria-label={`Delete ${title}`}
            title="Delete"
            onClick={() => {
              setProblem(null);
              setMode('confirming');
            }}
          >
            <TrashIcon />
          </button>
        </span>
      )}
      {confirming && (
        // biome-ignore lint/a11y/useSemanticElements: a small inline confirmation, not a form
        <div
          className="session-confirm"
          role="group"
          aria-label={`Delete ${title}?`}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              cancel('session-delete');
            }
          }}
        >
          <span>Delete this conversation?</span>
          <button
            type="button"
            className="danger"
            disabled={mode === 'deleting'}
            onClick={() => void remove()}
          >
            Delete
          </button>
          <button
            type="button"
            // biome-ignore lint/a11y/noAutofocus: the safe choice takes focus when asked to confirm
            autoFocus
            disabled={mode === 'deleting'}
            onClick={() => cancel('session-delete')}
          >
            Cancel
          </button>
        </div>
      )}
      {problem && (
        <p id={problemId} className="session-problem" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}

/** A small outline bin, drawn so it matches the text glyphs' weight. */
function TrashIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5M7 7v4M9 7v4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
