import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UIMessageChunk } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestUser } from '../src/apps/server/server-options.ts';
import { EditJson } from '../src/protocol/index.ts';
import { type RunningServer, scripted, send, startServer } from './server-harness.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions below read arbitrary JSON response bodies.
type Json = any;

const design = 'notes/projects/Pump Design.md';
const newText = 'We chose the six-vane closed impeller after the February rig tests.';
const EDIT_KEYS = [
  'createdAt',
  'diff',
  'documentId',
  'id',
  'messageId',
  'path',
  'reference',
  'sessionId',
  'status',
  'tool',
  'versionId',
];

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A server whose model edits the Impeller section of Pump Design, then answers. */
async function start(over: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> {
  const model = scripted([
    {
      toolCalls: [
        { name: 'edit_section', input: { path: design, section: 'Impeller', content: newText } },
      ],
    },
    { text: 'Here is the change.' },
  ]);
  const server = await startServer({ model, ...over });
  servers.push(server);
  return server;
}

const file = (server: RunningServer) => readFileSync(join(server.handle.root, design), 'utf8');

/** Reads an SSE response into its UI message chunks, in order. */
async function chunksOf(response: Response): Promise<UIMessageChunk[]> {
  return (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)) as UIMessageChunk);
}

/** One agent turn in Footnote's JSON shape; answers the parsed body. */
const ask = async (server: RunningServer, body: Record<string, unknown>, headers = {}) => {
  const response = await send(
    `${server.url}/api/workspaces/default/chat`,
    'POST',
    { message: 'Rewrite [[Pump Design#Impeller]]', mode: 'agent', dryRun: true, ...body },
    headers,
  );
  return { status: response.status, body: (await response.json()) as Json };
};

const act = (server: RunningServer, id: string, action: string, headers = {}) =>
  send(`${server.url}/api/workspaces/default/edits/${id}/${action}`, 'POST', {}, headers);

