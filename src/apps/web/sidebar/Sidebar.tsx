import type { WorkspaceApi } from '../api/client.ts';
import type { PinControl } from '../context/pinned-notes.ts';
import type { ViewerTarget } from '../viewer/viewer-target.ts';
import { DocumentList } from './DocumentList.tsx';
import { SessionList } from './SessionList.tsx';
import './sidebar.css';

/**
 * The left column (a slide-over on phones): the workspace's conversations to switch between,
 * rename or delete, and its documents to open in the source viewer.
 */
export function Sidebar({
  api,
  version,
  currentSessionId,
  onSelectSession,
  onNewSession,
  onSessionDeleted,
  onSessionRenamed,
  onOpenDocument,
  pins,
  onOpenMatch,
}: {
  api: WorkspaceApi;
  /** Bumped whenever the session list may have changed. */
  version: number;
  currentSessionId: string | null;
  onSelectSession: (id: string) => void;
  onNewSession: () => void;
  onSessionDeleted: (id: string) => void;
  onSessionRenamed: (id: string) => void;
  onOpenDocument: (target: ViewerTarget) => void;
  /** Pins a document to the open conversation. */
  pins?: PinControl;
  /** Opens a conversation a search found, at the message that matched. */
  onOpenMatch?: (id: string, messageId: string | null) => void;
}) {
  return (
    <div className="sidebar-inner">
      <SessionList
        api={api}
        version={version}
        currentSessionId={currentSessionId}
        onSelectSession={onSelectSession}
        onNewSession={onNewSession}
        onSessionDeleted={onSessionDeleted}
        onSessionRenamed={onSessionRenamed}
        onOpenMatch={onOpenMatch}
      />
      <DocumentList api={api} onOpenDocument={onOpenDocument} pins={pins} />
    </div>
  );
}
