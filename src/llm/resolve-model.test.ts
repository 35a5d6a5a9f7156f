import { APICallError, generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type RunningStub,
  type StubTurn,
  startOpenAIStubServer,
} from '../testing/openai-stub-server.ts';
import { ModelConfigError, UnknownProviderError } from './model-errors.ts';
import { OfflineModel } from './offline-model.ts';
import { describeModel, resolveModel } from './resolve-model.ts';

const stubs: RunningStub[] = [];
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((s) => s.close()));
});
async function start(script: StubTurn[]): Promise<RunningStub> {
  const stub = await startOpenAIStubServer(script);
  stubs.push(stub);
  return stub;
}

const configError = (fn: () => unknown): ModelConfigError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ModelConfigError) return error;
    throw error;
  }
  throw new Error('expected a ModelConfigError');
};

describe('resolveModel', () => {
  it('gives the offline model when no model is configured', () => {
    expect(resolveModel({ env: {} })).toBeInstanceOf(OfflineModel);
    expect(resolveModel({ model: '  ', env: {} })).toBeInstanceOf(OfflineModel);
    expect(resolveModel({ model: 'offline', env: {} })).toBeInstanceOf(OfflineModel);
    expect(resolveModel()).toMatchObject({ provider: 'footnote', modelId: 'offline-extractive' });
  });

  it('builds OpenAI models with the key from the environment, or fails naming the variable', () => {
    const model = resolveModel({ model: 'openai:gpt-4.1-mini', env: { OPENAI_API_KEY: 'sk-x' } });
    expect(model).toMatchObject({ provider: 'openai.responses', modelId: 'gpt-4.1-mini' });
    const error = configError(() => resolveModel({ model: 'openai:gpt-4.1-mini', env: {} }));
    expect(error.code).toBe('model_config');
    expect(error.provider).toBe('openai');
    expect(error.message).toContain('OPENAI_API_KEY');
    expect(resolveModel({ model: 'openai:gpt-4o', apiKey: 'sk-flag', env: {} }).modelId).toBe(
      'gpt-4o',
    );
  });

  it('sends OpenAI requests to OPENAI_BASE_URL', async () => {
    const stub = await start([]);
    const model = resolveModel({
      model: 'openai:gpt-4.1-mini',
      env: { OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: `${stub.url}/` },
    });
    // The stub only speaks chat completions, so the Responses API call is a 404 — at the stub's URL.
    await expect(generateText({ model, prompt: 'hi', maxRetries: 0 })).rejects.toSatisfy(
      (e) =>
        APICallError.isInstance(e) && e.url === `${stub.url}/responses` && e.statusCode === 404,
    );
  });

  it('builds Anthropic models, requiring ANTHROPIC_API_KEY', () => {
    const model = resolveModel({
      model: 'anthropic:claude-sonnet-4-5',
      env: { ANTHROPIC_API_KEY: 'sk-ant' },
    });
    expect(model).toMatchObject({ provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5' });
    expect(
      configError(() => resolveModel({ model: 'anthropic:claude-sonnet-4-5', env: {} })).message,
    ).toContain('ANTHROPIC_API_KEY');
  });

  it('requires a valid base URL for openai-compatible', () => {
    const missing = configError(() => resolveModel({ model: 'openai-compatible:qwen', env: {} }));
    expect(missing.provider).toBe('openai-compatible');
    expect(missing.message).toContain('base URL');
    expect(() =>
      resolveModel({ model: 'openai-compatible:qwen', baseUrl: 'localhost:8080' }),
    ).toThrow(ModelConfigError);
    expect(() => resolveModel({ model: 'openai-compatible:qwen', baseUrl: 'ftp://x/v1' })).toThrow(
      /http/,
    );
  });

  it('streams tool calls through an openai-compatible endpoint (stub server)', async () => {
    const stub = await start([
      { toolCalls: [{ name: 'search', arguments: { query: 'pump flow', limit: 8 } }] },
      { text: 'The pump delivers 2.5 m³/h [1].' },
    ]);
    const model = resolveModel({
      model: 'openai-compatible:local-model',
      baseUrl: stub.url,
      apiKey: 'k1',
    });
    const queries: string[] = [];
    const result = streamText({
      model,
      prompt: 'What does the pump deliver?',
      tools: {
        search: tool({
          inputSchema: jsonSchema<{ query: string; limit: number }>({
            type: 'object',
            properties: { query: { type: 'string' }, limit: { type: 'number' } },
            required: ['query'],
          }),
          execute: async ({ query }) => {
            queries.push(query);
            return {
              results: [
                { n: 1, title: 'Pump', path: 'pump.md', page: null, section: null, text: 'x' },
              ],
            };
          },
        }),
      },
      stopWhen: stepCountIs(3),
    });
    const deltas: string[] = [];
    for await (const part of result.fullStream)
      if (part.type === 'text-delta') deltas.push(part.text);
    expect(queries).toEqual(['pump flow']);
    expect(deltas.join('')).toBe('The pump delivers 2.5 m³/h [1].');
    expect(deltas.length).toBeGreaterThan(1);
    expect(stub.requests.map((r) => r.model)).toEqual(['local-model', 'local-model']);
    expect(stub.requests[0]?.stream_options).toEqual({ include_usage: true });
    expect(stub.requestHeaders[0]?.authorization).toBe('Bearer k1');
    expect((await result.totalUsage).outputTokens).toBeGreaterThan(0);
  });

  it('reaches Ollama at OLLAMA_HOST + /v1 through the openai-compatible provider', async () => {
    const stub = await start([{ text: 'hello from llama' }]);
    const host = stub.url.replace(/\/v1$/, '');
    const model = resolveModel({ model: 'ollama:llama3.1:8b', env: { OLLAMA_HOST: host } });
    expect(model).toMatchObject({ provider: 'ollama.chat', modelId: 'llama3.1:8b' });
    expect((await generateText({ model, prompt: 'hi' })).text).toBe('hello from llama');
    expect(stub.requests[0]?.model).toBe('llama3.1:8b');
  });

  it('rejects an unknown provider, listing the known ones', () => {
    const error = configError(() => resolveModel({ model: 'gemini:pro', env: {} }));
    expect(error).toBeInstanceOf(UnknownProviderError);
    expect(error.message).toMatch(/openai, anthropic, openai-compatible, ollama, offline/);
  });
});

describe('describeModel', () => {
  it('says in one line which model answers, without keys', () => {
    expect(describeModel({ env: {} })).toBe('offline extractive model (no LLM configured)');
    expect(describeModel({ model: 'openai:gpt-4.1-mini', apiKey: 'sk-secret', env: {} })).toBe(
      'OpenAI gpt-4.1-mini',
    );
    expect(describeModel({ model: 'anthropic:claude-sonnet-4-5', env: {} })).toBe(
      'Anthropic claude-sonnet-4-5',
    );
    expect(
      describeModel({ model: 'openai-compatible:qwen', baseUrl: 'http://gpu:8000/v1', env: {} }),
    ).toBe('OpenAI-compatible qwen at http://gpu:8000/v1');
    expect(describeModel({ model: 'ollama:llama3.1', env: {} })).toBe(
      'Ollama llama3.1 at http://127.0.0.1:11434/v1',
    );
    expect(describeModel({ model: 'ollama:llama3.1', env: { OLLAMA_HOST: '0.0.0.0:11434' } })).toBe(
      'Ollama llama3.1 at http://127.0.0.1:11434/v1',
    );
  });
});
