import { Command, CommanderError } from 'commander';
import { prepareContext } from '../../chat/index.ts';
import {
  type ChatMode,
  DOCUMENT_KINDS,
  type DocumentKind,
  FootnoteError,
  gptTokenCounter,
  loadReferenceCatalog,
  memoizeTokenCounter,
  resolveReferences,
  type SuggestTrigger,
  suggestReferences,
} from '../../core/index.ts';
import { partialCoverageNote, type SearchMode, searchChunks } from '../../search/index.ts';
import {
  embedWorkspace,
  type IndexReport,
  indexLimitsFromEnv,
  indexWorkspace,
  watchWorkspace,
} from '../../workspace/index.ts';
import { registerChatCommands } from './chat-commands.ts';
import { registerChatRepl } from './chat-repl.ts';
import {
  type CommonOptions,
  parseCount,
  parseKinds,
  parseLimit,
  parseMode,
  parseSearchMode,
  parseTokens,
  parseTrigger,
  readBatch,
  resultJson,
  withCommonOptions,
  withWorkspace,
  writeJson,
} from './cli-options.ts';
import { formatContextReport } from './context-output.ts';
import { formatEmbedReport } from './embedding-output.ts';
import { registerEvalCommand } from './eval-command.ts';
import { formatIndexReport, formatSearchResults, style } from './format-output.ts';
import { registerMcpCommand } from './mcp-command.ts';
import { registerMigrateCommand } from './migrate-command.ts';
import { refreshIndex } from './open-workspace.ts';
import { packageVersion } from './package-manifest.ts';
import { previousSourcesOf } from './previous-answer.ts';
import { formatReferences, formatSuggestions, referenceJson } from './reference-output.ts';
import { registerServeCommand } from './serve-command.ts';
import { UsageError } from './usage-error.ts';
import { registerUsersCommands } from './users-command.ts';

