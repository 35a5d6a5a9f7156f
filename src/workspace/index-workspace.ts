import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import {
  type DocumentKind,
  type DocumentStore,
  type EntityTypeSchema,
  type IndexedFileState,
  parseEntityTypeSchema,
} from '../core/index.ts';
import { classifyPath } from './classify-path.ts';
import {
  type DocumentReaderPool,
  type PoolOutcome,
  sharedReaderPool,
} from './document-reader-pool.ts';
import { canReadAsPlainText, type ReadJob } from './read-and-chunk.ts';
import { baseName } from './read-markdown-document.ts';
import { type ScannedFile, scanWorkspace } from './scan-workspace.ts';

/** Options for {@link indexWorkspace}; every limit has a default a normal vault never meets. */
export interface IndexOptions {
  /** Text documents larger than this are skipped and reported. @default 10 MiB */
  readonly maxTextBytes?: number;
  /** PDFs larger than this are skipped and reported. @default 200 MiB */
  readonly maxPdfBytes?: number;
  /** Longest chunk in characters. @default 1600 */
  readonly maxChunkChars?: number;
  /** Documents written per transaction, at most; a transaction also ends past 32 MiB of files. @default 1000 */
  readonly batchSize?: number;
  /**
   * The reader threads that read and chunk changed files. Without it, the process's shared pool
   * for `readerCount` and `readerMemoryMb` ({@link sharedReaderPool}); a long-lived owner (a
   * server, a watcher) passes its own and closes it when done.
   */
  readonly readers?: DocumentReaderPool;
  /** Reader threads, when no pool is passed. @default min(cores − 1, 4), at least 1 */
  readonly readerCount?: number;
  /** Heap limit of each reader thread, in MiB, when no pool is passed. @default 512 */
  readonly readerMemoryMb?: number;
  /** Longest a reader may take over one file before it is stopped. @default 30000 */
  readonly readTimeoutMs?: number;
  /** The same for a PDF, whose text extraction is slower per byte. @default 120000 */
  readonly pdfReadTimeoutMs?: number;
  /** Called after each file, for progress display. */
  readonly onProgress?: (progress: {
    readonly done: number;
    readonly total: number;
    readonly path: string;
  }) => void;
  readonly signal?: AbortSignal;
  /** Clock, injectable for tests. */
  readonly now?: () => Date;
}

/** One file the run could not index, or indexed with a warning. */
export interface IndexProblem {
  readonly path: string;
  readonly reason: string;
  readonly severity: 'skipped' | 'warning';
}

/** What one index run did. Field names are the CLI's `index --json` output. */
export interface IndexReport {
  readonly documents: number;
  readonly chunks: number;
  readonly added: number;
  readonly updated: number;
  readonly renamed: number;
  readonly deleted: number;
  readonly unchanged: number;
  readonly skipped: number;
  readonly ms: number;
  readonly problems: readonly IndexProblem[];
}

/** Whether a file system error says the file is no longer there. */
const isGone = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

