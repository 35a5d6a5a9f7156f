/** Options, parsers and small helpers shared by every `footnote` command. */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { type Command, InvalidArgumentError, Option } from 'commander';
import {
  type ChatMode,
  DOCUMENT_KINDS,
  type DocumentKind,
  type SuggestTrigger,
} from '../../core/index.ts';
import {
  type ChunkSearchResult,
  MAX_SEARCH_LIMIT,
  SEARCH_MODES,
  type SearchMode,
} from '../../search/index.ts';
import { databaseUrlOf, type OpenWorkspace, openWorkspace } from './open-workspace.ts';
import { UsageError } from './usage-error.ts';

export interface CommonOptions {
  readonly workspace: string;
  readonly json?: boolean;
  /** A PostgreSQL URL to keep the workspace in instead of its SQLite file (else `DATABASE_URL`). */
  readonly databaseUrl?: string;
  /** `provider:name` of the embedding model (else config.json, else `FOOTNOTE_EMBEDDING_MODEL`). */
  readonly embeddingModel?: string;
  /** The embedding model's API endpoint (else config.json, else `FOOTNOTE_EMBEDDING_BASE_URL`). */
  readonly embeddingBaseUrl?: string;
}

export const parseLimit = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SEARCH_LIMIT) {
    throw new InvalidArgumentError(
      `expected an integer from 1 to ${MAX_SEARCH_LIMIT}, got ${JSON.stringify(value)}`,
    );
  }
  return n;
};

export const parseKinds = (value: string, previous: DocumentKind[] = []): DocumentKind[] => {
  const kinds = value.split(',').map((k) => k.trim());
  for (const kind of kinds) {
    if (!(DOCUMENT_KINDS as readonly string[]).includes(kind)) {
      throw new InvalidArgumentError(
        `expected one of ${DOCUMENT_KINDS.join(', ')}, got ${JSON.stringify(kind)}`,
      );
    }
  }
  return [...previous, ...(kinds as DocumentKind[])];
};

export const writeJson = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

/** `search --mode`: lexical, vector or hybrid. */
export const parseSearchMode = (value: string): SearchMode => {
  if (!(SEARCH_MODES as readonly string[]).includes(value))
    throw new InvalidArgumentError(
      `expected ${SEARCH_MODES.join(', ')}, got ${JSON.stringify(value)}`,
    );
  return value as SearchMode;
};

/** The JSON shape of one search hit, as documented for `search --json`. */
export const resultJson = (r: ChunkSearchResult) => ({
  documentId: r.documentId,
  path: r.path,
  title: r.title,
  kind: r.kind,
  chunkId: r.chunkId,
  score: r.score,
  excerpt: r.excerpt,
  start: r.start,
  end: r.end,
  page: r.page,
  section: r.section,
  headingPath: r.headingPath,
  status: r.status,
  signals: r.signals,
  ranks: r.ranks,
});

export async function withWorkspace<T>(
  options: CommonOptions,
  work: (ws: OpenWorkspace) => Promise<T>,
): Promise<T> {
  const workspace = await openWorkspace(options.workspace, {
    databaseUrl: databaseUrlOf(options),
    embeddingModel: options.embeddingModel,
    embeddingBaseUrl: options.embeddingBaseUrl,
  });
  try {
    return await work(workspace);
  } finally {
    await workspace.close();
  }
}

/** `--embedding-model` and `--embedding-base-url`, on every command that opens a workspace. */
export const withEmbeddingOptions = (command: Command) =>
  command
    .option(
      '--embedding-model <provider:name>',
      'embedding model for vector and hybrid search, e.g. ollama:nomic-embed-text (default: embeddingModel in .footnote/config.json, else FOOTNOTE_EMBEDDING_MODEL; none: lexical only)',
    )
    .option(
      '--embedding-base-url <url>',
      "the embedding model's API, e.g. http://127.0.0.1:11434/v1 (default: embeddingBaseUrl in config.json, else FOOTNOTE_EMBEDDING_BASE_URL)",
    );

export const withCommonOptions = (command: Command) =>
  withEmbeddingOptions(
    command
      .addOption(
        new Option('-w, --workspace <dir>', 'workspace folder').default(
          process.cwd(),
          'current folder',
        ),
      )
      .option('--json', 'print machine-readable JSON on stdout')
      .option(
        '--database-url <url>',
        'keep the workspace in this PostgreSQL database instead of .footnote/footnote.db (default: DATABASE_URL)',
      ),
  );

export const parseCount = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100) {
    throw new InvalidArgumentError(
      `expected an integer from 1 to 100, got ${JSON.stringify(value)}`,
    );
  }
  return n;
};

/** `--history`: earlier messages sent at most; 0 sends none. */
export const parseHistoryMessages = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 1000) {
    throw new InvalidArgumentError(
      `expected an integer from 0 to 1000, got ${JSON.stringify(value)}`,
    );
  }
  return n;
};

export const parseTokens = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 256 || n > 10_000_000) {
    throw new InvalidArgumentError(
      `expected a token count from 256 to 10000000, got ${JSON.stringify(value)}`,
    );
  }
  return n;
};

export const parseMode = (value: string): ChatMode => {
  if (value !== 'chat' && value !== 'agent')
    throw new InvalidArgumentError(`expected chat or agent, got ${JSON.stringify(value)}`);
  return value;
};

export const parseTrigger = (value: string): SuggestTrigger => {
  if (value !== '[[' && value !== '@')
    throw new InvalidArgumentError(`expected '[[' or '@', got ${JSON.stringify(value)}`);
  return value;
};

export interface BatchLine {
  readonly id: string;
  readonly line: number;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** Reads a JSONL batch file; each line must hold an `id` and the string field `field`. */
export async function readBatch(
  file: string,
  field: string,
  optional: readonly string[] = [],
): Promise<BatchLine[]> {
  const out: BatchLine[] = [];
  const stream = createReadStream(file, 'utf8');
  const failed = new Promise<never>((_, reject) =>
    stream.on('error', (error) =>
      reject(new UsageError(`cannot read batch file ${file}: ${error.message}`)),
    ),
  );
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  const read = (async () => {
    let n = 0;
    for await (const raw of lines) {
      n++;
      if (!raw.trim()) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw new UsageError(`${file}:${n}: not JSON`);
      }
      const fields = (parsed ?? {}) as Record<string, unknown>;
      const id = fields.id;
      const shape = `{"id": string, "${field}": string${optional.map((o) => `, "${o}"?: string`).join('')}}`;
      if ((typeof id !== 'string' && typeof id !== 'number') || typeof fields[field] !== 'string') {
        throw new UsageError(`${file}:${n}: expected ${shape}`);
      }
      for (const name of optional) {
        if (
          fields[name] !== undefined &&
          fields[name] !== null &&
          typeof fields[name] !== 'string'
        ) {
          throw new UsageError(`${file}:${n}: expected ${shape}`);
        }
      }
      out.push({ id: String(id), line: n, fields });
    }
    return out;
  })();
  return Promise.race([read, failed]);
}
