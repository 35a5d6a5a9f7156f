import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningStub,
  type StubRequestBody,
  type StubTurn,
  startOpenAIStubServer,
} from '../src/testing/openai-stub-server.ts';
import { createSchemaUrl, skipPostgres } from '../src/testing/postgres-test-database.ts';
import { copySampleWorkspace } from '../src/testing/run-footnote.ts';
import { type ServeChild, startServe, streamTurn } from './chaos/serve-child.ts';

// Two `footnote serve` processes on one PostgreSQL database and one workspace folder behave as
// one service: concurrent turns into one session, split across both, are all stored, in order,
// complete; a kill -9 of one mid-answer leaves the other serving, and the answer `interrupted`.

const TURNS = Number(process.env.FOOTNOTE_TWO_SERVER_TURNS ?? 40);

// biome-ignore lint/suspicious/noExplicitAny: assertions below read arbitrary JSON response bodies.
type Json = any;

/** The question's tag (`Q-12`) in the last user message the model was sent. */
function questionTag(body: StubRequestBody): string | null {
  const users = (body.messages ?? []).filter(
    (m): m is { role: string; content: unknown } => (m as { role?: string }).role === 'user',
  );
  const last = JSON.stringify(users.at(-1)?.content ?? '');
  return /Q-\d+|SLOW/.exec(last)?.[0] ?? null;
}

/** Answers every request by its question: `Answer to Q-n.` at once, or a long answer that takes seconds. */
function answer(body: StubRequestBody): StubTurn {
  const tag = questionTag(body);
  if (tag === 'SLOW') {
    const chunks = Array.from({ length: 200 }, (_, i) =>
      `word${String(i).padStart(3, '0')} `.repeat(2),
    );
    return { text: chunks.join(''), chunks, delayMs: 50 };
  }
  // Background one-line summaries and anything else: a short line.
  return { text: tag ? `Answer to ${tag}.` : 'A short summary.' };
}

describe.skipIf(skipPostgres)('two footnote serve processes on one PostgreSQL database', () => {
  const sample = copySampleWorkspace();
  let database: Awaited<ReturnType<typeof createSchemaUrl>>;
  let stub: RunningStub;
  let servers: ServeChild[] = [];

  beforeAll(async () => {
    database = await createSchemaUrl();
    stub = await startOpenAIStubServer([], { offScript: answer });
    // The first indexes the folder; the second starts while it does, and leaves the run to it.
    servers = await Promise.all(
      [0, 1].map(() =>
        startServe({ workspace: sample.workspace, baseUrl: stub.url, databaseUrl: database.url }),
      ),
    );
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await stub?.close();
    await database?.drop();
    sample.cleanup();
  });

  const post = async (server: ServeChild | undefined, body: unknown): Promise<Json> => {
    const response = await fetch(`${server?.url}/api/workspaces/default/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Json;
  };
  const messagesOf = async (server: ServeChild | undefined, sessionId: string) =>
    (
      (await (
        await fetch(`${server?.url}/api/workspaces/default/sessions/${sessionId}`)
      ).json()) as Json
    ).messages as Json[];

  it(`stores ${TURNS} concurrent turns into one session over both, in order, and survives a kill -9 of one`, async () => {
    const [a, b] = servers;
    const first = await post(a, { message: 'Q-0: what is the pump for?' });
    const sessionId = first.sessionId as string;
    const answers = await Promise.all(
      Array.from({ length: TURNS }, (_, i) =>
        post(i % 2 === 0 ? a : b, { sessionId, message: `Q-${i + 1}: and then?` }),
      ),
    );
    expect(answers.map((r) => r.message.status)).toEqual(answers.map(() => 'complete'));

    // Both servers see the same session: every question once, each followed by its own answer.
    const stored = await messagesOf(b, sessionId);
    expect(stored).toHaveLength(2 * (TURNS + 1));
    expect(await messagesOf(a, sessionId)).toEqual(stored);
    const tags: string[] = [];
    for (let i = 0; i < stored.length; i += 2) {
      const [question, reply] = [stored[i], stored[i + 1]] as [Json, Json];
      const tag = /Q-\d+/.exec(question.content)?.[0] as string;
      tags.push(tag);
      expect([question.role, reply.role, question.status, reply.status]).toEqual([
        'user',
        'assistant',
        'complete',
        'complete',
      ]);
      expect(reply.content).toBe(`Answer to ${tag}.`);
    }
    expect(tags.toSorted()).toEqual(
      Array.from({ length: TURNS + 1 }, (_, i) => `Q-${i}`).toSorted(),
    );

    // kill -9 of a mid-answer: the other keeps serving, and marks the answer interrupted.
    let killed = false;
    const cut = await streamTurn(a?.url as string, 'SLOW', {
      sessionId,
      onText: (turn) => {
        // Past the first save of the text so far (every 200 characters or 500 ms).
        if (!killed && turn.text.length > 300) {
          killed = true;
          a?.child.kill('SIGKILL');
        }
      },
    });
    expect(cut.ending).toBe('closed');
    await a?.exited;
    const after = await post(b, { sessionId, message: `Q-${TURNS + 1}: still there?` });
    expect(after.message).toMatchObject({
      status: 'complete',
      content: `Answer to Q-${TURNS + 1}.`,
    });
    // The survivor looks for answers of dead servers every 5 s.
    const slowAnswer = async () => {
      const messages = await messagesOf(b, sessionId);
      return messages[messages.findIndex((m) => m.content === 'SLOW') + 1] as Json;
    };
    await expect
      .poll(async () => (await slowAnswer()).status, { timeout: 15_000 })
      .toBe('interrupted');
    const interrupted = await slowAnswer();
    expect(interrupted.reason).toBe('server_stopped');
    expect(interrupted.content.length).toBeGreaterThan(0);
    expect(cut.text.startsWith(interrupted.content)).toBe(true);
  }, 60_000);
});