describe('proposed edits over HTTP', () => {
  it('streams a proposal as data-edit, lists it with the session, applies it, then undoes it', async () => {
    const server = await start();
    const before = file(server);
    const response = await send(`${server.url}/api/workspaces/default/chat`, 'POST', {
      id: 'chat-edits-1',
      messages: [
        {
          id: 'u1',
          role: 'user',
          parts: [{ type: 'text', text: 'Rewrite [[Pump Design#Impeller]]' }],
        },
      ],
      mode: 'agent',
      dryRun: true,
    });
    expect(response.status).toBe(200);
    const chunks = await chunksOf(response);
    const part = chunks.find((c) => c.type === 'data-edit') as Json;
    expect(part).toBeDefined();
    const edit = part.data;
    expect(part.id).toBe(edit.id);
    expect(Object.keys(edit).sort()).toEqual(EDIT_KEYS);
    expect(EditJson.parse(edit)).toEqual(edit);
    expect(edit).toMatchObject({
      sessionId: 'chat-edits-1',
      tool: 'edit_section',
      path: design,
      status: 'proposed',
      versionId: null,
      reference: '[[Pump Design#Impeller]]',
    });
    expect(edit.diff).toContain(`+${newText}`);
    expect(file(server)).toBe(before);

    const session = (await (
      await fetch(`${server.url}/api/workspaces/default/sessions/chat-edits-1`)
    ).json()) as Json;
    expect(session.edits).toEqual([edit]);
    expect(session.messages[1].id).toBe(edit.messageId);

    const applied = await act(server, edit.id, 'apply');
    expect(applied.status).toBe(200);
    const appliedBody = (await applied.json()) as Json;
    expect(Object.keys(appliedBody)).toEqual(['edit']);
    expect(appliedBody.edit).toMatchObject({ id: edit.id, status: 'applied' });
    expect(appliedBody.edit.versionId).toEqual(expect.any(String));
    expect(file(server)).toContain(newText);
    const docs = (await (
      await fetch(`${server.url}/api/workspaces/default/documents?q=Pump%20Design`)
    ).json()) as Json;
    const docId = docs.documents.find((d: { path: string }) => d.path === design).id;
    const content = (await (
      await fetch(`${server.url}/api/workspaces/default/documents/${docId}/content`)
    ).json()) as Json;
    expect(content.text).toContain(newText);

    const again = await act(server, edit.id, 'apply');
    expect(again.status).toBe(409);
    expect(((await again.json()) as Json).error.code).toBe('edit_not_proposed');

    const undone = await act(server, edit.id, 'undo');
    expect(undone.status).toBe(200);
    expect(((await undone.json()) as Json).edit).toMatchObject({
      status: 'undone',
      versionId: appliedBody.edit.versionId,
    });
    expect(file(server)).toBe(before);
    const twice = await act(server, edit.id, 'undo');
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as Json).error.code).toBe('edit_not_applied');
  });

  it('answers 409 edit_stale when the file changed after the preview, and remembers it', async () => {
    const server = await start();
    const { body } = await ask(server, {});
    expect(body.edits).toHaveLength(1);
    const [edit] = body.edits;
    writeFileSync(join(server.handle.root, design), `${file(server)}\nTyped by hand.\n`);
    const response = await act(server, edit.id, 'apply');
    expect(response.status).toBe(409);
    expect(((await response.json()) as Json).error).toMatchObject({ code: 'edit_stale' });
    expect(file(server)).toContain('Typed by hand.');
    const session = (await (
      await fetch(`${server.url}/api/workspaces/default/sessions/${body.sessionId}`)
    ).json()) as Json;
    expect(session.edits[0].status).toBe('stale');
  });

  it('discards a proposal once; unknown ids and ids of another user are 404', async () => {
    const users: Record<string, RequestUser> = {
      'token-alice': { id: 'alice', name: 'alice', role: 'member', workspaces: ['default'] },
      'token-bob': { id: 'bob', name: 'bob', role: 'member', workspaces: ['default'] },
    };
    const server = await start({
      authenticate: async (token) => (token ? (users[token] ?? null) : null),
    });
    const alice = { authorization: 'Bearer token-alice' };
    const bob = { authorization: 'Bearer token-bob' };
    const { body } = await ask(server, {}, alice);
    const id = body.edits[0].id;
    for (const action of ['apply', 'discard', 'undo']) {
      const theirs = await act(server, id, action, bob);
      expect(theirs.status, action).toBe(404);
      expect(((await theirs.json()) as Json).error.code).toBe('not_found');
      expect((await act(server, 'no-such-edit', action, alice)).status).toBe(404);
    }
    expect((await act(server, id, 'discard')).status).toBe(401);
    const discarded = await act(server, id, 'discard', alice);
    expect(((await discarded.json()) as Json).edit).toMatchObject({ id, status: 'discarded' });
    const again = await act(server, id, 'discard', alice);
    expect(again.status).toBe(409);
    expect(((await again.json()) as Json).error.code).toBe('edit_not_proposed');
    expect((await act(server, id, 'apply', alice)).status).toBe(409);
    const wrongMethod = await send(
      `${server.url}/api/workspaces/default/edits/${id}/apply`,
      'GET',
      undefined,
      alice,
    );
    expect(wrongMethod.status).toBe(405);
  });

  it('records an edit written at once (no dry run) as applied, with its id', async () => {
    const server = await start();
    const { body } = await ask(server, { dryRun: false });
    expect(body.edits[0]).toMatchObject({ status: 'applied', versionId: expect.any(String) });
    expect(file(server)).toContain(newText);
    const undone = await act(server, body.edits[0].id, 'undo');
    expect(((await undone.json()) as Json).edit.status).toBe('undone');
    expect(file(server)).not.toContain(newText);
  });
});

describe('permission overrides over HTTP', () => {
  it('an override to read gets the edit refused', async () => {
    const server = await start();
    const before = file(server);
    const { status, body } = await ask(server, {
      dryRun: false,
      permissions: [{ path: design, permission: 'read' }],
    });
    expect(status).toBe(200);
    expect(body.edits).toEqual([]);
    expect(body.message.references[0]).toMatchObject({ permission: 'read' });
    expect(body.message.toolCalls[0]).toMatchObject({ name: 'edit_section', ok: false });
    expect(file(server)).toBe(before);
  });

  it('an override to write allows an edit the verb alone reads; Apply checks the stored choice', async () => {
    const server = await start();
    const { body } = await ask(server, {
      message: 'What does [[Pump Design#Impeller]] say?',
      permissions: [{ path: design, permission: 'write' }],
    });
    expect(body.message.references[0]).toMatchObject({ permission: 'write' });
    expect(body.edits[0]).toMatchObject({ status: 'proposed' });
    const applied = await act(server, body.edits[0].id, 'apply');
    expect(applied.status).toBe(200);
    expect(file(server)).toContain(newText);
  });

  it('takes permissions and dryRun in the useChat body, and validates them', async () => {
    const server = await start();
    const sendUseChat = (extra: Record<string, unknown>) =>
      send(`${server.url}/api/workspaces/default/chat`, 'POST', {
        id: `chat-${Math.random()}`,
        messages: [
          {
            id: 'u',
            role: 'user',
            parts: [{ type: 'text', text: 'What does [[Pump Design]] say?' }],
          },
        ],
        mode: 'agent',
        ...extra,
      });
    const ok = await sendUseChat({
      dryRun: true,
      permissions: [{ path: design, permission: 'write' }],
    });
    const chunks = await chunksOf(ok);
    const refs = chunks.find((c) => c.type === 'data-references') as Json;
    expect(refs.data.references[0]).toMatchObject({ permission: 'write' });
    expect((chunks.find((c) => c.type === 'data-edit') as Json).data.status).toBe('proposed');

    const tooMany = await sendUseChat({
      permissions: Array.from({ length: 51 }, (_, i) => ({ path: `n${i}.md`, permission: 'read' })),
    });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as Json).error.field).toBe('permissions');
    const badValue = await ask(server, { permissions: [{ path: design, permission: 'delete' }] });
    expect(badValue.status).toBe(400);
    expect(badValue.body.error.field).toBe('permissions.0.permission');
    const badDryRun = await sendUseChat({ dryRun: 'yes' });
    expect(badDryRun.status).toBe(400);
  });
});

