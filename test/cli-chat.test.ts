import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIStubServer } from '../src/testing/openai-stub-server.ts';
import { copySampleWorkspace, runFootnote, runFootnoteAsync } from '../src/testing/run-footnote.ts';

let sample: ReturnType<typeof copySampleWorkspace>;

beforeAll(() => {
  sample = copySampleWorkspace();
});
afterAll(() => sample.cleanup());

const ask = (...args: string[]) => runFootnote('ask', ...args, '--workspace', sample.workspace);

describe('footnote ask with the offline model', () => {
  it('answers from the workspace with checked citations, in the documented JSON', () => {
    const run = ask('What does [[Solar Pump Project#Risks]] say about silt?', '--json');
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(typeof out.sessionId).toBe('string');
    expect(out.context.items[0]).toMatchObject({
      origin: 'reference',
      label: '[[Solar Pump Project#Risks]]',
    });
    const m = out.message;
    expect(m).toMatchObject({ role: 'assistant', status: 'complete', grounded: true });
    expect(m.content).toMatch(/silt/i);
    expect(m.references[0]).toMatchObject({
      raw: '[[Solar Pump Project#Risks]]',
      status: 'resolved',
      origin: 'user',
    });
    expect(m.toolCalls).toEqual([
      {
        id: expect.any(String),
        name: 'read_section',
        input: { path: 'notes/projects/Solar Pump Project.md', section: 'Risks' },
        ok: true,
        summary: expect.stringMatching(
          /^read notes\/projects\/Solar Pump Project\.md lines \d+–\d+$/,
        ),
        documents: [
          {
            documentId: expect.any(String),
            path: 'notes/projects/Solar Pump Project.md',
            title: 'Solar Pump Project',
          },
        ],
      },
    ]);
    const cited = m.citations.filter((c: { cited: boolean }) => c.cited);
    expect(cited.length).toBeGreaterThan(0);
    for (const c of m.citations) {
      expect(Object.keys(c)).toEqual(
        expect.arrayContaining([
          'n',
          'documentId',
          'path',
          'title',
          'kind',
          'chunkId',
          'page',
          'section',
          'excerpt',
          'start',
          'end',
          'quote',
          'valid',
        ]),
      );
    }
    const again = JSON.parse(
      ask('What does [[Solar Pump Project#Risks]] say about silt?', '--json').stdout,
    );
    expect(again.message.content).toBe(m.content);
  });

  it('says so honestly when the workspace has no answer', () => {
    const out = JSON.parse(
      ask('What is the airspeed velocity of an unladen swallow?', '--json').stdout,
    );
    expect(out.message.content).toMatch(/^I couldn't find this in the workspace\./);
    expect(out.message.grounded).toBe(false);
  });

  it('prints the answer, references and a sources footer for people', () => {
    const run = ask('Who mentors @Alice?');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Grounded in \d+ sources?|No sources cited/);
    // Each reference with its document's one-line summary (the first paragraph: no model).
    expect(run.stdout).toMatch(
      /References\n {2}@Alice → entities\/person\/alice\.md\n {4}Alice Moreau spent eight years designing irrigation pumps .{0,50}…\n/,
    );
    expect(run.stdout).toMatch(/Sources\n {2}\[\d+\] /);
  });

  it('refuses a blank message with exit 2 and one line, running no turn', () => {
    const sessions = () =>
      (
        JSON.parse(
          runFootnote('sessions', 'list', '--workspace', sample.workspace, '--json').stdout,
        ) as { sessions: unknown[] }
      ).sessions.length;
    const before = sessions();
    const run = ask('   ');
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/message is empty/);
    expect(sessions()).toBe(before);
  });

  it('rejects a bad model spec with exit 2 and one line', () => {
    const run = ask('hi', '--model', 'gpt-4o');
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/did you mean openai:gpt-4o/);
  });
});

