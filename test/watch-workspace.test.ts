import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { searchWorkspace } from '../src/search/index.ts';
import { SqliteStore } from '../src/store/index.ts';
import { createTempWorkspace } from '../src/testing/temp-workspace.ts';
import { type IndexReport, indexWorkspace, watchWorkspace } from '../src/workspace/index.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Polls until `check` passes, at most `tries` times. */
async function eventually(check: () => Promise<boolean>, tries = 100): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error('condition not met in time');
}

describe('watchWorkspace', () => {
  it('indexes files as they are added, changed and removed, and stops on abort', async () => {
    const ws = createTempWorkspace({ 'a.md': '# A\n\nalpha\n' });
    cleanups.push(() => ws.cleanup());
    const store = SqliteStore.open(join(ws.root, '.footnote', 'footnote.db'));
    cleanups.push(() => store.close());
    await indexWorkspace(ws.root, store);
    const reports: IndexReport[] = [];
    const controller = new AbortController();
    const watching = watchWorkspace(ws.root, store, {
      signal: controller.signal,
      debounceMs: 30,
      onReport: (r) => reports.push(r),
    });
    const found = async (word: string) => (await searchWorkspace(store, word)).length > 0;

    ws.write('b.md', '# B\n\nbravo\n');
    await eventually(() => found('bravo'));
    ws.write('a.md', '# A\n\ncharlie replaces alpha\n');
    await eventually(async () => (await found('charlie')) && reports.some((r) => r.updated === 1));
    ws.remove('b.md');
    await eventually(async () => !(await found('bravo')));
    expect(reports.some((r) => r.deleted === 1)).toBe(true);

    controller.abort();
    await watching;
    ws.write('c.md', '# C\n\ndelta\n');
    await sleep(200);
    expect(await found('delta')).toBe(false);
  });
});
