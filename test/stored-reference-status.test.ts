import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copySampleWorkspace, runFootnote } from '../src/testing/run-footnote.ts';
import { type RunningServer, send, startServer } from './server-harness.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions below read arbitrary JSON response bodies.
type Json = any;

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

const checklist = 'notes/Field Trip Checklist.md';
const bob = 'notes/people/Bob Profile.md';

describe('a stored reference whose document changed later reads as it is now', () => {
  it('session reload and export: deleted and archived since, with the status when sent kept', async () => {
    const server = await startServer();
    servers.push(server);
    const api = `${server.url}/api/workspaces/default`;
    const turn = (await (
      await send(`${api}/chat`, 'POST', {
        message: 'Compare [[Field Trip Checklist]] with [[Bob Profile]] and [[Budget]]',
      })
    ).json()) as Json;
    const root = server.handle.root;
    rmSync(join(root, checklist));
    writeFileSync(
      join(root, bob),
      `---\narchived: true\n---\n${readFileSync(join(root, bob), 'utf8')}`,
    );
    await server.handle.reindex();

    const session = (await (await send(`${api}/sessions/${turn.sessionId}`, 'GET')).json()) as Json;
    const [user] = session.messages;
    expect(user.references.map((r: Json) => [r.raw, r.status, r.statusWhenSent ?? null])).toEqual([
      ['[[Field Trip Checklist]]', 'deleted', 'resolved'],
      ['[[Bob Profile]]', 'archived', 'resolved'],
      ['[[Budget]]', 'resolved', null],
    ]);
    expect(user.references[0].notes).toContain('deleted since this message was sent');
    // The answer's references (user and tool ones) read the same way.
    const answerChecklist = session.messages[1].references.find(
      (r: Json) => r.target?.path === checklist,
    );
    expect(answerChecklist).toMatchObject({ status: 'deleted', statusWhenSent: 'resolved' });

    const markdown = await (
      await send(`${api}/sessions/${turn.sessionId}/export?format=md`, 'GET')
    ).text();
    // Links by vault path (they open in Obsidian), each with the state it has now.
    expect(markdown).toContain('[[notes/Field Trip Checklist|Field Trip Checklist]] (deleted)');
    expect(markdown).toContain('[[notes/people/Bob Profile|Bob Profile]] (archived)');
    const json = JSON.parse(
      await (await send(`${api}/sessions/${turn.sessionId}/export?format=json`, 'GET')).text(),
    ) as Json;
    expect(json.messages[0].references[0]).toMatchObject({
      status: 'deleted',
      statusWhenSent: 'resolved',
    });
  });

  it('footnote sessions show: a note deleted after the question reads as deleted', () => {
    const sample = copySampleWorkspace();
    try {
      const asked = runFootnote(
        'ask',
        'What does [[Field Trip Checklist]] list?',
        '--json',
        '-w',
        sample.workspace,
      );
      expect(asked.code, asked.stderr).toBe(0);
      const { sessionId } = JSON.parse(asked.stdout) as Json;
      rmSync(join(sample.workspace, checklist));
      const shown = runFootnote('sessions', 'show', sessionId, '--json', '-w', sample.workspace);
      expect(shown.code, shown.stderr).toBe(0);
      const [user] = (JSON.parse(shown.stdout) as Json).messages;
      expect(user.references[0]).toMatchObject({ status: 'deleted', statusWhenSent: 'resolved' });
    } finally {
      sample.cleanup();
    }
  });
});
