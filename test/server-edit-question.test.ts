import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, send, startServer } from './server-harness.ts';

// Edit and resend over HTTP: `edit` in Footnote's body, or the AI SDK's sendMessage with the id of
// the message it replaces; a question that cannot be edited is refused before anything is stored.

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
}, 30_000);

afterAll(async () => {
  await server?.close();
});

const chat = (body: unknown) => send(`${server.url}/api/workspaces/default/chat`, 'POST', body);
const stored = async (sessionId: string) =>
  (
    (await (
      await send(`${server.url}/api/workspaces/default/sessions/${sessionId}`, 'GET')
    ).json()) as { messages: { id: string; role: string; content: string }[] }
  ).messages;

describe('editing the last question over HTTP', () => {
  it('replaces the last turn in place, and refuses what cannot be edited, changing nothing', async () => {
    const first = (await (await chat({ message: 'What clogs the strainer?' })).json()) as {
      sessionId: string;
    };
    const { sessionId } = first;
    await chat({ sessionId, message: 'Who mentors @Alice?' });
    const [q1, , q2, a2] = await stored(sessionId);

    const edited = await chat({ sessionId, message: 'Who mentors @Bob?', edit: q2?.id });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { message: { id: string } }).message.id).toBe(a2?.id);
    const after = await stored(sessionId);
    expect(after.map((m) => m.id)).toEqual([q1?.id, after[1]?.id, q2?.id, a2?.id]);
    expect(after[2]?.content).toBe('Who mentors @Bob?');

    // The AI SDK's way: sendMessage({ text, messageId }) is submit-message naming the message.
    const useChat = await send(
      `${server.url}/api/workspaces/default/chat`,
      'POST',
      {
        id: sessionId,
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'Who mentors @Chidi?' }] }],
        trigger: 'submit-message',
        messageId: q2?.id,
      },
      { accept: 'text/event-stream' },
    );
    expect(useChat.status).toBe(200);
    await useChat.text();
    expect((await stored(sessionId)).map((m) => m.content)[2]).toBe('Who mentors @Chidi?');

    const before = await stored(sessionId);
    const notLast = await chat({ sessionId, message: 'x', edit: q1?.id });
    expect(notLast.status).toBe(409);
    expect(await notLast.json()).toMatchObject({
      error: { code: 'question_not_editable', field: 'edit' },
    });
    const answer = await chat({ sessionId, message: 'x', edit: a2?.id });
    expect(answer.status).toBe(404);
    const both = await chat({ sessionId, message: 'x', edit: q2?.id, retry: a2?.id });
    expect(both.status).toBe(400);
    const noSession = await chat({ message: 'x', edit: q2?.id });
    expect(noSession.status).toBe(404);
    const tooLong = await chat({ sessionId, message: 'x'.repeat(32_001), edit: q2?.id });
    expect(tooLong.status).toBe(413);
    expect(await stored(sessionId)).toEqual(before);
  });
});
