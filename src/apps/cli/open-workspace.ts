import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SqliteStore } from '../../store/index.ts';
import {
  type IndexOptions,
  type IndexReport,
  indexLimitsFromEnv,
  indexWorkspace,
} from '../../workspace/index.ts';
import { createProgressBar } from './progress-bar.ts';
import { UsageError } from './usage-error.ts';

/** An opened workspace: its folder and its store. */
export interface OpenWorkspace {
  readonly root: string;
  readonly store: SqliteStore;
}

/** Where a workspace keeps its database. */
export const databasePath = (root: string) => join(root, '.footnote', 'footnote.db');

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

/** Opens the workspace folder's embedded store, checking the folder exists first. */
export function openWorkspace(dir: string): OpenWorkspace {
  const root = assertWorkspaceFolder(dir);
  return { root, store: SqliteStore.open(databasePath(root)) };
}

/**
 * Runs an incremental index with a progress bar on stderr (when it is a terminal), with the
 * reader limits of the `FOOTNOTE_READ*` variables.
 */
export async function refreshIndex(
  workspace: OpenWorkspace,
  options: { readonly quiet?: boolean } & IndexOptions = {},
): Promise<IndexReport> {
  const bar = options.quiet ? null : createProgressBar(process.stderr, 'indexing');
  try {
    return await indexWorkspace(workspace.root, workspace.store, {
      ...indexLimitsFromEnv(process.env),
      ...options,
      onProgress: (p) => bar?.update(p.done, p.total, p.path),
    });
  } finally {
    bar?.done();
  }
}
