import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { cosineSimilarity } from '../testing/concept-embedding.ts';
import {
  type RunningStub,
  type StubOptions,
  startOpenAIStubServer,
} from '../testing/openai-stub-server.ts';
import {
  createTextEmbedder,
  describeEmbeddingModel,
  EmbeddingRequestError,
  parseEmbeddingModelSpec,
} from './embedding-model.ts';
import { ModelConfigError } from './model-errors.ts';

const stubs: RunningStub[] = [];
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((s) => s.close()));
});

async function stub(options: StubOptions = {}): Promise<RunningStub> {
  const s = await startOpenAIStubServer([], options);
  stubs.push(s);
  return s;
}

describe('parseEmbeddingModelSpec', () => {
  it('splits at the first colon and keeps tags', () => {
    expect(parseEmbeddingModelSpec(' ollama:nomic-embed-text:v1.5 ')).toEqual({
      provider: 'ollama',
      modelId: 'nomic-embed-text:v1.5',
    });
    expect(parseEmbeddingModelSpec('OpenAI:text-embedding-3-small').provider).toBe('openai');
  });

  it.each([
    ['', /empty/],
    ['nomic-embed-text', /"nomic-embed-text" names no provider/],
    ['anthropic:claude', /unknown embedding model provider "anthropic"/],
    ['offline:x', /unknown embedding model provider "offline"/],
    ['ollama:', /names no model after "ollama:"/],
    ['ollama:a b', /"a b" contains whitespace/],
  ])('rejects %j with a typed error naming it', (text, message) => {
    const error = (() => {
      try {
        parseEmbeddingModelSpec(text);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ModelConfigError);
    expect((error as ModelConfigError).code).toBe('model_config');
    expect((error as Error).message).toMatch(message);
  });
});

describe('createTextEmbedder configuration', () => {
  it('needs a base URL for openai-compatible and a key for openai', () => {
    expect(() => createTextEmbedder({ model: 'openai-compatible:x' })).toThrow(
      /needs a base URL \(--embedding-base-url/,
    );
    expect(() => createTextEmbedder({ model: 'openai:text-embedding-3-small', env: {} })).toThrow(
      /OPENAI_API_KEY/,
    );
    expect(() =>
      createTextEmbedder({ model: 'openai-compatible:x', baseUrl: 'ftp://host/v1' }),
    ).toThrow(/must use http or https/);
  });

  it('names the model provider:name and defaults Ollama to 127.0.0.1:11434/v1', () => {
    const embedder = createTextEmbedder({ model: 'ollama:nomic-embed-text', env: {} });
    expect(embedder.model).toBe('ollama:nomic-embed-text');
    expect(describeEmbeddingModel({ model: 'ollama:nomic-embed-text', env: {} })).toBe(
      'ollama:nomic-embed-text at http://127.0.0.1:11434/v1',
    );
    expect(
      describeEmbeddingModel({ model: 'ollama:mxbai-embed-large', env: { OLLAMA_HOST: 'gpu:9' } }),
    ).toBe('ollama:mxbai-embed-large at http://gpu:9/v1');
  });
});

describe('createTextEmbedder through the stub', () => {
  it('returns one Float32Array per text in order, concepts clustering', async () => {
    const s = await stub();
    const embedder = createTextEmbedder({ model: 'openai-compatible:stub', baseUrl: s.url });
    const [brine, salinity, impeller] = await embedder.embed([
      'The brine was poured out.',
      'Salinity rose sharply.',
      'The impeller spins.',
    ]);
    expect(brine).toBeInstanceOf(Float32Array);
    if (!brine || !salinity || !impeller) throw new Error('missing vectors');
    expect(cosineSimilarity(brine, salinity)).toBeGreaterThan(0.8);
    expect(cosineSimilarity(brine, impeller)).toBeLessThan(0.3);
    expect(s.embeddingRequests).toEqual([
      {
        model: 'stub',
        input: ['The brine was poured out.', 'Salinity rose sharply.', 'The impeller spins.'],
      },
    ]);
  });

  it('speaks to the openai and ollama providers the same way', async () => {
    const s = await stub();
    const openai = createTextEmbedder({
      model: 'openai:text-embedding-3-small',
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: s.url },
    });
    const ollama = createTextEmbedder({
      model: 'ollama:nomic-embed-text',
      env: { OLLAMA_HOST: s.url.replace(/\/v1$/, '') },
    });
    const [a] = await openai.embed(['brine']);
    const [b] = await ollama.embed(['salinity']);
    if (!a || !b) throw new Error('missing vectors');
    expect(cosineSimilarity(a, b)).toBeGreaterThan(0.99);
    expect(s.embeddingRequests.map((r) => r.model)).toEqual([
      'text-embedding-3-small',
      'nomic-embed-text',
    ]);
  });

  it('splits large inputs into requests of at most batchSize texts, keeping the order', async () => {
    const s = await stub({ embeddings: { vector: (text) => [Number(text), 1] } });
    const embedder = createTextEmbedder(
      { model: 'openai-compatible:stub', baseUrl: s.url },
      { batchSize: 4, maxParallelCalls: 2 },
    );
    const texts = Array.from({ length: 10 }, (_, i) => String(i));
    const vectors = await embedder.embed(texts);
    expect(vectors.map((v) => v[0])).toEqual(texts.map(Number));
    expect(s.embeddingRequests.map((r) => r.input.length).sort()).toEqual([2, 4, 4]);
    expect(s.embeddedTextCount()).toBe(10);
  });

  it('embeds nothing for no texts', async () => {
    const s = await stub();
    const embedder = createTextEmbedder({ model: 'openai-compatible:stub', baseUrl: s.url });
    expect(await embedder.embed([])).toEqual([]);
    expect(s.embeddingRequests).toHaveLength(0);
  });

  it('wraps an HTTP failure in a one-line typed error with status and endpoint, no key', async () => {
    const key = 'sk-secret-key-123456';
    const s = await stub({
      embeddings: { fail: () => ({ status: 404, error: `model "nope" not found (key ${key})` }) },
    });
    const embedder = createTextEmbedder(
      { model: 'openai-compatible:nope', baseUrl: s.url, apiKey: key },
      { maxRetries: 0 },
    );
    const error = await embedder.embed(['a']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingRequestError);
    const e = error as EmbeddingRequestError;
    expect(e.code).toBe('embedding_request_failed');
    expect(e.status).toBe(404);
    expect(e.endpoint).toBe(`${s.url}/embeddings`);
    expect(e.message).toBe(
      `embedding model openai-compatible:nope at ${s.url}/embeddings failed: HTTP 404: model "nope" not found (key ***)`,
    );
    expect(e.message).not.toContain(key);
    expect(e.message).not.toContain('\n');
  });

  it('retries a 503 and a 429, not a 400', async () => {
    let failures = 2;
    const s = await stub({
      embeddings: {
        fail: (r) => {
          if (r.input[0] === 'bad') return { status: 400, error: 'bad input' };
          if (failures-- > 0) return { status: failures === 1 ? 503 : 429 };
          return undefined;
        },
      },
    });
    const embedder = createTextEmbedder(
      { model: 'openai-compatible:stub', baseUrl: s.url },
      { retryDelayMs: 1 },
    );
    expect(await embedder.embed(['a'])).toHaveLength(1);
    expect(s.embeddingRequests).toHaveLength(3);
    await expect(embedder.embed(['bad'])).rejects.toThrow(/HTTP 400: bad input/);
    expect(s.embeddingRequests).toHaveLength(4);
  });

  it('gives up after maxRetries with the last status', async () => {
    const s = await stub({ embeddings: { fail: () => ({ status: 500, error: 'boom' }) } });
    const embedder = createTextEmbedder(
      { model: 'openai-compatible:stub', baseUrl: s.url },
      { retryDelayMs: 1, maxRetries: 2 },
    );
    await expect(embedder.embed(['a'])).rejects.toThrow(/HTTP 500: boom/);
    expect(s.embeddingRequests).toHaveLength(3);
  });

  it('says it cannot connect when nothing listens', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((r) => server.close(() => r()));
    const embedder = createTextEmbedder(
      { model: 'openai-compatible:x', baseUrl: `http://127.0.0.1:${port}/v1` },
      { maxRetries: 0 },
    );
    const error = await embedder.embed(['a']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingRequestError);
    expect((error as EmbeddingRequestError).status).toBeNull();
    expect((error as Error).message).toMatch(
      new RegExp(
        `^embedding model openai-compatible:x at http://127.0.0.1:${port}/v1/embeddings failed: cannot connect`,
      ),
    );
  });

  it('rejects vectors of differing lengths', async () => {
    const s = await stub({ embeddings: { vector: (text) => (text === 'a' ? [1] : [1, 2]) } });
    const embedder = createTextEmbedder({ model: 'openai-compatible:stub', baseUrl: s.url });
    await expect(embedder.embed(['a', 'b'])).rejects.toThrow(/differ in length/);
  });

  it('rejects with the abort reason when the signal is aborted, sending nothing', async () => {
    const s = await stub();
    const embedder = createTextEmbedder({ model: 'openai-compatible:stub', baseUrl: s.url });
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(embedder.embed(['a'], controller.signal)).rejects.toThrow('stopped');
    expect(s.embeddingRequests).toHaveLength(0);
  });
});