describe('footnote ask through an OpenAI-compatible server (the real provider code, a local stub)', () => {
  it('streams a tool call and a cited answer', async () => {
    const stub = await startOpenAIStubServer([
      { toolCalls: [{ name: 'search', arguments: { query: 'impeller warranty', limit: 3 } }] },
      { text: 'The impeller is covered for 12 months [1].' },
      ...Array.from({ length: 10 }, () => ({ text: 'Warranty terms of the SP-200 pump.' })),
    ]);
    try {
      const run = await runFootnoteAsync([
        'ask',
        'What is the warranty on the impeller?',
        '--model',
        'openai-compatible:stub-model',
        '--base-url',
        stub.url,
        '--json',
        '--workspace',
        sample.workspace,
      ]);
      expect(run.code, run.stderr).toBe(0);
      const out = JSON.parse(run.stdout);
      expect(out.message).toMatchObject({
        content: 'The impeller is covered for 12 months [1].',
        grounded: true,
        status: 'complete',
      });
      expect(out.message.toolCalls).toEqual([
        {
          id: expect.any(String),
          name: 'search',
          input: { query: 'impeller warranty', limit: 3 },
          ok: true,
          summary: '3 results',
          documents: expect.arrayContaining([
            expect.objectContaining({ path: 'pdfs/pump-datasheet.pdf' }),
          ]),
        },
      ]);
      const turn = stub.requests.filter((r) => r.stream === true);
      expect(turn).toHaveLength(2);
      expect(turn[0]?.model).toBe('stub-model');
      expect(JSON.stringify(turn[1]?.messages)).toMatch(/\\"n\\":1/);
      // The documents the search touched get one-line summaries: the model writes one for each
      // whose first paragraph is over 100 characters, and `ask` lets them land before it exits.
      const summaryRequests = stub.requests.filter((r) => r.stream !== true);
      expect(summaryRequests.length).toBeGreaterThan(0);
      expect(JSON.stringify(summaryRequests[0]?.messages)).toMatch(/one-line summaries/);
      const tools = out.message.references.filter((r: { origin: string }) => r.origin === 'tool');
      expect(tools.length).toBeGreaterThan(0);
      for (const ref of tools) expect(ref.summary).toMatch(/\S/);
      const db = new DatabaseSync(join(sample.workspace, '.footnote', 'footnote.db'));
      const cached = db.prepare("SELECT summary FROM summaries WHERE source = 'model'").all() as {
        summary: string;
      }[];
      db.close();
      expect(cached.map((row) => row.summary)).toEqual(
        summaryRequests.map(() => 'Warranty terms of the SP-200 pump.'),
      );
    } finally {
      await stub.close();
    }
  });

  it('stores a failed turn when the server errors, and exits 1', async () => {
    const stub = await startOpenAIStubServer([{ status: 400, error: 'bad request from stub' }]);
    try {
      const run = await runFootnoteAsync([
        'ask',
        'hello',
        '--model',
        'openai-compatible:stub',
        '--base-url',
        stub.url,
        '--workspace',
        sample.workspace,
      ]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/the model failed/);
      const sessions = JSON.parse(
        runFootnote('sessions', 'list', '--json', '-w', sample.workspace).stdout,
      ).sessions;
      const last = JSON.parse(
        runFootnote('sessions', 'show', sessions[0].id, '--json', '-w', sample.workspace).stdout,
      );
      expect(last.messages.at(-1)).toMatchObject({ role: 'assistant', status: 'failed' });
    } finally {
      await stub.close();
    }
  });
});

describe('the workspace config file', () => {
  it('chooses the model when no flag does, and reports a broken file with its path', async () => {
    const stub = await startOpenAIStubServer([{ text: 'Configured model here.' }]);
    const config = join(sample.workspace, '.footnote', 'config.json');
    mkdirSync(join(sample.workspace, '.footnote'), { recursive: true });
    try {
      writeFileSync(
        config,
        JSON.stringify({ model: 'openai-compatible:from-config', baseUrl: stub.url }),
      );
      const run = await runFootnoteAsync([
        'ask',
        'hello there',
        '--json',
        '--workspace',
        sample.workspace,
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).message.content).toBe('Configured model here.');
      expect(stub.requests[0]?.model).toBe('from-config');
      writeFileSync(config, JSON.stringify({ model: 'openai-compatible:x', temperature: 2 }));
      const bad = ask('hello');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/config\.json: .*temperature/);
    } finally {
      rmSync(config, { force: true });
      await stub.close();
    }
  });
});

