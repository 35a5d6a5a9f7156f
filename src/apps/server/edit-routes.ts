import {
  applyProposedEdit,
  discardProposedEdit,
  type EditActionOptions,
  undoAppliedEdit,
} from '../../chat/index.ts';
import type { ProposedEdit } from '../../core/index.ts';
import { EditActionBody, editJson } from '../../protocol/index.ts';
import type { RouteKit } from './create-server.ts';
import { notFound, parseInput } from './http-error.ts';
import { ownSession } from './session-routes.ts';

/** What each edit route does to a stored edit. */
const ACTIONS: Readonly<
  Record<'apply' | 'discard' | 'undo', (options: EditActionOptions) => Promise<ProposedEdit>>
> = {
  apply: applyProposedEdit,
  discard: discardProposedEdit,
  undo: undoAppliedEdit,
};

/**
 * Apply, discard and undo of agent edits by id, each answering `{edit}`; an edit in another user's
 * session answers 404 like a missing one, a wrong state 409 (`edit_stale`, `edit_not_proposed`,
 * `edit_not_applied`), a permission the turn no longer gives 403 (`edit_refused`), a role that may
 * not write (a viewer) 403 (`forbidden_role`, checked again where the action executes), a body
 * that is not absent or `{}` 400.
 */
export function registerEditRoutes(kit: RouteKit): void {
  for (const [name, act] of Object.entries(ACTIONS)) {
    kit.route('POST', `/api/workspaces/:workspaceId/edits/:editId/${name}`, async (request) => {
      const ws = kit.workspace(request);
      parseInput(EditActionBody, request.body, 'body');
      const { editId } = request.params as { editId: string };
      const stored = await ws.sessions.getProposedEdit(editId);
      if (!stored) throw notFound(`edit ${editId}`);
      await ownSession(ws, request.footnoteUser.id, stored.sessionId).catch(() => {
        throw notFound(`edit ${editId}`);
      });
      const edit = await act({
        root: ws.root,
        store: ws.store,
        sessions: ws.sessions,
        editId,
        actor: request.footnoteUser,
        reindex: () => ws.reindex(),
      });
      return { edit: editJson(edit) };
    });
  }
}
