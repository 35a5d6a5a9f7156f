import { setTimeout as sleep } from 'node:timers/promises';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import { APICallError, embedMany, RetryError } from 'ai';
import type { TextEmbedder } from '../core/chunk-vectors.ts';
import { FootnoteError } from '../core/errors.ts';
import { ModelConfigError } from './model-errors.ts';
import { checkUrl, ollamaBaseUrl } from './resolve-model.ts';

/** The providers an embedding model spec may name, in the order error messages list them. */
export const EMBEDDING_PROVIDERS = ['openai', 'ollama', 'openai-compatible'] as const;

/** One of {@link EMBEDDING_PROVIDERS}. */
export type EmbeddingProvider = (typeof EMBEDDING_PROVIDERS)[number];

/** How the user configured the embedding model (CLI flags, config file, environment). */
export interface EmbeddingModelSpec {
  /** `provider:name`, e.g. `ollama:nomic-embed-text`, `openai:text-embedding-3-small`. */
  readonly model: string;
  /** Full base URL of the API (e.g. `http://host:8000/v1`); required for `openai-compatible`, overrides `$OLLAMA_HOST` for `ollama`. */
  readonly baseUrl?: string | undefined;
  /** Key override; otherwise the provider's usual environment variable. */
  readonly apiKey?: string | undefined;
  /** Where provider variables are read from. @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
}

/** How an embedder talks to its provider. */
export interface TextEmbedderOptions {
  /** Most texts per request (the provider's own limit still applies when lower). @default 64 */
  readonly batchSize?: number;
  /** Requests in flight at once. @default 2 */
  readonly maxParallelCalls?: number;
  /**
   * Retries of a request the server answered with 429 or 5xx (not of one that could not connect:
   * a server that is not running will not be a second later). @default 2
   */
  readonly maxRetries?: number;
  /** Wait before the first retry, doubled for each next one (a `retry-after` header wins, up to 10 s). @default 1000 */
  readonly retryDelayMs?: number;
}

/** A validated `provider:name` pair for an embedding model. */
export interface ParsedEmbeddingModelSpec {
  readonly provider: EmbeddingProvider;
  readonly modelId: string;
}

const EXAMPLES = 'e.g. ollama:nomic-embed-text, openai:text-embedding-3-small';
const DEFAULT_BATCH = 64;
const DEFAULT_PARALLEL = 2;

const isEmbeddingProvider = (value: string): value is EmbeddingProvider =>
  (EMBEDDING_PROVIDERS as readonly string[]).includes(value);

const nonBlank = (value: string | undefined): string | undefined => {
  const v = value?.trim();
  return v ? v : undefined;
};

/**
 * Parses `provider:name` (split at the first colon, so `ollama:nomic-embed-text:v1.5` keeps its
 * tag), so a typo fails at startup with a message naming the bad input rather than mid-index.
 */
export function parseEmbeddingModelSpec(text: string): ParsedEmbeddingModelSpec {
  const spec = text.trim();
  if (spec === '')
    throw new ModelConfigError(`embedding model spec is empty; write provider:name (${EXAMPLES})`);
  const colon = spec.indexOf(':');
  if (colon === -1)
    throw new ModelConfigError(
      `embedding model spec "${spec}" names no provider; write provider:name (${EXAMPLES})`,
    );
  const provider = spec.slice(0, colon).trim().toLowerCase();
  const modelId = spec.slice(colon + 1).trim();
  if (!isEmbeddingProvider(provider))
    throw new ModelConfigError(
      `unknown embedding model provider "${provider}" in "${spec}"; known: ${EMBEDDING_PROVIDERS.join(', ')} (${EXAMPLES})`,
      provider,
    );
  if (modelId === '')
    throw new ModelConfigError(
      `embedding model spec "${spec}" names no model after "${provider}:"`,
      provider,
    );
  if (/[\s\p{Cc}]/u.test(modelId))
    throw new ModelConfigError(
      `embedding model name ${JSON.stringify(modelId)} contains whitespace or control characters`,
      provider,
    );
  return { provider, modelId };
}

/** An embedding request failed (HTTP status, unreachable endpoint, malformed answer); one line, never a key. */
export class EmbeddingRequestError extends FootnoteError {
  /** The model spec, `provider:name`. */
  readonly model: string;
  /** The URL the request went to, when known. */
  readonly endpoint: string | null;
  /** The HTTP status, when the server answered. */
  readonly status: number | null;

