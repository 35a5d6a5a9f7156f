import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { openToolWorkspace, type ToolWorkspace } from '../../testing/tool-context-fixture.ts';
import { readTools, searchLimit } from './read-tools.ts';

let ws: ToolWorkspace;
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
  beforeEach(async () => {
    ws = await openToolWorkspace({
      // The archived note comes first in the index and has the shorter path.
      'notes/archive/Budget.md': '---\nstatus: archived\n---\n# Budget\n\nThe 2025 budget.\n',
      'notes/projects/Budget.md': '# Budget\n\nThe 2026 budget, see [[Plan]].\n',
      'notes/team-a/Plan.md': '# Plan A\n\nTeam A plans the pilot.\n',
      'notes/team-b/Plan.md': '# Plan B\n\nTeam B plans the rollout.\n',
    });
  });

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

describe('search', () => {
  beforeEach(async () => {
    const notes: Record<string, string> = {};
    for (let i = 1; i <= 25; i++)
      notes[`notes/Well ${i}.md`] =
        `# Well ${i}\n\nWell ${i} has a solar pump lifting water ${i} m.\n`;
    ws = await openToolWorkspace(notes);
  });

  it('returns 10 results by default, each with its score rounded to two decimals, best first', async () => {
    const output = await call('search', { query: 'solar pump well' });
    expect(output.results).toHaveLength(10);
    const scores = output.results.map((r: Json) => r.score);
    for (const score of scores) {
      expect(score).toBeGreaterThan(0);
      expect(Math.round(score * 100) / 100).toBe(score);
    }
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('accepts a limit above 20 and answers with 20', async () => {
    const tools = readTools(await ws.contextFor('wells', { mode: 'chat' }));
    const schema = tools.search.inputSchema as unknown as z.ZodType;
    expect(schema.safeParse({ query: 'pump', limit: 50 }).success).toBe(true);
    expect((await call('search', { query: 'solar pump well', limit: 50 })).results).toHaveLength(
      20,
    );
    expect((await call('search', { query: 'solar pump well', limit: 3 })).results).toHaveLength(3);
  });
});

describe('searchLimit', () => {
  it('defaults to 10 and keeps a limit within 1…20', () => {
    expect([undefined, 3, 20, 21, 500, 0, -4, 7.9].map(searchLimit)).toEqual([
      10, 3, 20, 20, 20, 1, 1, 7,
    ]);
  });
});
