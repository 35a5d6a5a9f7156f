import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { readableTitle } from '../../core/display-text.ts';
import { ApiError, listWorkspaces, storedToken, storeToken, WorkspaceApi } from './api/client.ts';
import type { ChatMode } from './api/types.ts';
import { ExportMenu } from './chat/ExportMenu.tsx';
import { ModelNotice } from './chat/ModelNotice.tsx';
import { ModelPicker } from './chat/ModelPicker.tsx';
import { useConversation } from './chat/use-conversation.ts';
import { useModels } from './chat/use-models.ts';
import { Composer, type ComposerHandle } from './composer/Composer.tsx';
import { EditingBanner } from './composer/EditingBanner.tsx';
import { KeyboardShortcuts } from './composer/KeyboardShortcuts.tsx';
import { ContextBar } from './context/ContextBar.tsx';
import { forgetPinned, usePinnedNotes } from './context/use-pinned-notes.ts';
import { MessageList } from './messages/MessageList.tsx';
import { SettingsMenu } from './settings/SettingsMenu.tsx';
import { Sidebar } from './sidebar/Sidebar.tsx';
import { TokenGate } from './ui/TokenGate.tsx';
import { SourceViewer } from './viewer/SourceViewer.tsx';
import type { ViewerTarget } from './viewer/viewer-target.ts';

/** Reads `?ws=…&session=…` so a reload (or a shared link) reopens the same conversation. */
const readLocation = () => {
  const params = new URLSearchParams(window.location.search);
  return { workspace: params.get('ws'), session: params.get('session') };
};

/**
 * Puts the workspace and session in the address; `push` makes a history entry (the user moved to
 * another conversation, so Back returns to this one), otherwise the current entry is corrected.
 */
const writeLocation = (workspace: string, session: string | null, push = false) => {
  const params = new URLSearchParams();
  if (workspace !== 'default') params.set('ws', workspace);
  if (session) params.set('session', session);
  const search = params.toString();
  const url = search ? `/?${search}` : '/';
  if (url === `${window.location.pathname}${window.location.search}`) return;
  if (push) window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
};

/** The whole web UI: finds the user's workspaces (asking for a token if the server wants one). */
export function App() {
  const [workspaces, setWorkspaces] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<{ kind: 'token' | 'error'; message: string } | null>(null);
  const [workspaceId, setWorkspaceId] = useState<string | null>(null);

  const connect = useCallback(async () => {
    try {
      const list = (await listWorkspaces()).map((w) => w.id);
      setWorkspaces(list);
      setProblem(null);
      const wanted = readLocation().workspace;
      setWorkspaceId(wanted && list.includes(wanted) ? wanted : (list[0] ?? null));
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 401) {
        // A token that was refused is forgotten, so the next one typed is the one sent.
        const refused = storedToken() !== null;
        storeToken(null);
        setProblem({
          kind: 'token',
          message: refused
            ? 'That token was not accepted. Check it and try again.'
            : 'This server needs an access token.',
        });
      } else
        setProblem({
          kind: 'error',
          message: `Cannot reach Footnote: ${(cause as Error).message}`,
        });
    }
  }, []);

  useEffect(() => {
    void connect();
  }, [connect]);

  if (problem?.kind === 'token')
    return (
      <TokenGate
        message={problem.message}
        onToken={(token) => {
          storeToken(token);
          void connect();
        }}
      />
    );
  if (problem)
    return (
      <main className="app-message" role="alert">
        <p>{problem.message}</p>
        <button type="button" onClick={() => void connect()}>
          Try again
        </button>
      </main>
    );
  if (!workspaces) return <main className="app-message">Connecting…</main>;
  if (!workspaceId)
    return <main className="app-message">You have no workspaces on this server.</main>;
  return (
    <Workspace
      key={workspaceId}
      workspaceId={workspaceId}
      workspaces={workspaces}
      onSwitch={(id) => {
        writeLocation(id, null);
        setWorkspaceId(id);
      }}
    />
  );
}

