import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  openWorkspaceStores,
  sqliteDatabasePath,
  type WorkspaceStores,
} from '../../store/index.ts';
import {
  type IndexOptions,
  type IndexReport,
  indexLimitsFromEnv,
  indexWorkspace,
} from '../../workspace/index.ts';
import { createProgressBar } from './progress-bar.ts';
import { UsageError } from './usage-error.ts';

/** An opened workspace: its folder and its stores (documents, sessions, users). */
export interface OpenWorkspace extends WorkspaceStores {
  readonly root: string;
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
 * database URL is given, else in the folder's SQLite file.
 */
export async function openWorkspace(
  dir: string,
  options: { readonly databaseUrl?: string | undefined } = {},
): Promise<OpenWorkspace> {
  const root = assertWorkspaceFolder(dir);
  return { root, ...(await openWorkspaceStores(root, options)) };
}

/**
 * Runs an incremental index with a progress bar on stderr (when it is a terminal), with the
 * reader limits of the `FOOTNOTE_READ*` variables. On PostgreSQL it holds the workspace's index
 * lease (waiting while a server indexes), and servers rebuild their caches when it changed.
 */
export async function refreshIndex(
  workspace: OpenWorkspace,
  options: { readonly quiet?: boolean } & IndexOptions = {},
): Promise<IndexReport> {
  const bar = options.quiet ? null : createProgressBar(process.stderr, 'indexing');
  const index = () =>
    indexWorkspace(workspace.root, workspace.store, {
      ...indexLimitsFromEnv(process.env),
      ...options,
      onProgress: (p) => bar?.update(p.done, p.total, p.path),
    });
  try {
    const report = await workspace.indexLease.run(index, {
      wait: true,
      changed: (r) => r.added + r.updated + r.renamed + r.deleted > 0,
    });
    // Waiting for the lease means this process runs the index: there is always a report.
    return report ?? (await index());
  } finally {
    bar?.done();
  }
}
