import { exportSessionJson, exportSessionMarkdown } from '../../chat/index.ts';
import type { Session } from '../../core/index.ts';
import { ExportQuery, messageJson } from '../../protocol/index.ts';
import type { RouteKit } from './create-server.ts';
import { notFound, parseInput } from './http-error.ts';
import type { WorkspaceHandle } from './workspace-handle.ts';

/** Session list, reload, delete and export; another user's session answers 404 like a missing one. */
export function registerSessionRoutes(kit: RouteKit): void {
  const own = async (ws: WorkspaceHandle, userId: string, sessionId: string): Promise<Session> => {
    const session = await ws.sessions.getSession(sessionId);
    if (!session || session.userId !== userId || session.workspaceId !== ws.id)
      throw notFound(`session ${sessionId}`);
    return session;
  };
  const sid = (params: unknown) => (params as { sessionId: string }).sessionId;

  kit.route('GET', '/api/workspaces/:workspaceId/sessions', async (request) => {
    const ws = kit.workspace(request);
    const sessions = await ws.sessions.listSessions({
      workspaceId: ws.id,
      userId: request.footnoteUser.id,
    });
    return {
      sessions: sessions.map((s) => ({
        id: s.id,
        title: s.title,
        messageCount: s.messageCount,
        lastMessageAt: s.lastMessageAt,
        createdAt: s.createdAt,
      })),
    };
  });

  kit.route('GET', '/api/workspaces/:workspaceId/sessions/:sessionId', async (request) => {
    const ws = kit.workspace(request);
    const session = await own(ws, request.footnoteUser.id, sid(request.params));
    const messages = await ws.sessions.listMessages(session.id);
    return { session, messages: messages.map(messageJson) };
  });

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
      const messages = await ws.sessions.listMessages(session.id);
      const safe = session.id.replace(/[^\w-]/g, '');
      if (format === 'json') {
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="session-${safe}.json"`)
          .send(exportSessionJson(session, messages));
      }
      return reply
        .type('text/markdown; charset=utf-8')
        .header('content-disposition', `attachment; filename="session-${safe}.md"`)
        .send(exportSessionMarkdown(session, messages));
    },
  );
}
