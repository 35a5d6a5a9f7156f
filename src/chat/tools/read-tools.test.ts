import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SqliteVectorStore } from '../../store/index.ts';
import { createConceptEmbedder } from '../../testing/concept-embedding.ts';
import { openToolWorkspace, type ToolWorkspace } from '../../testing/tool-context-fixture.ts';
import { embedWorkspace } from '../../workspace/index.ts';
import { readTools, searchLimit } from './read-tools.ts';
import type { ToolContext } from './tool-context.ts';

let ws: ToolWorkspace;
afterEach(() => ws.close());

// biome-ignore lint/suspicious/noExplicitAny: tool outputs are plain JSON the model reads.
type Json = any;

/** The context of the latest {@link call}, whose log holds what the call recorded. */
let last: ToolContext;

const call = async (
  name: keyof ReturnType<typeof readTools>,
  input: Record<string, unknown>,
  currentPath: string | null = null,
): Promise<Json> => {
  last = await ws.contextFor('What is planned?', { mode: 'chat', currentPath });
  const tools = readTools(last);
  return tools[name].execute?.(input as never, { toolCallId: 'call-1', messages: [] });
};

/** What the latest call recorded: its summary and the documents it returned, by path. */
const outcome = () => {
  const recorded = last.log.take('call-1');
  return { summary: recorded?.summary, paths: recorded?.documents.map((d) => d.path) };
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
    expect(outcome()).toEqual({
      summary: 'links of notes/projects/Budget.md: 1 outgoing link, 0 backlinks',
      paths: ['notes/projects/Budget.md'],
    });
    const read = await call('read_document', { path: '[[Budget]]' });
    expect(read.path).toBe('notes/projects/Budget.md');
    expect(outcome()).toEqual({
      summary: 'read notes/projects/Budget.md lines 1–3',
      paths: ['notes/projects/Budget.md'],
    });
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
    const { summary, paths } = outcome();
    expect(summary).toMatch(/^ambiguous: "Plan" names 2 documents/);
    expect(paths?.sort()).toEqual(['notes/team-a/Plan.md', 'notes/team-b/Plan.md']);
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
    const recorded = outcome();
    expect(recorded.summary).toBe('10 results');
    expect(recorded.paths).toEqual(output.results.map((r: Json) => r.path));
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

describe('search with an embedding model', () => {
  beforeEach(async () => {
    ws = await openToolWorkspace({
      'notes/Estuary.md': '# Estuary survey\n\nThe mean salinity at the river mouth was 31 ppt.\n',
      'notes/Pumps.md': '# Pumps\n\nThe impeller of the centrifugal pump wears out.\n',
    });
  });

  it('finds a passage by meaning, saying so, and one by its words as before', async () => {
    const embedder = createConceptEmbedder();
    const vectors = new SqliteVectorStore(ws.store.db);
    await embedWorkspace(vectors, embedder);
    const hybrid = async (query: string): Promise<Json> => {
      last = { ...(await ws.contextFor('What is known?', { mode: 'chat' })), vectors, embedder };
      return readTools(last).search.execute?.({ query } as never, {
        toolCallId: 'call-1',
        messages: [],
      });
    };
    const salty = await hybrid('How salty was the water?');
    expect(salty.results[0]).toMatchObject({ n: 1, path: 'notes/Estuary.md', signals: ['vector'] });
    expect(outcome().paths?.[0]).toBe('notes/Estuary.md');
    const impeller = await hybrid('impeller');
    expect(impeller.results[0]).toMatchObject({
      path: 'notes/Pumps.md',
      signals: ['lexical', 'vector'],
    });
    // Without the model the same tool searches by words alone.
    expect((await call('search', { query: 'How salty was the water?' })).results).toEqual([]);
    const words = await call('search', { query: 'impeller' });
    expect(words.results.map((r: Json) => [r.path, r.signals])).toEqual([
      ['notes/Pumps.md', ['lexical']],
    ]);
  });
});

describe('searchLimit', () => {
  it('defaults to 10 and keeps a limit within 1…20', () => {
    expect([undefined, 3, 20, 21, 500, 0, -4, 7.9].map(searchLimit)).toEqual([
      10, 3, 20, 20, 20, 1, 1, 7,
    ]);
  });
});

describe('what each read records with its call', () => {
  beforeEach(async () => {
    ws = await openToolWorkspace({
      'notes/Pump.md':
        '# Pump\n\nIntro.\n\n## Impeller\n\nSix vanes.\nNylon.\n\n## Motor\n\n48 V.\n',
      'notes/Other.md': '# Other\n\nSee [[Pump]].\n',
    });
  });

  it('names the lines of a section it read, and the count of a listing', async () => {
    await call('read_section', { path: 'Pump', section: 'Impeller' });
    expect(outcome()).toEqual({
      summary: 'read notes/Pump.md lines 5–9',
      paths: ['notes/Pump.md'],
    });
    await call('list_documents', {});
    expect(outcome()).toEqual({
      summary: '2 of 2 documents',
      paths: expect.arrayContaining(['notes/Pump.md', 'notes/Other.md']),
    });
    await call('read_section', { path: 'Pump', section: 'Nowhere' });
    expect(outcome()).toEqual({
      summary: 'failed: no section "Nowhere" in notes/Pump.md; it has: Pump, Impeller, Motor',
      paths: [],
    });
  });
});
