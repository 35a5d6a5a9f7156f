import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TextEmbedder } from '../../core/chunk-vectors.ts';
import {
  openWorkspaceStores,
  sqliteDatabasePath,
  type WorkspaceStores,
} from '../../store/index.ts';
import {
  type EmbedReport,
  embedWorkspace,
  type IndexOptions,
  type IndexReport,
  indexLimitsFromEnv,
  indexWorkspace,
} from '../../workspace/index.ts';
import { type EmbeddingFlags, embedderOf } from './embedding-config.ts';
import { createProgressBar } from './progress-bar.ts';
import { UsageError } from './usage-error.ts';

/** An opened workspace: its folder, its stores (documents, sessions, users, vectors) and its embedding model. */
export interface OpenWorkspace extends WorkspaceStores {
  readonly root: string;
  /** The configured embedding model (flags, config.json, environment); null → lexical search only. */
  readonly embedder: TextEmbedder | null;
}

/** Where a workspace keeps its embedded database. */
export const databasePath = sqliteDatabasePath;

/** The PostgreSQL URL a command uses: `--database-url`, else `DATABASE_URL`; none means SQLite. */
export const databaseUrlOf = (options: { readonly databaseUrl?: string | undefined }) =>
  options.databaseUrl || process.env.DATABASE_URL || undefined;

/** The absolute path of a workspace folder, or a usage error when there is no such folder. */
export function assertWorkspaceFolder(dir: string): string {
  const root = resolve(dir);
  let isDir = false;
  try {
    isDir = statSync(root).isDirectory();
  } catch {
    // reported below
  }
  if (!isDir) throw new UsageError(`workspace folder not found: ${dir}`);
  return root;
}

/**
 * Opens the workspace folder's stores, checking the folder exists first: on PostgreSQL when a
 * database URL is given, else in the folder's SQLite file. The embedding model is resolved
 * first, so a bad spec fails before anything is opened.
 */
export async function openWorkspace(
  dir: string,
  options: { readonly databaseUrl?: string | undefined } & EmbeddingFlags = {},
): Promise<OpenWorkspace> {
  const root = assertWorkspaceFolder(dir);
  const embedder = embedderOf(root, options);
  return { root, embedder, ...(await openWorkspaceStores(root, options)) };
}

/** What {@link refreshIndex} did: the index run, and the embedding pass when a model is configured. */
export interface RefreshReport extends IndexReport {
  /** The embedding pass; absent without an embedding model. */
  readonly embedding?: EmbedReport;
  /** Why the embedding pass failed (one line); the lexical index is kept. */
  readonly embeddingError?: string;
}

/** Options of {@link refreshIndex}. */
export interface RefreshOptions extends IndexOptions {
  readonly quiet?: boolean;
  /**
   * Told the one-line message when the embedding pass fails (the report's `embeddingError` holds
   * it too), so the command goes on lexically. @default a warning on stderr
   */
  readonly onEmbeddingError?: (message: string) => void;
}

/**
 * Runs an incremental index with a progress bar on stderr (when it is a terminal), with the
 * reader limits of the `FOOTNOTE_READ*` variables. On PostgreSQL it holds the workspace's index
 * lease (waiting while a server indexes), and servers rebuild their caches when it changed. With
 * an embedding model it then embeds the chunks that have no vector yet (bar "embedding"); a failing
 * embedding model leaves the lexical index as it is, reported, not thrown.
 */
export async function refreshIndex(
  workspace: OpenWorkspace,
  options: RefreshOptions = {},
): Promise<RefreshReport> {
  const bar = options.quiet ? null : createProgressBar(process.stderr, 'indexing');
  const index = () =>
    indexWorkspace(workspace.root, workspace.store, {
      ...indexLimitsFromEnv(process.env),
      ...options,
      onProgress: (p) => bar?.update(p.done, p.total, p.path),
    });
  let report: IndexReport;
  try {
    const leased = await workspace.indexLease.run(index, {
      wait: true,
      changed: (r) => r.added + r.updated + r.renamed + r.deleted > 0,
    });
    // Waiting for the lease means this process runs the index: there is always a report.
    report = leased ?? (await index());
  } finally {
    bar?.done();
  }
  if (workspace.embedder === null) return report;
  try {
    return { ...report, embedding: await embedChunks(workspace, workspace.embedder, options) };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (options.onEmbeddingError) options.onEmbeddingError(message);
    else process.stderr.write(`footnote: ${message}; searching by words only\n`);
    return { ...report, embeddingError: message };
  }
}

/** The embedding pass of {@link refreshIndex}, with its own progress bar. */
async function embedChunks(
  workspace: OpenWorkspace,
  embedder: TextEmbedder,
  options: RefreshOptions,
): Promise<EmbedReport> {
  const bar = options.quiet ? null : createProgressBar(process.stderr, 'embedding');
  try {
    return await embedWorkspace(workspace.vectors, embedder, {
      onProgress: (p) => bar?.update(p.done, p.total, embedder.model),
      ...(options.signal && { signal: options.signal }),
    });
  } finally {
    bar?.done();
  }
}
