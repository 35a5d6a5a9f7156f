import {
  Client as ClientV2,
  StreamableHTTPClientTransport as HttpV2,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/apps/server/create-server.ts';
import { authenticateWith } from '../src/apps/server/server-options.ts';
import { openWorkspaceHandle, type WorkspaceHandle } from '../src/apps/server/workspace-handle.ts';
import { gptTokenCounter, memoizeTokenCounter } from '../src/core/index.ts';
import { createOfflineModel } from '../src/llm/index.ts';
import { copySampleWorkspace } from '../src/testing/run-footnote.ts';
import { createTempWorkspace, type TempWorkspace } from '../src/testing/temp-workspace.ts';
import { exerciseReadTools, type ToolAnswer, textOf } from './mcp-harness.ts';

// /mcp on a real `createServer` listening on 127.0.0.1, with bearer tokens from the real user
// store and two workspaces: the sample (`default`) and a small one (`other`) with a secret.

const SECRET = 'The vault combination is 31-7-42.';

let sample: ReturnType<typeof copySampleWorkspace>;
let otherFolder: TempWorkspace;
let handles: Map<string, WorkspaceHandle>;
let url: string;
let close: () => Promise<void>;
const tokens: Record<string, string> = {};
let carolSession = '';

beforeAll(async () => {
  sample = copySampleWorkspace();
  otherFolder = createTempWorkspace({ 'Secret.md': `# Secret\n\n${SECRET}\n` });
  handles = new Map([
    ['default', await openWorkspaceHandle('default', sample.workspace, { watch: false })],
    ['other', await openWorkspaceHandle('other', otherFolder.root, { watch: false })],
  ]);
  const users = (handles.get('default') as WorkspaceHandle).users;
  for (const [name, workspaces] of [
    ['alice', ['default']],
    ['bob', ['default']],
    ['carol', ['other']],
  ] as const)
    tokens[name] = (
      await users.addUser({ name, role: 'member', workspaces: [...workspaces] })
    ).token;
  const app = createServer({
    workspaces: handles,
    tokenCounter: memoizeTokenCounter(gptTokenCounter),
    model: () => createOfflineModel(),
    authenticate: authenticateWith(users),
    rateLimit: { limit: 1, windowMs: 3_600_000 },
  });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
  close = async () => {
    await app.close();
    for (const handle of handles.values()) await handle.close();
  };
}, 30_000);

afterAll(async () => {
  await close?.();
  sample?.cleanup();
  otherFolder?.cleanup();
});

const bearer = (name: string) => ({ headers: { authorization: `Bearer ${tokens[name]}` } });

async function v1As(name: string | null, path = '/mcp'): Promise<Client> {
  const client = new Client({ name: 'footnote-test-v1', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(
      new URL(`${url}${path}`),
      name ? { requestInit: bearer(name) } : {},
    ),
  );
  return client;
}

async function v2As(name: string, path = '/mcp'): Promise<ClientV2> {
  const client = new ClientV2(
    { name: 'footnote-test-v2', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new HttpV2(new URL(`${url}${path}`), { requestInit: bearer(name) }));
  return client;
}

describe('/mcp over Streamable HTTP', () => {
  it('serves the v1 client (2025 protocol) every read tool, with the token of a user of the workspace', async () => {
    const client = await v1As('alice');
    try {
      await exerciseReadTools(client);
    } finally {
      await client.close();
    }
  }, 20_000);

  it('serves the v2 client (2026-07-28 protocol) every read tool too', async () => {
    const client = await v2As('bob');
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      await exerciseReadTools(client);
      const { resources } = await client.listResources();
      expect(resources.length).toBeGreaterThan(25);
    } finally {
      await client.close();
    }
  }, 20_000);

  it('takes ask turns from the same per-user limit as chat', async () => {
    const client = await v1As('alice');
    try {
      const again = (await client.callTool({
        name: 'ask',
        arguments: { message: 'Who leads the Hydraulics team?' },
      })) as ToolAnswer;
      expect(again.isError).toBe(true);
      expect(textOf(again)).toMatch(/too many turns; try again in \d+ s/);
    } finally {
      await client.close();
    }
  });

  it('refuses a request without a valid token, and a workspace the user may not use', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    };
    const post = (path: string, headers: Record<string, string>) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(initialize),
      });
    const anonymous = await post('/mcp', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expect((await post('/mcp', { authorization: 'Bearer nope' })).status).toBe(401);
    const foreign = await post('/mcp/other', { authorization: `Bearer ${tokens.alice}` });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain('Secret');
    expect((await post('/mcp/nowhere', { authorization: `Bearer ${tokens.alice}` })).status).toBe(
      404,
    );
    expect((await post('/mcp/other', { authorization: `Bearer ${tokens.carol}` })).status).toBe(
      200,
    );
    await expect(v1As(null)).rejects.toThrow();
  });

  it('needs the token even where the server also serves the web UI', async () => {
    const app = createServer({
      workspaces: handles,
      tokenCounter: gptTokenCounter,
      model: () => createOfflineModel(),
      authenticate: async () => null,
      webRoot: sample.workspace,
    });
    const answer = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json', accept: 'text/html' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    await app.close();
    expect(answer.statusCode).toBe(401);
  });

  it("answers another workspace's ids as not found, with none of its text", async () => {
    const other = handles.get('other') as WorkspaceHandle;
    const secret = await other.store.getDocumentByPath('Secret.md');
    const [chunk] = await other.store.getChunks(secret?.id ?? '');
    const client = await v2As('alice');
    try {
      for (const id of [secret?.id, chunk?.id, 'footnote://note/Secret.md', '[[Secret]]']) {
        const answer = (await client.callTool({ name: 'fetch', arguments: { id } })) as ToolAnswer;
        expect(answer.isError, String(id)).toBe(true);
        expect(JSON.stringify(answer)).not.toContain('31-7-42');
      }
      const links = (await client.callTool({
        name: 'links',
        arguments: { id: secret?.id },
      })) as ToolAnswer;
      expect(links.isError).toBe(true);
      const search = (await client.callTool({
        name: 'search',
        arguments: { query: 'vault combination' },
      })) as ToolAnswer;
      expect(JSON.stringify(search)).not.toContain('31-7-42');
      await expect(client.readResource({ uri: 'footnote://note/Secret.md' })).rejects.toThrow(
        /no document/,
      );
    } finally {
      await client.close();
    }
    const carol = await v2As('carol', '/mcp/other');
    try {
      const own = (await carol.callTool({
        name: 'fetch',
        arguments: { id: secret?.id },
      })) as ToolAnswer;
      expect(own.structuredContent.text).toContain('31-7-42');
      const asked = (await carol.callTool({
        name: 'ask',
        arguments: { message: 'What is the vault combination? [[Secret]]' },
      })) as ToolAnswer;
      carolSession = asked.structuredContent.sessionId;
      expect(asked.structuredContent.answer).toContain('31-7-42');
    } finally {
      await carol.close();
    }
    // Her session is hers: another user gets no session by its id, and no text of it.
    const alice = await v2As('alice');
    try {
      await expect(
        alice.readResource({ uri: `footnote://session/${carolSession}` }),
      ).rejects.toThrow(/no session/);
      const { resources } = await alice.listResources();
      expect(JSON.stringify(resources)).not.toContain(carolSession);
    } finally {
      await alice.close();
    }
  });
});

