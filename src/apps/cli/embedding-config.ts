import type { TextEmbedder } from '../../core/chunk-vectors.ts';
import { createTextEmbedder, type EmbeddingModelSpec } from '../../llm/embedding-model.ts';
import { ModelConfigError } from '../../llm/model-errors.ts';
import type { EmbedReport } from '../../workspace/index.ts';
import { formatEmbedReport } from './embedding-output.ts';
import { readWorkspaceConfig } from './workspace-config.ts';

/** The embedding flags every command that opens a workspace takes. */
export interface EmbeddingFlags {
  /** `--embedding-model provider:name`. */
  readonly embeddingModel?: string | undefined;
  /** `--embedding-base-url URL`. */
  readonly embeddingBaseUrl?: string | undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

const nonBlank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * The embedding model a workspace uses: the flags, else `embeddingModel` / `embeddingBaseUrl` of
 * its `.footnote/config.json`, else `FOOTNOTE_EMBEDDING_MODEL` / `FOOTNOTE_EMBEDDING_BASE_URL`;
 * null when none names a model (search stays lexical). The base URL is looked up in the same order;
 * `FOOTNOTE_EMBEDDING_API_KEY` is the key of an `openai-compatible` endpoint that wants one.
 */
export function embeddingSpecOf(
  root: string,
  flags: EmbeddingFlags,
  env: Env = process.env,
): EmbeddingModelSpec | null {
  const config = readWorkspaceConfig(root);
  const model =
    nonBlank(flags.embeddingModel) ??
    nonBlank(config.embeddingModel) ??
    nonBlank(env.FOOTNOTE_EMBEDDING_MODEL);
  if (model === undefined) {
    if (nonBlank(flags.embeddingBaseUrl))
      throw new ModelConfigError(
        '--embedding-base-url names no model: add --embedding-model provider:name (e.g. openai-compatible:NAME)',
      );
    return null;
  }
  const baseUrl =
    nonBlank(flags.embeddingBaseUrl) ??
    nonBlank(config.embeddingBaseUrl) ??
    nonBlank(env.FOOTNOTE_EMBEDDING_BASE_URL);
  const apiKey = nonBlank(env.FOOTNOTE_EMBEDDING_API_KEY);
  return { model, env, ...(baseUrl && { baseUrl }), ...(apiKey && { apiKey }) };
}

/** The configured {@link TextEmbedder} of a workspace, or null (see {@link embeddingSpecOf}); a bad spec throws `model_config`. */
export function embedderOf(
  root: string,
  flags: EmbeddingFlags,
  env: Env = process.env,
): TextEmbedder | null {
  const spec = embeddingSpecOf(root, flags, env);
  return spec === null ? null : createTextEmbedder(spec);
}

/**
 * The embedding options of a served workspace handle: its embedder, and logs of each pass that
 * did something (and the first) and of failures, after which the server keeps serving.
 */
export function servedEmbedding(
  root: string,
  flags: EmbeddingFlags,
  log: (line: string) => void,
): {
  embedder: TextEmbedder | null;
  onEmbedReport: (report: EmbedReport) => void;
  onEmbedError: (error: unknown) => void;
} {
  let first = true;
  return {
    embedder: embedderOf(root, flags),
    onEmbedReport: (report) => {
      if (!first && report.embedded + report.reused === 0) return;
      first = false;
      log(formatEmbedReport(report));
    },
    onEmbedError: (error) =>
      log(`${error instanceof Error ? error.message : String(error)}; serving lexical results`),
  };
}
