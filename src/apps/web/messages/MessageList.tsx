import type { WorkspaceApi } from '../api/client.ts';
import type { EditJson } from '../api/types.ts';
import type { ViewMessage } from '../chat/view-message.ts';
import type { ViewerTarget } from '../viewer/viewer-target.ts';

/** Temporary: replaced by the real message list. */
export function MessageList(_props: {
  api: WorkspaceApi;
  sessionId: string;
  messages: readonly ViewMessage[];
  loading: boolean;
  onOpenSource: (target: ViewerTarget) => void;
  onRetry: (answerId: string) => void;
  onEditChanged: (edit: EditJson) => void;
}) {
  return null;
}
