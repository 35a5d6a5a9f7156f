import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { DocumentStore } from '../src/core/index.ts';
import { searchWorkspace } from '../src/search/index.ts';
import { PostgresDatabase, PostgresStore, SqliteStore } from '../src/store/index.ts';
import { indexWorkspace } from '../src/workspace/index.ts';
import { evaluateRanker } from './evaluate-ranker.ts';
import { footnoteRanker } from './footnote-ranker.ts';
import { generateVault, vaultQueries } from './generate-vault.ts';
import { loadCranfield, missingCranfield } from './load-cranfield.ts';
import { logProgress } from './log-progress.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';
import { writeCranfieldWorkspace } from './write-cranfield-workspace.ts';

const USAGE = `usage: node bench/store-bench.ts [--notes N] [--database-url URL]

Indexes the same workspaces into SQLite and PostgreSQL and prints indexing throughput, search
latency (p50/p99) and, on Cranfield, nDCG@10 for both stores side by side. PostgreSQL work
happens in a fresh schema that is dropped afterwards.`;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface StoreFigures {
  readonly indexSeconds: number;
  readonly docsPerSecond: number;
  readonly searchP50Ms: number;
  readonly searchP99Ms: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Indexes `root`; on PostgreSQL then analyzes the tables, as autovacuum soon does after a bulk load. */
async function index(root: string, store: DocumentStore): Promise<number> {
  const started = performance.now();
  await indexWorkspace(root, store);
  const seconds = (performance.now() - started) / 1000;
  if (store instanceof PostgresStore) await store.db.query('ANALYZE');
  return seconds;
}

async function measure(
  root: string,
  docs: number,
  store: DocumentStore,
  queries: readonly string[],
): Promise<StoreFigures> {
  const indexSeconds = await index(root, store);
  const times: number[] = [];
  for (const query of queries) {
    const t = performance.now();
    await searchWorkspace(store, query, { limit: 10 });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return {
    indexSeconds,
    docsPerSecond: docs / indexSeconds,
    searchP50Ms: percentile(times, 50),
    searchP99Ms: percentile(times, 99),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      notes: { type: 'string', default: '2000' },
      'database-url': {
        type: 'string',
        default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const notes = Number(values.notes);
  const url = values['database-url'];
  const schema = `fn_bench_${process.pid}`;
  const results: Record<string, unknown> = {};
  const openPostgres = async (workspace: string) =>
    new PostgresStore(await PostgresDatabase.open(url, { workspace, schema }));
  try {
    // A generated vault: indexing throughput and search latency.
    const vault = await makeTempDir('footnote-bench-stores-');
    let count = 0;
    for (const file of generateVault({ notes })) {
      await mkdir(dirname(join(vault, file.path)), { recursive: true });
      await writeFile(join(vault, file.path), file.content);
      count++;
    }
    const queries = vaultQueries(200);
    logProgress(`stores: wrote ${count} notes; indexing into SQLite`);
    const sqlite = SqliteStore.open(join(vault, '.footnote', 'footnote.db'));
    const vaultSqlite = await measure(vault, count, sqlite, queries);
    await sqlite.close();
    logProgress('stores: indexing into PostgreSQL');
    const postgres = await openPostgres(vault);
    const vaultPostgres = await measure(vault, count, postgres, queries);
    await postgres.close();
    results.vault = { notes: count, sqlite: vaultSqlite, postgres: vaultPostgres };

    // Cranfield: the same retrieval quality from both stores.
    const cranfieldDir = resolve(repoRoot, '../shared/eval/cranfield');
    if (!missingCranfield(cranfieldDir)) {
      const collection = await loadCranfield(cranfieldDir);
      const root = await makeTempDir('footnote-bench-stores-cranfield-');
      await writeCranfieldWorkspace(root, collection.docs);
      const stores = {
        sqlite: SqliteStore.open(join(root, '.footnote', 'footnote.db')) as DocumentStore,
        postgres: (await openPostgres(root)) as DocumentStore,
      };
      const cranfield: Record<string, unknown> = { docs: collection.docs.length };
      for (const [name, store] of Object.entries(stores)) {
        logProgress(`stores: Cranfield on ${name}`);
        const seconds = await index(root, store);
        const test = await evaluateRanker(footnoteRanker(store), collection.queries.test);
        cranfield[name] = {
          indexSeconds: seconds,
          docsPerSecond: collection.docs.length / seconds,
          ndcgAt10: test.ndcgAt10,
          recallAt100: test.recallAt100,
          latencyMs: test.latencyMs,
        };
        await store.close();
      }
      results.cranfield = cranfield;
    }
  } finally {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
    await removeTempDirs();
  }
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
}

await main();
