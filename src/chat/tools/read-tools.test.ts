import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openToolWorkspace, type ToolWorkspace } from '../../testing/tool-context-fixture.ts';
import { readTools } from './read-tools.ts';

let ws: ToolWorkspace;
beforeEach(async () => {
  ws = await openToolWorkspace({
    // The archived note comes first in the index and has the shorter path.
    'notes/archive/Budget.md': '---\nstatus: archived\n---\n# Budget\n\nThe 2025 budget.\n',
    'notes/projects/Budget.md': '# Budget\n\nThe 2026 budget, see [[Plan]].\n',
    'notes/team-a/Plan.md': '# Plan A\n\nTeam A plans the pilot.\n',
    'notes/team-b/Plan.md': '# Plan B\n\nTeam B plans the rollout.\n',
  });
});
afterEach(() => ws.close());

// biome-ignore lint/suspicious/noExplicitAny: tool outputs are plain JSON the model reads.
type Json = any;

const call = async (
  name: keyof ReturnType<typeof readTools>,
  input: Record<string, unknown>,
  currentPath: string | null = null,
): Promise<Json> => {
  const tools = readTools(await ws.contextFor('What is planned?', { mode: 'chat', currentPath }));
  return tools[name].execute?.(input as never, { toolCallId: 'call-1', messages: [] });
};

describe('tools find documents by the rules of references', () => {
  it('opens the live note, not the archived one, for a name both share', async () => {
    const links = await call('links', { path: 'Budget' });
    expect(links.path).toBe('notes/projects/Budget.md');
    const read = await call('read_document', { path: '[[Budget]]' });
    expect(read.path).toBe('notes/projects/Budget.md');
    expect((await call('read_document', { path: 'notes/archive/Budget.md' })).path).toBe(
      'notes/archive/Budget.md',
    );
  });

  it('answers an ambiguous name with the candidates instead of picking one', async () => {
    const read = await call('read_document', { path: 'Plan' });
    expect(read.error).toMatch(/"Plan" names 2 documents: .*; call again with the path/);
    expect(read.candidates).toEqual(
      expect.arrayContaining([
        { path: 'notes/team-a/Plan.md', title: 'Plan A' },
        { path: 'notes/team-b/Plan.md', title: 'Plan B' },
      ]),
    );
    expect(read.candidates).toHaveLength(2);
    expect(read.text).toBeUndefined();
  });

  it('breaks the tie by the open document’s folder', async () => {
    const read = await call('read_document', { path: 'Plan' }, 'notes/team-b/Notes.md');
    expect(read.path).toBe('notes/team-b/Plan.md');
  });
});
