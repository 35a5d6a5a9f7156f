import { type ModelProvider, parseModelSpec } from './model-spec.ts';

/** One model a server offers its clients, as `GET /api/models` lists it. */
export interface ModelChoice {
  /** What a chat request names in `model`: `provider:name`, or `offline`. */
  readonly id: string;
  /** How people read it: "Built-in offline model", "OpenAI gpt-4.1-mini". No URLs or keys. */
  readonly label: string;
  readonly provider: ModelProvider;
  /** It calls the read tools (search, read a document, a section, a page). */
  readonly canUseTools: boolean;
  /** It can make agent edits (call the edit tools); the offline model only quotes. */
  readonly canEdit: boolean;
}

/** The id of the built-in offline model. */
export const OFFLINE_MODEL_ID = 'offline';

const PROVIDER_NAMES: Readonly<Record<ModelProvider, string>> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible',
  ollama: 'Ollama',
  offline: 'Built-in',
};

/**
 * What a model spec offers a client: its id, a label and whether it can use tools and edit. The
 * built-in offline model reads with the tools but cannot edit; a configured LLM is taken to do
 * both (the providers Footnote supports all call tools).
 */
export function modelChoice(spec: string | undefined): ModelChoice {
  const parsed = spec?.trim() ? parseModelSpec(spec) : null;
  if (parsed === null || parsed.provider === 'offline')
    return {
      id: OFFLINE_MODEL_ID,
      label: 'Built-in offline model',
      provider: 'offline',
      canUseTools: true,
      canEdit: false,
    };
  return {
    id: `${parsed.provider}:${parsed.modelId}`,
    label: `${PROVIDER_NAMES[parsed.provider]} ${parsed.modelId}`,
    provider: parsed.provider,
    canUseTools: true,
    canEdit: true,
  };
}
