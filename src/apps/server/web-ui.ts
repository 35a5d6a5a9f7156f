import { stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorResponse, HttpError } from './http-error.ts';

/** The policy of the UI's documents: only our own scripts, no framing, no plugins, no foreign hosts. */
export const WEB_UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Headers every file of the UI is sent with. */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': WEB_UI_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Vite names files under assets/ by content hash, so they never change; everything else may. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The path of a request without its query string. */
export const pathOf = (url: string) => url.split('?')[0] ?? url;

/** Paths the UI never answers: the API, MCP and the server's own endpoints keep their JSON 404s. */
export const isApiPath = (path: string) =>
  path === '/api' ||
  path.startsWith('/api/') ||
  path === '/health' ||
  path.startsWith('/health/') ||
  path === '/mcp' ||
  path.startsWith('/mcp/') ||
  path === '/openapi.json';

/** 503 while `dist/web` has no index.html: the server runs, the UI was never built. */
const notBuilt = () =>
  new HttpError(503, 'web_ui_not_built', 'the web UI is not built: run npm run build:web');

/** What the UI serving adds to the server: the SPA fallback its not-found handler calls. */
export interface WebUi {
  /** Answers with index.html (or 503 when it is not built) if this request is for a UI page; else false. */
  fallback(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * Serves the built web UI from `webRoot` at `/` with @fastify/static: hashed files under /assets
 * cached for good, index.html never cached, every file under a strict Content-Security-Policy.
 * Any other page the browser asks for (an HTML GET outside /api) gets index.html, so the
 * single-page app's own routes survive a reload.
 */
export function registerWebUi(app: FastifyInstance, webRoot: string): WebUi {
  const root = resolve(webRoot);
  const index = join(root, 'index.html');
  const isBuilt = () =>
    stat(index).then(
      (s) => s.isFile(),
      () => false,
    );

  void app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    index: false,
    // `npm run build:web` writes .br and .gz copies of the assets; browsers that accept them get those.
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders(reply, path) {
      const rel = relative(root, path);
      const inAssets = !isAbsolute(rel) && rel.split(sep)[0] === 'assets';
      reply.headers({ ...SECURITY_HEADERS, 'cache-control': inAssets ? IMMUTABLE : 'no-cache' });
    },
  });

  const sendIndex = async (reply: FastifyReply) => {
    if (!(await isBuilt())) {
      const { status, body } = errorResponse(notBuilt());
      return reply.code(status).header('cache-control', 'no-store').send(body);
    }
    return reply.code(200).sendFile('index.html');
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/',
    handler: async (_request, reply) => sendIndex(reply),
  });

  return {
    async fallback(request, reply) {
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(pathOf(request.url)) &&
        (request.headers.accept ?? '').includes('text/html');
      if (!wantsPage) return false;
      await sendIndex(reply);
      return true;
    },
  };
}
