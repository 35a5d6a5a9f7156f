import { type ModelChoice, type ModelSpec, modelChoice } from '../../llm/index.ts';

/** A model of the server config's `models`: a spec, or a spec with its own base URL. */
export type ConfiguredModel = string | { readonly model: string; readonly baseUrl?: string };

/** The models `footnote serve` offers and how to build each one. */
export interface ServedModels {
  /** The default first, then the configured ones, then the built-in offline model; each once. */
  readonly choices: readonly ModelChoice[];
  /** The spec to build the model of an offered id from (its base URL included). */
  specOf(id: string): ModelSpec;
}

/**
 * What a server offers: its default model (`--model`, else the workspace config, else the
 * built-in one), the server config's `models`, and always the built-in offline model, so a client
 * can pick between a configured LLM and quoting without one. Specs are checked here, at startup.
 */
export function servedModels(
  defaultModel: string | undefined,
  baseUrl: string | undefined,
  configured: readonly ConfiguredModel[] = [],
): ServedModels {
  const specs = new Map<string, ModelSpec>();
  const choices: ModelChoice[] = [];
  const offer = (model: string | undefined, url: string | undefined) => {
    const choice = modelChoice(model);
    if (specs.has(choice.id)) return;
    const builtIn = choice.provider === 'offline';
    specs.set(choice.id, builtIn ? {} : { ...(model && { model }), ...(url && { baseUrl: url }) });
    choices.push(choice);
  };
  offer(defaultModel, baseUrl);
  for (const entry of configured) {
    if (typeof entry === 'string') offer(entry, baseUrl);
    else offer(entry.model, entry.baseUrl ?? baseUrl);
  }
  offer(undefined, undefined);
  return {
    choices,
    specOf: (id) => specs.get(id) ?? (specs.get(choices[0]?.id ?? '') as ModelSpec),
  };
}
