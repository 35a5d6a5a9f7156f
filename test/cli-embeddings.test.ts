import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type RunningStub,
  type StubOptions,
  startOpenAIStubServer,
} from '../src/testing/openai-stub-server.ts';
import { runFootnoteAsync } from '../src/testing/run-footnote.ts';
import { createTempWorkspace, type TempWorkspace } from '../src/testing/temp-workspace.ts';

const notes = {
  'salt.md': '# Salt\n\nThe brine tank holds saline water.\n\n## Level\n\nCheck the level daily.\n',
  'pump.md': '# Pump\n\nThe impeller of the centrifugal pump.\n',
  'budget.md': '# Budget\n\nThe invoice for the boiler.\n',
};

interface EmbedJson {
  embedded: number;
  reused: number;
  chunks: number;
  covered: number;
  model: string;
}

let ws: TempWorkspace;
let stub: RunningStub;

async function startStub(options: StubOptions = {}) {
  stub = await startOpenAIStubServer([], options);
}

beforeEach(() => {
  ws = createTempWorkspace(notes);
});

afterEach(async () => {
  await stub?.close();
  ws.cleanup();
});

// No embedding variables from the environment running the tests.
const env = { FOOTNOTE_EMBEDDING_MODEL: '', FOOTNOTE_EMBEDDING_BASE_URL: '', DATABASE_URL: '' };

const indexJson = async (...extra: string[]) => {
  const run = await runFootnoteAsync(['index', '-w', ws.root, '--json', ...extra], { env });
  return { ...run, report: run.code === 0 ? JSON.parse(run.stdout) : null };
};

const withStub = () => [
  '--embedding-model',
  'openai-compatible:stub',
  '--embedding-base-url',
  stub.url,
];

describe('footnote index with an embedding model', () => {
  it('embeds every chunk on the first run, none on a rerun, only changed chunks after an edit', async () => {
    await startStub();
    const first = await indexJson(...withStub());
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const embedding = first.report.embedding as EmbedJson;
    expect(embedding.model).toBe('openai-compatible:stub');
    expect(embedding.embedded).toBe(first.report.chunks);
    expect(embedding.covered).toBe(first.report.chunks);
    expect(stub.embeddedTextCount()).toBe(first.report.chunks);
    expect(stub.embeddingRequests.every((r) => r.model === 'stub')).toBe(true);

    const again = await indexJson(...withStub());
    expect(again.report.embedding).toMatchObject({ embedded: 0, reused: 0 });
    expect(stub.embeddedTextCount()).toBe(first.report.chunks);

    ws.write(
      'pump.md',
      '# Pump\n\nThe impeller of the centrifugal pump.\n\n## Seal\n\nA new seal.\n',
    );
    const sentBefore = stub.embeddedTextCount();
    const edited = await indexJson(...withStub());
    expect(edited.report.updated).toBe(1);
    const sent = stub.embeddingRequests.flatMap((r) => r.input).slice(sentBefore);
    expect((edited.report.embedding as EmbedJson).embedded).toBe(sent.length);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(edited.report.chunks);
    expect(sent.some((t) => t.includes('A new seal.'))).toBe(true);
    expect(sent.some((t) => t.includes('brine') || t.includes('invoice'))).toBe(false);
    expect((edited.report.embedding as EmbedJson).covered).toBe(edited.report.chunks);
  });

  it('prints the embedding counts for people', async () => {
    await startStub();
    const run = await runFootnoteAsync(['index', '-w', ws.root, ...withStub()], { env });
    expect(run.code).toBe(0);
    const count = stub.embeddedTextCount();
    expect(run.stderr).toContain(
      `embeddings (openai-compatible:stub): ${count} chunks embedded, 0 reused — ${count}/${count} chunks have vectors`,
    );
  });

  it('takes the model from .footnote/config.json', async () => {
    await startStub();
    mkdirSync(join(ws.root, '.footnote'), { recursive: true });
    writeFileSync(
      join(ws.root, '.footnote', 'config.json'),
      JSON.stringify({
        embeddingModel: 'openai-compatible:from-config',
        embeddingBaseUrl: stub.url,
      }),
    );
    const run = await indexJson();
    expect(run.code).toBe(0);
    expect(run.report.embedding.model).toBe('openai-compatible:from-config');
    expect(stub.embeddingRequests[0]?.model).toBe('from-config');
  });

  it('a failing endpoint fails the command in one line and keeps the lexical index', async () => {
    await startStub({
      embeddings: { fail: () => ({ status: 400, error: 'model "stub" not found' }) },
    });
    const run = await runFootnoteAsync(['index', '-w', ws.root, ...withStub()], { env });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines.at(-1)).toBe(
      `footnote: embedding model openai-compatible:stub at ${stub.url}/embeddings failed: HTTP 400: model "stub" not found`,
    );
    expect(lines[0]).toMatch(/^3 documents, \d+ chunks — 3 added/);
    const search = await runFootnoteAsync(['search', '-w', ws.root, 'impeller', '--json'], { env });
    expect(search.code).toBe(0);
    expect(JSON.parse(search.stdout).results[0].path).toBe('pump.md');
  });

  it('a bad embedding model spec is a usage error naming it', async () => {
    const run = await runFootnoteAsync(['index', '-w', ws.root, '--embedding-model', 'claude:x'], {
      env,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown embedding model provider "claude"');
  });

  it('without an embedding model the report has no embedding', async () => {
    const run = await indexJson();
    expect(run.code).toBe(0);
    expect(run.report.embedding).toBeUndefined();
    expect(run.report.documents).toBe(3);
  });
});
