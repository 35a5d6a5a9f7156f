import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateWith } from '../src/apps/server/server-options.ts';
import type { UserStore } from '../src/core/index.ts';
import { SessionMatchJson } from '../src/protocol/index.ts';
import { type RunningServer, send, startServer } from './server-harness.ts';

// Searching conversations over HTTP: titles and message text, one user's own only.

let server: RunningServer;
const as: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  let users: UserStore | undefined;
  server = await startServer({
    authenticate: async (token) => (users ? authenticateWith(users)(token) : null),
  });
  users = server.handle.users;
  for (const name of ['alice', 'bob']) {
    const { token } = await users.addUser({ name, role: 'member', workspaces: ['default'] });
    as[name] = { authorization: `Bearer ${token}` };
  }
}, 30_000);

afterAll(async () => {
  await server?.close();
});

const base = () => `${server.url}/api/workspaces/default`;
const ask = async (who: string, message: string, sessionId?: string) => {
  const response = await send(
    `${base()}/chat`,
    'POST',
    { message, ...(sessionId && { sessionId }) },
    as[who],
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { sessionId: string; message: { id: string } };
};
const search = async (who: string, query: string) => {
  const response = await send(`${base()}/sessions${query}`, 'GET', undefined, as[who]);
  return { status: response.status, body: (await response.json()) as { sessions: unknown[] } };
};

describe('searching conversations', () => {
  it("finds a user's own conversations by title or message text, with the message and the words", async () => {
    const first = await ask('alice', 'What clogs the strainer?');
    await ask('alice', 'How often should the float switch be checked?', first.sessionId);
    const other = await ask('alice', 'Who mentors @Alice?');
    await ask('bob', 'Float switch for Bob?');

    const found = await search('alice', '?q=FLOAT%20switch');
    expect(found.status).toBe(200);
    const sessions = found.body.sessions.map((s) => SessionMatchJson.parse(s));
    expect(sessions.map((s) => s.id)).toEqual([first.sessionId]);
    const [hit] = sessions;
    expect(hit?.match.role).toBe('user');
    expect(hit?.match.messages).toBeGreaterThanOrEqual(1);
    const words = hit?.match.highlights.map((h) => hit.match.snippet.slice(h.start, h.end));
    expect(words?.[0]).toBe('float switch');
    // The message it names is one of the session's own, the question that says it.
    const detail = (await (
      await send(`${base()}/sessions/${first.sessionId}`, 'GET', undefined, as.alice)
    ).json()) as { messages: { id: string; content: string }[] };
    expect(detail.messages.find((m) => m.id === hit?.match.messageId)?.content).toBe(
      'How often should the float switch be checked?',
    );

    // A title match: the session's title is its first question.
    const byTitle = (await search('alice', '?q=mentors')).body.sessions.map((s) =>
      SessionMatchJson.parse(s),
    );
    expect(byTitle.map((s) => s.id)).toEqual([other.sessionId]);

    // Bob's conversation is not Alice's to find, nor hers his.
    expect((await search('bob', '?q=strainer')).body.sessions).toEqual([]);
    expect((await search('bob', '?q=float')).body.sessions).toHaveLength(1);

    // Without q the list is as before; limit bounds a search; a bad limit or q is refused.
    const all = await search('alice', '');
    expect(all.body.sessions).toHaveLength(2);
    expect(all.body.sessions[0]).not.toHaveProperty('match');
    expect((await search('alice', '?q=%3F&limit=1')).body.sessions).toHaveLength(1);
    expect((await search('alice', '?limit=0')).status).toBe(400);
    expect((await search('alice', `?q=${'x'.repeat(201)}`)).status).toBe(400);
  });
});
