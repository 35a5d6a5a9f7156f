import { describe, expect, it } from 'vitest';
import { AnswerNotFoundError } from '../src/chat/index.ts';
import { type SampleChat, sampleChatPerTest } from '../src/testing/sample-chat-fixture.ts';

// Retry writes a failed or stopped answer again in place: same question, same answer id, no new
// turn, the history the question had, and nothing left of the old attempt.

let sessions: SampleChat['sessions'];
const { turn } = sampleChatPerTest((chat) => {
  ({ sessions } = chat);
});

describe('retrying an answer', () => {
  it('writes a failed answer again in place, with the history its question had', async () => {
    const first = await turn('What clogs the strainer?', [{ text: 'Silt does.' }]);
    const sessionId = first.session.id;
    const failed = await turn(
      'And how fast?',
      [{ text: 'Within', error: new Error('model down') }],
      {
        sessionId,
      },
    );
    expect(failed.assistant.status).toBe('failed');

    const retried = await turn(
      'ignored: the stored question is asked',
      [{ text: 'Within hours.' }],
      {
        sessionId,
        retry: failed.assistant.id,
      },
    );
    expect(retried.assistant).toMatchObject({
      id: failed.assistant.id,
      status: 'complete',
      content: 'Within hours.',
      error: null,
    });
    expect(retried.user.id).toBe(failed.user.id);
    const stored = await sessions.listMessages(sessionId);
    expect(stored.map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', 'What clogs the strainer?', 'complete'],
      ['assistant', 'Silt does.', 'complete'],
      ['user', 'And how fast?', 'complete'],
      ['assistant', 'Within hours.', 'complete'],
    ]);
    // The model saw the question again after the turn before it, not after its failed answer.
    const prompt = JSON.stringify(retried.model.doStreamCalls[0]?.prompt);
    expect(prompt).toContain('Silt does.');
    expect(prompt).toContain('And how fast?');
    expect(prompt).not.toContain('ignored');
    expect((await sessions.getSession(sessionId))?.messageCount).toBe(4);
  });

  it('retries an earlier answer without the later turns in its history', async () => {
    const first = await turn('What clogs the strainer?', [{ text: 'Silt.' }]);
    const sessionId = first.session.id;
    await turn('Who mentors Alice?', [{ text: 'Bob mentors her.' }], { sessionId });
    const again = await turn('', [{ text: 'Silt from the river.' }], {
      sessionId,
      retry: first.assistant.id,
    });
    expect(JSON.stringify(again.model.doStreamCalls[0]?.prompt)).not.toContain('Bob mentors');
    expect((await sessions.listMessages(sessionId)).map((m) => m.content)).toEqual([
      'What clogs the strainer?',
      'Silt from the river.',
      'Who mentors Alice?',
      'Bob mentors her.',
    ]);
  });

  it('refuses an id that is no answer of the session, storing nothing', async () => {
    const first = await turn('What clogs the strainer?', [{ text: 'Silt.' }]);
    for (const id of [first.user.id, 'nope']) {
      await expect(
        turn('x', [{ text: 'y' }], { sessionId: first.session.id, retry: id }),
      ).rejects.toBeInstanceOf(AnswerNotFoundError);
    }
    expect(await sessions.listMessages(first.session.id)).toHaveLength(2);
  });
});
