import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type CranfieldBenchResult, runCranfieldBench } from './cranfield-bench.ts';
import { type EvalBenchResult, runEvalBench } from './eval-bench.ts';
import {
  formatCranfieldReport,
  formatEvalReport,
  formatPostgresReport,
  formatServerReport,
  formatVaultReport,
} from './format-report.ts';
import { logProgress } from './log-progress.ts';
import { type PostgresBenchResult, runPostgresBench } from './postgres-bench.ts';
import { runServerBench, type ServerBenchResult } from './server-bench.ts';
import { removeTempDirs, removeTempDirsSync } from './temp-dirs.ts';
import { runVaultBench, type VaultBenchResult } from './vault-bench.ts';

const USAGE = `usage: node bench/run.ts [--notes N] [--skip-cranfield] [--skip-vault] [--skip-server] [--skip-eval]
                         [--skip-postgres] [--store-notes N] [--database-url URL]

Measures Footnote's indexing speed on a generated vault, the latency and load the HTTP server
adds over an instant model, its retrieval quality and search time on Cranfield against a plain
SQLite FTS5 query and MiniSearch, the offline model's answers and citations on the sample
question set (footnote eval), and SQLite beside PostgreSQL (indexing, search, nDCG@10, turn time
to first byte, concurrent turns over one footnote serve on SQLite and two on PostgreSQL; the
database is --database-url, else DATABASE_URL, else the local test database, in a schema of its
own dropped afterwards). Tables go to stdout, progress to stderr, raw figures to
bench/results/latest.json.`;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The commit measured, so saved figures can be traced back; null outside a git checkout. */
function gitCommit(): { readonly commit: string; readonly dirty: boolean } | null {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: repoRoot,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    return {
      commit: git('rev-parse', 'HEAD').trim(),
      dirty: git('status', '--porcelain').trim() !== '',
    };
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      notes: { type: 'string', default: '10000' },
      'skip-cranfield': { type: 'boolean', default: false },
      'skip-vault': { type: 'boolean', default: false },
      'skip-server': { type: 'boolean', default: false },
      'skip-eval': { type: 'boolean', default: false },
      'skip-postgres': { type: 'boolean', default: false },
      'store-notes': { type: 'string', default: '2000' },
      'database-url': {
        type: 'string',
        default: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
      },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const notes = Number(values.notes);
  if (!Number.isInteger(notes) || notes < 1) {
    throw new Error(`--notes: expected a positive integer, got ${JSON.stringify(values.notes)}`);
  }
  const storeNotes = Number(values['store-notes']);
  if (!Number.isInteger(storeNotes) || storeNotes < 1) {
    throw new Error(
      `--store-notes: expected a positive integer, got ${JSON.stringify(values['store-notes'])}`,
    );
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      removeTempDirsSync();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }

  const started = performance.now();
  const cpuList = cpus();
  const meta = {
    startedAt: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpu: `${cpuList.length} × ${cpuList[0]?.model ?? 'unknown'}`,
    memoryBytes: totalmem(),
    git: gitCommit(),
  };
  process.stdout.write(
    `Footnote benchmark — ${meta.startedAt}, Node ${meta.node}, ${meta.platform}, ${meta.cpu}\n\n`,
  );

  const cranfieldDir = resolve(repoRoot, '../shared/eval/cranfield');
  let cranfield: CranfieldBenchResult | null = null;
  let vault: VaultBenchResult | null = null;
  let server: ServerBenchResult | null = null;
  let answers: EvalBenchResult | null = null;
  let stores: PostgresBenchResult | null = null;
  try {
    // The vault runs first: its memory figures would otherwise include the heap that
    // hundreds of Cranfield queries leave behind (V8 does not hand freed pages back).
    if (!values['skip-vault']) {
      logProgress(`vault: generating ${notes} notes`);
      vault = await runVaultBench({ notes });
      process.stdout.write(`${formatVaultReport(vault)}\n\n`);
    }
    if (!values['skip-server']) {
      logProgress('server: copying the sample workspace and starting the server');
      server = await runServerBench();
      process.stdout.write(`${formatServerReport(server)}\n\n`);
    }
    if (!values['skip-eval']) {
      logProgress('eval: the offline model on examples/eval/questions.jsonl');
      answers = await runEvalBench();
      process.stdout.write(`${formatEvalReport(answers)}\n\n`);
    }
    if (!values['skip-cranfield']) {
      logProgress(`cranfield: reading ${cranfieldDir}`);
      cranfield = await runCranfieldBench(cranfieldDir);
      process.stdout.write(`${formatCranfieldReport(cranfield)}\n\n`);
    }
    if (!values['skip-postgres']) {
      logProgress('postgres: SQLite and PostgreSQL side by side');
      stores = await runPostgresBench({
        databaseUrl: values['database-url'],
        notes: storeNotes,
        cranfieldDir,
      });
      process.stdout.write(`${formatPostgresReport(stores)}\n\n`);
    }
  } finally {
    await removeTempDirs();
  }

  const totalSeconds = (performance.now() - started) / 1000;
  const resultsPath = join(repoRoot, 'bench', 'results', 'latest.json');
  await mkdir(dirname(resultsPath), { recursive: true });
  await writeFile(
    resultsPath,
    `${JSON.stringify(
      {
        meta: { ...meta, totalSeconds },
        cranfield,
        vault,
        server,
        stores,
        eval: answers && {
          questionsFile: relative(repoRoot, answers.questionsFile),
          model: answers.model,
          seconds: answers.seconds,
          totals: answers.report.totals,
        },
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`Total ${totalSeconds.toFixed(1)} s; raw figures in ${resultsPath}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