describe('/mcp without tokens (loopback)', () => {
  let loopback: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    const app = createServer({
      workspaces: new Map([['default', handles.get('default') as WorkspaceHandle]]),
      tokenCounter: gptTokenCounter,
      model: () => createOfflineModel(),
      authenticate: null,
    });
    const at = await app.listen({ host: '127.0.0.1', port: 0 });
    loopback = { url: at, close: () => app.close() };
  });
  afterAll(async () => loopback?.close());

  it('needs no token, and refuses a foreign Host or Origin (DNS rebinding)', async () => {
    const client = new Client({ name: 'local', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${loopback.url}/mcp`)));
    expect((await client.listTools()).tools).toHaveLength(6);
    await client.close();
    // Stateless: the 2025 session stream is not offered, which 2025 clients accept.
    expect(
      (await fetch(`${loopback.url}/mcp`, { headers: { accept: 'text/event-stream' } })).status,
    ).toBe(405);
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const { port } = new URL(loopback.url);
    for (const headers of [{ host: `evil.example:${port}` }, { origin: 'http://evil.example' }]) {
      const { request } = await import('node:http');
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          `${loopback.url}/mcp`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              ...headers,
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify(list));
      });
      expect(status, JSON.stringify(headers)).toBe(403);
    }
  });
});
