import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySampleWorkspace } from '../src/testing/run-footnote.ts';
import {
  callChecked,
  EDIT_TOOLS,
  exerciseReadTools,
  outputSchemas,
  READ_TOOLS,
  type ToolAnswer,
  textOf,
} from './mcp-harness.ts';

// `footnote mcp` started the way an MCP host starts it (a child process speaking JSON-RPC on
// stdio), driven by the SDK's own clients: the v1 client most hosts ship, and the v2 client.

const bin = resolve(import.meta.dirname, '..', 'bin/footnote.js');
const design = 'notes/projects/Pump Design.md';
const sample = copySampleWorkspace();
// Two notes of one name in folders of one length: no rule of the resolver tells them apart.
for (const folder of ['projects', 'research'])
  writeFileSync(
    join(sample.workspace, `notes/${folder}/Field Notes.md`),
    `# Field Notes\n\nFrom ${folder}.\n`,
  );
let stderr = '';

const spawnArgs = (...extra: string[]) => ({
  command: process.execPath,
  args: [bin, 'mcp', '--workspace', sample.workspace, ...extra],
  stderr: 'pipe' as const,
});

let v1: Client;
beforeAll(async () => {
  const transport = new StdioClientTransport(spawnArgs('--mode', 'agent'));
  transport.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  v1 = new Client({ name: 'footnote-test-v1', version: '1.0.0' });
  await v1.connect(transport);
}, 30_000);

afterAll(async () => {
  await v1?.close();
  sample.cleanup();
});

