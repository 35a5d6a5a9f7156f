import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import {
  type EvalQuestion,
  formatEvalReport,
  parseEvalQuestions,
  runEval,
} from '../../chat/eval/index.ts';
import { gptTokenCounter, loadReferenceCatalog, memoizeTokenCounter } from '../../core/index.ts';
import { parseModelSpec, resolveModel } from '../../llm/index.ts';
import { openDatabase, SqliteSessionStore } from '../../store/index.ts';
import { modelLabel } from './chat-commands.ts';
import { type CommonOptions, withCommonOptions, withWorkspace, writeJson } from './cli-options.ts';
import { style } from './format-output.ts';
import { refreshIndex } from './open-workspace.ts';
import { UsageError } from './usage-error.ts';
import { readWorkspaceConfig } from './workspace-config.ts';

interface EvalFlags extends CommonOptions {
  readonly model?: string;
  readonly baseUrl?: string;
}

/** Reads and checks the question file before anything else runs, so a bad file is a usage error. */
function readQuestions(file: string): readonly EvalQuestion[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  const parsed = parseEvalQuestions(text);
  if (!parsed.ok)
    throw new UsageError(
      parsed.line > 0 ? `${file}:${parsed.line}: ${parsed.message}` : `${file}: ${parsed.message}`,
    );
  return parsed.questions;
}

/** Adds `eval`: every question of a JSONL file as its own turn, scored, as a table or JSON. */
export function registerEvalCommand(program: Command): void {
  withCommonOptions(program.command('eval'))
    .description(
      'ask each question of a JSONL file as a fresh turn and measure the answers and their citations',
    )
    .argument('<file.jsonl>', 'one {"id","message","expect"} per line (see docs/eval.md)')
    .option(
      '--model <provider:name>',
      'openai:…, anthropic:…, openai-compatible:…, ollama:… (default: the offline model)',
    )
    .option('--base-url <url>', 'endpoint of an OpenAI-compatible server')
    .action(async (file: string, options: EvalFlags) => {
      const questions = readQuestions(file);
      await withWorkspace(options, async (ws) => {
        const config = readWorkspaceConfig(ws.root);
        const modelName = options.model ?? config.model;
        const baseUrl = options.baseUrl ?? config.baseUrl;
        if (modelName) parseModelSpec(modelName);
        const model = resolveModel({
          ...(modelName && { model: modelName }),
          ...(baseUrl && { baseUrl }),
        });
        await refreshIndex(ws, { quiet: true });
        const catalog = await loadReferenceCatalog(ws.store);
        // Evaluation sessions live in a throwaway database, never in the workspace's history.
        const sessionDir = mkdtempSync(join(tmpdir(), 'footnote-eval-'));
        const sessionDb = openDatabase(join(sessionDir, 'sessions.db'));
        const controller = new AbortController();
        const stop = () => controller.abort();
        process.once('SIGINT', stop);
        const s = style(process.stderr);
        try {
          const report = await runEval({
            questions,
            turn: {
              root: ws.root,
              store: ws.store,
              vectors: ws.vectors,
              embedder: ws.embedder,
              sessions: new SqliteSessionStore(sessionDb),
              catalog,
              model,
              tokenCounter: memoizeTokenCounter(gptTokenCounter),
              ...(config.contextWindow && { contextWindow: config.contextWindow }),
              reindex: async () => {
                await refreshIndex(ws, { quiet: true });
              },
            },
            signal: controller.signal,
            onQuestion: (score, index) => {
              if (process.stderr.isTTY)
                process.stderr.write(s.dim(`  ${index + 1}/${questions.length} ${score.id}\n`));
            },
          });
          if (options.json) writeJson(report);
          else {
            process.stdout.write(`${formatEvalReport(report)}\n`);
            process.stderr.write(
              s.dim(`${questions.length} questions · ${modelLabel(options, ws.root)}\n`),
            );
          }
        } finally {
          process.off('SIGINT', stop);
          sessionDb.close();
          rmSync(sessionDir, { recursive: true, force: true });
        }
      });
    });
}
