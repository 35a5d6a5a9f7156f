import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { runTurn, type TurnOptions } from '../chat/index.ts';
import { gptTokenCounter, loadReferenceCatalog, memoizeTokenCounter } from '../core/index.ts';
import { SqliteSessionStore, SqliteStore } from '../store/index.ts';
import { indexWorkspace } from '../workspace/index.ts';
import { copySampleWorkspace } from './run-footnote.ts';
import { type ScriptedStep, scriptedModel } from './scripted-model.ts';

/** One test's indexed copy of the sample workspace and its stores. */
export interface SampleChat {
  readonly sample: ReturnType<typeof copySampleWorkspace>;
  readonly store: SqliteStore;
  readonly sessions: SqliteSessionStore;
}

const tokenCounter = memoizeTokenCounter(gptTokenCounter);

/**
 * Gives every test of the file a fresh indexed copy of the sample workspace (handed to `use`
 * before each test, removed after it), and returns `turn`, which runs one chat turn on it with a
 * scripted model: the set-up the chat engine's end-to-end tests share.
 */
export function sampleChatPerTest(use: (chat: SampleChat) => void) {
  let current: SampleChat | undefined;
  beforeEach(async () => {
    const sample = copySampleWorkspace();
    const store = SqliteStore.open(join(sample.workspace, '.footnote', 'footnote.db'));
    current = { sample, store, sessions: new SqliteSessionStore(store.db) };
    await indexWorkspace(sample.workspace, store);
    use(current);
  });
  afterEach(async () => {
    await current?.store.close();
    current?.sample.cleanup();
    current = undefined;
  });
  const turn = async (
    message: string,
    steps: readonly ScriptedStep[],
    over: Partial<TurnOptions> = {},
  ) => {
    if (!current)
      throw new Error('turn() runs inside a test, after the sample workspace is set up');
    const { sample, store, sessions } = current;
    const model = scriptedModel(steps);
    const result = await runTurn({
      root: sample.workspace,
      store,
      sessions,
      catalog: await loadReferenceCatalog(store),
      model,
      tokenCounter,
      message,
      reindex: async () => {
        await indexWorkspace(sample.workspace, store);
      },
      ...over,
    });
    return { ...result, model };
  };
  return { turn, tokenCounter };
}