function Workspace({
  workspaceId,
  workspaces,
  onSwitch,
}: {
  workspaceId: string;
  workspaces: readonly string[];
  onSwitch: (id: string) => void;
}) {
  const api = useMemo(() => new WorkspaceApi(workspaceId), [workspaceId]);
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const refreshSessions = useCallback(() => setSessionsVersion((v) => v + 1), []);
  const conversation = useConversation(api, readLocation().session, (id) => {
    writeLocation(workspaceId, id);
    refreshSessions();
  });
  const [viewer, setViewer] = useState<ViewerTarget | null>(null);
  // The document open in the viewer is the current one, unless the user said it is not.
  const [notCurrent, setNotCurrent] = useState<string | null>(null);
  // A document deleted from the workspace (opened from an older conversation) is no current one.
  const [deletedShown, setDeletedShown] = useState<string | null>(null);
  const current =
    viewer && viewer.documentId !== notCurrent && viewer.documentId !== deletedShown
      ? viewer
      : null;
  const noteStatus = useCallback((documentId: string, status: string) => {
    setDeletedShown((was) => (status === 'deleted' ? documentId : was === documentId ? null : was));
  }, []);
  const closeViewer = useCallback(() => {
    setViewer(null);
    setNotCurrent(null);
  }, []);
  const pins = usePinnedNotes(api, conversation.sessionId, sessionsVersion);
  // Bumped when an edit is applied or undone, so an open viewer reads the file again.
  const [revision, setRevision] = useState(0);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const title = conversation.title === null ? null : readableTitle(conversation.title);
  const { models, selected: model, select: selectModel } = useModels();
  const [mode, setMode] = useState<ChatMode>('chat');

  useEffect(() => {
    if (!conversation.busy) refreshSessions();
  }, [conversation.busy, refreshSessions]);

  useEffect(() => {
    if (!sidebarOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setSidebarOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sidebarOpen]);

  const composer = useRef<ComposerHandle>(null);
  const newChat = () => {
    writeLocation(workspaceId, null, true);
    setSidebarOpen(false);
    conversation.startNew();
    composer.current?.focus();
  };
  const searchDocuments = () => {
    setSidebarOpen(true);
    // After the sidebar is shown (on a phone it slides in).
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLInputElement>('#sidebar input[aria-label="Filter documents"]')
        ?.focus(),
    );
  };

  const openSession = (id: string) => {
    writeLocation(workspaceId, id, true);
    setSidebarOpen(false);
    void conversation.open(id);
  };
  // The last question, put in the message box to be edited and sent again in its place.
  const [editing, setEditing] = useState<{ questionId: string; answerId: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another conversation ends the edit
  useEffect(() => setEditing(null), [conversation.sessionId]);
  const cancelEdit = () => {
    setEditing(null);
    composer.current?.setDraft('');
  };
  // The message a conversation search opened a session at, until the list has shown it.
  const [foundMessage, setFoundMessage] = useState<string | null>(null);
  const clearFound = useCallback(() => setFoundMessage(null), []);
  const openMatch = (id: string, messageId: string | null) => {
    setFoundMessage(messageId);
    openSession(id);
  };

  // Back and Forward move between the conversations the address names.
  const { open: openConversation, startNew, sessionId } = conversation;
  useEffect(() => {
    const onPop = () => {
      const wanted = readLocation().session;
      if (wanted && wanted !== sessionId) void openConversation(wanted);
      else if (!wanted) startNew();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [openConversation, startNew, sessionId]);

  return (
    <div className={`app${viewer ? ' with-viewer' : ''}${sidebarOpen ? ' sidebar-open' : ''}`}>
      <KeyboardShortcuts
        onFocusMessage={() => composer.current?.focus()}
        onNewChat={newChat}
        onSearchDocuments={searchDocuments}
      />
      <header className="topbar">
        <button
          type="button"
          className="icon-button sidebar-toggle"
          aria-label={sidebarOpen ? 'Hide sessions and documents' : 'Show sessions and documents'}
          aria-expanded={sidebarOpen}
          aria-controls="sidebar"
          onClick={() => setSidebarOpen((open) => !open)}
        >
          ☰
        </button>
        <h1 className="brand">Footnote</h1>
        {workspaces.length > 1 && (
          <label className="workspace-picker">
            <span className="visually-hidden">Workspace</span>
            <select value={workspaceId} onChange={(e) => onSwitch(e.target.value)}>
              {workspaces.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="session-title" title={title ?? undefined}>
          {title ?? (conversation.messages.length ? '' : 'New conversation')}
        </span>
        {models && model && <ModelPicker models={models} selected={model} onSelect={selectModel} />}
        <ExportMenu api={api} sessionId={conversation.stored ? conversation.sessionId : null} />
        <SettingsMenu />
      </header>
      {sidebarOpen && (
        <button
          type="button"
          className="sidebar-backdrop"
          aria-hidden="true"
          tabIndex={-1}
          onClick={() => setSidebarOpen(false)}
        />
      )}
      <aside id="sidebar" className="sidebar" aria-label="Sessions and documents">
        <Sidebar
          api={api}
          version={sessionsVersion}
          currentSessionId={conversation.stored ? conversation.sessionId : null}
          onSelectSession={openSession}
          onNewSession={newChat}
          onSessionDeleted={(id) => {
            forgetPinned(workspaceId, id);
            if (id === conversation.sessionId) {
              writeLocation(workspaceId, null);
              conversation.startNew();
            }
            refreshSessions();
          }}
          onSessionRenamed={(id) => {
            refreshSessions();
            if (id === conversation.sessionId) void conversation.refresh();
          }}
          onOpenDocument={(target) => {
            setSidebarOpen(false);
            setViewer(target);
          }}
          pins={pins}
          onOpenMatch={openMatch}
        />
      </aside>
      <main className="conversation" aria-label="Conversation">
        {conversation.error && (
          <p className="conversation-error" role="alert">
            {conversation.error}
          </p>
        )}
        <MessageList
          api={api}
          sessionId={conversation.sessionId}
          messages={conversation.messages}
          loading={conversation.loading}
          onOpenSource={setViewer}
          onRetry={(id) => void conversation.retry(id, model ? { model: model.id } : {})}
          onUseExample={(prompt) => composer.current?.setDraft(prompt)}
          focusMessageId={foundMessage}
          onFocused={clearFound}
          editingId={editing?.questionId ?? null}
          onEditQuestion={(questionId, answerId, text) => {
            setEditing({ questionId, answerId });
            composer.current?.setDraft(text);
          }}
          onEditChanged={(edit) => {
            conversation.updateEdit(edit);
            setRevision((r) => r + 1);
          }}
        />
        <ModelNotice mode={mode} selected={model} models={models ?? []} />
        <Composer
          ref={composer}
          inputId="message-box"
          api={api}
          sessionId={conversation.stored ? conversation.sessionId : null}
          busy={conversation.busy}
          onSend={(text, sent) => {
            const options = {
              ...sent,
              ...(model && { model: model.id }),
              ...(pins.ids.length > 0 && { pinned: pins.ids }),
              ...(current && { currentPath: current.path }),
            };
            if (!editing) {
              void conversation.send(text, options);
              return;
            }
            const edited = editing;
            setEditing(null);
            // Refused (the turn changed meanwhile): the stored question is shown again, and the
            // edited text goes back in the box rather than being lost.
            void conversation
              .edit(edited.questionId, edited.answerId, text, options)
              .then((accepted) => {
                if (accepted) return;
                setEditing(edited);
                composer.current?.setDraft(text);
              });
          }}
          onStop={conversation.stop}
          onOpenDocument={setViewer}
          onModeChange={setMode}
          currentPath={current?.path ?? null}
          pins={pins}
          above={
            <>
              {editing && <EditingBanner onCancel={cancelEdit} />}
              <ContextBar
                current={current}
                pinned={pins.notes}
                onDismissCurrent={() => current && setNotCurrent(current.documentId)}
                onUnpin={pins.unpin}
                onOpen={setViewer}
              />
            </>
          }
        />
      </main>
      {viewer && (
        <SourceViewer
          revision={revision}
          api={api}
          target={viewer}
          onClose={closeViewer}
          onDocumentStatus={noteStatus}
          onOpenDocument={setViewer}
        />
      )}
    </div>
  );
}
