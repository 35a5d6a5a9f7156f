import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parseEmbeddingModelSpec } from '../../llm/embedding-model.ts';
import { UsageError } from './usage-error.ts';

/** Settings a workspace can keep in `.footnote/config.json`; command-line flags override them. */
export const WorkspaceConfigSchema = z
  .object({
    /** `provider:model`, as for `--model`. */
    model: z.string().min(1).optional(),
    /** Endpoint of an OpenAI-compatible server, as for `--base-url`. */
    baseUrl: z.string().url().optional(),
    /** Default mode of `ask` and `chat`. */
    mode: z.enum(['chat', 'agent']).optional(),
    /** The model's context window in tokens. */
    contextWindow: z.number().int().min(1024).max(10_000_000).optional(),
    /** Earlier messages of a session sent with each turn at most, the newest (default 10). */
    historyMessages: z.number().int().min(0).max(1000).optional(),
    /** `provider:name` of the embedding model, as for `--embedding-model`; none → lexical search only. */
    embeddingModel: z
      .string()
      .min(1)
      .superRefine((value, ctx) => {
        try {
          parseEmbeddingModelSpec(value);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
        }
      })
      .optional(),
    /** Endpoint of the embedding model's API, as for `--embedding-base-url`. */
    embeddingBaseUrl: z.string().url().optional(),
  })
  .strict();

/** What `.footnote/config.json` says, validated. */
export type WorkspaceConfig = z.infer<typeof WorkspaceConfigSchema>;

/** Where a workspace keeps its configuration. */
export const configPath = (root: string) => join(root, '.footnote', 'config.json');

/** Reads the workspace configuration; a missing file is an empty one, a broken one a clear usage error. */
export function readWorkspaceConfig(root: string): WorkspaceConfig {
  const path = configPath(root);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = WorkspaceConfigSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`${path}: ${issue?.path.join('.') || 'config'}: ${issue?.message}`);
  }
  return parsed.data;
}
