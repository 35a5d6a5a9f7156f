import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LanguageModel } from 'ai';
import type { MockLanguageModelV3 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolCallJson } from '../src/protocol/index.ts';
import { runFootnoteAsync } from '../src/testing/run-footnote.ts';
import { type ScriptedStep, scriptedModel } from '../src/testing/scripted-model.ts';
import { type RunningServer, send, startServer } from './server-harness.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions below read arbitrary JSON response bodies.
type Json = any;

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A server over the sample workspace whose model plays `steps`; `models` collects each turn's model. */
async function start(steps: readonly ScriptedStep[]) {
  const models: MockLanguageModelV3[] = [];
  const server = await startServer({
    model: () => {
      const model = scriptedModel(steps);
      models.push(model);
      return model as unknown as LanguageModel;
    },
  });
  servers.push(server);
  return { server, models };
}

/** One turn in Footnote's JSON shape; answers the parsed body. */
const chat = async (server: RunningServer, body: Record<string, unknown>) => {
  const response = await send(`${server.url}/api/workspaces/default/chat`, 'POST', body);
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
};

/** The system prompt of a model's first call. */
const systemOf = (model: MockLanguageModelV3 | undefined): string => {
  const first = model?.doStreamCalls[0]?.prompt[0];
  return first?.role === 'system' ? first.content : '';
};

/** The output of the latest tool call the model had seen by its call number `call`. */
const toolOutput = (model: MockLanguageModelV3 | undefined, call = 1): Json => {
  const results = (model?.doStreamCalls[call]?.prompt ?? []).flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) =>
          part.type === 'tool-result' && part.output.type === 'json' ? [part.output.value] : [],
        )
      : [],
  );
  return results.at(-1) ?? null;
};

describe('edit rules through the server', () => {
  it('tells the model per reference what it may edit, and refuses to insert a file the user did not reference', async () => {
    const { server, models } = await start([
      {
        toolCalls: [
          {
            name: 'insert_file',
            input: { path: 'why-solar-pumps', file: 'pump-specs.txt' },
          },
        ],
      },
      { text: 'I could not add that file.' },
    ]);
    const body = await chat(server, {
      message: 'Add @site-photo.png to the end of @why-solar-pumps',
      mode: 'agent',
      dryRun: true,
      permissions: [{ path: 'content/why-solar-pumps.md', permission: 'insert' }],
    });
    const system = systemOf(models[0]);
    expect(system).toContain('## Editing');
    expect(system).toContain('- @site-photo.png (files/site-photo.png): read: read and cite it');
    expect(system).toContain(
      '- @why-solar-pumps (content/why-solar-pumps.md): insert: you may only add to it (insert_text, insert_file)',
    );
    expect(system).toMatch(/ask the user before calling any edit tool; never guess/);
    expect(toolOutput(models[0])).toEqual({
      error:
        'edit refused: the user did not reference files/pump-specs.txt in this message; only files the user referenced (e.g. @pump-specs.txt) may be inserted',
    });
    expect(body.message.toolCalls[0]).toMatchObject({ name: 'insert_file', ok: false });

    const audit = (await (
      await fetch(`${server.url}/api/workspaces/default/sessions/${body.sessionId}`)
    ).json()) as Json;
    expect(audit.edits).toEqual([]);
  });

  it('tells the model in chat mode that it may edit nothing', async () => {
    const { server, models } = await start([{ text: 'Chat mode cannot edit.' }]);
    await chat(server, { message: 'Rewrite [[Pump Design#Impeller]]' });
    expect(systemOf(models[0])).toMatch(/This is chat mode: you cannot change any document/);
  });
});

describe('tools find documents by the rules of references, through the server', () => {
  it('opens the live Budget note, not the archived one, and answers an ambiguous name with the candidates', async () => {
    const { server, models } = await start([
      { toolCalls: [{ name: 'links', input: { path: 'Budget' } }] },
      { toolCalls: [{ name: 'read_document', input: { path: 'Budget' } }] },
      { text: 'Two notes are called Budget.' },
    ]);
    const first = await chat(server, { message: 'What links to the budget?' });
    expect(toolOutput(models[0])).toMatchObject({ path: 'notes/projects/Budget.md' });
    expect(first.message.toolCalls[0]).toMatchObject({ name: 'links', ok: true });

    // A second live note of the same name and path length: no rule can choose between them.
    writeFileSync(
      join(server.handle.root, 'notes/meetings/Budget.md'),
      '# Meeting budget\n\nCatering for the review.\n',
    );
    await server.handle.reindex();
    await chat(server, { message: 'What links to the budget?' });
    const ambiguous = toolOutput(models[1]);
    expect(ambiguous.error).toMatch(/^"Budget" names 2 documents: /);
    expect(ambiguous.candidates).toEqual(
      expect.arrayContaining([
        { path: 'notes/projects/Budget.md', title: expect.any(String) },
        { path: 'notes/meetings/Budget.md', title: 'Meeting budget' },
      ]),
    );
    expect(ambiguous.candidates).toHaveLength(2);
  });
});

