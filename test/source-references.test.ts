import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestUser } from '../src/apps/server/server-options.ts';
import { copySampleWorkspace, runFootnote } from '../src/testing/run-footnote.ts';
import { send, startServer } from './server-harness.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON read back from the CLI and the server
type Json = any;

interface CitationJson {
  n: number;
  documentId: string;
  path: string;
  title: string;
  page: number | null;
  start: number;
  end: number;
}

const QUESTION = 'What flow rate did the pump reach in @field-report.pdf?';

/** What a resolved `[n]` must point to: the document, page and exact passage of that citation. */
const pointsTo = (c: CitationJson) => ({
  syntax: 'citation',
  origin: 'user',
  status: 'resolved',
  permission: 'read',
  target: {
    documentId: c.documentId,
    path: c.path,
    title: c.title,
    page: c.page,
    span: c.end > c.start ? { start: c.start, end: c.end } : null,
  },
});

describe('[n] names a source of the previous answer, from the command line', () => {
  let sample: ReturnType<typeof copySampleWorkspace>;
  beforeAll(() => {
    sample = copySampleWorkspace();
  });
  afterAll(() => sample.cleanup());

  const cli = (...args: string[]) => {
    const run = runFootnote(...args, '--workspace', sample.workspace, '--json');
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as Json;
  };

  it('resolves in `resolve --session` and in `ask --session`, where the context holds it as referenced', () => {
    const first = cli('ask', QUESTION);
    const sessionId: string = first.sessionId;
    const source = first.message.citations.find((c: CitationJson) => c.n === 1) as CitationJson;
    expect(source).toBeDefined();

    const { references } = cli(
      'resolve',
      '--session',
      sessionId,
      'tell me more about [1], and [99]',
    );
    expect(references).toMatchObject([
      { raw: '[1]', start: 19, end: 22, ...pointsTo(source) },
      {
        raw: '[99]',
        syntax: 'citation',
        status: 'unresolved',
        target: null,
        notes: ['no source [99] in the previous answer'],
      },
    ]);

    const alone = cli('resolve', 'tell me more about [1]').references;
    expect(alone).toMatchObject([
      {
        raw: '[1]',
        status: 'unresolved',
        notes: ['no previous answer in this conversation to take source [1] from'],
      },
    ]);

    const followUp = cli('ask', '--session', sessionId, 'tell me more about [1]');
    expect(followUp.sessionId).toBe(sessionId);
    const userRefs = followUp.message.references.filter(
      (r: { origin: string }) => r.origin === 'user',
    );
    expect(userRefs).toMatchObject([{ raw: '[1]', ...pointsTo(source) }]);
    expect(followUp.context.items).toContainEqual(
      expect.objectContaining({
        origin: 'reference',
        label: '[1] of the previous answer',
        path: source.path,
        outcome: 'whole',
      }),
    );
  });

  it('refuses a session that does not exist, as ask does', () => {
    const run = runFootnote(
      'resolve',
      '--session',
      'no-such-session',
      '[1]',
      '--workspace',
      sample.workspace,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no session no-such-session');
  });
});

describe('[n] names a source of the previous answer, over HTTP', () => {
  const users: Record<string, RequestUser> = {
    'token-alice': { id: 'alice', name: 'alice', role: 'member', workspaces: ['default'] },
    'token-bob': { id: 'bob', name: 'bob', role: 'member', workspaces: ['default'] },
  };
  const alice = { authorization: 'Bearer token-alice' };
  const bob = { authorization: 'Bearer token-bob' };
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({
      authenticate: async (token) => (token ? (users[token] ?? null) : null),
    });
  });
  afterAll(() => server.close());

  const api = (path: string) => `${server.url}/api/workspaces/default${path}`;
  const resolve = (body: Json, as = alice) => send(api('/references/resolve'), 'POST', body, as);

  it('resolves with the open session, not without it, and refuses a session not the caller’s', async () => {
    const chat = (await (
      await send(api('/chat'), 'POST', { message: QUESTION }, alice)
    ).json()) as Json;
    const source = chat.message.citations.find((c: CitationJson) => c.n === 1) as CitationJson;
    expect(source).toBeDefined();
    const message = 'tell me more about [1]';

    const withSession = await resolve({ message, sessionId: chat.sessionId });
    expect(withSession.status).toBe(200);
    expect(((await withSession.json()) as Json).references).toMatchObject([
      { raw: '[1]', ...pointsTo(source) },
    ]);

    const without = (await (await resolve({ message })).json()) as Json;
    expect(without.references).toMatchObject([{ raw: '[1]', status: 'unresolved' }]);

    for (const [sessionId, as] of [
      [chat.sessionId, bob],
      ['no-such-session', alice],
    ] as const) {
      const refused = await resolve({ message, sessionId }, as);
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as Json).error).toMatchObject({
        code: 'not_found',
        message: `session ${sessionId} not found`,
      });
    }
  });

  it('puts the source in the next turn as a referenced source', async () => {
    const chat = (await (
      await send(api('/chat'), 'POST', { message: QUESTION }, alice)
    ).json()) as Json;
    const source = chat.message.citations.find((c: CitationJson) => c.n === 1) as CitationJson;
    const next = (await (
      await send(
        api('/chat'),
        'POST',
        { sessionId: chat.sessionId, message: 'what else does [1] say?' },
        alice,
      )
    ).json()) as Json;
    expect(next.context.items[0]).toMatchObject({
      origin: 'reference',
      label: '[1] of the previous answer',
      path: source.path,
      n: 1,
    });
    const session = (await (
      await send(api(`/sessions/${chat.sessionId}`), 'GET', undefined, alice)
    ).json()) as Json;
    const asked = session.messages.at(-2);
    expect(asked.references).toMatchObject([{ raw: '[1]', ...pointsTo(source) }]);
  });
});
