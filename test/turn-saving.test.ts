import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  runTurn,
  SAVE_EVERY_CHARS,
  ServerStoppingError,
  type TurnOptions,
} from '../src/chat/index.ts';
import {
  type ChatMessage,
  gptTokenCounter,
  loadReferenceCatalog,
  memoizeTokenCounter,
  type SessionStore,
} from '../src/core/index.ts';
import { SqliteSessionStore, SqliteStore } from '../src/store/index.ts';
import { type ScriptedStep, scriptedModel } from '../src/testing/scripted-model.ts';
import { createTempWorkspace, type TempWorkspace } from '../src/testing/temp-workspace.ts';
import { indexWorkspace } from '../src/workspace/index.ts';

// How a turn saves its answer while it streams: `streaming` and close behind what was shown, a
// few writes rather than one per token, and never over the turn's final write.

let workspace: TempWorkspace;
let store: SqliteStore;
let sessions: SqliteSessionStore;
const tokenCounter = memoizeTokenCounter(gptTokenCounter);

beforeEach(async () => {
  workspace = createTempWorkspace({ 'Pump.md': '# Pump\n\nThe pump lifts 2.6 m3/h.\n' });
  store = SqliteStore.open(join(workspace.root, '.footnote', 'footnote.db'));
  sessions = new SqliteSessionStore(store.db);
  await indexWorkspace(workspace.root, store);
});

afterEach(async () => {
  await store.close();
  workspace.cleanup();
});

const turn = async (
  steps: readonly ScriptedStep[],
  over: Partial<TurnOptions> = {},
  into: SessionStore = sessions,
) =>
  runTurn({
    root: workspace.root,
    store,
    sessions: into,
    catalog: await loadReferenceCatalog(store),
    model: scriptedModel(steps),
    tokenCounter,
    message: 'Tell me about the pump',
    reindex: async () => {
      await indexWorkspace(workspace.root, store);
    },
    ...over,
  });

const storedAnswer = async (): Promise<ChatMessage | undefined> => {
  const [session] = await sessions.listSessions({ workspaceId: 'default', userId: 'local' });
  return session ? (await sessions.listMessages(session.id))[1] : undefined;
};

/** The stored answer as it is at this instant (the store's own calls are async). */
const storedNow = () =>
  store.db.prepare("SELECT content, status FROM messages WHERE role = 'assistant'").get() as {
    content: string;
    status: string;
  };

/** 120 deltas of 10 characters: 1,200 characters in all. */
const DELTAS = Array.from({ length: 120 }, (_, i) => `w${String(i).padStart(3, '0')}-text `);

describe('an answer saved as it streams', () => {
  it('is stored `streaming`, a prefix of what was shown and at most a few hundred characters behind', async () => {
    let shown = '';
    const lags: number[] = [];
    const saves: string[] = [];
    const counting: SessionStore = Object.assign(Object.create(sessions) as SessionStore, {
      saveProgress: (message: ChatMessage) => {
        saves.push(message.content);
        return sessions.saveProgress(message);
      },
    });
    const result = await turn([{ text: DELTAS, delayMs: 2 }], {
      onEvent: (event) => {
        if (event.type !== 'text-delta') return;
        shown += event.text;
        // Read synchronously, so no save can land between showing and reading.
        const answer = storedNow();
        expect(answer.status).toBe('streaming');
        expect(shown.startsWith(answer.content)).toBe(true);
        lags.push(shown.length - answer.content.length);
      },
      sessions: counting,
    });
    expect(result.assistant.status).toBe('complete');
    expect(await storedAnswer()).toMatchObject({ status: 'complete', content: shown });
    // Behind by at most the character budget plus the delta that crossed it.
    expect(Math.max(...lags)).toBeLessThanOrEqual(SAVE_EVERY_CHARS + 10);
    // Some text was saved before the end, but far fewer writes than tokens.
    expect(saves.length).toBeGreaterThanOrEqual(4);
    expect(saves.length).toBeLessThan(DELTAS.length / 10);
    for (const [i, text] of saves.entries())
      expect(text.length).toBeGreaterThan(saves[i - 1]?.length ?? 0);
  });

  it('saves a slow answer within about half a second even with few characters', async () => {
    const seen: string[] = [];
    const pending = turn(
      [{ text: ['Slow ', 'but ', 'sure ', 'words ', 'arrive.'], delayMs: 300 }],
      {
        onEvent: (event) => {
          if (event.type === 'text-delta') seen.push(event.text);
        },
      },
    );
    // By the third word (600 ms in), the first one has been saved.
    while (seen.length < 3) await sleep(10);
    expect((await storedAnswer())?.content).toMatch(/^Slow /);
    await pending;
  });

  it('ends with the final write even when a save is still in flight', async () => {
    // A store whose saves land late, and would overwrite anything (no compare-and-set).
    const slow: SessionStore = Object.assign(Object.create(sessions) as SessionStore, {
      saveProgress: async (message: ChatMessage) => {
        await sleep(150);
        await sessions.updateMessage(message);
        return true;
      },
    });
    const result = await turn([{ text: DELTAS.slice(0, 40) }], {}, slow);
    expect(result.assistant.status).toBe('complete');
    // Long enough for any save still pending to land.
    await sleep(400);
    expect(await storedAnswer()).toMatchObject({
      status: 'complete',
      content: DELTAS.slice(0, 40).join(''),
    });
  });
});

describe('why an answer was interrupted', () => {
  it('says `stopped` when its client aborts, and keeps the text so far', async () => {
    const controller = new AbortController();
    const result = await turn([{ text: DELTAS, delayMs: 5 }], {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'text-delta' && event.text.startsWith('w005')) controller.abort();
      },
    });
    expect(result.assistant).toMatchObject({
      status: 'interrupted',
      reason: 'stopped',
      error: 'the answer was stopped before it finished',
    });
    expect(result.assistant.content).toMatch(/^w000-text w001/);
    expect(await storedAnswer()).toMatchObject({ status: 'interrupted', reason: 'stopped' });
  });

  it('says `server_stopped` when the server stops it as it shuts down', async () => {
    const controller = new AbortController();
    const result = await turn([{ text: DELTAS, delayMs: 5 }], {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'text-delta' && event.text.startsWith('w005'))
          controller.abort(new ServerStoppingError());
      },
    });
    expect(result.assistant).toMatchObject({
      status: 'interrupted',
      reason: 'server_stopped',
      error: 'the server stopped before the answer finished',
    });
    expect(result.assistant.content).toMatch(/^w000-text w001/);
  });

  it('a failed or complete answer has no reason', async () => {
    const failed = await turn([{ text: 'Part', error: new Error('model exploded') }], {
      maxSteps: 1,
    });
    expect(failed.assistant).toMatchObject({ status: 'failed', reason: null });
    const done = await turn([{ text: 'Done.' }]);
    expect(done.assistant).toMatchObject({ status: 'complete', reason: null, error: null });
  });
});
