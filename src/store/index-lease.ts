/** Options of one index run under {@link IndexLease.run}. */
export interface IndexRunOptions<T> {
  /**
   * When another process is indexing: false leaves the run to it (it indexes once more when its
   * run ends, so the change that asked for this one is not missed) and answers null; true waits
   * for the lease and runs here (an edit that must see its own write indexed).
   */
  readonly wait: boolean;
  /** Whether a run's result changed the index, so the other processes must rebuild their caches. */
  readonly changed: (result: T) => boolean;
}

/**
 * Who indexes a workspace: one process at a time among those sharing its database, and the
 * others learn when the index has a new version (to rebuild their reference catalogs).
 */
export interface IndexLease {
  /** Runs the index `work` holding the lease; null when it was left to the process that holds it. */
  run<T>(work: () => Promise<T>, options: IndexRunOptions<T>): Promise<T | null>;
  /** Calls `listener` when another process publishes a new index version; returns how to stop. */
  onVersion(listener: (version: number) => void): () => void;
  /**
   * Calls `listener` when a run another process asked for was left undone by a holder that died
   * (its lease expired): this process should index. Returns how to stop.
   */
  onRunRequested(listener: () => void): () => void;
  close(): Promise<void>;
}

/** The lease of a store one process serves (SQLite): every run is this process's own, no one else publishes. */
export function localIndexLease(): IndexLease {
  return {
    run: (work) => work(),
    onVersion: () => () => undefined,
    onRunRequested: () => () => undefined,
    close: async () => undefined,
  };
}