  constructor(
    model: string,
    endpoint: string | null,
    status: number | null,
    detail: string,
    options?: { cause?: unknown },
  ) {
    const where = endpoint ? ` at ${endpoint}` : '';
    const what = status === null ? detail : `HTTP ${status}: ${detail}`;
    super('embedding_request_failed', `embedding model ${model}${where} failed: ${what}`, options);
    this.name = 'EmbeddingRequestError';
    this.model = model;
    this.endpoint = endpoint;
    this.status = status;
  }
}

/** The AI SDK model for a parsed spec; configuration problems throw {@link ModelConfigError}. */
function providerModel(
  spec: EmbeddingModelSpec,
  parsed: ParsedEmbeddingModelSpec,
): { model: EmbeddingModelV3; apiKey: string | undefined } {
  const env = spec.env ?? process.env;
  const { provider, modelId } = parsed;
  switch (provider) {
    case 'openai': {
      const apiKey = nonBlank(spec.apiKey) ?? nonBlank(env.OPENAI_API_KEY);
      if (!apiKey)
        throw new ModelConfigError(
          `openai:${modelId} needs an API key: set OPENAI_API_KEY`,
          provider,
        );
      const baseUrl = nonBlank(spec.baseUrl) ?? nonBlank(env.OPENAI_BASE_URL);
      const model = createOpenAI({
        apiKey,
        ...(baseUrl && { baseURL: checkUrl(baseUrl, provider) }),
      }).embeddingModel(modelId);
      return { model, apiKey };
    }
    case 'ollama': {
      const apiKey = nonBlank(spec.apiKey);
      const model = createOpenAICompatible({
        name: 'ollama',
        baseURL: ollamaBaseUrl({ baseUrl: spec.baseUrl, env }),
        ...(apiKey && { apiKey }),
      }).embeddingModel(modelId);
      return { model, apiKey };
    }
    case 'openai-compatible': {
      const baseUrl = nonBlank(spec.baseUrl);
      if (!baseUrl)
        throw new ModelConfigError(
          `openai-compatible:${modelId} needs a base URL (--embedding-base-url http://host:port/v1)`,
          provider,
        );
      const apiKey = nonBlank(spec.apiKey);
      const model = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: checkUrl(baseUrl, provider),
        ...(apiKey && { apiKey }),
      }).embeddingModel(modelId);
      return { model, apiKey };
    }
  }
}

/** Whether the server answered with a status worth asking again for (rate limit, server error). */
const worthRetrying = (error: unknown): error is APICallError =>
  APICallError.isInstance(error) &&
  error.statusCode !== undefined &&
  (error.statusCode === 429 || error.statusCode >= 500);

/** The wait a `retry-after` header asks for, in ms (at most 10 s), or null. */
function retryAfterMs(error: APICallError): number | null {
  const header = error.responseHeaders?.['retry-after'];
  const seconds = header === undefined ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, 10_000) : null;
}

/**
 * The same model with at most `batchSize` texts per request, so `embedMany` splits large inputs,
 * and each request retried on 429 or 5xx only.
 */
async function limitBatch(
  model: EmbeddingModelV3,
  batchSize: number,
  retries: number,
  delayMs: number,
): Promise<EmbeddingModelV3> {
  const own = await model.maxEmbeddingsPerCall;
  const max = own === undefined ? batchSize : Math.min(own, batchSize);
  return {
    specificationVersion: 'v3',
    provider: model.provider,
    modelId: model.modelId,
    maxEmbeddingsPerCall: max,
    supportsParallelCalls: model.supportsParallelCalls,
    async doEmbed(options) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await model.doEmbed(options);
        } catch (error) {
          if (attempt >= retries || !worthRetrying(error) || options.abortSignal?.aborted)
            throw error;
          const wait = retryAfterMs(error) ?? delayMs * 2 ** attempt;
          await sleep(wait, undefined, options.abortSignal ? { signal: options.abortSignal } : {});
        }
      }
    },
  };
}

/** The first line of a message, without the key and cut to a readable length. */
function oneLine(text: string, apiKey: string | undefined): string {
  let line = text.split(/\r?\n/, 1)[0] ?? '';
  if (apiKey) line = line.split(apiKey).join('***');
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** The provider's error message from a JSON error body (`{ error: { message } }` or `{ error: "…" }`). */
function bodyMessage(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const data = JSON.parse(body) as { error?: unknown; message?: unknown };
    const error = data.error;
    if (typeof error === 'string') return error;
    if (typeof error === 'object' && error !== null && 'message' in error)
      return String((error as { message: unknown }).message);
    if (typeof data.message === 'string') return data.message;
  } catch {
    // not JSON: the status says enough
  }
  return null;
}

