import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { ModelConfigError } from './model-errors.ts';
import { type ModelSpec, type ParsedModelSpec, parseModelSpec } from './model-spec.ts';
import { createOfflineModel } from './offline-model.ts';

const OLLAMA_DEFAULT_HOST = 'http://127.0.0.1:11434';

type Env = Readonly<Record<string, string | undefined>>;

const envOf = (spec: ModelSpec): Env => spec.env ?? process.env;

/** A set, non-blank value, trimmed. */
const nonBlank = (value: string | undefined): string | undefined => {
  const v = value?.trim();
  return v ? v : undefined;
};

/** The parsed spec, or null when no model is configured (blank counts as none). */
function parsedOf(spec: ModelSpec): ParsedModelSpec | null {
  const model = nonBlank(spec.model);
  return model === undefined ? null : parseModelSpec(model);
}

/** Checks a base URL is an absolute http(s) URL and drops trailing slashes, so `…/v1/` and `…/v1` agree. */
export function checkUrl(url: string, provider: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ModelConfigError(`base URL ${JSON.stringify(url)} is not a valid URL`, provider);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ModelConfigError(`base URL ${JSON.stringify(url)} must use http or https`, provider);
  return url.replace(/\/+$/, '');
}

/** Ollama's base URL: `--base-url` as given, else `$OLLAMA_HOST` (scheme optional, as Ollama allows) + `/v1`. */
export function ollamaBaseUrl(spec: ModelSpec): string {
  const explicit = nonBlank(spec.baseUrl);
  if (explicit) return checkUrl(explicit, 'ollama');
  let host = nonBlank(envOf(spec).OLLAMA_HOST) ?? OLLAMA_DEFAULT_HOST;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(host)) host = `http://${host}`;
  // Ollama listens on 0.0.0.0 when told to serve everywhere; a client must dial a real address.
  host = host.replace('://0.0.0.0', '://127.0.0.1');
  return `${checkUrl(host, 'ollama')}/v1`;
}

/** The key for a hosted provider: `--api-key`, else its environment variable; missing → a typed error now, not a 401 later. */
function requireKey(spec: ModelSpec, variable: string, provider: string): string {
  const key = nonBlank(spec.apiKey) ?? nonBlank(envOf(spec)[variable]);
  if (!key)
    throw new ModelConfigError(
      `${provider} needs an API key: set ${variable} or pass --api-key`,
      provider,
    );
  return key;
}

/**
 * Turns the user's model configuration into an AI SDK language model: OpenAI, Anthropic, any
 * OpenAI-compatible endpoint, Ollama, or — with nothing configured — Footnote's offline extractive
 * model, so chat always works. Configuration problems throw {@link ModelConfigError} up front.
 */
export function resolveModel(spec: ModelSpec = {}): LanguageModelV3 {
  const parsed = parsedOf(spec);
  if (parsed === null || parsed.provider === 'offline') return createOfflineModel();
  const { provider, modelId } = parsed;
  const env = envOf(spec);
  switch (provider) {
    case 'openai': {
      const baseUrl = nonBlank(spec.baseUrl) ?? nonBlank(env.OPENAI_BASE_URL);
      return createOpenAI({
        apiKey: requireKey(spec, 'OPENAI_API_KEY', 'openai'),
        ...(baseUrl && { baseURL: checkUrl(baseUrl, provider) }),
      })(modelId);
    }
    case 'anthropic': {
      const baseUrl = nonBlank(spec.baseUrl) ?? nonBlank(env.ANTHROPIC_BASE_URL);
      return createAnthropic({
        apiKey: requireKey(spec, 'ANTHROPIC_API_KEY', 'anthropic'),
        ...(baseUrl && { baseURL: checkUrl(baseUrl, provider) }),
      })(modelId);
    }
    case 'openai-compatible': {
      const baseUrl = nonBlank(spec.baseUrl);
      if (!baseUrl)
        throw new ModelConfigError(
          `openai-compatible:${modelId} needs a base URL (--base-url http://host:port/v1)`,
          provider,
        );
      const apiKey = nonBlank(spec.apiKey);
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: checkUrl(baseUrl, provider),
        includeUsage: true,
        ...(apiKey && { apiKey }),
      }).chatModel(modelId);
    }
    case 'ollama': {
      const apiKey = nonBlank(spec.apiKey);
      return createOpenAICompatible({
        name: 'ollama',
        baseURL: ollamaBaseUrl(spec),
        includeUsage: true,
        ...(apiKey && { apiKey }),
      }).chatModel(modelId);
    }
  }
}

/** One line saying which model answers, for `footnote chat` banners and `--verbose`; never prints keys. */
export function describeModel(spec: ModelSpec = {}): string {
  const parsed = parsedOf(spec);
  if (parsed === null) return 'offline extractive model (no LLM configured)';
  const { provider, modelId } = parsed;
  const env = envOf(spec);
  switch (provider) {
    case 'offline':
      return 'offline extractive model';
    case 'openai': {
      const baseUrl = nonBlank(spec.baseUrl) ?? nonBlank(env.OPENAI_BASE_URL);
      return `OpenAI ${modelId}${baseUrl ? ` at ${baseUrl}` : ''}`;
    }
    case 'anthropic': {
      const baseUrl = nonBlank(spec.baseUrl) ?? nonBlank(env.ANTHROPIC_BASE_URL);
      return `Anthropic ${modelId}${baseUrl ? ` at ${baseUrl}` : ''}`;
    }
    case 'openai-compatible':
      return `OpenAI-compatible ${modelId} at ${nonBlank(spec.baseUrl) ?? '(no base URL set)'}`;
    case 'ollama':
      return `Ollama ${modelId} at ${ollamaBaseUrl(spec)}`;
  }
}
