import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { FootnoteError } from '../core/index.ts';
import {
  type PackedOutcome,
  type ReadJob,
  type ReadJobOutcome,
  unpackOutcome,
} from './read-and-chunk.ts';
import type { ReaderRequest } from './read-worker.ts';

/** Why a reader thread gave no outcome: it ran out of memory, out of time, or stopped otherwise. */
export type ReaderFailure = 'memory' | 'time' | 'crash';

/** What reading one file in the pool gave: the reader's own outcome, or why its thread died. */
export type PoolOutcome =
  | ReadJobOutcome
  | { readonly ok: false; readonly failure: ReaderFailure; readonly reason: string };

/** Options for {@link DocumentReaderPool}. */
export interface ReaderPoolOptions {
  /** Reader threads at most. @default {@link defaultReaderCount} */
  readonly size?: number;
  /** Old-generation heap limit of each thread, in MiB; a read that needs more fails alone. @default 512 */
  readonly memoryMb?: number;
  /** An idle thread exits after this long (it starts again when needed). @default 30000 */
  readonly idleMs?: number;
}

/** The heap limit of a reader thread unless configured. */
export const DEFAULT_READER_MEMORY_MB = 512;

/** As many readers as cores, less one for the main thread (which hashes and writes), from 1 to 4. */
export const defaultReaderCount = (): number =>
  Math.max(1, Math.min(availableParallelism() - 1, 4));

/** A reader thread died before it was ready, so nothing can be read (for instance a heap limit too small to load the readers). */
export class ReaderStartError extends FootnoteError {
  readonly memoryMb: number;

  constructor(memoryMb: number, detail: string) {
    super(
      'reader_start_failed',
      `the index reader thread could not start (heap limit ${memoryMb} MiB): ${detail}`,
    );
    this.name = 'ReaderStartError';
    this.memoryMb = memoryMb;
  }
}

/** A read was asked of, or was waiting in, a pool that has been closed. */
export class ReaderPoolClosedError extends FootnoteError {
  constructor() {
    super('reader_pool_closed', 'the index reader pool was closed');
    this.name = 'ReaderPoolClosedError';
  }
}

/** The worker script beside this module: `.ts` when run from the sources, `.js` in the built package. */
const WORKER_URL = new URL(`./read-worker${extname(import.meta.url)}`, import.meta.url);

interface Task {
  readonly id: number;
  readonly job: ReadJob;
  readonly timeoutMs: number;
  readonly resolve: (outcome: PoolOutcome) => void;
  readonly reject: (error: unknown) => void;
}

interface Slot {
  readonly worker: Worker;
  ready: boolean;
  task: Task | null;
  timer: NodeJS.Timeout | undefined;
  idleTimer: NodeJS.Timeout | undefined;
  timedOut: boolean;
  error: (Error & { code?: string }) | undefined;
}

type WorkerMessage =
  | { readonly ready: true }
  | { readonly id: number; readonly outcome: PackedOutcome };

/** Copies a view that does not cover its whole buffer: posting a view copies the whole buffer. */
const ownBuffer = (bytes: Uint8Array) =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/**
 * Reads and chunks files on worker threads, each with a heap limit and each read with a time
 * limit, so a file that would exhaust memory or never finish costs one thread and is reported,
 * while the process (a server, say) keeps running. A dead thread is replaced for the next file.
 * Threads start when there is work and leave after a spell of idleness.
 */
export class DocumentReaderPool {
  readonly size: number;
  readonly memoryMb: number;
  private readonly idleMs: number;
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 0;
  private closed = false;

  constructor(options: ReaderPoolOptions = {}) {
    this.size = options.size ?? defaultReaderCount();
    this.memoryMb = options.memoryMb ?? DEFAULT_READER_MEMORY_MB;
    this.idleMs = options.idleMs ?? 30_000;
  }

