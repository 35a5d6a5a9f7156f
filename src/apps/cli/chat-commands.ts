import type { Command } from 'commander';
import {
  DocumentSummaries,
  exportSessionJson,
  exportSessionMarkdown,
  modelSummarizer,
  modelVerifier,
  rollbackDocument,
  runTurn,
  SessionNotFoundError,
  type TurnEvent,
  type TurnResult,
} from '../../chat/index.ts';
import {
  type ChatMode,
  gptTokenCounter,
  LOCAL_USER,
  loadReferenceCatalog,
  memoizeTokenCounter,
  type ReferenceCatalog,
  refreshStoredReferences,
} from '../../core/index.ts';
import { describeModel, parseModelSpec, resolveModel } from '../../llm/index.ts';
import { editJson } from '../../protocol/index.ts';
import { formatAnswerFooter, formatSessions, formatVersions, messageJson } from './chat-output.ts';
import {
  type CommonOptions,
  parseHistoryMessages,
  parseMode,
  withCommonOptions,
  withWorkspace,
  writeJson,
} from './cli-options.ts';
import { style } from './format-output.ts';
import { type OpenWorkspace, refreshIndex } from './open-workspace.ts';
import { formatToolCalls } from './tool-call-output.ts';
import { UsageError } from './usage-error.ts';
import { readWorkspaceConfig } from './workspace-config.ts';

/** Options of one turn from the command line. */
export interface TurnFlags {
  readonly session?: string;
  /** Unset: the workspace config decides, else chat. */
  readonly mode?: ChatMode;
  readonly model?: string;
  readonly baseUrl?: string;
  readonly dryRun?: boolean;
  readonly current?: string;
  readonly pin?: string[];
  /** Earlier messages sent at most; unset: the workspace config decides, else 10. */
  readonly history?: number;
  /** `model`: the answering model also judges each claim's support (never the default). */
  readonly verify?: 'lexical' | 'model';
}

const tokenCounter = memoizeTokenCounter(gptTokenCounter);

/** The catalog per open workspace, rebuilt only when a refresh changed the index (a chat asks many times). */
const catalogs = new WeakMap<OpenWorkspace, ReferenceCatalog>();

/** One-line summaries per open workspace: model summaries under way outlive the turn that asked. */
const summaryCaches = new WeakMap<OpenWorkspace, DocumentSummaries>();

/** Longest wait, as the command ends, for model summaries still being written (so they are cached). */
const SUMMARY_SETTLE_MS = 5000;

const summariesOf = (ws: OpenWorkspace): DocumentSummaries => {
  let summaries = summaryCaches.get(ws);
  if (!summaries) {
    summaries = new DocumentSummaries({ cache: ws.store });
    summaryCaches.set(ws, summaries);
  }
  return summaries;
};

/** Lets model summaries still being written land (at most 5 s), before the workspace closes. */
export async function settleSummaries(ws: OpenWorkspace): Promise<void> {
  await summaryCaches.get(ws)?.settle(SUMMARY_SETTLE_MS);
}

/** Shows a turn as it happens: text on stdout, tool activity on stderr. */
export function terminalRenderer(stdout: NodeJS.WriteStream, stderr: NodeJS.WriteStream) {
  const s = style(stderr);
  return (event: TurnEvent) => {
    if (event.type === 'text-delta') stdout.write(event.text);
    else if (event.type === 'tool-call') {
      const input = event.input as { query?: string; path?: string };
      const what = input?.query
        ? `searching "${input.query}"`
        : input?.path
          ? `${event.name.replace('_', ' ')} ${input.path}`
          : event.name;
      stderr.write(s.dim(`  … ${what}\n`));
    } else if (event.type === 'tool-result' && !event.ok)
      stderr.write(s.yellow(`  ✗ ${event.name}: ${event.summary}\n`));
    else if (event.type === 'edit') {
      const applied = event.edit.status === 'applied';
      stderr.write(
        `${applied ? s.green(`  ✓ edited ${event.edit.path} (version ${event.edit.versionId})`) : s.cyan(`  proposed edit ${event.edit.id} to ${event.edit.path} (dry run, nothing written):`)}\n`,
      );
      if (!applied) stderr.write(`${event.edit.diff}\n`);
    }
  };
}

