import type { WorkspaceApi } from '../api/client.ts';
import type { ViewerTarget } from '../viewer/viewer-target.ts';

/** Temporary: replaced by the real sidebar. */
export function Sidebar(_props: {
  api: WorkspaceApi;
  /** Bumped whenever the session list may have changed. */
  version: number;
  currentSessionId: string | null;
  onSelectSession: (id: string) => void;
  onNewSession: () => void;
  onSessionDeleted: (id: string) => void;
  onSessionRenamed: (id: string) => void;
  onOpenDocument: (target: ViewerTarget) => void;
}) {
  return null;
}
