import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { copyWorkspaceRecords, sqliteDatabasePath, type TableCopy } from '../../store/index.ts';
import type { IndexReport } from '../../workspace/index.ts';
import { type CommonOptions, withCommonOptions, writeJson } from './cli-options.ts';
import type { EmbeddingFlags } from './embedding-config.ts';
import { style } from './format-output.ts';
import {
  assertWorkspaceFolder,
  databaseUrlOf,
  type OpenWorkspace,
  openWorkspace,
  refreshIndex,
} from './open-workspace.ts';
import { UsageError } from './usage-error.ts';

/** One end of a migration: the folder's SQLite file, or a PostgreSQL database by URL. */
type StoreEnd = { readonly kind: 'sqlite' } | { readonly kind: 'postgres'; readonly url: string };

/** What `footnote migrate` did: rows read and copied per table, and the index built in the target. */
export interface MigrateReport {
  readonly from: string;
  readonly to: string;
  readonly tables: readonly TableCopy[];
  readonly index: IndexReport;
}

const isPostgresUrl = (value: string) => /^postgres(ql)?:\/\//i.test(value);

/** `sqlite`, `postgres` (the URL of --database-url or DATABASE_URL) or a postgres:// URL. */
function storeEnd(value: string, options: CommonOptions, flag: string): StoreEnd {
  if (value === 'sqlite') return { kind: 'sqlite' };
  if (isPostgresUrl(value)) return { kind: 'postgres', url: value };
  if (value === 'postgres') {
    const url = databaseUrlOf(options);
    if (!url)
      throw new UsageError(
        `${flag} postgres needs a database URL: give --database-url or set DATABASE_URL`,
      );
    return { kind: 'postgres', url };
  }
  throw new UsageError(
    `${flag}: expected sqlite, postgres or a postgres:// URL, got ${JSON.stringify(value)}`,
  );
}

/** A URL as printed: without its password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}

const describeEnd = (end: StoreEnd) => (end.kind === 'sqlite' ? 'sqlite' : redactUrl(end.url));

/**
 * Copies a workspace's history (sessions, messages and their tool calls, versions, audit events,
 * agent edits, users) from one store to another, then builds the index in the target from the
 * folder. Rows the target holds already are skipped, so running it twice copies nothing new.
 */
export async function migrateWorkspace(
  dir: string,
  from: StoreEnd,
  to: StoreEnd,
  options: {
    readonly quiet?: boolean;
    readonly onTable?: (copy: TableCopy) => void;
    /** The embedding model the target's index is embedded with (else its config, else none). */
    readonly embedding?: EmbeddingFlags;
  } = {},
): Promise<MigrateReport> {
  const root = assertWorkspaceFolder(dir);
  if (from.kind === to.kind && (from.kind === 'sqlite' || from.url === (to as { url: string }).url))
    throw new UsageError('--from and --to name the same store');
  if (from.kind === 'sqlite' && !existsSync(sqliteDatabasePath(root)))
    throw new UsageError(`nothing to migrate: ${sqliteDatabasePath(root)} does not exist`);
  const open = (end: StoreEnd) =>
    openWorkspace(root, {
      embeddingModel: options.embedding?.embeddingModel,
      embeddingBaseUrl: options.embedding?.embeddingBaseUrl,
      databaseUrl: end.kind === 'postgres' ? end.url : undefined,
    });
  const source: OpenWorkspace = await open(from);
  try {
    const target = await open(to);
    try {
      const tables = await copyWorkspaceRecords(source.records, target.records, {
        ...(options.onTable && { onTable: options.onTable }),
      });
      const index = await refreshIndex(target, { quiet: options.quiet ?? false });
      return { from: describeEnd(from), to: describeEnd(to), tables, index };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** Adds `footnote migrate --from … --to …`: moves a workspace between SQLite and PostgreSQL. */
export function registerMigrateCommand(program: Command): void {
  withCommonOptions(program.command('migrate'))
    .description(
      "copy a workspace's sessions, messages, versions, audit events, agent edits and users between SQLite and PostgreSQL, then index the folder into the target; rows already there are skipped",
    )
    .requiredOption('--from <store>', 'sqlite, postgres (--database-url or DATABASE_URL) or a URL')
    .requiredOption('--to <store>', 'sqlite, postgres (--database-url or DATABASE_URL) or a URL')
    .action(async (options: CommonOptions & { from: string; to: string }) => {
      const from = storeEnd(options.from, options, '--from');
      const to = storeEnd(options.to, options, '--to');
      const s = style(process.stderr);
      const report = await migrateWorkspace(options.workspace, from, to, {
        quiet: options.json === true,
        embedding: options,
        onTable: (copy) => {
          if (options.json) return;
          const skipped = copy.read - copy.copied;
          process.stderr.write(
            `${copy.table.padEnd(15)} ${String(copy.copied).padStart(7)} copied${skipped > 0 ? s.dim(`  (${skipped} already there)`) : ''}\n`,
          );
        },
      });
      if (options.json) {
        writeJson(report);
        return;
      }
      const { index } = report;
      process.stderr.write(
        `index           ${String(index.documents).padStart(7)} documents, ${index.chunks} chunks, rebuilt from the folder\n${report.from} → ${report.to}\n`,
      );
    });
}
