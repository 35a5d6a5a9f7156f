import { resolve } from 'node:path';
import { DocumentSummaries } from '../../chat/index.ts';
import type { ChunkVectorStore, TextEmbedder } from '../../core/chunk-vectors.ts';
import {
  createKeyedQueue,
  type DocumentStore,
  loadReferenceCatalog,
  type RateLimit,
  type RateLimiter,
  type ReferenceCatalog,
  type SessionStore,
  type UserStore,
} from '../../core/index.ts';
import { openWorkspaceStores } from '../../store/index.ts';
import {
  type EmbedReport,
  embedWorkspace,
  type IndexLimits,
  type IndexReport,
  indexWorkspace,
  watchWorkspace,
} from '../../workspace/index.ts';
import { createRateLimiter } from './rate-limiter.ts';

/** One served workspace: its folder, store, sessions, a cached reference catalog and turn locks. */
export interface WorkspaceHandle {
  readonly id: string;
  readonly root: string;
  readonly store: DocumentStore;
  readonly sessions: SessionStore;
  /** Users and their tokens (those of the main workspace authenticate a server's requests). */
  readonly users: UserStore;
  /** One-line summaries of documents, cached per version; model summaries are written in the background. */
  readonly summaries: DocumentSummaries;
  /** Chunk embeddings and nearest-chunk search. */
  readonly vectors: ChunkVectorStore;
  /** The configured embedding model; null → lexical search only. */
  readonly embedder: TextEmbedder | null;
  /**
   * Waits for the embedding pass under way (each index run that changed something starts one in
   * the background, so serving never waits for it); resolves at once without an embedding model.
   */
  embedded(): Promise<void>;
  /** The catalog of the current index version (rebuilt after the index changes). */
  catalog(): Promise<ReferenceCatalog>;
  /** Re-indexes now (after an edit) and drops the cached catalog. */
  reindex(): Promise<void>;
  /**
   * Runs `work` after every earlier piece of work on the same key (one session's turns never
   * interleave), in this process and, on PostgreSQL, in every server sharing the database.
   */
  serialize<T>(key: string, work: () => Promise<T>): Promise<T>;
  /**
   * A per-user turn limit: counted in the database when several servers share it (PostgreSQL),
   * so a user has one allowance in all of them; else in this process's memory.
   */
  turnLimiter(limit: RateLimit): RateLimiter;
  close(): Promise<void>;
}

/** Whether an index run changed anything the reference catalog is built from. */
const changedIndex = (report: IndexReport) =>
  report.added + report.updated + report.renamed + report.deleted > 0;

/** Options for {@link openWorkspaceHandle}. */
export interface WorkspaceHandleOptions {
  /** Keep the index current while files change. @default true */
  readonly watch?: boolean;
  /** Reader threads, their heap limit and the time a file may take (see `IndexOptions`). */
  readonly limits?: IndexLimits;
  /** Called after every index run (the first, re-indexes and the watcher's), to log problems. */
  readonly onIndexReport?: (report: IndexReport) => void;
  /** A PostgreSQL URL to keep the workspace in, instead of its `.footnote/footnote.db`. */
  readonly databaseUrl?: string | undefined;
  /** The embedding model; with one, chunks without a vector are embedded after each index run. */
  readonly embedder?: TextEmbedder | null;
  /** Called after each embedding pass that did something (or the first), to log it. */
  readonly onEmbedReport?: (report: EmbedReport) => void;
  /** Called when an embedding pass fails; the server keeps serving (lexically where vectors are missing). */
  readonly onEmbedError?: (error: unknown) => void;
  /**
   * How often a server sharing its database with others looks for answers another one left
   * streaming when it died, to mark them `interrupted`. @default 5000
   */
  readonly abandonedCheckMs?: number;
}

/**
 * Opens a workspace folder for serving: indexes it, then keeps the index current while files
 * change. Files are read on reader threads (see `indexWorkspace`), so a file that needs too much
 * memory or time is reported and the server keeps answering while it indexes.
 */