describe('search through the server', () => {
  it('takes a limit above 20 as 20, gives each result a score, and tells the model to retry other queries', async () => {
    const { server, models } = await start([
      { toolCalls: [{ name: 'search', input: { query: 'pump', limit: 50 } }] },
      { toolCalls: [{ name: 'search', input: { query: 'pump' } }] },
      { text: 'Pumps everywhere [1].' },
    ]);
    const body = await chat(server, { message: 'Tell me about pumps' });
    expect(systemOf(models[0])).toMatch(
      /When a search finds nothing useful, search again with other queries \(synonyms, fewer or broader words/,
    );
    const clamped = toolOutput(models[0], 1);
    expect(clamped.results).toHaveLength(20);
    expect(clamped.results[0]).toEqual(
      expect.objectContaining({ n: expect.any(Number), score: expect.any(Number) }),
    );
    expect(toolOutput(models[0], 2).results, 'no limit: 10').toHaveLength(10);
    expect(body.message.toolCalls.map((t: Json) => [t.name, t.ok])).toEqual([
      ['search', true],
      ['search', true],
    ]);
  });
});

describe('stored tool calls', () => {
  it('keep a result summary and the documents returned, shown by the session GET and footnote sessions show', async () => {
    const { server } = await start([
      {
        toolCalls: [
          { name: 'search', input: { query: 'impeller warranty', limit: 3 } },
          { name: 'read_section', input: { path: 'Pump Design', section: 'Impeller' } },
          {
            name: 'edit_section',
            input: { path: 'Budget', section: 'Line items', content: 'All of it.' },
          },
        ],
      },
      { text: 'The impeller has a 12 month warranty [1].' },
    ]);
    const body = await chat(server, {
      message: 'What is the impeller warranty? See [[Pump Design]]',
      mode: 'agent',
      dryRun: true,
    });
    const session = (await (
      await fetch(`${server.url}/api/workspaces/default/sessions/${body.sessionId}`)
    ).json()) as Json;
    const calls = session.messages[1].toolCalls;
    for (const call of calls) expect(ToolCallJson.parse(call)).toEqual(call);
    expect(calls.map((c: Json) => [c.name, c.ok, c.summary])).toEqual([
      ['search', true, '3 results'],
      [
        'read_section',
        true,
        expect.stringMatching(/^read notes\/projects\/Pump Design\.md lines \d+–\d+$/),
      ],
      [
        'edit_section',
        false,
        'refused: the user did not reference this document in this message; only referenced documents may be edited',
      ],
    ]);
    expect(calls[0].documents).toHaveLength(
      new Set(calls[0].documents.map((d: Json) => d.documentId)).size,
    );
    expect(calls[0].documents.length).toBeGreaterThan(0);
    expect(calls[1].documents).toEqual([
      {
        documentId: expect.any(String),
        path: 'notes/projects/Pump Design.md',
        title: 'Pump Design Notes',
      },
    ]);
    expect(calls[2].documents).toEqual([]);
    expect(calls[0]).toMatchObject({
      id: expect.any(String),
      input: { query: 'impeller warranty', limit: 3 },
    });

    const openapi = (await (await fetch(`${server.url}/openapi.json`)).json()) as Json;
    expect(openapi.components.schemas.ToolCall.required).toEqual(
      expect.arrayContaining(['summary', 'documents']),
    );

    const shown = await runFootnoteAsync([
      'sessions',
      'show',
      body.sessionId,
      '-w',
      server.handle.root,
    ]);
    expect(shown.stderr).toBe('');
    expect(shown.stdout).toContain(
      'Tools\n  ✓ search {"query":"impeller warranty","limit":3}: 3 results · ',
    );
    expect(shown.stdout).toMatch(
      / {2}✓ read_section \{"path":"Pump Design","section":"Impeller"\}: read notes\/projects\/Pump Design\.md lines \d+–\d+ · notes\/projects\/Pump Design\.md\n/,
    );
    expect(shown.stdout).toContain(
      '  ✗ edit_section {"path":"Budget","section":"Line items","content":"All of it."}: refused: the user did not reference this document',
    );
  });
});