  /**
   * Reads one file on a reader thread; `timeoutMs` counts from when a thread takes it. When
   * `signal` aborts, the read is dropped (its thread stopped if it had started) and the promise
   * rejects with the signal's reason.
   */
  read(job: ReadJob, timeoutMs: number, signal?: AbortSignal): Promise<PoolOutcome> {
    if (this.closed) return Promise.reject(new ReaderPoolClosedError());
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const abort = () => this.abandon(task, signal?.reason);
      const done = () => signal?.removeEventListener('abort', abort);
      const task: Task = {
        id: this.nextId++,
        job,
        timeoutMs,
        resolve: (outcome) => {
          done();
          resolve(outcome);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      };
      signal?.addEventListener('abort', abort, { once: true });
      this.queue.push(task);
      this.pump();
    });
  }

  private abandon(task: Task, reason: unknown): void {
    const waiting = this.queue.indexOf(task);
    if (waiting !== -1) this.queue.splice(waiting, 1);
    const slot = [...this.slots].find((s) => s.task === task);
    if (slot) {
      clearTimeout(slot.timer);
      slot.task = null;
      this.slots.delete(slot);
      void slot.worker.terminate();
    }
    task.reject(reason);
    this.pump();
  }

  /** Stops every thread; reads still waiting or running reject with {@link ReaderPoolClosedError}. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new ReaderPoolClosedError();
    for (const task of this.queue.splice(0)) task.reject(error);
    const slots = [...this.slots];
    this.slots.clear();
    for (const slot of slots) {
      clearTimeout(slot.timer);
      clearTimeout(slot.idleTimer);
      slot.task?.reject(error);
      slot.task = null;
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const idle = [...this.slots].find((s) => s.ready && s.task === null);
      if (idle) {
        this.assign(idle, this.queue.shift() as Task);
        continue;
      }
      const starting = [...this.slots].filter((s) => !s.ready).length;
      if (this.slots.size < this.size && starting < this.queue.length) {
        this.spawn();
        continue;
      }
      return;
    }
  }

  private spawn(): void {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb },
    });
    const slot: Slot = {
      worker,
      ready: false,
      task: null,
      timer: undefined,
      idleTimer: undefined,
      timedOut: false,
      error: undefined,
    };
    this.slots.add(slot);
    worker.on('message', (message: WorkerMessage) => this.onMessage(slot, message));
    worker.on('error', (error) => {
      slot.error = error;
    });
    worker.on('exit', (code) => this.onExit(slot, code));
  }

  private assign(slot: Slot, task: Task): void {
    clearTimeout(slot.idleTimer);
    slot.task = task;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      slot.timedOut = true;
      void slot.worker.terminate();
    }, task.timeoutMs);
    const request: ReaderRequest = {
      id: task.id,
      job: { ...task.job, bytes: ownBuffer(task.job.bytes) },
    };
    try {
      slot.worker.postMessage(request);
    } catch (error) {
      this.finish(slot, { ok: false, failure: 'error', reason: (error as Error).message });
    }
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if ('ready' in message) {
      slot.ready = true;
      this.pump();
      if (slot.task === null) this.rest(slot);
      return;
    }
    if (slot.task?.id === message.id) this.finish(slot, unpackOutcome(message.outcome));
  }

  private finish(slot: Slot, outcome: PoolOutcome): void {
    const task = slot.task;
    clearTimeout(slot.timer);
    slot.task = null;
    task?.resolve(outcome);
    this.pump();
    if (slot.task === null && this.slots.has(slot)) this.rest(slot);
  }

  /** An idle thread does not keep the process alive, and leaves after `idleMs`. */
  private rest(slot: Slot): void {
    slot.worker.unref();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      this.slots.delete(slot);
      void slot.worker.terminate();
    }, this.idleMs);
    slot.idleTimer.unref();
  }

  private onExit(slot: Slot, code: number): void {
    const member = this.slots.delete(slot);
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    const task = slot.task;
    slot.task = null;
    if (this.closed) return;
    if (task) {
      task.resolve(this.failureOf(slot, code, task));
    } else if (member && !slot.ready) {
      const detail = slot.error?.message ?? `exit code ${code}`;
      const error = new ReaderStartError(this.memoryMb, detail);
      for (const waiting of this.queue.splice(0)) waiting.reject(error);
    }
    this.pump();
  }

  private failureOf(slot: Slot, code: number, task: Task): PoolOutcome {
    if (slot.timedOut)
      return {
        ok: false,
        failure: 'time',
        reason: `took longer than ${seconds(task.timeoutMs)} to read`,
      };
    if (slot.error?.code === 'ERR_WORKER_OUT_OF_MEMORY')
      return {
        ok: false,
        failure: 'memory',
        reason: `needed more than ${this.memoryMb} MiB to read`,
      };
    const detail = slot.error ? slot.error.message.split('\n')[0] : `exit code ${code}`;
    return { ok: false, failure: 'crash', reason: `the reader thread stopped (${detail})` };
  }
}

const sharedPools = new Map<string, DocumentReaderPool>();

/**
 * The process's pool for this size and heap limit, kept between index runs so a run that reads a
 * few files does not wait for threads to start. Its idle threads never keep the process alive.
 */
export function sharedReaderPool(
  options: Pick<ReaderPoolOptions, 'size' | 'memoryMb'> = {},
): DocumentReaderPool {
  const size = options.size ?? defaultReaderCount();
  const memoryMb = options.memoryMb ?? DEFAULT_READER_MEMORY_MB;
  const key = `${size}:${memoryMb}`;
  let pool = sharedPools.get(key);
  if (!pool) {
    pool = new DocumentReaderPool({ size, memoryMb });
    sharedPools.set(key, pool);
  }
  return pool;
}
