import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { expect } from 'vitest';
import { EDIT_TOOL_INPUTS } from '../src/chat/index.ts';

/** What the tests need of a client: the v1 SDK's `Client` and the v2 one both have these. */
export interface AnyClient {
  listTools(): Promise<{
    tools: Array<{ name: string; outputSchema?: unknown; annotations?: unknown }>;
  }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
}

/** A tool result as the tests read it. */
export interface ToolAnswer {
  readonly isError?: boolean;
  readonly content: Array<{ type: string; text?: string; uri?: string }>;
  // biome-ignore lint/suspicious/noExplicitAny: assertions read arbitrary structured JSON.
  readonly structuredContent?: any;
}

export const READ_TOOLS = ['search', 'fetch', 'resolve', 'ask', 'list_documents', 'links'];
/** The chat engine's edit tools, each offered by MCP in agent mode, and applying a preview. */
export const EDIT_TOOLS = [...Object.keys(EDIT_TOOL_INPUTS), 'apply_edit'];

const validator = new AjvJsonSchemaValidator();

/** Calls a tool and, unless it failed, checks its structured result against the tool's published output schema. */
export async function callChecked(
  client: AnyClient,
  schemas: ReadonlyMap<string, unknown>,
  name: string,
  args: Record<string, unknown>,
): Promise<ToolAnswer> {
  const result = (await client.callTool({ name, arguments: args })) as ToolAnswer;
  if (!result.isError) {
    const schema = schemas.get(name);
    expect(schema, `${name} publishes an output schema`).toBeTruthy();
    const check = validator.getValidator(schema as never)(result.structuredContent);
    expect(check.errorMessage ?? null, `${name} output matches its schema`).toBeNull();
    expect(check.valid).toBe(true);
  }
  return result;
}

/** The output schemas a server publishes, by tool name. */
export async function outputSchemas(client: AnyClient): Promise<Map<string, unknown>> {
  const { tools } = await client.listTools();
  return new Map(tools.map((t) => [t.name, t.outputSchema]));
}

/** The text of a result's first text block. */
export const textOf = (answer: ToolAnswer): string =>
  answer.content.find((c) => c.type === 'text')?.text ?? '';

/**
 * Lists the tools and calls every read tool once on the sample workspace, as any client would,
 * checking each structured result against its schema; returns the ask answer's session id.
 */
export async function exerciseReadTools(client: AnyClient): Promise<{ sessionId: string }> {
  const { tools } = await client.listTools();
  for (const name of READ_TOOLS) expect(tools.map((t) => t.name)).toContain(name);
  for (const tool of tools) {
    expect(tool.outputSchema, `${tool.name} has an output schema`).toBeTruthy();
    expect(tool.annotations).toMatchObject({ openWorldHint: false });
  }
  const schemas = await outputSchemas(client);

  const search = await callChecked(client, schemas, 'search', { query: 'flow rate', limit: 5 });
  expect(search.isError).toBeFalsy();
  const hits = search.structuredContent.results;
  expect(hits.length).toBeGreaterThan(0);
  expect(hits.every((h: { excerpt: string }) => h.excerpt.length <= 260)).toBe(true);
  expect(search.content.filter((c) => c.type === 'resource_link')).toHaveLength(hits.length);
  // No embedding model here: found by words, and said so.
  expect(search.structuredContent.mode).toBe('lexical');
  expect(hits.every((h: { signals: string[] }) => h.signals.join() === 'lexical')).toBe(true);

  const span = await callChecked(client, schemas, 'fetch', { id: hits[0].id });
  expect(span.structuredContent).toMatchObject({ path: hits[0].path, start: hits[0].start });
  const section = await callChecked(client, schemas, 'fetch', {
    id: '[[Pump Design#Flow Rate Calculation]]',
  });
  expect(section.structuredContent).toMatchObject({
    path: 'notes/projects/Pump Design.md',
    heading: 'Flow Rate Calculation',
  });
  expect(section.structuredContent.text).toContain('2.5 m³/h');

  const resolve = await callChecked(client, schemas, 'resolve', {
    message: 'Compare [[Pump Design]] with @why-solar-pumps:our-approach',
  });
  expect(resolve.structuredContent.references.map((r: { status: string }) => r.status)).toEqual([
    'resolved',
    'resolved',
  ]);

  const ask = await callChecked(client, schemas, 'ask', {
    message: 'What flow rate must the pump deliver? See [[Pump Design]]',
  });
  expect(ask.isError).toBeFalsy();
  expect(ask.structuredContent.grounded).toBe(true);
  const cited = ask.structuredContent.citations.filter((c: { cited: boolean }) => c.cited);
  expect(cited.length).toBeGreaterThan(0);
  expect(cited[0].quote.text.length).toBeGreaterThan(10);
  expect(textOf(ask)).toContain('Sources:');

  const list = await callChecked(client, schemas, 'list_documents', { kind: 'pdf' });
  expect(list.structuredContent.documents.map((d: { path: string }) => d.path).sort()).toEqual([
    'pdfs/field-report.pdf',
    'pdfs/pump-datasheet.pdf',
    'pdfs/scanned-receipt.pdf',
  ]);

  const links = await callChecked(client, schemas, 'links', {
    id: 'notes/projects/Pump Design.md',
  });
  expect(links.structuredContent.outgoing.map((l: { path: string | null }) => l.path)).toContain(
    'notes/projects/Solar Pump Project.md',
  );
  expect(links.structuredContent.backlinks.length).toBeGreaterThan(0);
  return { sessionId: ask.structuredContent.sessionId };
}
