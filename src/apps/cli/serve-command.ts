import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { z } from 'zod';
import { modelSummarizer } from '../../chat/index.ts';
import { type ChatMode, gptTokenCounter, memoizeTokenCounter } from '../../core/index.ts';
import { OfflineModel, parseModelSpec, resolveModel } from '../../llm/index.ts';
import { type IndexReport, indexLimitsFromEnv } from '../../workspace/index.ts';
import { createServer } from '../server/create-server.ts';
import { authenticateWith } from '../server/server-options.ts';
import { openWorkspaceHandle, type WorkspaceHandle } from '../server/workspace-handle.ts';
import { parseMode, withEmbeddingOptions } from './cli-options.ts';
import { type EmbeddingFlags, servedEmbedding } from './embedding-config.ts';
import { formatIndexReport } from './format-output.ts';
import { browseUrl, openBrowser } from './open-browser.ts';
import { databaseUrlOf } from './open-workspace.ts';
import { servedModels } from './served-models.ts';
import { UsageError } from './usage-error.ts';
import { readWorkspaceConfig } from './workspace-config.ts';

const ServerConfig = z
  .object({
    workspaces: z
      .array(z.object({ id: z.string().regex(/^[\w-]{1,64}$/), path: z.string().min(1) }).strict())
      .default([]),
    rateLimit: z
      .object({ turnsPerHour: z.number().int().min(1).max(100_000) })
      .strict()
      .optional(),
    /** More models the web UI may pick, besides the default and the built-in one. */
    models: z
      .array(
        z.union([
          z.string().min(1),
          z.object({ model: z.string().min(1), baseUrl: z.string().url().optional() }).strict(),
        ]),
      )
      .optional(),
  })
  .strict();

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** The built web UI of this checkout or package (`npm run build:web` writes it). */
export const WEB_ROOT = fileURLToPath(new URL('../../../dist/web', import.meta.url));

const parsePort = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new UsageError(`--port: expected 0–65535, got ${JSON.stringify(value)}`);
  return n;
};

/** Logs a workspace's first index run, then every run that changed or skipped something, with its problems. */
const logIndexReport = (id: string) => {
  let first = true;
  return (report: IndexReport) => {
    const changed =
      report.added + report.updated + report.renamed + report.deleted + report.skipped;
    if (!first && changed === 0) return;
    first = false;
    process.stderr.write(`index ${id}: ${formatIndexReport(report, process.stderr)}\n`);
  };
};

/** Adds `footnote serve`: the HTTP API and the web UI for the workspace (and any from a server config file). */
export function registerServeCommand(program: Command): void {
  withEmbeddingOptions(program.command('serve'))
    .description('serve the HTTP API and the web UI for a workspace')
    .option('-w, --workspace <dir>', 'workspace folder, served as "default"', process.cwd())
    .option(
      '--host <host>',
      'interface to bind; anything but loopback requires bearer tokens',
      '127.0.0.1',
    )
    .option('--port <port>', 'port (0 picks a free one)', parsePort, 4100)
    .option(
      '--config <file>',
      'server config: {"workspaces":[{"id","path"}],"rateLimit":{"turnsPerHour"},"models":["provider:name" or {"model","baseUrl"}]}',
    )
    .option('--model <provider:name>', 'default model (else the workspace config, else offline)')
    .option('--base-url <url>', 'endpoint of an OpenAI-compatible server')
    .option('--open', 'open the web UI in the browser once the server listens')
    .option(
      '--database-url <url>',
      "keep every served workspace in this PostgreSQL database (default: DATABASE_URL; else each folder's .footnote/footnote.db)",
    )
    .option(
      '--mcp-mode <mode>',
      'tools of /mcp: chat (read-only) or agent (adds edit tools for users who may write)',
      parseMode,
      'chat' as ChatMode,
    )
    .action(
      async (
        options: EmbeddingFlags & {
          workspace: string;
          host: string;
          port: number;
          config?: string;
          model?: string;
          baseUrl?: string;
          open?: boolean;
          mcpMode: ChatMode;
          databaseUrl?: string;
        },
      ) => {
        let config: z.infer<typeof ServerConfig> = { workspaces: [] };
        if (options.config) {
          const file = resolve(options.config);
          const parsed = ServerConfig.safeParse(JSON.parse(readFileSync(file, 'utf8')));
          if (!parsed.success)
            throw new UsageError(
              `${file}: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`,
            );
          config = {
            ...parsed.data,
            workspaces: parsed.data.workspaces.map((w) => ({
              ...w,
              path: isAbsolute(w.path) ? w.path : resolve(dirname(file), w.path),
            })),
          };
        }
        const limits = indexLimitsFromEnv(process.env);
        const databaseUrl = databaseUrlOf(options);
        const openHandle = (id: string, folder: string) =>
          openWorkspaceHandle(id, folder, {
            limits,
            onIndexReport: logIndexReport(id),
            databaseUrl,
            ...servedEmbedding(resolve(folder), options, (line) =>
              process.stderr.write(`index ${id}: ${line}\n`),
            ),
          });
        const handles = new Map<string, WorkspaceHandle>();
        handles.set('default', await openHandle('default', options.workspace));
        for (const w of config.workspaces) {
          if (handles.has(w.id)) throw new UsageError(`workspace id ${w.id} is used twice`);
          handles.set(w.id, await openHandle(w.id, w.path));
        }
        const main = handles.get('default') as WorkspaceHandle;
        const workspaceConfig = readWorkspaceConfig(main.root);
        const defaultModel = options.model ?? workspaceConfig.model;
        const baseUrl = options.baseUrl ?? workspaceConfig.baseUrl;
        if (defaultModel) parseModelSpec(defaultModel);
        const models = servedModels(defaultModel, baseUrl, config.models);
        const users = main.users;
        const open = LOOPBACK.has(options.host);
        const app = createServer({
          workspaces: handles,
          tokenCounter: memoizeTokenCounter(gptTokenCounter),
          model: (requested) =>
            resolveModel(models.specOf(requested ?? (models.choices[0]?.id as string))),
          models: models.choices,
          // The offline model writes no summaries: documents are summarized by their first paragraph.
          summarizer: (model) =>
            model instanceof OfflineModel ? undefined : modelSummarizer(model),
          authenticate: open ? null : authenticateWith(users),
          // The one local user of a loopback server is not limited (the web UI makes many turns);
          // token users keep the default unless the config sets one.
          ...(config.rateLimit
            ? { rateLimit: { limit: config.rateLimit.turnsPerHour, windowMs: 3_600_000 } }
            : open && { rateLimit: null }),
          ...(workspaceConfig.historyMessages !== undefined && {
            historyMessages: workspaceConfig.historyMessages,
          }),
          webRoot: WEB_ROOT,
          mcpMode: options.mcpMode,
        });
        const address = await app.listen({ host: options.host, port: options.port });
        process.stderr.write(
          `Footnote serving ${[...handles.keys()].join(', ')} at ${address}${open ? ' (loopback: no token needed)' : ' (bearer tokens required)'}\n`,
        );
        const url = browseUrl(options.host, (app.server.address() as AddressInfo).port);
        process.stderr.write(`Open ${url} in your browser\nMCP clients connect to ${url}mcp\n`);
        if (options.open) openBrowser(url);
        await new Promise<void>((done) => {
          const stop = () => done();
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
        process.stderr.write('shutting down: finishing turns…\n');
        await app.close();
        for (const handle of handles.values()) await handle.close();
      },
    );
}