async function readHead(path: string, bytes: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Reads every `entities/_types/*.yaml`; a broken declaration is a problem, not a failure. */
async function loadEntityTypes(files: readonly ScannedFile[], problems: IndexProblem[]) {
  const types = new Map<string, EntityTypeSchema>();
  for (const file of files) {
    if (classifyPath(file.path).role !== 'entity-type') continue;
    try {
      const result = parseEntityTypeSchema(
        parseYaml(await readFile(file.absolutePath, 'utf8'), { logLevel: 'error' }),
        baseName(file.path),
      );
      if (!result.ok) {
        problems.push({ path: file.path, reason: result.error, severity: 'skipped' });
        continue;
      }
      for (const warning of result.warnings)
        problems.push({ path: file.path, reason: warning, severity: 'warning' });
      if (types.has(result.schema.type)) {
        problems.push({
          path: file.path,
          reason: `type ${result.schema.type} declared twice`,
          severity: 'skipped',
        });
        continue;
      }
      types.set(result.schema.type, result.schema);
    } catch (error) {
      const reason = `not a valid type schema: ${(error as Error).message.split('\n')[0]}`;
      problems.push({ path: file.path, reason, severity: 'skipped' });
    }
  }
  return types;
}

/** Reads in flight at most per reader thread: enough that a thread keeps reading while this one writes a transaction. */
const READS_PER_READER = 1024;
/** Bytes of changed files written in one transaction, beyond the first file. */
const MAX_BYTES_PER_TRANSACTION = 32 * 1024 * 1024;
/** Bytes of changed files held for reading at once, beyond the first file. */
const MAX_BYTES_IN_FLIGHT = 64 * 1024 * 1024;

/**
 * Brings the store up to date with the workspace folder, touching only what changed:
 * unchanged files are skipped by size and mtime, then by content hash; renames keep their
 * document id; removed files are marked deleted; one bad file never stops the run.
 *
 * Changed files are read and chunked on reader threads (see {@link DocumentReaderPool}), a few
 * at a time, while this thread reads, hashes and writes; results are taken in file order, so the
 * report is the same whatever the number of threads. A file whose reader runs out of memory or
 * time, or throws, is reported and indexed as plain text (a note, post or source) or skipped.
 */
export async function indexWorkspace(
  root: string,
  store: DocumentStore,
  options: IndexOptions = {},
): Promise<IndexReport> {
  const {
    maxTextBytes = 10 * 1024 * 1024,
    maxPdfBytes = 200 * 1024 * 1024,
    maxChunkChars = 1600,
    batchSize = 1000,
    readTimeoutMs = 30_000,
    pdfReadTimeoutMs = 120_000,
    onProgress,
    signal,
    now = () => new Date(),
  } = options;
  const started = performance.now();
  const problems: IndexProblem[] = [];
  const scan = await scanWorkspace(root, signal);
  for (const p of scan.problems) problems.push({ ...p, severity: 'skipped' });

  const entityTypes = await loadEntityTypes(scan.files, problems);
  const schemaHash = sha256(JSON.stringify([...entityTypes.values()]));
  const previousTypes = await store.getEntityTypes();
  const typesChanged = sha256(JSON.stringify(previousTypes)) !== schemaHash;
  if (typesChanged) await store.setEntityTypes([...entityTypes.values()]);

  const states = await store.listFileStates();
  const byPath = new Map<string, IndexedFileState>(states.map((s) => [s.path, s]));
  const candidates: Array<{ file: ScannedFile; kind: DocumentKind }> = [];
  for (const file of scan.files) {
    const role = classifyPath(file.path);
    if (role.role === 'document') candidates.push({ file, kind: role.kind });
  }
  const present = new Set(candidates.map((c) => c.file.path));
  const vanished = states.filter((s) => s.status !== 'deleted' && !present.has(s.path));
  const vanishedByHash = new Map<string, IndexedFileState[]>();
  for (const state of vanished) {
    const list = vanishedByHash.get(state.contentHash) ?? [];
    list.push(state);
    vanishedByHash.set(state.contentHash, list);
  }

  let added = 0;
  let updated = 0;
  let renamed = 0;
  let unchanged = 0;
  let skipped = scan.problems.length;
  let done = 0;
  const pending: Array<() => Promise<void>> = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    pendingBytes = 0;
    const work = pending.splice(0);
    await store.transaction(async () => {
      for (const write of work) await write();
    });
  };

  const readers =
    options.readers ??
    sharedReaderPool({
      ...(options.readerCount !== undefined && { size: options.readerCount }),
      ...(options.readerMemoryMb !== undefined && { memoryMb: options.readerMemoryMb }),
    });
  const read = (job: ReadJob) => {
    const timeout = job.kind === 'pdf' ? pdfReadTimeoutMs : readTimeoutMs;
    const outcome = readers.read(job, timeout, signal);
    // Settled later, in file order, or never if the run stops first: it must not go unhandled.
    outcome.catch(() => undefined);
    return outcome;
  };

  /** Finishes one file: bookkeeping and writes, run strictly in file order. */
  const steps: Array<() => Promise<void>> = [];
  let readsInFlight = 0;
  let bytesInFlight = 0;
  const step = async () => {
    const next = steps.shift();
    if (next) await next();
  };

  /** Takes one finished read: a document to write, or a problem (with a plain-text try). */
  const settle = async (
    file: ScannedFile,
    job: ReadJob,
    outcome: PoolOutcome,
    write: (outcome: Extract<PoolOutcome, { ok: true }>) => void,
  ): Promise<boolean> => {
    if (outcome.ok) {
      for (const warning of outcome.doc.warnings)
        problems.push({ path: file.path, reason: warning, severity: 'warning' });
      write(outcome);
      return true;
    }
    if (outcome.failure === 'content') {
      problems.push({ path: file.path, reason: outcome.reason, severity: 'skipped' });
      return false;
    }
    const why = outcome.failure === 'error' ? `cannot read: ${outcome.reason}` : outcome.reason;
    if (!canReadAsPlainText(job.kind)) {
      problems.push({ path: file.path, reason: why, severity: 'skipped' });
      return false;
    }
    const plain = await read({ ...job, mode: 'plain' });
    if (!plain.ok) {
      problems.push({
        path: file.path,
        reason: `${why}; skipped (as plain text: ${plain.reason})`,
        severity: 'skipped',
      });
      return false;
    }
    problems.push({
      path: file.path,
      reason: `${why}; indexed as plain text`,
      severity: 'warning',
    });
    write(plain);
    return true;
  };

  /** Indexed files deleted after the scan listed them and before they were read. */
  const deletedMidRun: IndexedFileState[] = [];
  const maxReads = readers.size * READS_PER_READER;
  /** Keeps the reader threads busy, holding only so many files in memory, and takes steps that wait on nothing at once. */
  const advance = async () => {
    while (readsInFlight > 0 && (readsInFlight >= maxReads || bytesInFlight > MAX_BYTES_IN_FLIGHT))
      await step();
    while (readsInFlight === 0 && steps.length > 0) await step();
  };

  for (const { file, kind } of candidates) {
    await advance();
    signal?.throwIfAborted();
    const previous = byPath.get(file.path);
    const report = () => onProgress?.({ done: ++done, total: candidates.length, path: file.path });
    const forceEntity = kind === 'entity' && typesChanged;
    if (
      previous &&
      previous.status !== 'deleted' &&
      previous.size === file.size &&
      previous.mtimeMs === file.mtimeMs &&
      !forceEntity
    ) {
      steps.push(async () => {
        unchanged++;
        report();
      });
      continue;
    }
    const limit = kind === 'pdf' ? maxPdfBytes : maxTextBytes;
    try {
      let bytes: Uint8Array;
      if (file.size > limit) {
        if (kind !== 'file') {
          steps.push(async () => {
            problems.push({
              path: file.path,
              reason: `too large (${file.size} bytes; limit ${limit})`,
              severity: 'skipped',
            });
            skipped++;
            report();
          });
          continue;
        }
        bytes = await readHead(file.absolutePath, 64 * 1024);
      } else {
        // One synchronous read: for the small files of a vault, far cheaper than the four
        // asynchronous steps (open, stat, read, close) of readFile, and the writes block anyway.
        bytes = readFileSync(file.absolutePath);
      }
      const contentHash =
        kind === 'entity' ? sha256(`${sha256(bytes)}:${schemaHash}`) : sha256(bytes);
      if (previous && previous.status !== 'deleted' && previous.contentHash === contentHash) {
        steps.push(async () => {
          unchanged++;
          pending.push(() => store.touchFile(previous.id, file.size, file.mtimeMs));
          report();
        });
        continue;
      }
      // The id is settled now, in file order, as chunk ids derive from it.
      let id = previous?.id;
      let moved: IndexedFileState | undefined;
      if (id === undefined) {
        moved = vanishedByHash.get(contentHash)?.shift();
        id = moved?.id ?? randomUUID();
      }
      const documentId = id;
      const job: ReadJob = {
        path: file.path,
        kind,
        bytes,
        documentId,
        maxChunkChars,
        entityTypes: kind === 'entity' ? entityTypes : new Map(),
        mode: 'parse',
      };
      const outcome = read(job);
      readsInFlight++;
      bytesInFlight += bytes.byteLength;
      steps.push(async () => {
        let result: PoolOutcome;
        try {
          result = await outcome;
        } finally {
          readsInFlight--;
          bytesInFlight -= bytes.byteLength;
        }
        const written = await settle(file, job, result, ({ doc, chunks }) => {
          const write = {
            ...doc,
            id: documentId,
            contentHash,
            size: file.size,
            mtimeMs: file.mtimeMs,
            updatedAt: new Date(file.mtimeMs).toISOString(),
          };
          pending.push(() => store.writeDocument(write, chunks));
          pendingBytes += bytes.byteLength;
        });
        if (!written) {
          // The old document under this content stays unclaimed (and is marked deleted below).
          if (moved) vanishedByHash.get(contentHash)?.unshift(moved);
          skipped++;
        } else if (moved) renamed++;
        else if (previous === undefined || previous.status === 'deleted') added++;
        else updated++;
        report();
        if (pending.length >= batchSize || pendingBytes >= MAX_BYTES_PER_TRANSACTION) await flush();
      });
    } catch (error) {
      // Deleted since the scan listed it: gone, as if deleted before the run; an indexed
      // document of it is marked deleted below rather than left searchable.
      if (isGone(error)) {
        steps.push(async () => {
          if (previous && previous.status !== 'deleted') deletedMidRun.push(previous);
          report();
        });
        continue;
      }
      steps.push(async () => {
        problems.push({
          path: file.path,
          reason: `cannot read: ${(error as Error).message}`,
          severity: 'skipped',
        });
        skipped++;
        report();
      });
    }
  }
  while (steps.length > 0) await step();
  await flush();

  const stillMissing = [...vanishedByHash.values()].flat().concat(deletedMidRun);
  if (stillMissing.length > 0) {
    await store.transaction(() =>
      store.markDeleted(
        stillMissing.map((s) => s.id),
        now().toISOString(),
      ),
    );
  }
  const stats = await store.stats();
  return {
    documents: stats.documents,
    chunks: stats.chunks,
    added,
    updated,
    renamed,
    deleted: stillMissing.length,
    unchanged,
    skipped,
    ms: Math.round(performance.now() - started),
    problems,
  };
}
