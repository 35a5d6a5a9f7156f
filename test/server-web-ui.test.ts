import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestUser } from '../src/apps/server/server-options.ts';
import { WEB_UI_CSP } from '../src/apps/server/web-ui.ts';
import { type RunningServer, startServer } from './server-harness.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions below read arbitrary JSON response bodies.
type Json = any;

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";
const INDEX =
  '<!doctype html><title>Footnote</title><script type="module" src="/assets/app-1a2b.js"></script>';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A temp folder shaped like `dist/web`; empty when `built` is false. */
function webFolder(built = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'footnote-web-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  if (built) {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log("footnote");\n');
  }
  return dir;
}

async function start(over: Parameters<typeof startServer>[0]): Promise<RunningServer> {
  const server = await startServer(over);
  cleanups.push(() => server.close());
  return server;
}

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

const expectUiDocument = async (response: Response) => {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(response.headers.get('content-security-policy')).toBe(CSP);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(await response.text()).toBe(INDEX);
};

describe('serving the web UI', () => {
  it('serves index.html uncached and assets for good, under a strict CSP', async () => {
    expect(WEB_UI_CSP).toBe(CSP);
    const server = await start({ webRoot: webFolder() });
    await expectUiDocument(await fetch(`${server.url}/`, { headers: html }));
    await expectUiDocument(await fetch(`${server.url}/`));
    const asset = await fetch(`${server.url}/assets/app-1a2b.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await asset.text()).toContain('footnote');
    const head = await fetch(`${server.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('sends the Brotli copy of an asset to browsers that accept it, the plain file to others', async () => {
    const dir = webFolder();
    const script = 'console.log("footnote");\n'.repeat(200);
    writeFileSync(join(dir, 'assets', 'big-9f8e.js'), script);
    writeFileSync(join(dir, 'assets', 'big-9f8e.js.br'), brotliCompressSync(script));
    const server = await start({ webRoot: dir });
    // fetch decodes Brotli itself; content-encoding says what went over the wire.
    const raw = await fetch(`${server.url}/assets/big-9f8e.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-encoding')).toBe('br');
    expect(raw.headers.get('content-type')).toMatch(/javascript/);
    expect(raw.headers.get('content-security-policy')).toBe(CSP);
    expect(raw.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await raw.text()).toBe(script);
    const plain = await fetch(`${server.url}/assets/big-9f8e.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('answers index.html for the app’s own routes, and JSON 404 for the API and missing files', async () => {
    const server = await start({ webRoot: webFolder() });
    await expectUiDocument(await fetch(`${server.url}/some/route?session=abc`, { headers: html }));
    const notHtml = await fetch(`${server.url}/some/route`, {
      headers: { accept: 'application/json' },
    });
    expect(notHtml.status).toBe(404);
    // An id longer than routes take falls to the UI's file route: still the API's JSON 404.
    const longId = `/api/workspaces/default/sessions/${'a'.repeat(10_000)}`;
    for (const path of [
      '/api/nope',
      '/api/workspaces/default/nope',
      '/assets/missing.js',
      longId,
    ]) {
      const response = await fetch(`${server.url}${path}`, {
        headers: path.startsWith('/api') ? html : {},
      });
      expect(response.status, path.slice(0, 60)).toBe(404);
      expect(response.headers.get('content-type'), path.slice(0, 60)).toMatch(/application\/json/);
      expect(((await response.json()) as Json).error.code, path.slice(0, 60)).toBe('not_found');
    }
    const health = await fetch(`${server.url}/health`, { headers: html });
    expect(((await health.json()) as Json).status).toBe('ok');
    const openapi = await fetch(`${server.url}/openapi.json`, { headers: html });
    expect(((await openapi.json()) as Json).openapi).toBe('3.1.0');
    const sessions = await fetch(`${server.url}/api/workspaces/default/sessions`, {
      headers: html,
    });
    expect(((await sessions.json()) as Json).sessions).toEqual([]);
  });

  it('answers 503 web_ui_not_built until index.html exists, then serves it', async () => {
    const dir = webFolder(false);
    const server = await start({ webRoot: dir });
    for (const path of ['/', '/some/route']) {
      const response = await fetch(`${server.url}${path}`, { headers: html });
      expect(response.status, path).toBe(503);
      expect(await response.json()).toEqual({
        error: {
          code: 'web_ui_not_built',
          message: 'the web UI is not built: run npm run build:web',
        },
      });
    }
    writeFileSync(join(dir, 'index.html'), INDEX);
    await expectUiDocument(await fetch(`${server.url}/`, { headers: html }));
  });

  it('answers 503 for a folder that does not exist, and serves no UI without a webRoot', async () => {
    const missing = await start({ webRoot: join(tmpdir(), 'footnote-no-such-web-folder') });
    expect((await fetch(`${missing.url}/`, { headers: html })).status).toBe(503);
    const none = await start({ webRoot: null });
    const response = await fetch(`${none.url}/`, { headers: html });
    expect(response.status).toBe(404);
    expect(((await response.json()) as Json).error.code).toBe('not_found');
  });

  it('serves the UI without a token while the API still needs one', async () => {
    const users: Record<string, RequestUser> = {
      'token-alice': { id: 'alice', name: 'alice', role: 'member', workspaces: ['default'] },
    };
    const server = await start({
      webRoot: webFolder(),
      authenticate: async (token) => (token ? (users[token] ?? null) : null),
    });
    await expectUiDocument(await fetch(`${server.url}/`, { headers: html }));
    await expectUiDocument(await fetch(`${server.url}/chat/abc`, { headers: html }));
    expect((await fetch(`${server.url}/assets/app-1a2b.js`)).status).toBe(200);
    for (const path of [
      '/api/workspaces',
      '/%61pi/workspaces',
      '/api/nope',
      '/api/workspaces/default/sessions',
    ]) {
      const response = await fetch(`${server.url}${path}`, { headers: html });
      expect(response.status, path).toBe(401);
    }
    const withToken = await fetch(`${server.url}/api/workspaces`, {
      headers: { authorization: 'Bearer token-alice' },
    });
    expect(((await withToken.json()) as Json).workspaces).toEqual([{ id: 'default' }]);
  });

  it('keeps refusing other Host names on loopback, for the UI too', async () => {
    const server = await start({ webRoot: webFolder() });
    const { port } = new URL(server.url);
    const status = await new Promise<number>((done, fail) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, path: '/', headers: { host: 'evil.example', ...html } },
        (response) => {
          response.resume();
          done(response.statusCode ?? 0);
        },
      );
      request.on('error', fail);
      request.end();
    });
    expect(status).toBe(403);
  });
});
