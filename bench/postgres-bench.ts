import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { DocumentStore } from '../src/core/index.ts';
import { searchWorkspace } from '../src/search/index.ts';
import { PostgresDatabase, PostgresStore, SqliteStore } from '../src/store/index.ts';
import { startOpenAIStubServer } from '../src/testing/openai-stub-server.ts';
import { copySampleWorkspace } from '../src/testing/run-footnote.ts';
import { indexWorkspace } from '../src/workspace/index.ts';
import { evaluateRanker } from './evaluate-ranker.ts';
import { footnoteRanker } from './footnote-ranker.ts';
import { generateVault, vaultQueries } from './generate-vault.ts';
import { loadCranfield, missingCranfield } from './load-cranfield.ts';
import { logProgress } from './log-progress.ts';
import { type ServeProcess, startServeProcess } from './serve-process.ts';
import {
  type LatencyMs,
  latency,
  reportProblems,
  runServerBench,
  streamedTurn,
} from './server-bench.ts';
import { makeTempDir } from './temp-dirs.ts';
import { writeCranfieldWorkspace } from './write-cranfield-workspace.ts';

/** Options for {@link runPostgresBench}. */
export interface PostgresBenchOptions {
  /** The PostgreSQL server; the bench works in a schema of its own, dropped afterwards. */
  readonly databaseUrl: string;
  /** Notes of the generated vault indexed into both stores. @default 2000 */
  readonly notes?: number;
  /** Where the Cranfield collection is; skipped when it is missing. */
  readonly cranfieldDir: string;
  /** Sequential turns timed for time to first byte. @default 100 */
  readonly sequentialTurns?: number;
  /** Turns started at once over the served processes. @default 200 */
  readonly concurrentTurns?: number;
}

/** Indexing and search on one store. */
export interface StoreFigures {
  readonly indexSeconds: number;
  readonly docsPerSecond: number;
  readonly searchMs: LatencyMs;
}

/** Cranfield on one store: indexing, retrieval quality and per-query time. */
export interface CranfieldFigures {
  readonly docsPerSecond: number;
  readonly ndcgAt10: number;
  readonly searchMs: { readonly p50: number; readonly p99: number };
}

/** Streamed turns started at once against `footnote serve` processes. */
export interface ConcurrentFigures {
  readonly servers: number;
  readonly turns: number;
  readonly seconds: number;
  readonly turnsPerSecond: number;
  readonly firstByteMs: LatencyMs;
  readonly totalMs: LatencyMs;
  readonly errors: number;
}

/** Both stores' figures from one run. */
export interface PostgresBenchResult {
  readonly vault: {
    readonly notes: number;
    readonly queries: number;
    readonly sqlite: StoreFigures;
    readonly postgres: StoreFigures;
  };
  readonly cranfield: {
    readonly docs: number;
    readonly sqlite: CranfieldFigures;
    readonly postgres: CranfieldFigures;
  } | null;
  /** Sequential streamed turns on one in-process server, instant scripted model. */
  readonly firstByte: {
    readonly turns: number;
    readonly sqlite: LatencyMs;
    readonly postgres: LatencyMs;
  };
  /** SQLite: one `footnote serve`; PostgreSQL: two on one database and one folder. */
  readonly concurrent: { readonly sqlite: ConcurrentFigures; readonly postgres: ConcurrentFigures };
}

/** Indexes `root` into `store` and times `queries`; on PostgreSQL the tables are analyzed after the load, as autovacuum soon does. */
async function measureStore(
  root: string,
  docs: number,
  store: DocumentStore,
  queries: readonly string[],
): Promise<StoreFigures> {
  const started = performance.now();
  await indexWorkspace(root, store);
  const indexSeconds = (performance.now() - started) / 1000;
  if (store instanceof PostgresStore) await store.db.query('ANALYZE');
  const times: number[] = [];
  for (const query of queries) {
    const t = performance.now();
    await searchWorkspace(store, query, { limit: 10 });
    times.push(performance.now() - t);
  }
  return { indexSeconds, docsPerSecond: docs / indexSeconds, searchMs: latency(times) };
}