describe('history the CLI sends', () => {
  it('keeps the last historyMessages of the config, and --history overrides it', () => {
    const config = join(sample.workspace, '.footnote', 'config.json');
    mkdirSync(join(sample.workspace, '.footnote'), { recursive: true });
    try {
      writeFileSync(config, JSON.stringify({ historyMessages: 3 }));
      const first = JSON.parse(ask('What is the SP-200?', '--json').stdout);
      expect(first.context.history).toMatchObject({ messages: 0, limit: 3 });
      const second = JSON.parse(
        ask('And its flow?', '--session', first.sessionId, '--history', '1', '--json').stdout,
      );
      // The last message is a reply, which never goes without its question: nothing is kept.
      expect(second.context.history).toMatchObject({
        messages: 2,
        kept: 0,
        limit: 1,
        overLimit: 2,
        overBudget: 0,
      });
    } finally {
      rmSync(config, { force: true });
    }
  });
});

describe('sessions, versions and rollback from the CLI', () => {
  it('continues, shows, exports and deletes a session', () => {
    const first = JSON.parse(ask('What is the SP-200?', '--json').stdout);
    const second = JSON.parse(
      ask('And its warranty?', '--session', first.sessionId, '--json').stdout,
    );
    expect(second.sessionId).toBe(first.sessionId);
    const shown = JSON.parse(
      runFootnote('sessions', 'show', first.sessionId, '--json', '-w', sample.workspace).stdout,
    );
    expect(shown.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    const md = runFootnote(
      'sessions',
      'export',
      first.sessionId,
      '--format',
      'md',
      '-w',
      sample.workspace,
    ).stdout;
    expect(md).toMatch(/^# What is the SP-200\?\n/);
    expect(md).toMatch(/\[\^2-\d+\]: /);
    expect(
      runFootnote('sessions', 'export', first.sessionId, '--format', 'pdf', '-w', sample.workspace)
        .code,
    ).toBe(2);
    expect(runFootnote('sessions', 'delete', first.sessionId, '-w', sample.workspace).code).toBe(0);
    const gone = runFootnote('sessions', 'show', first.sessionId, '-w', sample.workspace);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toBe(`footnote: no session ${first.sessionId}\n`);
  });

  it('previews an agent edit, writes nothing, and lists no versions; rollback of an unknown version exits 2', () => {
    const path = 'notes/projects/Pump Design.md';
    const before = readFileSync(join(sample.workspace, path), 'utf8');
    const run = ask(
      'Rewrite [[Pump Design#Impeller]] please',
      '--mode',
      'agent',
      '--dry-run',
      '--json',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(sample.workspace, path), 'utf8')).toBe(before);
    const versions = JSON.parse(
      runFootnote('versions', path, '--json', '-w', sample.workspace).stdout,
    );
    expect(versions.versions).toEqual([]);
    expect(runFootnote('rollback', path, 'nope', '-w', sample.workspace).code).toBe(2);
  });
});

describe('footnote chat', () => {
  it('answers lines from stdin and handles its commands', async () => {
    const run = await runFootnoteAsync(['chat', '--workspace', sample.workspace], {
      input: '/mode agent\nWho mentors @Alice?\n/session\n/export md\n/quit\n',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Model: offline extractive model');
    expect(run.stdout).toContain('mode: agent');
    expect(run.stdout).toMatch(/session: [0-9a-f-]{36}/);
    expect(run.stdout).toMatch(/## You\n\nWho mentors @Alice\?/);
  });
});
