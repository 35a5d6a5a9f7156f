import type { WorkspaceApi } from '../api/client.ts';
import type { ViewerTarget } from './viewer-target.ts';

/** Temporary: replaced by the real viewer. */
export function SourceViewer(_props: {
  api: WorkspaceApi;
  target: ViewerTarget;
  onClose: () => void;
}) {
  return null;
}
