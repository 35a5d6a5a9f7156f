import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/apps/server/create-server.ts';
import { openWorkspaceHandle } from '../src/apps/server/workspace-handle.ts';
import { gptTokenCounter, memoizeTokenCounter } from '../src/core/index.ts';
import { createTextEmbedder } from '../src/llm/index.ts';
import { type RunningStub, startOpenAIStubServer } from '../src/testing/openai-stub-server.ts';
import { runFootnoteAsync } from '../src/testing/run-footnote.ts';
import { createTempWorkspace, type TempWorkspace } from '../src/testing/temp-workspace.ts';
import { callChecked, outputSchemas, type ToolAnswer, textOf } from './mcp-harness.ts';
import { scripted } from './server-harness.ts';

// Hybrid search end to end: the real `footnote` command and MCP server, the real embedding
// provider code (the AI SDK's OpenAI-compatible client) against a local stub whose
// /v1/embeddings puts synonyms together, vectors in the workspace's real SQLite file.

const bin = resolve(import.meta.dirname, '..', 'bin/footnote.js');
const SALTY = 'How salty was the water?';

let ws: TempWorkspace;
let stub: RunningStub;
// No embedding or database settings from the environment running the tests.
const env = { FOOTNOTE_EMBEDDING_MODEL: '', FOOTNOTE_EMBEDDING_BASE_URL: '', DATABASE_URL: '' };
const embedding = () => [
  '--embedding-model',
  'openai-compatible:concept',
  '--embedding-base-url',
  stub.url,
];

const footnote = (...args: string[]) =>
  runFootnoteAsync([...args, '--workspace', ws.root], { env });

/** `footnote search --json`, parsed; fails the test with stderr when the command failed. */
async function searchJson(...args: string[]) {
  const run = await footnote('search', ...args, '--json');
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

beforeAll(async () => {
  ws = createTempWorkspace({
    'notes/Estuary.md': '# Estuary survey\n\nThe mean salinity at the river mouth was 31 ppt.\n',
    'notes/Pumps.md': '# Pump maintenance\n\nThe impeller of the centrifugal pump wears out.\n',
    'notes/Garden.md': '# Garden\n\nThe seedlings need more light in spring.\n',
  });
  stub = await startOpenAIStubServer(
    [
      { toolCalls: [{ name: 'search', arguments: { query: SALTY, limit: 3 } }] },
      { text: 'The mean salinity was 31 ppt [1].' },
    ],
    // One-line summaries, should the engine ask for any, are not part of the script.
    { offScript: (body) => (body.stream === true ? undefined : { text: 'A survey note.' }) },
  );
  const index = await footnote('index', '--json', ...embedding());
  expect(index.code, index.stderr).toBe(0);
}, 60_000);

afterAll(async () => {
  await stub?.close();
  ws?.cleanup();
});

describe('footnote search --mode', () => {
  it('finds the passage sharing no word with the question by meaning, where words find nothing', async () => {
    expect(stub.embeddingRequests.length).toBeGreaterThan(0);
    const hybrid = await searchJson(SALTY, '--mode', 'hybrid', ...embedding());
    expect(hybrid.mode).toBe('hybrid');
    expect(hybrid.coverage).toEqual({
      model: 'openai-compatible:concept',
      chunks: 3,
      embedded: 3,
    });
    expect(hybrid.results[0]).toMatchObject({
      path: 'notes/Estuary.md',
      signals: ['vector'],
      ranks: { vector: 1 },
      excerpt: expect.stringContaining('mean salinity'),
    });
    const vector = await searchJson(SALTY, '--mode', 'vector', ...embedding());
    expect(vector.results[0]).toMatchObject({ path: 'notes/Estuary.md', signals: ['vector'] });
    const lexical = await searchJson(SALTY, '--mode', 'lexical', ...embedding());
    expect(lexical).toMatchObject({ mode: 'lexical', coverage: null, results: [] });
  });

  it('is hybrid by default with an embedding model, exact words found by both signals', async () => {
    const { mode, results } = await searchJson('impeller', ...embedding());
    expect(mode).toBe('hybrid');
    expect(results[0]).toMatchObject({ path: 'notes/Pumps.md', signals: ['lexical', 'vector'] });
    const human = await footnote('search', SALTY, ...embedding());
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^1\. Estuary survey \[note\] \(vector\)$/m);
  });

  it('is lexical without one, and refuses vector or hybrid with a usage error', async () => {
    const { mode, results } = await searchJson('impeller');
    expect(mode).toBe('lexical');
    expect(results.map((r: { signals: string[] }) => r.signals)).toEqual([['lexical']]);
    const refused = await footnote('search', SALTY, '--mode', 'vector');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('search mode "vector" needs an embedding model');
    const bad = await footnote('search', SALTY, '--mode', 'semantic');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('expected lexical, vector, hybrid, got "semantic"');
  });
});

