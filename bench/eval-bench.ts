import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type EvalReport, parseEvalQuestions, runEval } from '../src/chat/eval/index.ts';
import { gptTokenCounter, loadReferenceCatalog, memoizeTokenCounter } from '../src/core/index.ts';
import { describeModel, resolveModel } from '../src/llm/index.ts';
import { openDatabase, SqliteSessionStore, SqliteStore } from '../src/store/index.ts';
import { copySampleWorkspace } from '../src/testing/run-footnote.ts';
import { indexWorkspace } from '../src/workspace/index.ts';
import { makeTempDir } from './temp-dirs.ts';

/** The hand-written question set for the sample workspace. */
export const SAMPLE_QUESTIONS = resolve(import.meta.dirname, '../examples/eval/questions.jsonl');

/** What the eval section measured: the model, the run's report and how long it took. */
export interface EvalBenchResult {
  readonly questionsFile: string;
  readonly model: string;
  readonly seconds: number;
  readonly report: EvalReport;
}

/**
 * Runs `footnote eval` in-process with the offline model over the sample question set, on a
 * private copy of examples/workspace, with sessions in a throwaway database.
 */
export async function runEvalBench(questionsFile = SAMPLE_QUESTIONS): Promise<EvalBenchResult> {
  const parsed = parseEvalQuestions(await readFile(questionsFile, 'utf8'));
  if (!parsed.ok) throw new Error(`${questionsFile}:${parsed.line}: ${parsed.message}`);
  const sample = copySampleWorkspace();
  const store = SqliteStore.open(join(sample.workspace, '.footnote', 'footnote.db'));
  const sessionDb = openDatabase(join(await makeTempDir('footnote-bench-eval-'), 'sessions.db'));
  try {
    await indexWorkspace(sample.workspace, store);
    const catalog = await loadReferenceCatalog(store);
    const started = performance.now();
    const report = await runEval({
      questions: parsed.questions,
      turn: {
        root: sample.workspace,
        store,
        sessions: new SqliteSessionStore(sessionDb),
        catalog,
        model: resolveModel(),
        tokenCounter: memoizeTokenCounter(gptTokenCounter),
        reindex: async () => {
          await indexWorkspace(sample.workspace, store);
        },
      },
    });
    return {
      questionsFile,
      model: describeModel(),
      seconds: (performance.now() - started) / 1000,
      report,
    };
  } finally {
    sessionDb.close();
    await store.close();
    sample.cleanup();
  }
}
