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
  /** Dropped by its signal while posted to a thread: its outcome, when it comes, is ignored. */
  dropped: boolean;
}

interface Slot {
  readonly worker: Worker;
  ready: boolean;
  /** Reads posted to the thread and not yet answered, in the order it takes them: the first is running. */
  readonly tasks: Task[];
  /** Bytes of the files in `tasks`. */
  bytes: number;
  timer: NodeJS.Timeout | undefined;
  idleTimer: NodeJS.Timeout | undefined;
  timedOut: boolean;
  error: (Error & { code?: string }) | undefined;
}

type WorkerMessage =
  | { readonly ready: true }
  | { readonly id: number; readonly outcome: PackedOutcome };

/** Reads posted to one thread ahead of its answers, so it keeps reading while this thread is busy writing. */
const MAX_POSTED_READS = 1024;
/** Bytes of files posted to one thread ahead, beyond the one it is reading. */
const MAX_POSTED_BYTES = 16 * 1024 * 1024;

/** Copies a view that does not cover its whole buffer: posting a view copies the whole buffer. */
const ownBuffer = (bytes: Uint8Array) =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/**
 * Reads and chunks files on worker threads, each with a heap limit and each read with a time
 * limit, so a file that would exhaust memory or never finish costs one thread and is reported,
 * while the process (a server, say) keeps running. A dead thread is replaced for the next file.
 * Threads start when there is work and leave after a spell of idleness.
 *
 * A thread is handed several small files ahead (up to {@link MAX_POSTED_READS} or
 * {@link MAX_POSTED_BYTES}), so it keeps reading while the thread that asked is busy; it reads
 * them one at a time in order, so the clock of each read starts when the one before it answers,
 * and when the thread dies the file it was reading is the one reported while the files after it
 * are read again on a fresh thread.
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
   * Reads one file on a reader thread; `timeoutMs` counts from when the thread starts on it. When
   * `signal` aborts, the read is dropped (its thread stopped if it was reading it) and the promise
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
        dropped: false,
      };
      signal?.addEventListener('abort', abort, { once: true });
      this.queue.push(task);
      this.pump();
    });
  }

  private abandon(task: Task, reason: unknown): void {
    const waiting = this.queue.indexOf(task);
    if (waiting !== -1) this.queue.splice(waiting, 1);
    const slot = [...this.slots].find((s) => s.tasks.includes(task));
    if (slot?.tasks[0] === task) {
      // The thread is reading it: stop the thread, and read the files posted after it elsewhere.
      clearTimeout(slot.timer);
      this.slots.delete(slot);
      this.requeue(slot.tasks.slice(1));
      slot.tasks.length = 0;
      void slot.worker.terminate();
    } else if (slot) {
      task.dropped = true;
    }
    task.reject(reason);
    this.pump();
  }

  /** Puts reads posted to a thread that will not answer them back at the head of the queue, in order. */
  private requeue(tasks: readonly Task[]): void {
    this.queue.unshift(...tasks.filter((t) => !t.dropped));
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
      for (const task of slot.tasks.splice(0)) if (!task.dropped) task.reject(error);
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  /** Whether `slot` may be posted `task` now: when idle, or ahead within the limits. */
  private takes(slot: Slot, task: Task): boolean {
    if (!slot.ready) return false;
    if (slot.tasks.length === 0) return true;
    return (
      slot.tasks.length < MAX_POSTED_READS &&
      slot.bytes + task.job.bytes.byteLength <= MAX_POSTED_BYTES
    );
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const next = this.queue[0] as Task;
      const slots = [...this.slots];
      const idle = slots.find((s) => s.ready && s.tasks.length === 0);
      if (idle) {
        this.assign(idle, this.queue.shift() as Task);
        continue;
      }
      const starting = slots.filter((s) => !s.ready).length;
      if (this.slots.size < this.size && starting < this.queue.length) {
        this.spawn();
        continue;
      }
      // Every thread is up and busy: post ahead to the least loaded that has room.
      if (starting > 0) return;
      let least: Slot | undefined;
      for (const slot of slots)
        if (this.takes(slot, next) && (!least || slot.tasks.length < least.tasks.length))
          least = slot;
      if (!least) return;
      this.assign(least, this.queue.shift() as Task);
    }
  }

  private spawn(): void {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb },
    });
    const slot: Slot = {
      worker,
      ready: false,
      tasks: [],
      bytes: 0,
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
    slot.tasks.push(task);
    slot.bytes += task.job.bytes.byteLength;
    slot.worker.ref();
    if (slot.tasks.length === 1) this.startClock(slot);
    const request: ReaderRequest = {
      id: task.id,
      job: { ...task.job, bytes: ownBuffer(task.job.bytes) },
    };
    try {
      slot.worker.postMessage(request);
    } catch (error) {
      slot.tasks.pop();
      slot.bytes -= task.job.bytes.byteLength;
      if (slot.tasks.length === 0) clearTimeout(slot.timer);
      task.resolve({ ok: false, failure: 'error', reason: (error as Error).message });
      if (slot.tasks.length === 0) this.rest(slot);
    }
  }

  /** Starts the clock of the read the thread is on now (the first posted). */
  private startClock(slot: Slot): void {
    const task = slot.tasks[0];
    clearTimeout(slot.timer);
    if (!task) return;
    slot.timer = setTimeout(() => {
      slot.timedOut = true;
      void slot.worker.terminate();
    }, task.timeoutMs);
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if ('ready' in message) {
      slot.ready = true;
      this.pump();
      if (slot.tasks.length === 0) this.rest(slot);
      return;
    }
    const task = slot.tasks[0];
    if (task?.id !== message.id) return;
    slot.tasks.shift();
    slot.bytes -= task.job.bytes.byteLength;
    this.startClock(slot);
    if (!task.dropped) task.resolve(unpackOutcome(message.outcome));
    this.pump();
    if (slot.tasks.length === 0 && this.slots.has(slot)) this.rest(slot);
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
    const [task, ...rest] = slot.tasks.splice(0);
    if (this.closed) return;
    if (task) {
      this.requeue(rest);
      if (!task.dropped) task.resolve(this.failureOf(slot, code, task));
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
