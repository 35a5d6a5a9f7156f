import { z } from 'zod';

/** One model of `GET /api/models` (llm's `ModelChoice`). */
export const ModelChoiceJson = z
  .object({
    /** What a chat body names in `model`. */
    id: z.string(),
    label: z.string(),
    /** openai, anthropic, openai-compatible, ollama or offline. */
    provider: z.string(),
    /** It calls the read tools. */
    canUseTools: z.boolean(),
    /** It can make agent edits; the built-in offline model cannot. */
    canEdit: z.boolean(),
  })
  .strict();

/** `GET /api/models`: the models a client may pick, and the default one (also listed first). */
export const ModelsJson = z
  .object({ default: z.string().nullable(), models: z.array(ModelChoiceJson) })
  .strict();