/** Runs one turn against an open workspace with the model the flags (or environment) choose. */
export async function askOnce(
  ws: OpenWorkspace,
  message: string,
  flags: TurnFlags,
  onEvent?: (event: TurnEvent) => void,
  signal?: AbortSignal,
): Promise<TurnResult> {
  const config = readWorkspaceConfig(ws.root);
  const modelName = flags.model ?? config.model;
  const baseUrl = flags.baseUrl ?? config.baseUrl;
  const parsed = modelName ? parseModelSpec(modelName) : null;
  const spec = { ...(modelName && { model: modelName }), ...(baseUrl && { baseUrl }) };
  const model = resolveModel(spec);
  // The offline model writes no summaries: documents are summarized by their first paragraph.
  const summarizer = parsed && parsed.provider !== 'offline' ? modelSummarizer(model) : undefined;
  if (flags.verify === 'model' && !modelName) {
    throw new UsageError('--verify model needs a model that can judge: pass --model provider:name');
  }
  const report = await refreshIndex(ws, { quiet: true });
  const changed = report.added + report.updated + report.renamed + report.deleted > 0;
  let catalog = catalogs.get(ws);
  if (!catalog || changed) {
    catalog = await loadReferenceCatalog(ws.store);
    catalogs.set(ws, catalog);
  }
  return runTurn({
    root: ws.root,
    store: ws.store,
    vectors: ws.vectors,
    embedder: ws.embedder,
    sessions: ws.sessions,
    catalog,
    model,
    tokenCounter,
    message,
    sessionId: flags.session ?? null,
    mode: flags.mode ?? config.mode ?? 'chat',
    ...(config.contextWindow && { contextWindow: config.contextWindow }),
    ...((flags.history ?? config.historyMessages) !== undefined && {
      historyMessages: flags.history ?? config.historyMessages,
    }),
    currentPath: flags.current ?? null,
    ...(flags.pin && { pinned: flags.pin }),
    dryRun: flags.dryRun ?? false,
    ...(flags.verify === 'model' && { verifier: modelVerifier(model) }),
    summaries: summariesOf(ws).lookup(summarizer),
    reindex: async () => {
      await refreshIndex(ws, { quiet: true });
      catalogs.delete(ws);
    },
    ...(onEvent && { onEvent }),
    ...(signal && { signal }),
  });
}

/** `model` description for people, e.g. in `ask` output and `chat`'s banner. */
export const modelLabel = (flags: Pick<TurnFlags, 'model' | 'baseUrl'>, root: string) => {
  const config = readWorkspaceConfig(root);
  const model = flags.model ?? config.model;
  const baseUrl = flags.baseUrl ?? config.baseUrl;
  return describeModel({ ...(model && { model }), ...(baseUrl && { baseUrl }) });
};

const withTurnOptions = (command: Command) =>
  command
    .option('--session <id>', 'continue this session')
    .option(
      '--mode <mode>',
      'chat (read-only) or agent (may edit referenced documents)',
      parseMode,
      'chat' as ChatMode,
    )
    .option(
      '--model <provider:name>',
      'openai:…, anthropic:…, openai-compatible:…, ollama:… (default: the offline model)',
    )
    .option('--base-url <url>', 'endpoint of an OpenAI-compatible server')
    .option('--dry-run', 'show edits as diffs instead of writing them')
    .option(
      '--verify <checker>',
      'how claims are checked: lexical (default) or model (the model also judges support)',
      parseVerify,
    )
    .option('--current <path>', 'the document open beside the chat')
    .option(
      '--history <n>',
      'earlier messages of the session sent at most, the newest (default: workspace config, else 10)',
      parseHistoryMessages,
    )
    .option('--pin <path>', 'pin a note (repeatable)', (v: string, all: string[] = []) => [
      ...all,
      v,
    ]);

/** `--verify`'s value, or a usage error naming the choices. */
export function parseVerify(value: string): 'lexical' | 'model' {
  if (value === 'lexical' || value === 'model') return value;
  throw new UsageError(`--verify: expected lexical or model, got ${JSON.stringify(value)}`);
}

