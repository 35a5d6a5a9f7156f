import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningStub, type StubTurn, startOpenAIStubServer } from './openai-stub-server.ts';

const stubs: RunningStub[] = [];
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((s) => s.close()));
});

async function start(script: StubTurn[]): Promise<RunningStub> {
  const stub = await startOpenAIStubServer(script);
  stubs.push(stub);
  return stub;
}

const modelAt = (url: string) =>
  createOpenAICompatible({ baseURL: url, name: 'stub', includeUsage: true }).chatModel(
    'stub-model',
  );

interface SearchInput {
  query: string;
  limit?: number;
}

function searchTool(calls: SearchInput[]) {
  return tool({
    description: 'Search the workspace',
    inputSchema: jsonSchema<SearchInput>({
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'number' } },
      required: ['query'],
    }),
    execute: async (input) => {
      calls.push(input);
      return {
        results: [
          {
            n: 1,
            title: 'Pump',
            path: 'pump.md',
            page: null,
            section: null,
            text: 'It delivers 2.5 m³/h.',
          },
        ],
      };
    },
  });
}

const toolMessage = (body: { messages?: readonly unknown[] } | undefined) =>
  (body?.messages ?? []).find(
    (m): m is { role: string; tool_call_id: string; content: string } =>
      typeof m === 'object' && m !== null && 'role' in m && m.role === 'tool',
  );

