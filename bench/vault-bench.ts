import { appendFile, mkdir, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { searchWorkspace } from '../src/search/index.ts';
import { SqliteStore } from '../src/store/index.ts';
import { type IndexReport, indexWorkspace } from '../src/workspace/index.ts';
import { type ContextBenchResult, runContextBench } from './context-bench.ts';
import { databaseBytes } from './database-bytes.ts';
import { generateEntities } from './generate-entities.ts';
import { generateVault, type VaultOptions, vaultEdit, vaultQueries } from './generate-vault.ts';
import { logProgress } from './log-progress.ts';
import { mean, percentile } from './metrics.ts';
import { type PlainFts5Insert, plainFts5Insert } from './plain-fts5-insert.ts';
import { type ReferenceBenchResult, runReferenceBench } from './reference-bench.ts';
import { makeTempDir } from './temp-dirs.ts';
import { processPeakRss, trackPeakRss } from './track-peak-rss.ts';

/** Options for {@link runVaultBench}. */
export interface VaultBenchOptions extends VaultOptions {
  /** Files edited (and, separately, only touched) before the incremental re-index runs. @default 100 */
  readonly changedFiles?: number;
  /** Search queries timed against the indexed vault. @default 200 */
  readonly searchQueries?: number;
}

/** One index run: wall time, what the indexer reported, and the resident-memory peak during it. */
export interface IndexRun {
  readonly seconds: number;
  readonly docsPerSecond: number;
  /** Megabytes (10^6 bytes) of the vault's Markdown per second. */
  readonly megabytesPerSecond: number;
  readonly peakRssBytes: number;
  readonly report: Omit<IndexReport, 'problems'> & { readonly problems: number };
}

/** Everything the generated-vault section measured. */
export interface VaultBenchResult {
  readonly notes: number;
  readonly folders: number;
  readonly bytes: number;
  readonly generateSeconds: number;
  readonly fullIndex: IndexRun;
  /** The same files inserted whole into a plain FTS5 table: the floor for {@link fullIndex}. */
  readonly plainFts5: PlainFts5Insert;
  readonly noChange: IndexRun;
  /** One file edited: the re-index must cost about one file, not the vault. */
  readonly modifiedOne: IndexRun & { readonly files: number };
  /** mtime changed, content not: the indexer must hash, find no change, and write nothing but the new mtime. */
  readonly touched: IndexRun & { readonly files: number };
  readonly modified: IndexRun & { readonly files: number };
  readonly databaseBytes: number;
  readonly search: {
    readonly queries: number;
    readonly limit: number;
    readonly latencyMs: { readonly p50: number; readonly p99: number; readonly mean: number };
  };
  /** Parse + resolve and autocomplete latency on the indexed vault. */
  readonly references: ReferenceBenchResult;
  /** Context assembly for a turn with references, entities and retrieved chunks. */
  readonly context: ContextBenchResult;
  /** Resident memory when the section started: what earlier sections left behind. */
  readonly rssBeforeBytes: number;
  readonly processPeakRssBytes: number;
}

async function timedIndex(
  root: string,
  store: SqliteStore,
  notes: number,
  bytes: number,
  showProgress = false,
): Promise<IndexRun> {
  const rss = trackPeakRss();
  const started = performance.now();
  const report = await indexWorkspace(root, store, {
    onProgress: ({ done, total }) => {
      if (showProgress && done % 2000 === 0) logProgress(`vault: indexed ${done}/${total}`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    docsPerSecond: notes / seconds,
    megabytesPerSecond: bytes / 1e6 / seconds,
    peakRssBytes: rss.stop(),
    report: { ...report, problems: report.problems.length },
  };
}

/** Writes the generated vault under `root`; returns the note paths in order, the folder count and the bytes written. */
async function writeGeneratedVault(root: string, options: VaultOptions) {
  const paths: string[] = [];
  const folders = new Set<string>();
  let bytes = 0;
  for (const file of generateVault(options)) {
    const folder = dirname(file.path);
    if (!folders.has(folder)) {
      folders.add(folder);
      await mkdir(join(root, folder), { recursive: true });
    }
    await writeFile(join(root, file.path), file.content);
    paths.push(file.path);
    bytes += Buffer.byteLength(file.content);
  }
  return { paths, folders: folders.size, bytes };
}

/**
 * Measures indexing at vault scale on a generated Obsidian-style vault: a full index, a re-index
 * with nothing changed, one after touching files, one after editing files, and search latency.
 */
export async function runVaultBench(options: VaultBenchOptions = {}): Promise<VaultBenchResult> {
  const { changedFiles = 100, searchQueries = 200, ...vaultOptions } = options;
  const rssBeforeBytes = process.memoryUsage.rss();
  const root = await makeTempDir('footnote-bench-vault-');
  const generateStarted = performance.now();
  const { paths, folders, bytes } = await writeGeneratedVault(root, vaultOptions);
  const generateSeconds = (performance.now() - generateStarted) / 1000;
  const notes = paths.length;
  logProgress(
    `vault: generated ${notes} notes in ${folders} folders (${(bytes / 1e6).toFixed(1)} MB) in ${generateSeconds.toFixed(1)} s`,
  );

  const dbPath = join(root, '.footnote', 'footnote.db');
  const store = SqliteStore.open(dbPath);
  try {
    const fullIndex = await timedIndex(root, store, notes, bytes, true);
    logProgress(
      `vault: full index ${fullIndex.seconds.toFixed(1)} s (${fullIndex.docsPerSecond.toFixed(0)} notes/s)`,
    );
    const plainFts5 = plainFts5Insert(root, paths, join(root, '.footnote', 'plain-fts5.db'));
    logProgress(`vault: plain FTS5 bulk insert ${plainFts5.seconds.toFixed(2)} s`);
    const noChange = await timedIndex(root, store, notes, bytes);
    logProgress(`vault: no-change re-index ${noChange.seconds.toFixed(2)} s`);

    const step = Math.max(2, Math.floor(notes / changedFiles));
    const pick = (offset: number) =>
      paths.filter((_, i) => i % step === offset).slice(0, changedFiles);
    const touchedPaths = pick(Math.floor(step / 2));
    const longAgo = new Date(Date.UTC(2021, 0, 1));
    for (const path of touchedPaths) await utimes(join(root, path), longAgo, longAgo);
    const touched = {
      files: touchedPaths.length,
      ...(await timedIndex(root, store, notes, bytes)),
    };
    logProgress(
      `vault: re-index after touching ${touched.files} files ${touched.seconds.toFixed(2)} s`,
    );

    const modifiedPaths = pick(0);
    const [onePath = ''] = pick(1);
    await appendFile(join(root, onePath), vaultEdit(modifiedPaths.length, vaultOptions));
    const modifiedOne = { files: 1, ...(await timedIndex(root, store, notes, bytes)) };
    logProgress(`vault: re-index after editing 1 file ${modifiedOne.seconds.toFixed(2)} s`);

    for (const [n, path] of modifiedPaths.entries())
      await appendFile(join(root, path), vaultEdit(n, vaultOptions));
    const modified = {
      files: modifiedPaths.length,
      ...(await timedIndex(root, store, notes, bytes)),
    };
    logProgress(
      `vault: re-index after editing ${modified.files} files ${modified.seconds.toFixed(2)} s`,
    );

    const queries = vaultQueries(searchQueries, vaultOptions);
    const limit = 10;
    for (const query of queries.slice(0, 5)) await searchWorkspace(store, query, { limit });
    const latencies: number[] = [];
    for (const query of queries) {
      const started = performance.now();
      await searchWorkspace(store, query, { limit });
      latencies.push(performance.now() - started);
    }
    logProgress(
      `vault: ${queries.length} searches, p50 ${percentile(latencies, 50).toFixed(2)} ms`,
    );

    const references = await runReferenceBench(store);
    for (const file of generateEntities(paths)) {
      await mkdir(dirname(join(root, file.path)), { recursive: true });
      await writeFile(join(root, file.path), file.content);
    }
    await indexWorkspace(root, store);
    const context = await runContextBench(store);

    return {
      notes,
      folders,
      references,
      context,
      bytes,
      generateSeconds,
      fullIndex,
      plainFts5,
      noChange,
      modifiedOne,
      touched,
      modified,
      databaseBytes: await databaseBytes(dbPath),
      search: {
        queries: queries.length,
        limit,
        latencyMs: {
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          mean: mean(latencies),
        },
      },
      rssBeforeBytes,
      processPeakRssBytes: processPeakRss(),
    };
  } finally {
    await store.close();
  }
}