/** Turns what the AI SDK threw into an {@link EmbeddingRequestError}. */
function wrapFailure(
  error: unknown,
  model: string,
  endpoint: string,
  apiKey: string | undefined,
): EmbeddingRequestError {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last)) {
    const status = last.statusCode ?? null;
    const detail =
      status === null
        ? `cannot connect (${oneLine(String((last.cause as Error | undefined)?.message ?? last.message), apiKey)})`
        : oneLine(bodyMessage(last.responseBody) ?? last.message, apiKey);
    return new EmbeddingRequestError(model, oneLine(last.url, apiKey), status, detail, {
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new EmbeddingRequestError(model, endpoint, null, oneLine(message, apiKey), {
    cause: error,
  });
}

/** The endpoint a spec's requests go to, for messages. */
function endpointOf(spec: EmbeddingModelSpec, parsed: ParsedEmbeddingModelSpec): string {
  const env = spec.env ?? process.env;
  switch (parsed.provider) {
    case 'openai':
      return `${(nonBlank(spec.baseUrl) ?? nonBlank(env.OPENAI_BASE_URL) ?? 'https://api.openai.com/v1').replace(/\/+$/, '')}/embeddings`;
    case 'ollama':
      return `${ollamaBaseUrl({ baseUrl: spec.baseUrl, env })}/embeddings`;
    case 'openai-compatible':
      return `${(nonBlank(spec.baseUrl) ?? '').replace(/\/+$/, '')}/embeddings`;
  }
}

/**
 * Turns the user's embedding model configuration into a {@link TextEmbedder} backed by the AI
 * SDK: OpenAI, Ollama or any OpenAI-compatible `/v1/embeddings` endpoint. Configuration problems
 * throw {@link ModelConfigError} now; request failures reject with {@link EmbeddingRequestError};
 * an aborted signal rejects with its reason.
 */
export function createTextEmbedder(
  spec: EmbeddingModelSpec,
  options: TextEmbedderOptions = {},
): TextEmbedder {
  const parsed = parseEmbeddingModelSpec(spec.model);
  const { model, apiKey } = providerModel(spec, parsed);
  const name = `${parsed.provider}:${parsed.modelId}`;
  const endpoint = endpointOf(spec, parsed);
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH));
  const limited = limitBatch(
    model,
    batchSize,
    Math.max(0, options.maxRetries ?? 2),
    Math.max(0, options.retryDelayMs ?? 1000),
  );
  return {
    model: name,
    async embed(texts, signal) {
      signal?.throwIfAborted();
      if (texts.length === 0) return [];
      let embeddings: number[][];
      try {
        const result = await embedMany({
          model: await limited,
          values: [...texts],
          maxParallelCalls: options.maxParallelCalls ?? DEFAULT_PARALLEL,
          // Retried per request by the model above, on 429 and 5xx only.
          maxRetries: 0,
          ...(signal && { abortSignal: signal }),
        });
        embeddings = result.embeddings;
      } catch (error) {
        signal?.throwIfAborted();
        throw wrapFailure(error, name, endpoint, apiKey);
      }
      signal?.throwIfAborted();
      if (embeddings.length !== texts.length)
        throw new EmbeddingRequestError(
          name,
          endpoint,
          null,
          `asked for ${texts.length} vectors, got ${embeddings.length}`,
        );
      const dimensions = embeddings[0]?.length ?? 0;
      if (dimensions === 0 || embeddings.some((e) => e.length !== dimensions))
        throw new EmbeddingRequestError(
          name,
          endpoint,
          null,
          'the vectors returned are empty or differ in length',
        );
      return embeddings.map((e) => Float32Array.from(e));
    },
  };
}

/** One line saying which embedding model is used, for `--verbose` and logs; never prints keys. */
export function describeEmbeddingModel(spec: EmbeddingModelSpec): string {
  const parsed = parseEmbeddingModelSpec(spec.model);
  const endpoint = endpointOf(spec, parsed);
  return `${parsed.provider}:${parsed.modelId} at ${endpoint.replace(/\/embeddings$/, '')}`;
}
