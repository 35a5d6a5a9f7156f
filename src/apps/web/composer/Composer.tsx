import type { WorkspaceApi } from '../api/client.ts';
import type { TurnOptions } from '../api/types.ts';
import type { ViewerTarget } from '../viewer/viewer-target.ts';

/** Temporary: replaced by the real composer. */
export function Composer(_props: {
  api: WorkspaceApi;
  busy: boolean;
  onSend: (text: string, options: TurnOptions) => void;
  onStop: () => void;
  onOpenDocument: (target: ViewerTarget) => void;
}) {
  return null;
}
