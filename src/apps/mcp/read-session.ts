import { exportSessionMarkdown } from '../../chat/index.ts';
import type { Session } from '../../core/index.ts';
import type { McpContext } from './mcp-context.ts';
import { McpToolError } from './mcp-tool-error.ts';

/**
 * A session of the caller in this workspace; any other id — unknown, another user's, another
 * workspace's — is refused alike, so it tells nothing about what exists elsewhere.
 */
export async function ownSession(context: McpContext, id: string): Promise<Session> {
  const session = await context.workspace.sessions.getSession(id);
  if (
    !session ||
    session.userId !== context.actor.id ||
    session.workspaceId !== context.workspace.id
  )
    throw new McpToolError('session_not_found', `no session ${id}`);
  return session;
}

/** A session as Markdown, its answers' citations as footnotes with their quotes and verdicts. */
export async function readSession(
  context: McpContext,
  id: string,
): Promise<{ session: Session; text: string }> {
  const session = await ownSession(context, id);
  const messages = await context.workspace.sessions.listMessages(session.id);
  return { session, text: exportSessionMarkdown(session, messages) };
}