describe('openai stub server', () => {
  it('streams a tool call through openai-compatible, runs the tool, then streams the answer', async () => {
    const stub = await start([
      { toolCalls: [{ name: 'search', arguments: { query: 'pump flow', limit: 3 } }] },
      { text: 'The pump delivers 2.5 m³/h [1].' },
    ]);
    const calls: SearchInput[] = [];
    const result = streamText({
      model: modelAt(stub.url),
      prompt: 'What does the pump deliver?',
      tools: { search: searchTool(calls) },
      stopWhen: stepCountIs(3),
    });
    const types: string[] = [];
    for await (const part of result.fullStream) types.push(part.type);

    expect(calls).toEqual([{ query: 'pump flow', limit: 3 }]);
    expect(await result.text).toBe('The pump delivers 2.5 m³/h [1].');
    expect(types.filter((t) => t === 'text-delta').length).toBeGreaterThan(1);
    expect(types).toContain('tool-call');
    expect(types).toContain('tool-result');
    expect((await result.steps).map((s) => s.finishReason)).toEqual(['tool-calls', 'stop']);
    expect((await result.totalUsage).inputTokens).toBeGreaterThan(0);

    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[0]?.stream).toBe(true);
    expect(stub.requests[0]?.stream_options).toEqual({ include_usage: true });
    expect(JSON.stringify(stub.requests[0]?.tools)).toContain('"name":"search"');
    const sent = toolMessage(stub.requests[1]);
    expect(sent?.tool_call_id).toBe('call_1_1');
    expect(JSON.parse(sent?.content ?? '{}')).toMatchObject({ results: [{ n: 1 }] });
  });

  it('answers non-streaming requests with JSON, tool calls included', async () => {
    const stub = await start([
      { toolCalls: [{ id: 'call_x', name: 'search', arguments: '{"query":"pump"}' }] },
      { text: 'Done [1].' },
    ]);
    const calls: SearchInput[] = [];
    const result = await generateText({
      model: modelAt(stub.url),
      prompt: 'pump?',
      tools: { search: searchTool(calls) },
      stopWhen: stepCountIs(3),
    });
    expect(calls).toEqual([{ query: 'pump' }]);
    expect(result.text).toBe('Done [1].');
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(stub.requests.map((r) => r.stream ?? false)).toEqual([false, false]);
    expect(toolMessage(stub.requests[1])?.tool_call_id).toBe('call_x');
  });

  it('returns a scripted HTTP error as an API call error', async () => {
    const stub = await start([{ status: 401, error: 'invalid api key' }]);
    const failure = generateText({ model: modelAt(stub.url), prompt: 'hi', maxRetries: 0 });
    await expect(failure).rejects.toSatisfy(
      (e) => APICallError.isInstance(e) && e.statusCode === 401 && e.message === 'invalid api key',
    );
  });

  it('reports a scripted error in a stream as an error part', async () => {
    const stub = await start([{ status: 400, error: 'context too long' }]);
    const result = streamText({
      model: modelAt(stub.url),
      prompt: 'hi',
      maxRetries: 0,
      onError: () => {},
    });
    const errors: unknown[] = [];
    for await (const part of result.fullStream) if (part.type === 'error') errors.push(part.error);
    expect(errors).toHaveLength(1);
    expect(APICallError.isInstance(errors[0]) && errors[0].statusCode).toBe(400);
  });

  it('lets the SDK retry a 503 into the next scripted turn', async () => {
    const stub = await start([{ status: 503 }, { text: 'second time lucky' }]);
    const result = await generateText({ model: modelAt(stub.url), prompt: 'hi', maxRetries: 1 });
    expect(result.text).toBe('second time lucky');
    expect(stub.requests).toHaveLength(2);
  });

  it('answers requests past the script with a 500 JSON error', async () => {
    const stub = await start([]);
    const response = await fetch(`${stub.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [] }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({
      error: { message: expect.stringContaining('exhausted') },
    });
    expect((await fetch(`${stub.url}/models`)).status).toBe(404);
  });

  it('streams the given chunks with delays, and stops when the client aborts', async () => {
    const stub = await start([
      { text: 'a b c d', chunks: ['one ', 'two ', 'three ', 'four'], delayMs: 40 },
    ]);
    const controller = new AbortController();
    const result = streamText({
      model: modelAt(stub.url),
      prompt: 'count',
      abortSignal: controller.signal,
    });
    const deltas: string[] = [];
    const types: string[] = [];
    for await (const part of result.fullStream) {
      types.push(part.type);
      if (part.type === 'text-delta') {
        deltas.push(part.text);
        controller.abort();
      }
    }
    expect(deltas).toEqual(['one ']);
    expect(types).toContain('abort');
  });

  it('records headers, e.g. the bearer key a provider sends', async () => {
    const stub = await start([{ text: 'ok' }]);
    const model = createOpenAICompatible({
      baseURL: stub.url,
      name: 'stub',
      apiKey: 'sk-test',
    }).chatModel('m');
    await generateText({ model, prompt: 'hi' });
    expect(stub.requestHeaders[0]?.authorization).toBe('Bearer sk-test');
  });

  it('answers requests its offScript option takes outside the script and outside requests', async () => {
    const stub = await startOpenAIStubServer([{ text: 'Scripted answer.' }], {
      offScript: (body) => (body.tools ? undefined : { text: 'A summary.' }),
    });
    stubs.push(stub);
    const model = modelAt(stub.url);
    const aside = await generateText({ model, prompt: 'Summarize this.' });
    expect(aside.text).toBe('A summary.');
    const scripted = await generateText({
      model,
      prompt: 'Ask.',
      tools: { search: searchTool([]) },
    });
    expect(scripted.text).toBe('Scripted answer.');
    expect(stub.requests).toHaveLength(1);
    expect(stub.offScriptRequests).toHaveLength(1);
  });
});

describe('openai stub server embeddings', () => {
  it('answers POST /v1/embeddings in the OpenAI shape and records the texts', async () => {
    const stub = await startOpenAIStubServer([], {
      embeddings: { vector: (text, model) => [text.length, model.length] },
    });
    stubs.push(stub);
    const res = await fetch(`${stub.url}/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', input: ['abc', 'de'] }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { index: number; embedding: number[] }[];
      usage: { prompt_tokens: number };
    };
    expect(body.data.map((d) => [d.index, d.embedding])).toEqual([
      [0, [3, 1]],
      [1, [2, 1]],
    ]);
    expect(body.usage.prompt_tokens).toBe(2);
    expect(stub.embeddingRequests).toEqual([{ model: 'm', input: ['abc', 'de'] }]);
    expect(stub.embeddedTextCount()).toBe(2);
    expect(stub.requests).toHaveLength(0);
  });

  it('rejects a body without string inputs', async () => {
    const stub = await startOpenAIStubServer([]);
    stubs.push(stub);
    const res = await fetch(`${stub.url}/embeddings`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', input: [1] }),
    });
    expect(res.status).toBe(400);
    expect(stub.embeddingRequests).toHaveLength(0);
  });
});
