import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { authenticateWith } from '../src/apps/server/server-options.ts';
import type { UserRole, UserStore } from '../src/core/index.ts';
import { RollbackResultJson, VersionJson } from '../src/protocol/index.ts';
import { type RunningServer, scripted, send, startServer } from './server-harness.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions below read arbitrary JSON response bodies.
type Json = any;

const design = 'notes/projects/Pump Design.md';
const newText = 'We chose the six-vane closed impeller after the February rig tests.';

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

interface Team {
  readonly server: RunningServer;
  readonly users: UserStore;
  /** Authorization headers by user name. */
  readonly as: Record<string, Record<string, string>>;
}

/**
 * A server with bearer tokens from the real user store (as `footnote serve` reads them) and four
 * users of `default`: alice and bob (members), vera (viewer), root (admin). Its model edits the
 * Impeller section of Pump Design.
 */
async function team(): Promise<Team> {
  let users: UserStore | undefined;
  const server = await startServer({
    model: scripted([
      {
        toolCalls: [
          { name: 'edit_section', input: { path: design, section: 'Impeller', content: newText } },
        ],
      },
      { text: 'Here is the change.' },
    ]),
    authenticate: async (token) => (users ? authenticateWith(users)(token) : null),
  });
  servers.push(server);
  users = server.handle.users;
  const as: Record<string, Record<string, string>> = {};
  const roles: Record<string, UserRole> = {
    alice: 'member',
    bob: 'member',
    vera: 'viewer',
    root: 'admin',
  };
  for (const [name, role] of Object.entries(roles)) {
    const { token } = await users.addUser({ name, role, workspaces: ['default'] });
    as[name] = { authorization: `Bearer ${token}` };
  }
  return { server, users, as };
}

const api = (t: Team, path: string) => `${t.server.url}/api/workspaces/default${path}`;
const file = (t: Team) => readFileSync(join(t.server.handle.root, design), 'utf8');
const json = async (response: Response) => (await response.json()) as Json;

/** An agent turn of `who` in Footnote's JSON shape. */
const agentTurn = async (t: Team, who: string, dryRun: boolean) => {
  const response = await send(
    api(t, '/chat'),
    'POST',
    { message: 'Rewrite [[Pump Design#Impeller]]', mode: 'agent', dryRun },
    t.as[who],
  );
  return { status: response.status, body: await json(response) };
};

const docId = async (t: Team) => (await t.server.handle.store.getDocumentByPath(design))?.id ?? '';
const versions = async (t: Team, who: string) =>
  (await json(await fetch(api(t, `/documents/${await docId(t)}/versions`), { headers: t.as[who] })))
    .versions;
const rollbackUrl = async (t: Team, versionId: string) =>
  api(t, `/documents/${await docId(t)}/versions/${versionId}/rollback`);
const rollback = async (t: Team, who: string, versionId: string, body: unknown = {}) =>
  send(await rollbackUrl(t, versionId), 'POST', body, t.as[who]);
const editStatus = async (t: Team, who: string, sessionId: string) =>
  (await json(await fetch(api(t, `/sessions/${sessionId}`), { headers: t.as[who] }))).edits.map(
    (e: { status: string }) => e.status,
  );

