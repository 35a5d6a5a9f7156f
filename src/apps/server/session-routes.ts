import {
  attachmentHeader,
  exportFileName,
  exportSessionJson,
  exportSessionMarkdown,
} from '../../chat/index.ts';
import {
  refreshStoredReferences,
  type Session,
  type SessionSearchHit,
  searchSnippet,
} from '../../core/index.ts';
import {
  ExportQuery,
  editJson,
  messageJson,
  RenameSessionBody,
  SessionsQuery,
} from '../../protocol/index.ts';
import type { RouteKit } from './create-server.ts';
import { notFound, parseInput } from './http-error.ts';
import type { WorkspaceHandle } from './workspace-handle.ts';

/** The session of `sessionId` if it is this user's in this workspace; else 404, as if it did not exist. */
export async function ownSession(
  ws: WorkspaceHandle,
  userId: string,
  sessionId: string,
): Promise<Session> {
  const session = await ws.sessions.getSession(sessionId);
  if (!session || session.userId !== userId || session.workspaceId !== ws.id)
    throw notFound(`session ${sessionId}`);
  return session;
}

/** A session as the session list shows it. */
const sessionSummary = (s: Session) => ({
  id: s.id,
  title: s.title,
  messageCount: s.messageCount,
  lastMessageAt: s.lastMessageAt,
  createdAt: s.createdAt,
});

/** A conversation a search found, with where: its earliest matching message, around the text. */
const sessionMatch = (hit: SessionSearchHit, text: string) => {
  const snippet = hit.message ? searchSnippet(hit.message.content, text) : null;
  return {
    ...sessionSummary(hit.session),
    match: {
      messageId: hit.message?.id ?? null,
      role: hit.message?.role ?? null,
      snippet: snippet?.text ?? '',
      highlights: snippet?.highlights ?? [],
      messages: hit.matches,
    },
  };
};

/**
 * Session list, reload (with its edits), rename, delete, export and each answer's context report;
 * another user's session answers 404 like a missing one.
 */
export function registerSessionRoutes(kit: RouteKit): void {
  const own = ownSession;
  const sid = (params: unknown) => (params as { sessionId: string }).sessionId;

  kit.route('GET', '/api/workspaces/:workspaceId/sessions', async (request) => {
    const ws = kit.workspace(request);
    const query = parseInput(SessionsQuery, request.query, 'query');
    const owner = { workspaceId: ws.id, userId: request.footnoteUser.id };
    const text = query.q?.trim() ?? '';
    if (text !== '') {
      const hits = await ws.sessions.searchSessions({ ...owner, text, limit: query.limit });
      return { sessions: hits.map((hit) => sessionMatch(hit, text)) };
    }
    const sessions = await ws.sessions.listSessions(owner);
    return { sessions: sessions.map(sessionSummary) };
  });

  kit.route('GET', '/api/workspaces/:workspaceId/sessions/:sessionId', async (request) => {
    const ws = kit.workspace(request);
    const session = await own(ws, request.footnoteUser.id, sid(request.params));
    const [stored, edits, catalog] = await Promise.all([
      ws.sessions.listMessages(session.id),
      ws.sessions.listProposedEdits(session.id),
      ws.catalog(),
    ]);
    // References read as their documents are now (deleted / archived since), history kept.
    const messages = refreshStoredReferences(stored, catalog);
    return { session, messages: messages.map(messageJson), edits: edits.map(editJson) };
  });

  kit.route('PATCH', '/api/workspaces/:workspaceId/sessions/:sessionId', async (request) => {
    const ws = kit.workspace(request);
    const body = parseInput(RenameSessionBody, request.body, 'body');
    const session = await own(ws, request.footnoteUser.id, sid(request.params));
    if (!(await ws.sessions.renameSession(session.id, body.title)))
      throw notFound(`session ${session.id}`);
    const renamed = await own(ws, request.footnoteUser.id, session.id);
    return { session: sessionSummary(renamed) };
  });

  kit.route(
    'GET',
    '/api/workspaces/:workspaceId/sessions/:sessionId/messages/:messageId/context',
    async (request) => {
      const ws = kit.workspace(request);
      const session = await own(ws, request.footnoteUser.id, sid(request.params));
      const { messageId } = request.params as { messageId: string };
      const message = (await ws.sessions.listMessages(session.id)).find(
        (m) => m.id === messageId && m.role === 'assistant',
      );
      if (!message || message.context === null || message.context === undefined)
        throw notFound(`context of message ${messageId}`);
      return { context: message.context };
    },
  );

  kit.route(
    'DELETE',
    '/api/workspaces/:workspaceId/sessions/:sessionId',
    async (request, reply) => {
      const ws = kit.workspace(request);
      const session = await own(ws, request.footnoteUser.id, sid(request.params));
      await ws.sessions.deleteSession(session.id);
      return reply.code(204).send();
    },
  );

  kit.route(
    'GET',
    '/api/workspaces/:workspaceId/sessions/:sessionId/export',
    async (request, reply) => {
      const ws = kit.workspace(request);
      const { format } = parseInput(ExportQuery, request.query, 'query');
      const session = await own(ws, request.footnoteUser.id, sid(request.params));
      const [stored, edits, catalog] = await Promise.all([
        ws.sessions.listMessages(session.id),
        ws.sessions.listProposedEdits(session.id),
        ws.catalog(),
      ]);
      const messages = refreshStoredReferences(stored, catalog);
      // Named after the session's title, as the person sees it in the list.
      const disposition = attachmentHeader(exportFileName(session.title, session.id, format));
      if (format === 'json') {
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', disposition)
          .send(exportSessionJson(session, messages, edits));
      }
      return reply
        .type('text/markdown; charset=utf-8')
        .header('content-disposition', disposition)
        .send(exportSessionMarkdown(session, messages, edits));
    },
  );
}