export async function openWorkspaceHandle(
  id: string,
  folder: string,
  options: WorkspaceHandleOptions = {},
): Promise<WorkspaceHandle> {
  const root = resolve(folder);
  const stores = await openWorkspaceStores(root, { databaseUrl: options.databaseUrl });
  const { store, sessions, users, vectors } = stores;
  const embedder = options.embedder ?? null;
  const summaries = new DocumentSummaries({ cache: store });
  let catalog: Promise<ReferenceCatalog> | null = null;
  // Closing aborts every run, so a long read does not hold up shutdown.
  const controller = new AbortController();
  const indexOptions = { ...options.limits, signal: controller.signal };
  const lease = stores.indexLease;
  // One embedding pass at a time, in the background; a run asked while one goes runs once after it.
  let embedding: Promise<void> = Promise.resolve();
  let embedPending = false;
  const embedSoon = () => {
    if (embedder === null || embedPending || controller.signal.aborted) return;
    embedPending = true;
    embedding = embedding.then(async () => {
      embedPending = false;
      if (controller.signal.aborted) return;
      try {
        const report = await embedWorkspace(vectors, embedder, { signal: controller.signal });
        options.onEmbedReport?.(report);
      } catch (error) {
        if (!controller.signal.aborted) options.onEmbedError?.(error);
      }
    });
  };
  const indexHere = async () => {
    const report = await indexWorkspace(root, store, indexOptions);
    if (changedIndex(report)) catalog = null;
    options.onIndexReport?.(report);
    return report;
  };
  // Runs of this process go one after another (a failed one does not stop the next); on
  // PostgreSQL each also holds the workspace's lease, so one process indexes at a time.
  let indexing: Promise<unknown> = Promise.resolve();
  const runIndex = (wait: boolean) => {
    const run = indexing
      .catch(() => undefined)
      .then(() => lease.run(indexHere, { wait, changed: changedIndex }));
    indexing = run;
    return run;
  };
  // Another server indexed: its catalog is the new one.
  const stopListening = lease.onVersion(() => {
    catalog = null;
  });
  // A server that died holding the lease left a run undone: index here instead.
  const stopTakingOver = lease.onRunRequested(() => {
    void runIndex(false).catch(() => undefined);
  });
  await runIndex(false);
  // The first pass also finishes what an earlier, interrupted one left (a run of another process too).
  embedSoon();
  const stopChecking =
    stores.backend === 'postgres'
      ? checkAbandonedAnswers(sessions, options.abandonedCheckMs ?? 5_000)
      : () => undefined;
  const turns = createKeyedQueue();
  const watching =
    options.watch === false
      ? Promise.resolve()
      : watchWorkspace(root, store, {
          ...indexOptions,
          index: async () => {
            const report = await runIndex(false);
            if (report && changedIndex(report)) embedSoon();
            return report;
          },
        });
  return {
    id,
    root,
    store,
    sessions,
    users,
    summaries,
    vectors,
    embedder,
    embedded: () => embedding,
    catalog() {
      catalog ??= loadReferenceCatalog(store);
      return catalog;
    },
    async reindex() {
      // After an edit the index must hold the write: wait for another server's run, then run here.
      await runIndex(true);
      catalog = null;
      embedSoon();
    },
    // In this process first, then across the processes sharing the database.
    serialize: (key, work) => turns.run(key, () => stores.exclusive(key, work)),
    turnLimiter: (limit) => stores.sharedRateLimiter(limit) ?? createRateLimiter(limit),
    async close() {
      stopListening();
      stopTakingOver();
      stopChecking();
      controller.abort();
      summaries.close();
      await watching;
      await indexing.catch(() => undefined);
      await embedding;
      await stores.close();
    },
  };
}

/**
 * Marks as `interrupted`, every `everyMs`, the answers left streaming by a server that died while
 * this one runs (its own are left alone); returns how to stop. A check still running is not
 * overlapped by the next.
 */
function checkAbandonedAnswers(sessions: SessionStore, everyMs: number): () => void {
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    sessions
      .interruptAbandoned(new Date().toISOString(), { whileServing: true })
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
