import { watch } from 'node:fs';
import type { DocumentStore } from '../core/index.ts';
import { type IndexOptions, type IndexReport, indexWorkspace } from './index-workspace.ts';

/** Options for {@link watchWorkspace}. */
export interface WatchOptions extends IndexOptions {
  /** Quiet time after the last change before re-indexing. @default 250 */
  readonly debounceMs?: number;
  /** Called after every re-index, with what changed. */
  readonly onReport?: (report: IndexReport) => void;
  readonly onError?: (error: unknown) => void;
  /**
   * Runs one re-index instead of `indexWorkspace` here (a server that shares the index with other
   * processes runs it under their lease); null when it was left to another process.
   */
  readonly index?: () => Promise<IndexReport | null>;
}

/**
 * Keeps the index current while files change: batches filesystem events, then runs an
 * incremental index. Runs never overlap; a change during a run triggers one more run.
 * Resolves when `signal` aborts, after the run under way has stopped (a read in progress is
 * dropped, its reader thread stopped).
 */
export async function watchWorkspace(
  root: string,
  store: DocumentStore,
  options: WatchOptions = {},
): Promise<void> {
  const { debounceMs = 250, onReport, onError, signal, index, ...indexOptions } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = runAll();
  };
  const runAll = async () => {
    try {
      do {
        again = false;
        const report = index
          ? await index()
          : await indexWorkspace(root, store, { ...indexOptions, signal });
        if (report) onReport?.(report);
      } while (again && !signal?.aborted);
    } catch (error) {
      if (!signal?.aborted) onError?.(error);
    } finally {
      running = null;
    }
  };

  const watcher = watch(root, { recursive: true, signal }, (_event, name) => {
    const path = String(name ?? '');
    if (path.split(/[\\/]/).some((part) => part.startsWith('.'))) return;
    clearTimeout(timer);
    timer = setTimeout(run, debounceMs);
  });
  await new Promise<void>((resolve) => {
    watcher.on('close', resolve);
    watcher.on('error', (error) => {
      if (!signal?.aborted) onError?.(error);
      resolve();
    });
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      watcher.close();
    });
  });
  await running;
}