/** Builds the `footnote` command line. */
export function buildProgram(): Command {
  const program = new Command('footnote')
    .description(
      'Grounded chat over your documents: explicit references in, checked citations out.',
    )
    .version(packageVersion())
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();

  withCommonOptions(program.command('index'))
    .description('index the workspace (only what changed since the last run)')
    .option('--watch', 'keep the index current while files change')
    .action(async (options: CommonOptions & { watch?: boolean }) => {
      await withWorkspace(options, async (ws) => {
        const report = await refreshIndex(ws, {
          quiet: options.json === true,
          // Reported after the index's own report, as the command's error.
          onEmbeddingError: () => undefined,
        });
        if (options.json) writeJson(report);
        else {
          process.stderr.write(`${formatIndexReport(report, process.stderr)}\n`);
          if (report.embedding) process.stderr.write(`${formatEmbedReport(report.embedding)}\n`);
        }
        // The lexical index is stored; the command still fails so scripts notice.
        if (report.embeddingError !== undefined)
          throw new FootnoteError('embedding_failed', report.embeddingError);
        if (!options.watch) return;
        const controller = new AbortController();
        for (const signal of ['SIGINT', 'SIGTERM'] as const)
          process.once(signal, () => controller.abort());
        if (!options.json) process.stderr.write('watching for changes (Ctrl-C to stop)…\n');
        const limits = { ...indexLimitsFromEnv(process.env), signal: controller.signal };
        await watchWorkspace(ws.root, ws.store, {
          ...limits,
          // On PostgreSQL, under the workspace's index lease: a server indexing now runs it instead.
          index: async () => {
            const changed = (r: IndexReport) => r.added + r.updated + r.renamed + r.deleted > 0;
            const r = await ws.indexLease.run(() => indexWorkspace(ws.root, ws.store, limits), {
              wait: false,
              changed,
            });
            if (r && changed(r) && ws.embedder) {
              const embedded = await embedWorkspace(ws.vectors, ws.embedder, {
                signal: controller.signal,
              }).catch((error: unknown) => {
                if (!controller.signal.aborted)
                  process.stderr.write(`footnote: ${(error as Error).message}\n`);
                return null;
              });
              if (embedded && !options.json)
                process.stderr.write(`${formatEmbedReport(embedded)}\n`);
            }
            return r;
          },
          onReport: (r) => {
            if (r.added + r.updated + r.renamed + r.deleted + r.skipped === 0) return;
            if (options.json) writeJson(r);
            else process.stderr.write(`${formatIndexReport(r, process.stderr)}\n`);
          },
          onError: (error) => process.stderr.write(`footnote: ${(error as Error).message}\n`),
        });
      });
    });

  withCommonOptions(program.command('search'))
    .description('search the workspace')
    .argument('[query]', 'what to look for')
    .option('-k, --limit <n>', 'most results', parseLimit, 10)
    .option(
      '--kind <kind>',
      `only these kinds (${DOCUMENT_KINDS.join('|')}); repeatable or comma-separated`,
      parseKinds,
    )
    .option(
      '--mode <mode>',
      'lexical (words), vector (meaning) or hybrid (both fused); default hybrid with an embedding model, else lexical',
      parseSearchMode,
    )
    .option(
      '--batch <file.jsonl>',
      'run one query per line ({"id","text"}), print one JSON line per query',
    )
    .action(
      async (
        query: string | undefined,
        options: CommonOptions & {
          limit: number;
          kind?: DocumentKind[];
          mode?: SearchMode;
          batch?: string;
        },
      ) => {
        if (options.batch && query)
          throw new UsageError('give either a query or --batch, not both');
        if (!options.batch && !query?.trim())
          throw new UsageError('missing query (or --batch FILE)');
        const batch = options.batch ? await readBatch(options.batch, 'text') : null;
        await withWorkspace(options, async (ws) => {
          const report = await refreshIndex(ws, { quiet: true });
          const searchOptions = {
            limit: options.limit,
            ...(options.kind && { kinds: options.kind }),
            ...(options.mode && { mode: options.mode }),
          };
          const search = (text: string) =>
            searchChunks(ws.store, ws.vectors, ws.embedder, text, searchOptions);
          if (batch) {
            for (const q of batch) {
              const { mode, results } = await search(q.fields.text as string);
              writeJson({ id: q.id, mode, results: results.map(resultJson) });
            }
            return;
          }
          const { mode, results, coverage, vectorError } = await search(query as string);
          if (options.json) {
            writeJson({ mode, coverage, vectorError, results: results.map(resultJson) });
          } else {
            const changed = report.added + report.updated + report.renamed + report.deleted;
            if (changed > 0) process.stderr.write(`${formatIndexReport(report, process.stderr)}\n`);
            const partial = vectorError
              ? `vector search failed, searched by words only: ${vectorError}`
              : partialCoverageNote(coverage);
            if (partial) process.stderr.write(`${style(process.stderr).yellow(partial)}\n`);
            process.stdout.write(
              `${formatSearchResults(query as string, results, process.stdout)}\n`,
            );
          }
        });
      },
    );

  withCommonOptions(program.command('resolve'))
    .description(
      'resolve the [[wikilinks]], @mentions and [n] sources of a message, as the chat would',
    )
    .argument('[message]', 'the message to read')
    .option(
      '--current <path>',
      'the document open beside the chat (breaks ties, anchors [[#Heading]])',
    )
    .option('--mode <mode>', 'chat (read-only) or agent', parseMode, 'chat' as ChatMode)
    .option('--max <n>', 'most references loaded per message', parseCount, 5)
    .option('--session <id>', 'the session whose previous answer [n] names a source of')
    .option(
      '--batch <file.jsonl>',
      'one message per line ({"id","message","current","session"}), one JSON line out per message',
    )
    .action(
      async (
        message: string | undefined,
        options: CommonOptions & {
          current?: string;
          mode: ChatMode;
          max: number;
          session?: string;
          batch?: string;
        },
      ) => {
        if (options.batch && message !== undefined)
          throw new UsageError('give either a message or --batch, not both');
        if (!options.batch && message === undefined)
          throw new UsageError('missing message (or --batch FILE)');
        const batch = options.batch
          ? await readBatch(options.batch, 'message', ['current', 'session'])
          : null;
        await withWorkspace(options, async (ws) => {
          await refreshIndex(ws, { quiet: true });
          const catalog = await loadReferenceCatalog(ws.store);
          const resolve = async (
            text: string,
            current: string | undefined,
            session: string | undefined,
          ) =>
            resolveReferences(text, catalog, {
              currentPath: current ?? null,
              mode: options.mode,
              maxReferences: options.max,
              previousSources: session ? await previousSourcesOf(ws, session) : null,
            });
          if (batch) {
            for (const m of batch) {
              const refs = await resolve(
                m.fields.message as string,
                (m.fields.current as string | undefined) ?? options.current,
                (m.fields.session as string | undefined) ?? options.session,
              );
              writeJson({ id: m.id, references: refs.map(referenceJson) });
            }
            return;
          }
          const refs = await resolve(message as string, options.current, options.session);
          if (options.json) writeJson({ references: refs.map(referenceJson) });
          else process.stdout.write(`${formatReferences(refs, process.stdout)}\n`);
        });
      },
    );

  withCommonOptions(program.command('context'))
    .description('show the context a message would give the model, and the report of what went in')
    .argument('<message>', 'the message to prepare')
    .option('--current <path>', 'the document open beside the chat')
    .option('--mode <mode>', 'chat (read-only) or agent', parseMode, 'chat' as ChatMode)
    .option(
      '--pin <path>',
      'pin a note (repeatable, at most 5 are used)',
      (v: string, all: string[] = []) => [...all, v],
    )
    .option('--window <tokens>', 'the model context window', parseTokens, 128_000)
    .option('--reserve <tokens>', 'tokens kept free for the answer', parseTokens, 4096)
    .option('--retrieve <n>', 'chunks retrieved for the message', parseCount, 10)
    .option('--show', 'also print the system prompt and the referenced-documents list')
    .action(
      async (
        message: string,
        options: CommonOptions & {
          current?: string;
          mode: ChatMode;
          pin?: string[];
          window: number;
          reserve: number;
          retrieve: number;
          show?: boolean;
        },
      ) => {
        await withWorkspace(options, async (ws) => {
          await refreshIndex(ws, { quiet: true });
          const catalog = await loadReferenceCatalog(ws.store);
          const { references, context } = await prepareContext(ws.store, catalog, message, {
            tokenCounter: memoizeTokenCounter(gptTokenCounter),
            vectors: ws.vectors,
            embedder: ws.embedder,
            currentPath: options.current ?? null,
            mode: options.mode,
            contextWindow: options.window,
            answerReserve: options.reserve,
            retrievalLimit: options.retrieve,
            ...(options.pin && { pinned: options.pin }),
          });
          if (options.json) {
            writeJson({
              references: references.map(referenceJson),
              context: {
                report: context.report,
                sources: context.sources,
                preamble: context.preamble,
                system: context.system,
              },
            });
            return;
          }
          if (options.show) process.stdout.write(`${context.system}\n\n${context.preamble}\n\n`);
          process.stdout.write(`${formatContextReport(context.report, process.stdout)}\n`);
        });
      },
    );

  withCommonOptions(program.command('suggest'))
    .description('autocomplete a reference being typed after [[ or @')
    .argument('<prefix>', 'what was typed after the trigger (may be empty: "")')
    .requiredOption('--trigger <trigger>', "'[[' or '@'", parseTrigger)
    .option('--limit <n>', 'most suggestions', parseCount, 8)
    .action(
      async (
        prefix: string,
        options: CommonOptions & { trigger: SuggestTrigger; limit: number },
      ) => {
        await withWorkspace(options, async (ws) => {
          await refreshIndex(ws, { quiet: true });
          const groups = suggestReferences(
            prefix,
            options.trigger,
            await loadReferenceCatalog(ws.store),
            { limit: options.limit },
          );
          if (options.json) writeJson({ groups });
          else process.stdout.write(`${formatSuggestions(groups, process.stdout)}\n`);
        });
      },
    );

  registerChatCommands(program);
  registerUsersCommands(program);
  registerChatRepl(program);
  registerServeCommand(program);
  registerMcpCommand(program);
  registerEvalCommand(program);
  registerMigrateCommand(program);
  return program;
}

/** Error codes that mean the command line asked for something impossible, not that running failed. */
const USAGE_CODES = new Set([
  'embedding_model_required',
  'invalid_input',
  'model_config',
  'session_not_found',
  'user_exists',
  'user_not_found',
  'version_not_found',
]);

/** Runs the CLI and returns its exit status: 0 ok, 1 runtime error, 2 usage error. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.exitCode === 0
        ? 0
        : 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`footnote: ${message}\n`);
    if (error instanceof UsageError) return 2;
    if (FootnoteError.isInstance(error) && USAGE_CODES.has(error.code)) return 2;
    if (process.env.FOOTNOTE_DEBUG && error instanceof Error)
      process.stderr.write(`${error.stack}\n`);
    return 1;
  }
}