describe('roles over HTTP', () => {
  it('a viewer reads and chats, and every write route answers 403 forbidden_role', async () => {
    const t = await team();
    const before = file(t);
    const refused = await agentTurn(t, 'vera', false);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden_role');
    expect(refused.body.error.message).toContain('viewer "vera"');
    const useChat = await send(
      api(t, '/chat'),
      'POST',
      {
        id: 'vera-agent',
        messages: [
          { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Rewrite [[Pump Design]]' }] },
        ],
        mode: 'agent',
      },
      t.as.vera,
    );
    expect(useChat.status).toBe(403);
    expect((await json(useChat)).error.code).toBe('forbidden_role');
    const chat = await send(api(t, '/chat'), 'POST', { message: 'What is the SP-200?' }, t.as.vera);
    expect(chat.status).toBe(200);
    expect((await fetch(api(t, '/documents'), { headers: t.as.vera })).status).toBe(200);

    // Vera's own edits from when she was a member: out of her reach once she is a viewer.
    await t.users.setUserRole('vera', 'member');
    const proposed = (await agentTurn(t, 'vera', true)).body.edits[0];
    const written = (await agentTurn(t, 'vera', false)).body.edits[0];
    await t.users.setUserRole('vera', 'viewer');
    const afterEdits = file(t);
    for (const [id, action] of [
      [proposed.id, 'apply'],
      [proposed.id, 'discard'],
      [written.id, 'undo'],
    ]) {
      const response = await send(api(t, `/edits/${id}/${action}`), 'POST', {}, t.as.vera);
      expect(response.status, action).toBe(403);
      expect((await json(response)).error.code).toBe('forbidden_role');
    }
    const [original] = await versions(t, 'vera');
    for (const body of [{}, { dryRun: true }]) {
      const response = await rollback(t, 'vera', original.id, body);
      expect(response.status).toBe(403);
      expect((await json(response)).error.code).toBe('forbidden_role');
    }
    expect(file(t)).toBe(afterEdits);
    expect(afterEdits).not.toBe(before);
    expect(await editStatus(t, 'vera', proposed.sessionId)).toEqual(['proposed']);
    expect(await editStatus(t, 'vera', written.sessionId)).toEqual(['applied']);
    const refusals = (await t.server.handle.sessions.listAuditEvents()).filter((e) =>
      e.kind.endsWith('_refused'),
    );
    expect(refusals.map((e) => [e.kind, e.user?.name])).toEqual([
      ['edit_refused', 'vera'],
      ['edit_refused', 'vera'],
      ['edit_refused', 'vera'],
      ['rollback_refused', 'vera'],
      ['rollback_refused', 'vera'],
    ]);
  });

  it('a member cannot roll back another member’s edit (403, nothing changes); an admin can, and the edit shows rolled_back', async () => {
    const t = await team();
    const turn = await agentTurn(t, 'alice', false);
    const edit = turn.body.edits[0];
    expect(edit.status).toBe('applied');
    const written = file(t);
    const [original] = await versions(t, 'bob');

    const denied = await rollback(t, 'bob', original.id);
    expect(denied.status).toBe(403);
    const error = (await json(denied)).error;
    expect(error.code).toBe('forbidden_role');
    expect(error.message).toContain('another user wrote');
    expect(file(t)).toBe(written);
    expect(await editStatus(t, 'alice', turn.body.sessionId)).toEqual(['applied']);
    expect(await versions(t, 'alice')).toHaveLength(2);

    const done = await rollback(t, 'root', original.id);
    expect(done.status).toBe(200);
    const body = await json(done);
    expect(body).toMatchObject({ applied: true, rolledBack: [edit.id] });
    expect(RollbackResultJson.parse(body)).toEqual(body);
    expect(file(t)).toBe(await readOriginal(t, original.id));
    expect(await editStatus(t, 'alice', turn.body.sessionId)).toEqual(['rolled_back']);
    const undo = await send(api(t, `/edits/${edit.id}/undo`), 'POST', {}, t.as.alice);
    expect(undo.status).toBe(409);

    const events = await t.server.handle.sessions.listAuditEvents({ documentId: await docId(t) });
    expect(events.map((e) => [e.kind, e.user])).toEqual([
      ['edit', { id: expect.any(String), name: 'alice' }],
      ['rollback_refused', { id: expect.any(String), name: 'bob' }],
      ['rollback', { id: expect.any(String), name: 'root' }],
    ]);
    expect(events.every((e) => e.user !== null)).toBe(true);
  });

  it('a member rolls back their own edit', async () => {
    const t = await team();
    const turn = await agentTurn(t, 'alice', false);
    const [original] = await versions(t, 'alice');
    const done = await rollback(t, 'alice', original.id);
    expect(done.status).toBe(200);
    expect(file(t)).not.toContain(newText);
    expect(await editStatus(t, 'alice', turn.body.sessionId)).toEqual(['rolled_back']);
  });

  it('a null or non-object body is a 400 on every write route, and nothing is written', async () => {
    const t = await team();
    const turn = await agentTurn(t, 'alice', true);
    const proposal = turn.body.edits[0];
    const applied = (await agentTurn(t, 'alice', false)).body.edits[0];
    const before = file(t);
    const [original] = await versions(t, 'alice');
    const count = (await versions(t, 'alice')).length;
    const raw = (url: string, text: string) =>
      fetch(url, {
        method: 'POST',
        headers: { ...t.as.alice, 'content-type': 'application/json' },
        body: text,
      });
    const routes = [
      await rollbackUrl(t, original.id),
      api(t, `/edits/${proposal.id}/apply`),
      api(t, `/edits/${proposal.id}/discard`),
      api(t, `/edits/${applied.id}/undo`),
      api(t, '/chat'),
    ];
    for (const url of routes)
      for (const text of ['null', '[]', '"x"', '1', 'true']) {
        const response = await raw(url, text);
        expect(response.status, `${url} ${text}`).toBe(400);
        expect((await json(response)).error.code).toBe('invalid_request');
      }
    const extra = await raw(api(t, `/edits/${proposal.id}/apply`), '{"force":true}');
    expect(extra.status).toBe(400);
    expect(file(t)).toBe(before);
    expect(await versions(t, 'alice')).toHaveLength(count);
    expect((await editStatus(t, 'alice', turn.body.sessionId)).sort()).toEqual(['proposed']);
    // No body at all is still fine for the edit actions.
    const none = await fetch(api(t, `/edits/${proposal.id}/discard`), {
      method: 'POST',
      headers: t.as.alice,
    });
    expect(none.status).toBe(200);
  });

  it('the versions list names an edit’s session and message only to its owner and admins', async () => {
    const t = await team();
    const turn = await agentTurn(t, 'alice', false);
    const mine = (await versions(t, 'alice')).at(-1);
    expect(mine.reference).toEqual({
      raw: '[[Pump Design#Impeller]]',
      sessionId: turn.body.sessionId,
      messageId: turn.body.message.id,
    });
    expect(mine.user).toMatchObject({ name: 'alice' });
    for (const who of ['bob', 'vera']) {
      const theirs = await versions(t, who);
      const seen = theirs.at(-1);
      expect(seen.reference).toEqual({
        raw: '[[Pump Design#Impeller]]',
        sessionId: null,
        messageId: null,
      });
      expect(seen.user).toBeNull();
      const text = JSON.stringify(theirs);
      expect(text).not.toContain(turn.body.sessionId);
      expect(text).not.toContain(turn.body.message.id);
      expect(theirs.map((v: { id: string }) => v.id)).toEqual(
        (await versions(t, 'alice')).map((v: { id: string }) => v.id),
      );
    }
    for (const who of ['alice', 'bob', 'root'])
      for (const v of await versions(t, who)) expect(VersionJson.parse(v)).toEqual(v);
    const admin = (await versions(t, 'root')).at(-1);
    expect(admin.reference.sessionId).toBe(turn.body.sessionId);
    expect(admin.user).toMatchObject({ name: 'alice' });
    expect(Object.keys(admin).sort()).toEqual([
      'contentHash',
      'createdAt',
      'documentId',
      'id',
      'note',
      'path',
      'reference',
      'user',
    ]);
  });
});

/** The stored text of a version (the list never carries it). */
async function readOriginal(t: Team, versionId: string): Promise<string> {
  return (await t.server.handle.sessions.getVersion(versionId))?.content ?? '';
}

describe('the OpenAPI document', () => {
  it('documents forbidden_role, the Version shape, the rollback answer and rolled_back edits', async () => {
    const server = await startServer();
    servers.push(server);
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as Json;
    const ws = '/api/workspaces/{workspaceId}';
    const rollback = doc.paths[`${ws}/documents/{documentId}/versions/{versionId}/rollback`].post;
    expect(rollback.responses[403].description).toContain('forbidden_role');
    expect(JSON.stringify(rollback.responses[200])).toContain('rolledBack');
    expect(doc.paths[`${ws}/chat`].post.responses[403].description).toContain('forbidden_role');
    for (const action of ['apply', 'discard', 'undo'])
      expect(doc.paths[`${ws}/edits/{editId}/${action}`].post.responses[403]).toBeDefined();
    expect(doc.components.schemas.Version.properties.user).toBeDefined();
    expect(JSON.stringify(doc.components.schemas.Edit)).toContain('rolled_back');
  });
});
