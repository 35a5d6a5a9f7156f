import { createMcpHandler } from '@modelcontextprotocol/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteKit } from '../server/create-server.ts';
import { notFound } from '../server/http-error.ts';
import type { WorkspaceHandle } from '../server/workspace-handle.ts';
import { createMcpServer } from './create-mcp-server.ts';
import type { McpContext } from './mcp-context.ts';

/** Where the per-request context rides to the server factory: the SDK's pass-through auth info. */
const CONTEXT_KEY = 'footnote';

/** The web-standard request the SDK handler takes, from Fastify's (the body is passed parsed). */
function webRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`http://${request.headers.host ?? 'localhost'}${request.url}`, {
    method: request.method,
    headers,
    signal,
  });
}

/**
 * Mounts MCP over Streamable HTTP: `/mcp` serves the `default` workspace, `/mcp/:workspaceId` any
 * other. Requests have passed the server's own checks first — bearer token (none on loopback),
 * Host and Origin, body size — and a workspace the user may not use answers 404 as on /api. Each
 * request gets a fresh MCP server over that one workspace for that user (the SDK's per-request
 * model, which serves 2026-07-28 clients and, statelessly, 2025-era ones); `ask` takes from the
 * same per-user turn limit as chat.
 */
export function registerMcpRoutes(kit: RouteKit): void {
  const { options } = kit;
  const handler = createMcpHandler(
    (ctx) => createMcpServer(ctx.authInfo?.extra?.[CONTEXT_KEY] as McpContext),
    { maxRequestBodySize: options.bodyLimit ?? 1024 * 1024 },
  );
  kit.app.addHook('onClose', async () => handler.close());

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { workspaceId = 'default' } = request.params as { workspaceId?: string };
    const user = request.footnoteUser;
    const workspace: WorkspaceHandle | undefined = options.workspaces.get(workspaceId);
    if (!workspace || !(user.workspaces.includes('*') || user.workspaces.includes(workspace.id)))
      throw notFound(`workspace ${workspaceId}`);
    const context: McpContext = {
      workspace,
      actor: user,
      mode: options.mcpMode ?? 'chat',
      model: () => options.model(undefined),
      tokenCounter: options.tokenCounter,
      takeTurn: () => kit.turnLimiter?.take(user.id) ?? { ok: true, remaining: Infinity },
      track: (controller, turn) => kit.track(controller, turn),
      maxSteps: options.maxSteps ?? 8,
      ...(options.summarizer && { summarizer: options.summarizer }),
      ...(options.historyMessages !== undefined && { historyMessages: options.historyMessages }),
      onError: (error) => kit.app.log.error(error),
    };
    const disconnected = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) disconnected.abort();
    });
    const response = await handler.fetch(webRequest(request, disconnected.signal), {
      ...(request.body !== undefined && { parsedBody: request.body }),
      authInfo: { token: '', clientId: user.id, scopes: [], extra: { [CONTEXT_KEY]: context } },
    });
    return reply.send(response);
  };
  for (const url of ['/mcp', '/mcp/:workspaceId'])
    kit.app.route({ method: ['GET', 'POST', 'DELETE', 'PUT', 'PATCH'], url, handler: serve });
}
