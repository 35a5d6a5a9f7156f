import { ModelConfigError, UnknownProviderError } from './model-errors.ts';

/** The providers a model spec may name, in the order error messages list them. */
export const MODEL_PROVIDERS = [
  'openai',
  'anthropic',
  'openai-compatible',
  'ollama',
  'offline',
] as const;

/** One of {@link MODEL_PROVIDERS}. */
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

/** How the user configured the model (CLI flags, config file, environment). */
export interface ModelSpec {
  /** `provider:model`, e.g. `openai:gpt-4.1-mini`, `ollama:llama3.1`; none → the offline model. */
  readonly model?: string | undefined;
  /** Full base URL of the API (e.g. `http://host:8000/v1`); required for `openai-compatible`, overrides `$OLLAMA_HOST` for `ollama`. */
  readonly baseUrl?: string | undefined;
  /** Key override; otherwise the provider's usual environment variable. */
  readonly apiKey?: string | undefined;
  /** Where provider variables are read from. @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
}

/** A validated `provider:model` pair. */
export interface ParsedModelSpec {
  readonly provider: ModelProvider;
  readonly modelId: string;
}

const isProvider = (value: string): value is ModelProvider =>
  (MODEL_PROVIDERS as readonly string[]).includes(value);

/** A provider inferable from a bare model name, only to suggest the full spec in the error. */
function guessProvider(name: string): ModelProvider | null {
  if (/^(gpt-|o\d|chatgpt-)/i.test(name)) return 'openai';
  if (/^claude-/i.test(name)) return 'anthropic';
  return null;
}

/**
 * Parses `provider:model` (split at the first colon, so `ollama:llama3.1:8b` keeps its tag), so a
 * typo fails at startup with a message naming the fix rather than at the first request.
 * `offline` (or `offline:…`) names the built-in offline model.
 */
export function parseModelSpec(text: string): ParsedModelSpec {
  const spec = text.trim();
  if (spec === '') throw new ModelConfigError('model spec is empty; write provider:model');
  if (spec === 'offline') return { provider: 'offline', modelId: 'offline-extractive' };
  const colon = spec.indexOf(':');
  if (colon === -1) {
    const guess = guessProvider(spec);
    const hint = guess
      ? `did you mean ${guess}:${spec}?`
      : `e.g. openai:gpt-4.1-mini, anthropic:claude-sonnet-4-5, ollama:llama3.1`;
    throw new ModelConfigError(
      `model spec "${spec}" names no provider; write provider:model (${hint})`,
    );
  }
  const provider = spec.slice(0, colon).trim().toLowerCase();
  const modelId = spec.slice(colon + 1).trim();
  if (!isProvider(provider)) throw new UnknownProviderError(provider, MODEL_PROVIDERS);
  if (provider === 'offline') return { provider, modelId: 'offline-extractive' };
  if (modelId === '') {
    throw new ModelConfigError(
      `model spec "${spec}" names no model after "${provider}:"`,
      provider,
    );
  }
  if (/[\s\p{Cc}]/u.test(modelId)) {
    throw new ModelConfigError(
      `model name ${JSON.stringify(modelId)} contains whitespace or control characters`,
      provider,
    );
  }
  return { provider, modelId };
}