describe('sessions: rename and context reports', () => {
  it('renames a session (trimmed) and validates the title', async () => {
    const server = await startServer();
    servers.push(server);
    const chat = (await (
      await send(`${server.url}/api/workspaces/default/chat`, 'POST', {
        message: 'What is the SP-200?',
      })
    ).json()) as Json;
    const url = `${server.url}/api/workspaces/default/sessions/${chat.sessionId}`;
    const renamed = await send(url, 'PATCH', { title: '  Pump questions  ' });
    expect(renamed.status).toBe(200);
    const body = (await renamed.json()) as Json;
    expect(body).toEqual({
      session: {
        id: chat.sessionId,
        title: 'Pump questions',
        messageCount: 2,
        lastMessageAt: expect.any(String),
        createdAt: expect.any(String),
      },
    });
    expect(((await (await fetch(url)).json()) as Json).session.title).toBe('Pump questions');
    const listed = (await (
      await fetch(`${server.url}/api/workspaces/default/sessions`)
    ).json()) as Json;
    expect(listed.sessions[0].title).toBe('Pump questions');

    for (const title of ['   ', 'x'.repeat(201), 'Pump\u0000notes', 'tab\there']) {
      const bad = await send(url, 'PATCH', { title });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as Json).error.field).toBe('title');
    }
    expect((await send(url, 'PATCH', { title: 'ok', extra: 1 })).status).toBe(400);
    expect(
      (await send(`${server.url}/api/workspaces/default/sessions/nope`, 'PATCH', { title: 'x' }))
        .status,
    ).toBe(404);
    const put = await send(url, 'PUT', { title: 'x' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toContain('PATCH');
  });

  it('answers the stored context report of an answer, and 404 for anything else', async () => {
    const server = await startServer();
    servers.push(server);
    const chat = (await (
      await send(`${server.url}/api/workspaces/default/chat`, 'POST', {
        message: 'What is in [[Pump Design]]?',
      })
    ).json()) as Json;
    const base = `${server.url}/api/workspaces/default/sessions/${chat.sessionId}/messages`;
    const response = await fetch(`${base}/${chat.message.id}/context`);
    expect(response.status).toBe(200);
    expect((await response.json()) as Json).toEqual({ context: chat.context });
    const session = (await (
      await fetch(`${server.url}/api/workspaces/default/sessions/${chat.sessionId}`)
    ).json()) as Json;
    const userMessage = session.messages[0].id;
    expect((await fetch(`${base}/${userMessage}/context`)).status).toBe(404);
    expect((await fetch(`${base}/nope/context`)).status).toBe(404);
    expect(
      (
        await fetch(
          `${server.url}/api/workspaces/default/sessions/nope/messages/${chat.message.id}/context`,
        )
      ).status,
    ).toBe(404);
  });

  it('lists the new routes in the OpenAPI document', async () => {
    const server = await startServer();
    servers.push(server);
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as Json;
    const ws = '/api/workspaces/{workspaceId}';
    for (const action of ['apply', 'discard', 'undo'])
      expect(doc.paths[`${ws}/edits/{editId}/${action}`].post).toBeDefined();
    expect(doc.paths[`${ws}/sessions/{sessionId}`].patch.requestBody).toBeDefined();
    expect(doc.paths[`${ws}/sessions/{sessionId}/messages/{messageId}/context`].get).toBeDefined();
    expect(JSON.stringify(doc.paths[`${ws}/chat`])).toContain('"permissions"');
    expect(JSON.stringify(doc.components.schemas.Edit)).toContain('"versionId"');
  });
});