/** Starts `turns` streamed turns at once, spread over `urls` in turn, and times them. */
async function concurrentTurns(urls: readonly string[], turns: number): Promise<ConcurrentFigures> {
  const started = performance.now();
  const timings = await Promise.all(
    Array.from({ length: turns }, (_, i) =>
      streamedTurn(`${urls[i % urls.length]}/api/workspaces/default/chat`),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    servers: urls.length,
    turns,
    seconds,
    turnsPerSecond: turns / seconds,
    firstByteMs: latency(timings.map((t) => t.firstByteMs)),
    totalMs: latency(timings.map((t) => t.totalMs)),
    errors: reportProblems(`${urls.length} server(s)`, timings),
  };
}

/** Runs `footnote serve` processes on copies of the sample with an instant stub model, times concurrent turns over them, stops them. */
async function servedTurns(
  servers: number,
  turns: number,
  databaseUrl?: string,
): Promise<ConcurrentFigures> {
  const stub = await startOpenAIStubServer([], { offScript: () => ({ text: 'Answer [1].' }) });
  const sample = copySampleWorkspace();
  const running: ServeProcess[] = [];
  try {
    // One after the other: the first indexes the folder, the next finds it indexed.
    for (let i = 0; i < servers; i++)
      running.push(
        await startServeProcess({
          workspace: sample.workspace,
          baseUrl: stub.url,
          ...(databaseUrl && { databaseUrl }),
        }),
      );
    const urls = running.map((s) => s.url);
    // A few turns first, so each process has compiled its code and opened its connections.
    for (const url of urls) await streamedTurn(`${url}/api/workspaces/default/chat`);
    return await concurrentTurns(urls, turns);
  } finally {
    for (const server of running) await server.stop();
    await stub.close();
    sample.cleanup();
  }
}

/**
 * Measures SQLite and PostgreSQL side by side in one run: indexing throughput and search latency
 * on a generated vault, Cranfield quality and speed, turn time to first byte, and concurrent turns
 * (PostgreSQL over two `footnote serve` processes sharing the database, SQLite over its one).
 */
export async function runPostgresBench(
  options: PostgresBenchOptions,
): Promise<PostgresBenchResult> {
  const {
    databaseUrl,
    notes = 2000,
    sequentialTurns = 100,
    concurrentTurns: turns = 200,
  } = options;
  const schema = `fn_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const separator = databaseUrl.includes('?') ? '&' : '?';
  const schemaUrl = `${databaseUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const openPostgres = async (workspace: string) =>
    new PostgresStore(await PostgresDatabase.open(schemaUrl, { workspace }));
  try {
    const vaultDir = await makeTempDir('footnote-bench-postgres-');
    let count = 0;
    for (const file of generateVault({ notes })) {
      await mkdir(dirname(join(vaultDir, file.path)), { recursive: true });
      await writeFile(join(vaultDir, file.path), file.content);
      count++;
    }
    const queries = vaultQueries(200);
    logProgress(`postgres: ${count} notes into SQLite`);
    const sqlite = SqliteStore.open(join(vaultDir, '.footnote', 'footnote.db'));
    const vaultSqlite = await measureStore(vaultDir, count, sqlite, queries);
    await sqlite.close();
    logProgress(`postgres: ${count} notes into PostgreSQL`);
    const postgres = await openPostgres(vaultDir);
    const vaultPostgres = await measureStore(vaultDir, count, postgres, queries);
    await postgres.close();

    let cranfield: PostgresBenchResult['cranfield'] = null;
    if (!missingCranfield(options.cranfieldDir)) {
      const collection = await loadCranfield(options.cranfieldDir);
      const root = await makeTempDir('footnote-bench-postgres-cranfield-');
      await writeCranfieldWorkspace(root, collection.docs);
      const figures = async (store: DocumentStore): Promise<CranfieldFigures> => {
        const started = performance.now();
        await indexWorkspace(root, store);
        const seconds = (performance.now() - started) / 1000;
        if (store instanceof PostgresStore) await store.db.query('ANALYZE');
        const test = await evaluateRanker(footnoteRanker(store), collection.queries.test);
        await store.close();
        return {
          docsPerSecond: collection.docs.length / seconds,
          ndcgAt10: test.ndcgAt10,
          searchMs: { p50: test.latencyMs.p50, p99: test.latencyMs.p99 },
        };
      };
      logProgress('postgres: Cranfield into SQLite');
      const onSqlite = await figures(SqliteStore.open(join(root, '.footnote', 'footnote.db')));
      logProgress('postgres: Cranfield into PostgreSQL');
      const onPostgres = await figures(await openPostgres(root));
      cranfield = { docs: collection.docs.length, sqlite: onSqlite, postgres: onPostgres };
    }

    logProgress(`postgres: ${sequentialTurns} sequential turns on each store`);
    const serverOptions = { sequentialTurns, concurrentTurns: 0 };
    const firstByteSqlite = (await runServerBench(serverOptions)).sequential.firstByteMs;
    const firstBytePostgres = (await runServerBench({ ...serverOptions, databaseUrl: schemaUrl }))
      .sequential.firstByteMs;

    logProgress(`postgres: ${turns} concurrent turns, one footnote serve on SQLite`);
    const concurrentSqlite = await servedTurns(1, turns);
    logProgress(`postgres: ${turns} concurrent turns, two footnote serve on PostgreSQL`);
    const concurrentPostgres = await servedTurns(2, turns, schemaUrl);

    return {
      vault: {
        notes: count,
        queries: queries.length,
        sqlite: vaultSqlite,
        postgres: vaultPostgres,
      },
      cranfield,
      firstByte: { turns: sequentialTurns, sqlite: firstByteSqlite, postgres: firstBytePostgres },
      concurrent: { sqlite: concurrentSqlite, postgres: concurrentPostgres },
    };
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
}