describe('footnote mcp over stdio, v1 client (2025 protocol)', () => {
  it('negotiates a 2025 protocol version and keeps logs on stderr', () => {
    expect(v1.getServerVersion()?.name).toBe('footnote');
    expect(stderr).toContain('documents');
  });

  it('lists the read tools and, in agent mode, the edit tools with destructiveHint', async () => {
    const { tools } = await v1.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS, ...EDIT_TOOLS].sort());
    for (const tool of tools) {
      const writes = EDIT_TOOLS.includes(tool.name);
      expect(tool.annotations).toMatchObject({
        readOnlyHint: tool.name !== 'ask' && !writes,
        destructiveHint: writes,
        openWorldHint: false,
      });
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  it('calls every read tool, each result matching its output schema', async () => {
    await exerciseReadTools(v1);
  }, 20_000);

  it('answers bad arguments as tool errors with a clear message', async () => {
    const empty = (await v1.callTool({ name: 'search', arguments: { query: '' } })) as ToolAnswer;
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toMatch(/query/i);
    const outside = (await v1.callTool({
      name: 'fetch',
      arguments: { id: '../../etc/passwd' },
    })) as ToolAnswer;
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toContain('leaves the workspace');
    const uri = (await v1.callTool({
      name: 'fetch',
      arguments: { id: 'footnote://note/notes/%2e%2e/%2e%2e/secret.md' },
    })) as ToolAnswer;
    expect(uri.isError).toBe(true);
    expect(textOf(uri)).toContain('leaves the workspace');
    const missing = (await v1.callTool({
      name: 'fetch',
      arguments: { id: 'no-such-thing' },
    })) as ToolAnswer;
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('no document');
    // A name means what it means to the chat's own tools: the live Budget note over the archived one…
    const budget = (await v1.callTool({
      name: 'fetch',
      arguments: { id: 'Budget.md' },
    })) as ToolAnswer;
    expect(budget.structuredContent?.path).toBe('notes/projects/Budget.md');
    // …and a tie those rules cannot break is an error naming both, never one picked silently.
    const ambiguous = (await v1.callTool({
      name: 'fetch',
      arguments: { id: 'Field Notes' },
    })) as ToolAnswer;
    expect(ambiguous.isError).toBe(true);
    expect(textOf(ambiguous)).toContain('notes/projects/Field Notes.md');
    expect(textOf(ambiguous)).toContain('notes/research/Field Notes.md');
  });

  it('refuses an edit to a document the request does not reference, and writes nothing', async () => {
    const before = readFileSync(join(sample.workspace, 'notes/projects/Budget.md'), 'utf8');
    const refused = (await v1.callTool({
      name: 'edit_section',
      arguments: {
        request: 'Rewrite [[Pump Design#Impeller]]',
        path: 'notes/projects/Budget.md',
        section: 'Line items',
        content: 'Everything is free.',
        apply: true,
      },
    })) as ToolAnswer;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('did not reference this document');
    expect(readFileSync(join(sample.workspace, 'notes/projects/Budget.md'), 'utf8')).toBe(before);
    // The refusal is part of the record: the request and the refused call, in a session of its own.
    const session = /session ([\w-]+)/.exec(textOf(refused))?.[1];
    const stored = await v1.readResource({ uri: `footnote://session/${session}` });
    expect((stored.contents[0] as { text: string }).text).toContain('The edit was refused');
  });

  it('previews an edit to a referenced section, then applies it by id', async () => {
    const schemas = await outputSchemas(v1);
    const before = readFileSync(join(sample.workspace, design), 'utf8');
    const text = 'We chose the six-vane closed impeller after the February rig tests.';
    const preview = await callChecked(v1, schemas, 'edit_section', {
      request: 'Rewrite [[Pump Design#Impeller]]',
      path: design,
      section: 'Impeller',
      content: text,
    });
    expect(preview.isError).toBeFalsy();
    expect(preview.structuredContent).toMatchObject({ status: 'proposed', applied: false });
    expect(preview.structuredContent.diff).toContain(text);
    expect(readFileSync(join(sample.workspace, design), 'utf8')).toBe(before);
    const applied = await callChecked(v1, schemas, 'apply_edit', {
      editId: preview.structuredContent.editId,
    });
    expect(applied.structuredContent).toMatchObject({ status: 'applied', applied: true });
    expect(readFileSync(join(sample.workspace, design), 'utf8')).toContain(text);
  });

  it('lists resource templates and resources with lastModified, and reads them with their location', async () => {
    const { resourceTemplates } = await v1.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(
      expect.arrayContaining([
        'footnote://note/{+path}',
        'footnote://note/{+path}#{heading}',
        'footnote://pdf/{+path}/page/{page}',
        'footnote://content/{slug}/{section}',
        'footnote://entity/{type}/{slug}',
        'footnote://session/{id}',
      ]),
    );
    const { resources } = await v1.listResources();
    const note = resources.find((r) => r.uri === 'footnote://note/notes/projects/Pump%20Design.md');
    expect(note?.annotations?.lastModified).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(resources.some((r) => r.uri.startsWith('footnote://session/'))).toBe(true);

    const page = await v1.readResource({ uri: 'footnote://pdf/pdfs/pump-datasheet.pdf/page/2' });
    const pageText = (page.contents[0] as { text: string }).text;
    expect(pageText).toContain('page 2');
    expect(pageText).toContain('Impeller');
    const person = await v1.readResource({ uri: 'footnote://entity/person/alice' });
    expect((person.contents[0] as { text: string }).text).toContain('alice@brightwell.example');
    await expect(v1.readResource({ uri: 'footnote://note/nowhere.md' })).rejects.toThrow(
      /no document/,
    );
  });

  it('completes template variables and prompt arguments from the autocomplete index', async () => {
    const paths = await v1.complete({
      ref: { type: 'ref/resource', uri: 'footnote://note/{+path}' },
      argument: { name: 'path', value: 'notes/projects/P' },
    });
    expect(paths.completion.values).toContain('notes/projects/Pump Design.md');
    const headings = await v1.complete({
      ref: { type: 'ref/resource', uri: 'footnote://note/{+path}#{heading}' },
      argument: { name: 'heading', value: 'flow' },
      context: { arguments: { path: design } },
    });
    expect(headings.completion.values).toContain('Flow Rate Calculation');
    const sections = await v1.complete({
      ref: { type: 'ref/resource', uri: 'footnote://content/{slug}/{section}' },
      argument: { name: 'section', value: 'our' },
      context: { arguments: { slug: 'why-solar-pumps' } },
    });
    expect(sections.completion.values).toEqual(['our-approach']);
    const reference = await v1.complete({
      ref: { type: 'ref/prompt', name: 'summarize' },
      argument: { name: 'document', value: '@why' },
    });
    expect(reference.completion.values).toContain('@why-solar-pumps');
  });

  it('offers cite and summarize prompts; summarize embeds the referenced part with its location', async () => {
    const { prompts } = await v1.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['cite', 'summarize']);
    const summary = await v1.getPrompt({
      name: 'summarize',
      arguments: { document: '@why-solar-pumps:our-approach' },
    });
    const [first] = summary.messages;
    const embedded = first?.content as {
      type: string;
      resource: { uri: string; text: string };
    };
    expect(embedded.type).toBe('resource');
    expect(embedded.resource.uri).toBe('footnote://content/why-solar-pumps/our-approach');
    const cite = await v1.getPrompt({ name: 'cite', arguments: { question: 'Why solar?' } });
    const [citeMessage] = cite.messages;
    expect((citeMessage?.content as { text: string } | undefined)?.text).toContain('`ask`');
  });
});

describe('footnote mcp over stdio, v2 client (2026-07-28 protocol)', () => {
  it('lists only the read tools in chat mode and calls each', async () => {
    const client = new ClientV2(
      { name: 'footnote-test-v2', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new StdioV2(spawnArgs()));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS].sort());
      await exerciseReadTools(client);
    } finally {
      await client.close();
    }
  }, 30_000);
});
