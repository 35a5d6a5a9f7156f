import type { LanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedModel } from '../src/testing/scripted-model.ts';
import { type RunningServer, send, startServer } from './server-harness.ts';

// A retry names the answer to write again; the session keeps one question and one answer.

let server: RunningServer;
const steps = [
  [{ text: 'Silt', error: new Error('model down') }],
  [{ text: 'Silt clogs the strainer.' }],
];
let turns = 0;

beforeAll(async () => {
  server = await startServer({
    model: () => scriptedModel(steps[turns++] ?? []) as unknown as LanguageModel,
  });
}, 30_000);

afterAll(async () => {
  await server?.close();
});

const chat = (body: unknown) => send(`${server.url}/api/workspaces/default/chat`, 'POST', body);

describe('retry over HTTP', () => {
  it('writes a failed answer again in place and refuses an id that is no answer', async () => {
    const failed = (await (await chat({ message: 'What clogs the strainer?' })).json()) as {
      sessionId: string;
      message: { id: string; status: string };
    };
    expect(failed.message.status).toBe('failed');
    const { sessionId } = failed;

    const retried = await chat({
      sessionId,
      message: 'What clogs the strainer?',
      retry: failed.message.id,
    });
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { message: unknown }).message).toMatchObject({
      id: failed.message.id,
      status: 'complete',
      content: 'Silt clogs the strainer.',
    });
    const session = (await (
      await send(`${server.url}/api/workspaces/default/sessions/${sessionId}`, 'GET')
    ).json()) as {
      messages: { role: string; status: string }[];
    };
    expect(session.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);

    const wrong = await chat({ sessionId, message: 'x', retry: 'no-such-answer' });
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toMatchObject({ error: { code: 'not_found' } });
    // The AI SDK's regenerate body: trigger and the answer's id.
    const regenerate = await send(`${server.url}/api/workspaces/default/chat`, 'POST', {
      id: sessionId,
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'x' }] }],
      trigger: 'regenerate-message',
      messageId: 'no-such-answer',
    });
    expect(regenerate.status).toBe(404);
    expect(turns).toBe(2);
  });
});
