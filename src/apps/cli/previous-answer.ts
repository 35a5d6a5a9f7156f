import { SessionNotFoundError } from '../../chat/index.ts';
import { type PreviousSource, previousAnswerSources } from '../../core/index.ts';
import type { OpenWorkspace } from './open-workspace.ts';

/** The workspace and user every session of the command line belongs to. */
const LOCAL = { workspaceId: 'default', userId: 'local' } as const;

/**
 * The sources of a session's previous answer, for `[n]` in `resolve --session ID`; a session that
 * does not exist, or is not the local user's in this workspace, is refused as `session_not_found`,
 * exactly as `ask --session` refuses it.
 */
export async function previousSourcesOf(
  ws: OpenWorkspace,
  sessionId: string,
): Promise<readonly PreviousSource[] | null> {
  const store = ws.sessions;
  const session = await store.getSession(sessionId);
  if (!session || session.workspaceId !== LOCAL.workspaceId || session.userId !== LOCAL.userId)
    throw new SessionNotFoundError(sessionId);
  return previousAnswerSources(await store.listMessages(session.id));
}
