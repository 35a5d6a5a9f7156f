import { writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { exportSessionJson, exportSessionMarkdown } from '../../chat/index.ts';
import { loadReferenceCatalog, refreshStoredReferences } from '../../core/index.ts';
import {
  askOnce,
  modelLabel,
  parseVerify,
  settleSummaries,
  type TurnFlags,
  terminalRenderer,
} from './chat-commands.ts';
import { formatAnswerFooter } from './chat-output.ts';
import {
  type CommonOptions,
  parseHistoryMessages,
  parseMode,
  withCommonOptions,
  withWorkspace,
} from './cli-options.ts';
import { style } from './format-output.ts';
import { readWorkspaceConfig } from './workspace-config.ts';

const HELP = `Type a message; name documents with [[wikilinks]] or @mentions.
  /session            show this session's id      /session new | <id>   start over, or continue another
  /mode chat|agent    read-only, or allow edits to referenced documents
  /export md|json [file]                          print or save this session
  /help               this text                   /quit                 leave (or Ctrl-D)
While an answer streams, Ctrl-C stops it; the partial answer is kept as interrupted.`;

/** Adds `footnote chat`, the interactive terminal session. */
export function registerChatRepl(program: Command): void {
  withCommonOptions(program.command('chat'))
    .description('chat with your workspace in the terminal')
    .option('--session <id>', 'continue this session')
    .option('--mode <mode>', 'chat (read-only) or agent', parseMode)
    .option(
      '--model <provider:name>',
      'openai:…, anthropic:…, openai-compatible:…, ollama:… (default: offline model)',
    )
    .option('--base-url <url>', 'endpoint of an OpenAI-compatible server')
    .option('--dry-run', 'show edits as diffs instead of writing them')
    .option('--verify <checker>', 'how claims are checked: lexical (default) or model', parseVerify)
    .option(
      '--history <n>',
      'earlier messages sent at most, the newest (default: workspace config, else 10)',
      parseHistoryMessages,
    )
    .action(async (options: CommonOptions & TurnFlags) => {
      await withWorkspace(options, async (ws) => {
        const out = process.stdout;
        const s = style(out);
        let flags: TurnFlags = {
          ...options,
          mode: options.mode ?? readWorkspaceConfig(ws.root).mode ?? 'chat',
        };
        out.write(`${s.bold('Footnote')} — ${ws.root}\nModel: ${modelLabel(flags, ws.root)}\n`);
        if (!flags.model && !readWorkspaceConfig(ws.root).model) {
          out.write(
            s.dim(
              'Use a real model with --model openai:gpt-4.1-mini (OPENAI_API_KEY), anthropic:… (ANTHROPIC_API_KEY),\nor ollama:llama3.1 / openai-compatible:NAME --base-url URL for a local server.\n',
            ),
          );
        }
        out.write(s.dim('Type /help for commands.\n\n'));
        const rl = createInterface({
          input: process.stdin,
          output: out,
          terminal: process.stdin.isTTY === true,
        });
        let running: AbortController | null = null;
        rl.on('SIGINT', () => {
          if (running) running.abort();
          else rl.close();
        });
        const sessions = ws.sessions;
        const tty = process.stdin.isTTY === true;
        const lines = rl[Symbol.asyncIterator]();
        while (true) {
          if (tty) {
            rl.setPrompt(s.cyan(`you (${flags.mode}) › `));
            rl.prompt();
          }
          const next = await lines.next();
          if (next.done) break;
          const line = String(next.value).trim();
          if (!line) continue;
          if (line.startsWith('/')) {
            const [command, ...args] = line.slice(1).split(/\s+/);
            if (command === 'quit' || command === 'exit') break;
            if (command === 'help') out.write(`${HELP}\n`);
            else if (command === 'mode') {
              if (args[0] === 'chat' || args[0] === 'agent') flags = { ...flags, mode: args[0] };
              out.write(`mode: ${flags.mode}\n`);
            } else if (command === 'session') {
              if (args[0] === 'new') flags = { ...flags, session: undefined as unknown as string };
              else if (args[0]) {
                const found = await sessions.getSession(args[0]);
                if (found) flags = { ...flags, session: found.id };
                else out.write(s.yellow(`no session ${args[0]}\n`));
              }
              out.write(`session: ${flags.session ?? '(new on the next message)'}\n`);
            } else if (command === 'export') {
              const session = flags.session ? await sessions.getSession(flags.session) : null;
              if (!session) {
                out.write(s.yellow('nothing to export yet\n'));
                continue;
              }
              const messages = refreshStoredReferences(
                await sessions.listMessages(session.id),
                await loadReferenceCatalog(ws.store),
              );
              const edits = await sessions.listProposedEdits(session.id);
              const text =
                args[0] === 'json'
                  ? exportSessionJson(session, messages, edits)
                  : exportSessionMarkdown(session, messages, edits);
              if (args[1]) {
                await writeFile(args[1], text);
                out.write(`saved ${args[1]}\n`);
              } else out.write(text);
            } else out.write(s.yellow(`unknown command /${command}; /help lists them\n`));
            continue;
          }
          running = new AbortController();
          try {
            const result = await askOnce(
              ws,
              line,
              flags,
              terminalRenderer(out, process.stderr),
              running.signal,
            );
            flags = { ...flags, session: result.session.id };
            out.write(`\n\n${formatAnswerFooter(result.assistant, ws.root, out)}\n\n`);
          } catch (error) {
            out.write(s.yellow(`\n${error instanceof Error ? error.message : String(error)}\n\n`));
          } finally {
            running = null;
          }
        }
        rl.close();
        await settleSummaries(ws);
      });
    });
}
