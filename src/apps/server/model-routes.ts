import { type ModelChoice, modelChoice } from '../../llm/index.ts';
import type { RouteKit } from './create-server.ts';
import { HttpError } from './http-error.ts';
import type { ServerOptions } from './server-options.ts';

/** The models a server offers, the default first (the built-in offline model when none are set). */
export const offeredModels = (options: ServerOptions): readonly ModelChoice[] =>
  options.models && options.models.length > 0 ? options.models : [modelChoice(undefined)];

/**
 * The model a chat request names, checked against the ones offered: absent means the default; one
 * not offered is refused (400 `model_config`) rather than built from whatever the client sent.
 */
export function requestedModel(options: ServerOptions, requested: string | undefined) {
  if (requested === undefined) return undefined;
  const offered = offeredModels(options);
  if (!offered.some((m) => m.id === requested))
    throw new HttpError(
      400,
      'model_config',
      `model ${JSON.stringify(requested)} is not offered by this server; GET /api/models lists ${offered.map((m) => m.id).join(', ')}`,
      { field: 'model' },
    );
  return requested;
}

/** `GET /api/models`: the models a client may pick, the default first, with what each can do. */
export function registerModelRoutes(kit: RouteKit): void {
  kit.route('GET', '/api/models', async () => {
    const models = offeredModels(kit.options);
    return { default: models[0]?.id ?? null, models };
  });
}