describe('chat and MCP with an embedding model', () => {
  it("a chat turn retrieves the synonym-only passage and its search tool finds it by 'vector'", async () => {
    const run = await footnote(
      'ask',
      SALTY,
      '--model',
      'openai-compatible:stub-model',
      '--base-url',
      stub.url,
      '--json',
      ...embedding(),
    );
    expect(run.code, run.stderr).toBe(0);
    const turns = stub.requests.filter((r) => r.stream === true);
    expect(turns).toHaveLength(2);
    // Retrieval put the passage into the context before the model asked for anything.
    expect(JSON.stringify(turns[0]?.messages)).toContain('mean salinity');
    // The search tool's result, as the model received it.
    expect(JSON.stringify(turns[1]?.messages)).toMatch(
      /Estuary survey.*mean salinity.*\\"signals\\":\[\\"vector\\"\]/,
    );
    const out = JSON.parse(run.stdout);
    expect(out.message.toolCalls[0]).toMatchObject({
      name: 'search',
      ok: true,
      documents: expect.arrayContaining([expect.objectContaining({ path: 'notes/Estuary.md' })]),
    });
  });

  it("the MCP search tool returns it with signals ['vector'], as its output schema says", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'mcp', '--workspace', ws.root, ...embedding()],
      env: { ...(process.env as Record<string, string>), ...env },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'footnote-hybrid-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const schemas = await outputSchemas(client);
      const salty = await callChecked(client, schemas, 'search', { query: SALTY, limit: 3 });
      expect(salty.isError).toBeFalsy();
      expect(salty.structuredContent.mode).toBe('hybrid');
      expect(salty.structuredContent.results[0]).toMatchObject({
        path: 'notes/Estuary.md',
        signals: ['vector'],
      });
      expect(textOf(salty)).toContain('[vector]');
      const words = await callChecked(client, schemas, 'search', {
        query: SALTY,
        mode: 'lexical',
      });
      expect(words.structuredContent).toEqual({ mode: 'lexical', results: [] });
      const bad = (await client.callTool({
        name: 'search',
        arguments: { query: SALTY, mode: 'semantic' },
      })) as ToolAnswer;
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
  }, 30_000);

  it("a chat turn over HTTP retrieves with the served workspace's embedding model", async () => {
    const handle = await openWorkspaceHandle('default', ws.root, {
      watch: false,
      embedder: createTextEmbedder({ model: 'openai-compatible:concept', baseUrl: stub.url }),
    });
    await handle.embedded();
    const app = createServer({
      workspaces: new Map([['default', handle]]),
      tokenCounter: memoizeTokenCounter(gptTokenCounter),
      model: scripted([
        { toolCalls: [{ name: 'search', input: { query: SALTY, limit: 2 } }] },
        { text: 'The mean salinity was 31 ppt [1].' },
      ]),
      authenticate: null,
    });
    try {
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      const response = await fetch(`${url}/api/workspaces/default/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ message: SALTY }),
      });
      expect(response.status).toBe(200);
      const chunks = (await response.text())
        .split('\n')
        .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
        .map((line) => JSON.parse(line.slice(6)));
      // Retrieval put the synonym-only passage first in the context, and the answer cites it.
      const sources = chunks.filter((c) => c.type === 'source-document');
      expect(sources[0]).toMatchObject({ title: 'Estuary survey', filename: 'notes/Estuary.md' });
      const citations = chunks.find((c) => c.type === 'data-citations')?.data.citations;
      expect(citations[0]).toMatchObject({ n: 1, path: 'notes/Estuary.md', cited: true });
      // The turn's search tool found it too, as the stored tool call says.
      const sessionId = chunks.find((c) => c.type === 'start')?.messageMetadata.sessionId;
      const session = (await (
        await fetch(`${url}/api/workspaces/default/sessions/${sessionId}`)
      ).json()) as { messages: Array<{ id: string; toolCalls: unknown[] }> };
      // The context report, which the web UI's context panel shows, says it was found by meaning.
      const { context } = (await (
        await fetch(
          `${url}/api/workspaces/default/sessions/${sessionId}/messages/${session.messages[1]?.id}/context`,
        )
      ).json()) as { context: { items: Array<{ path: string; signals?: string[] }> } };
      expect(context.items.find((i) => i.path === 'notes/Estuary.md')?.signals).toEqual(['vector']);
      expect(session.messages[1]?.toolCalls[0]).toMatchObject({
        name: 'search',
        ok: true,
        documents: [expect.objectContaining({ path: 'notes/Estuary.md' }), expect.anything()],
      });
    } finally {
      await app.close();
      await handle.close();
    }
  }, 30_000);
});
