import type { Command } from 'commander';
import { modelSummarizer } from '../../chat/index.ts';
import {
  type ChatMode,
  gptTokenCounter,
  LOCAL_USER,
  memoizeTokenCounter,
} from '../../core/index.ts';
import { OfflineModel, parseModelSpec, resolveModel } from '../../llm/index.ts';
import { type IndexReport, indexLimitsFromEnv } from '../../workspace/index.ts';
import { serveMcpOverStdio } from '../mcp/stdio-transport.ts';
import { openWorkspaceHandle } from '../server/workspace-handle.ts';
import { parseMode, withEmbeddingOptions } from './cli-options.ts';
import { type EmbeddingFlags, servedEmbedding } from './embedding-config.ts';
import { formatIndexReport } from './format-output.ts';
import { assertWorkspaceFolder, databaseUrlOf } from './open-workspace.ts';
import { readWorkspaceConfig } from './workspace-config.ts';

/**
 * Keeps stdout for protocol messages only: anything a library prints with `console.log` goes to
 * stderr with the logs, where an MCP host shows it, instead of breaking the client's reader.
 */
function keepStdoutForProtocol(): void {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}

/** Logs the first index run, then only runs that changed or skipped something. */
const logIndexReport = () => {
  let first = true;
  return (report: IndexReport) => {
    const changed =
      report.added + report.updated + report.renamed + report.deleted + report.skipped;
    if (!first && changed === 0) return;
    first = false;
    process.stderr.write(`footnote mcp: ${formatIndexReport(report, process.stderr)}\n`);
  };
};

/** Adds `footnote mcp`: the workspace as an MCP server over stdio, for Claude Desktop, Cursor, VS Code… */
export function registerMcpCommand(program: Command): void {
  withEmbeddingOptions(program.command('mcp'))
    .description('serve the workspace to an MCP client over stdio (logs go to stderr)')
    .option('-w, --workspace <dir>', 'workspace folder', process.cwd())
    .option(
      '--mode <mode>',
      'chat (read-only tools) or agent (adds edit tools, previews by default)',
      parseMode,
      'chat' as ChatMode,
    )
    .option(
      '--model <provider:name>',
      'model of the ask tool (else the workspace config, else offline)',
    )
    .option('--base-url <url>', 'endpoint of an OpenAI-compatible server')
    .option(
      '--database-url <url>',
      'keep the workspace in this PostgreSQL database instead of .footnote/footnote.db (default: DATABASE_URL)',
    )
    .action(
      async (
        options: EmbeddingFlags & {
          workspace: string;
          mode: ChatMode;
          model?: string;
          baseUrl?: string;
          databaseUrl?: string;
        },
      ) => {
        keepStdoutForProtocol();
        const root = assertWorkspaceFolder(options.workspace);
        const config = readWorkspaceConfig(root);
        const model = options.model ?? config.model;
        const baseUrl = options.baseUrl ?? config.baseUrl;
        if (model) parseModelSpec(model);
        const spec = { ...(model && { model }), ...(baseUrl && { baseUrl }) };
        const workspace = await openWorkspaceHandle('default', root, {
          limits: indexLimitsFromEnv(process.env),
          onIndexReport: logIndexReport(),
          databaseUrl: databaseUrlOf(options),
          ...servedEmbedding(root, options, (line) =>
            process.stderr.write(`footnote mcp: ${line}\n`),
          ),
        });
        const stop = new AbortController();
        for (const signal of ['SIGINT', 'SIGTERM'] as const)
          process.once(signal, () => stop.abort());
        try {
          await serveMcpOverStdio(
            {
              workspace,
              actor: LOCAL_USER,
              mode: options.mode,
              model: () => resolveModel(spec),
              // The offline model writes no summaries: documents are summarized by their first paragraph.
              summarizer: (chosen) =>
                chosen instanceof OfflineModel ? undefined : modelSummarizer(chosen),
              ...(config.historyMessages !== undefined && {
                historyMessages: config.historyMessages,
              }),
              ...(config.contextWindow !== undefined && { contextWindow: config.contextWindow }),
              tokenCounter: memoizeTokenCounter(gptTokenCounter),
              onError: (error) =>
                process.stderr.write(
                  `footnote mcp: ${error instanceof Error ? error.message : String(error)}\n`,
                ),
            },
            {
              signal: stop.signal,
              onError: (error) => process.stderr.write(`footnote mcp: ${error.message}\n`),
            },
          );
        } finally {
          await workspace.close();
        }
      },
    );
}