/** Adds `ask`, `sessions`, `versions` and `rollback` to the program. */
export function registerChatCommands(program: Command): void {
  withTurnOptions(withCommonOptions(program.command('ask')))
    .description('ask one question; the answer streams, with its references and sources')
    .argument('<message>', 'the message, with [[wikilinks]] and @mentions')
    .action(async (message: string, options: CommonOptions & TurnFlags) => {
      if (message.trim() === '') throw new UsageError('the message is empty: ask something');
      await withWorkspace(options, async (ws) => {
        const controller = new AbortController();
        const stop = () => controller.abort();
        process.once('SIGINT', stop);
        try {
          const onEvent = options.json
            ? undefined
            : terminalRenderer(process.stdout, process.stderr);
          const result = await askOnce(ws, message, options, onEvent, controller.signal);
          if (options.json) {
            writeJson({
              sessionId: result.session.id,
              context: result.context.report,
              message: messageJson(result.assistant),
              edits: result.edits.map(editJson),
            });
          } else {
            process.stdout.write(
              `\n\n${formatAnswerFooter(result.assistant, ws.root, process.stdout)}\n`,
            );
            process.stderr.write(
              style(process.stderr).dim(
                `session ${result.session.id} · ${modelLabel(options, ws.root)}\n`,
              ),
            );
          }
          if (result.assistant.status === 'failed')
            throw new Error(`the model failed: ${result.assistant.error}`);
        } finally {
          process.off('SIGINT', stop);
          await settleSummaries(ws);
        }
      });
    });

  const sessions = program
    .command('sessions')
    .description('list, show, export or delete chat sessions');
  withCommonOptions(sessions.command('list'))
    .description('list sessions, most recent first')
    .action(async (options: CommonOptions) => {
      await withWorkspace(options, async (ws) => {
        const list = await ws.sessions.listSessions({
          workspaceId: 'default',
          userId: 'local',
        });
        if (options.json) writeJson({ sessions: list });
        else process.stdout.write(`${formatSessions(list, process.stdout)}\n`);
      });
    });
  const loadSession = async (ws: OpenWorkspace, id: string) => {
    const store = ws.sessions;
    const session = await store.getSession(id);
    if (!session) throw new SessionNotFoundError(id);
    // References read as their documents are now (deleted / archived since), history kept.
    await refreshIndex(ws, { quiet: true });
    const catalog = await loadReferenceCatalog(ws.store);
    return {
      store,
      session,
      messages: refreshStoredReferences(await store.listMessages(id), catalog),
    };
  };
  withCommonOptions(sessions.command('show'))
    .description('show a session with its references and citations')
    .argument('<id>')
    .action(async (id: string, options: CommonOptions) => {
      await withWorkspace(options, async (ws) => {
        const { session, messages } = await loadSession(ws, id);
        if (options.json) {
          writeJson({ session, messages: messages.map(messageJson) });
          return;
        }
        const s = style(process.stdout);
        process.stdout.write(`${s.bold(session.title)}\n\n`);
        for (const m of messages) {
          process.stdout.write(`${s.bold(m.role === 'user' ? 'You' : 'Footnote')}\n${m.content}\n`);
          if (m.role === 'assistant') {
            process.stdout.write(`${formatAnswerFooter(m, ws.root, process.stdout)}\n`);
            const tools = formatToolCalls(m.toolCalls, process.stdout);
            if (tools) process.stdout.write(`${tools}\n`);
          }
          process.stdout.write('\n');
        }
      });
    });
  withCommonOptions(sessions.command('export'))
    .description(
      'export a session as Markdown (citations as footnotes, agent edits with their diffs) or JSON',
    )
    .argument('<id>')
    .option('--format <format>', 'md or json', 'md')
    .action(async (id: string, options: CommonOptions & { format: string }) => {
      if (options.format !== 'md' && options.format !== 'json')
        throw new UsageError(
          `--format: expected md or json, got ${JSON.stringify(options.format)}`,
        );
      await withWorkspace(options, async (ws) => {
        const { store, session, messages } = await loadSession(ws, id);
        const edits = await store.listProposedEdits(session.id);
        process.stdout.write(
          options.format === 'md'
            ? exportSessionMarkdown(session, messages, edits)
            : exportSessionJson(session, messages, edits),
        );
      });
    });
  withCommonOptions(sessions.command('delete'))
    .description('delete a session and its messages')
    .argument('<id>')
    .action(async (id: string, options: CommonOptions) => {
      await withWorkspace(options, async (ws) => {
        const deleted = await ws.sessions.deleteSession(id);
        if (!deleted) throw new SessionNotFoundError(id);
        if (options.json) writeJson({ deleted: id });
        else process.stdout.write(`Deleted session ${id}.\n`);
      });
    });

  withCommonOptions(program.command('versions'))
    .description('list the versions agent edits created for a document')
    .argument('<path>', 'workspace-relative path')
    .action(async (path: string, options: CommonOptions) => {
      await withWorkspace(options, async (ws) => {
        await refreshIndex(ws, { quiet: true });
        const doc = await ws.store.getDocumentByPath(path);
        if (!doc) throw new UsageError(`no document at ${path}`);
        const versions = await ws.sessions.listVersions(doc.id);
        if (options.json)
          writeJson({ path, versions: versions.map(({ content: _content, ...v }) => v) });
        else process.stdout.write(`${formatVersions(versions, process.stdout)}\n`);
      });
    });

  withCommonOptions(program.command('rollback'))
    .description('restore a document to one of its versions')
    .argument('<path>', 'workspace-relative path')
    .argument('<version>', 'version id (see footnote versions)')
    .option('--dry-run', 'show the diff instead of writing')
    .action(
      async (path: string, versionId: string, options: CommonOptions & { dryRun?: boolean }) => {
        await withWorkspace(options, async (ws) => {
          await refreshIndex(ws, { quiet: true });
          const result = await rollbackDocument({
            root: ws.root,
            store: ws.store,
            sessions: ws.sessions,
            path,
            versionId,
            // The command line is the machine's own user: the local admin.
            actor: LOCAL_USER,
            dryRun: options.dryRun ?? false,
            reindex: async () => {
              await refreshIndex(ws, { quiet: true });
            },
          });
          if (options.json) writeJson(result);
          else
            process.stdout.write(
              result.applied
                ? `Restored ${path} (new version ${result.versionId}).\n`
                : result.diff,
            );
        });
      },
    );
}
