import type { Duplex } from 'node:stream';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type HTTPMethods,
} from 'fastify';
import { ServerStoppingError } from '../../chat/index.ts';
import { registerMcpRoutes } from '../mcp/http-transport.ts';
import { registerChatRoutes } from './chat-routes.ts';
import { registerDocumentRoutes } from './document-routes.ts';
import { refuseOversizedBody } from './drain-oversized-body.ts';
import { registerEditRoutes } from './edit-routes.ts';
import { errorResponse, HttpError, notFound } from './http-error.ts';
import { registerModelRoutes } from './model-routes.ts';
import { buildOpenApi } from './openapi.ts';
import { checkQuery, documentedQueryParams } from './query-check.ts';
import { createRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { LOCAL_REQUEST_USER, type RequestUser, type ServerOptions } from './server-options.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { isApiPath, pathOf, registerWebUi } from './web-ui.ts';
import type { WorkspaceHandle } from './workspace-handle.ts';

declare module 'fastify' {
  interface FastifyRequest {
    footnoteUser: RequestUser;
  }
}

/** What route modules get: the app, a route helper that records paths for 405s, and shared lookups. */
export interface RouteKit {
  readonly app: FastifyInstance;
  readonly options: ServerOptions;
  route(
    method: HTTPMethods,
    url: string,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ): void;
  /** The workspace of `:workspaceId`, if this user may use it; else 404, as if it did not exist. */
  workspace(request: FastifyRequest): WorkspaceHandle;
  /** Registers a running turn so shutdown can stop it and wait until it is stored. */
  track(controller: AbortController, turn: Promise<unknown>): void;
  /** Chat turns per user (the chat routes and MCP's `ask` take from it); null: no limit. */
  readonly turnLimiter: RateLimiter | null;
}

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Whether a Host header names this machine (any port). */
export function isLocalHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[')
    ? host.slice(0, host.indexOf(']') + 1)
    : host.replace(/:\d+$/, '');
  return LOCAL_NAMES.has(name.toLowerCase());
}

const isLocalOrigin = (origin: string) => {
  try {
    return LOCAL_NAMES.has(new URL(origin).hostname.toLowerCase());
  } catch {
    return false;
  }
};

const ALL_METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Longest path parameter a route sees, in characters. */
const MAX_PARAM_LENGTH = 1000;

/**
 * Answers a request the HTTP parser refused, in the API's error shape: 431 for headers over the
 * limit, 400 for anything else malformed; a socket that cannot be written to is just closed.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy(error);
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    error: tooLarge
      ? {
          code: 'headers_too_large',
          message: 'request headers (or the URL) are over the size limit',
        }
      : { code: 'bad_request', message: 'the request could not be read as HTTP' },
  });
  const reason = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Builds Footnote's HTTP API on Fastify: JSON and streamed chat, references, sessions, documents
 * and agent edits of each workspace, with validation (400 naming the field), 404 for anything of
 * another user or workspace, 405 for wrong methods, 413 past the size limits, and no stack traces
 * out; and, given `webRoot`, the web UI at `/`.
 */
export function createServer(options: ServerOptions): FastifyInstance {
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;
  const app = Fastify({
    bodyLimit,
    logger: false,
    return503OnClosing: true,
    // Ids up to this long reach their routes (and get a 404 there); longer ones match no route.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Errors before routing (a URL that is not valid percent-encoding) answer in our shape too.
    frameworkErrors: (error, _request, reply) => {
      const { status, body, headers } = errorResponse(error);
      // The reply's types are those of a route it belongs to; here it belongs to none.
      const untyped = reply as unknown as FastifyReply;
      void untyped.code(status).headers(headers).send(body);
    },
    // Requests Node's parser refuses (headers over 16 KB, malformed lines) never reach Fastify.
    clientErrorHandler: answerClientError,
  });
  const methodsByUrl = new Map<string, Set<HTTPMethods>>();
  const queryParamsOf = documentedQueryParams(buildOpenApi());

  app.decorateRequest('footnoteUser', null as unknown as RequestUser);
  const webUi = options.webRoot ? registerWebUi(app, options.webRoot) : null;
  app.addHook('onRequest', (request) => refuseOversizedBody(request.raw, bodyLimit));
  app.addHook('onRequest', async (request) => {
    if (!options.authenticate) {
      // Without tokens only this machine may talk to us: a web page that rebinds its own domain to
      // 127.0.0.1 still sends its own Host and Origin, and is refused.
      if (
        !isLocalHost(request.headers.host) ||
        (request.headers.origin && !isLocalOrigin(request.headers.origin))
      ) {
        throw new HttpError(
          403,
          'forbidden',
          'this server only answers requests addressed to localhost',
        );
      }
      request.footnoteUser = LOCAL_REQUEST_USER;
      return;
    }
    // The UI's files hold no data, so a browser can load them before it has a token; the API
    // (matched by route, so an escaped path gets no way around it) always needs one.
    const route = request.routeOptions.url;
    if (route === '/health' || route === '/openapi.json') return;
    if (webUi && !isApiPath(pathOf(request.url)) && !route?.startsWith('/api')) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    const user = await options.authenticate(token);
    if (!user)
      throw new HttpError(401, 'unauthorized', 'a valid bearer token is required', {
        headers: { 'www-authenticate': 'Bearer' },
      });
    request.footnoteUser = user;
  });

  app.setErrorHandler((error, _request, reply) => {
    const { status, body, headers } = errorResponse(error);
    if (status >= 500) app.log.error(error);
    void reply.code(status).headers(headers).send(body);
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (webUi && (await webUi.fallback(request, reply))) return reply;
    const { status, body } = errorResponse(
      notFound(`route ${request.method} ${pathOf(request.url)}`),
    );
    return reply.code(status).send(body);
  });

  // An API path no route matched (an id longer than routes take) lands on the UI's file route:
  // it is the API's 404, never a file lookup that fails with the file system's error.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === '/*' && isApiPath(pathOf(request.url))) {
      throw notFound(`route ${request.method} ${pathOf(request.url).slice(0, 200)}`);
    }
  });

  app.addHook('onReady', async () => {
    // No turn runs yet: an answer still `streaming` was left by a server that crashed or was
    // killed; it becomes `interrupted` (`server_stopped`) with the text saved as it streamed.
    const at = new Date().toISOString();
    for (const handle of options.workspaces.values()) await handle.sessions.interruptAbandoned(at);
  });

  const running = new Map<AbortController, Promise<unknown>>();
  app.addHook('preClose', async () => {
    // In-flight turns end as `interrupted` because the server stopped, stored with the text so far,
    // before the databases close.
    for (const controller of running.keys()) controller.abort(new ServerStoppingError());
    await Promise.allSettled(running.values());
  });

  const rateLimit = {
    limit: options.rateLimit?.limit ?? 20,
    windowMs: options.rateLimit?.windowMs ?? 3_600_000,
  };
  // Counted where the first (main) workspace is kept: in its database when servers share one.
  const main = options.workspaces.values().next().value;
  const kit: RouteKit = {
    app,
    options,
    turnLimiter:
      options.rateLimit === null
        ? null
        : (main?.turnLimiter(rateLimit) ?? createRateLimiter(rateLimit)),
    track(controller, turn) {
      running.set(controller, turn);
      void turn.catch(() => undefined).finally(() => running.delete(controller));
    },
    route(method, url, handler) {
      // A query parameter the OpenAPI document does not give this route is refused, like an
      // unknown body field.
      const query = queryParamsOf(method, url);
      app.route({
        method,
        url,
        preValidation: async (request) => checkQuery(request.url, query),
        handler,
      });
      const methods = methodsByUrl.get(url) ?? new Set();
      methods.add(method);
      if (method === 'GET') methods.add('HEAD');
      methodsByUrl.set(url, methods);
    },
    workspace(request) {
      const { workspaceId } = request.params as { workspaceId?: string };
      const handle = workspaceId ? options.workspaces.get(workspaceId) : undefined;
      const user = request.footnoteUser;
      if (!handle || !(user.workspaces.includes('*') || user.workspaces.includes(handle.id)))
        throw notFound(`workspace ${workspaceId}`);
      return handle;
    },
  };

  kit.route('GET', '/health', async () => ({ status: 'ok', workspaces: options.workspaces.size }));
  kit.route('GET', '/openapi.json', async () => buildOpenApi());
  kit.route('GET', '/api/workspaces', async (request) => {
    const user = request.footnoteUser;
    return {
      workspaces: [...options.workspaces.values()]
        .filter((w) => user.workspaces.includes('*') || user.workspaces.includes(w.id))
        .map((w) => ({ id: w.id })),
    };
  });
  registerModelRoutes(kit);
  registerChatRoutes(kit);
  registerSessionRoutes(kit);
  registerDocumentRoutes(kit);
  registerEditRoutes(kit);
  // MCP over Streamable HTTP: JSON-RPC, so it is documented in docs/mcp.md, not the OpenAPI document.
  registerMcpRoutes(kit);

  for (const [url, methods] of methodsByUrl) {
    const others = ALL_METHODS.filter((m) => !methods.has(m));
    if (others.length === 0) continue;
    app.route({
      method: others,
      url,
      handler: async (_request, reply) => {
        const allow = [...methods].join(', ');
        return reply
          .code(405)
          .header('allow', allow)
          .send({ error: { code: 'method_not_allowed', message: `use ${allow}` } });
      },
    });
  }
  return app;
}
