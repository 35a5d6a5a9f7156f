import { describe, expect, it } from 'vitest';
import { QuestionNotEditableError } from '../src/chat/index.ts';
import { type SampleChat, sampleChatPerTest } from '../src/testing/sample-chat-fixture.ts';
import type { ScriptedStep } from '../src/testing/scripted-model.ts';

// Editing the last question replaces the turn in place: the new text asked with the history before
// it, question and answer keeping their places, nothing added, nothing of the old turn left — and a
// question that cannot be edited leaves the session exactly as it was.

let sessions: SampleChat['sessions'];
const { turn } = sampleChatPerTest((chat) => {
  ({ sessions } = chat);
});

const design = 'notes/projects/Pump Design.md';
const editSteps = (content: string): ScriptedStep[] => [
  {
    toolCalls: [{ name: 'edit_section', input: { path: design, section: 'Impeller', content } }],
  },
  { text: 'Here is the change.' },
];

describe('editing the last question', () => {
  it('asks the new text in place of the old turn, with the history before it', async () => {
    const first = await turn('What clogs the strainer?', [{ text: 'Silt does.' }]);
    const sessionId = first.session.id;
    const second = await turn('Who mentors [[Alice Profile]]?', [{ text: 'Bob.' }], {
      sessionId,
    });

    const edited = await turn('Who does [[Bob Profile]] mentor?', [{ text: 'Alice.' }], {
      sessionId,
      edit: second.user.id,
    });
    expect(edited.user).toMatchObject({
      id: second.user.id,
      content: 'Who does [[Bob Profile]] mentor?',
    });
    // The question's references are resolved again, for the new text.
    expect(edited.user.references.map((r) => r.target?.path)).toEqual([
      'notes/people/Bob Profile.md',
    ]);
    expect(edited.assistant).toMatchObject({ id: second.assistant.id, content: 'Alice.' });
    const stored = await sessions.listMessages(sessionId);
    expect(stored.map((m) => [m.id, m.content])).toEqual([
      [first.user.id, 'What clogs the strainer?'],
      [first.assistant.id, 'Silt does.'],
      [second.user.id, 'Who does [[Bob Profile]] mentor?'],
      [second.assistant.id, 'Alice.'],
    ]);
    const prompt = JSON.stringify(edited.model.doStreamCalls[0]?.prompt);
    expect(prompt).toContain('Silt does.');
    expect(prompt).not.toContain('Who mentors');
    expect(prompt).not.toContain('Bob.');
    // A later question keeps its title: the session is named after its first question.
    expect((await sessions.getSession(sessionId))?.title).toBe('What clogs the strainer?');
  });

  it('renames a session still named after the first question it edits, not one renamed by hand', async () => {
    const first = await turn('What clogs the strainer?', [{ text: 'Silt does.' }]);
    await turn('What clogs the intake?', [{ text: 'Silt.' }], {
      sessionId: first.session.id,
      edit: first.user.id,
    });
    expect((await sessions.getSession(first.session.id))?.title).toBe('What clogs the intake?');
    await sessions.renameSession(first.session.id, 'Intake');
    await turn('What clogs the pipe?', [{ text: 'Sand.' }], {
      sessionId: first.session.id,
      edit: first.user.id,
    });
    expect((await sessions.getSession(first.session.id))?.title).toBe('Intake');
  });

  it('discards the old answer’s proposed edits, and refuses while one was applied', async () => {
    const agent = { mode: 'agent' as const, dryRun: true };
    const asked = await turn(
      'Rewrite [[Pump Design#Impeller]] shorter.',
      editSteps('Short.'),
      agent,
    );
    const sessionId = asked.session.id;
    const [proposed] = await sessions.listProposedEdits(sessionId);
    expect(proposed?.status).toBe('proposed');
    await turn('Rewrite [[Pump Design#Impeller]] in one line.', editSteps('One line.'), {
      ...agent,
      sessionId,
      edit: asked.user.id,
    });
    const edits = await sessions.listProposedEdits(sessionId);
    expect(edits.map((e) => e.status)).toEqual(['discarded', 'proposed']);

    // Applied (as Apply does), the answer's edit belongs to it: the question stays as it is.
    await sessions.updateProposedEditStatus(edits[1]?.id ?? '', {
      status: 'applied',
      updatedAt: new Date().toISOString(),
      from: ['proposed'],
    });
    const before = await sessions.listMessages(sessionId);
    await expect(
      turn('Something else', [{ text: 'x' }], { sessionId, edit: asked.user.id }),
    ).rejects.toMatchObject({ code: 'question_not_editable', reason: 'applied_edits' });
    expect(await sessions.listMessages(sessionId)).toEqual(before);
  });

  it('refuses a question that is not the last, or no question, changing nothing', async () => {
    const first = await turn('What clogs the strainer?', [{ text: 'Silt.' }]);
    const sessionId = first.session.id;
    await turn('Who mentors Alice?', [{ text: 'Bob.' }], { sessionId });
    const before = await sessions.listMessages(sessionId);
    for (const [id, reason] of [
      [first.user.id, 'not_last'],
      [first.assistant.id, 'not_found'],
      ['nope', 'not_found'],
    ] as const) {
      const attempt = turn('x', [{ text: 'y' }], { sessionId, edit: id });
      await expect(attempt).rejects.toBeInstanceOf(QuestionNotEditableError);
      await expect(attempt).rejects.toMatchObject({ reason });
    }
    expect(await sessions.listMessages(sessionId)).toEqual(before);
  });
});
