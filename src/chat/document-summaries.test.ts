import { join } from 'node:path';
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredDocument } from '../core/index.ts';
import { SqliteStore } from '../store/index.ts';
import { createTempWorkspace, type TempWorkspace } from '../testing/temp-workspace.ts';
import { indexWorkspace } from '../workspace/index.ts';
import { DocumentSummaries } from './document-summaries.ts';
import { modelSummarizer, readSummaryReply } from './model-summarizer.ts';

const LONG =
  'Working notes from the Hydraulics team on sizing the SP-200. The requirements come from the project note; the datasheet figures are in the PDF.';
const SHORT = 'Budget lines for the pilot.';

let ws: TempWorkspace;
let store: SqliteStore;

beforeEach(async () => {
  ws = createTempWorkspace({
    'notes/Pump Design.md': `---\ntags: [pump]\n---\n# Pump Design\n\n${LONG}\n`,
    'notes/Budget.md': `# Budget\n\n${SHORT}\n`,
  });
  store = SqliteStore.open(join(ws.root, '.footnote', 'footnote.db'));
  await indexWorkspace(ws.root, store);
});

afterEach(async () => {
  await store.close();
  ws.cleanup();
});

const doc = async (path: string): Promise<StoredDocument> => {
  const found = await store.getDocumentByPath(path);
  if (!found) throw new Error(`${path} not indexed`);
  return found;
};

/** A model whose every answer is `reply(prompt)`; records how many calls are running at once. */
function summaryModel(reply: (prompt: string, signal?: AbortSignal) => Promise<string>) {
  const stats = { calls: 0, running: 0, most: 0 };
  const model = new MockLanguageModelV3({
    doGenerate: async (call: LanguageModelV3CallOptions) => {
      stats.calls++;
      stats.running++;
      stats.most = Math.max(stats.most, stats.running);
      try {
        const prompt = JSON.stringify(call.prompt);
        const text = await reply(prompt, call.abortSignal);
        return {
          content: [{ type: 'text', text }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 5, text: 5, reasoning: 0 },
          },
          warnings: [],
        };
      } finally {
        stats.running--;
      }
    },
  });
  return { summarizer: modelSummarizer(model), stats };
}

const later = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('DocumentSummaries without a model', () => {
  it('gives the first paragraph cut to 100 characters and caches it per version', async () => {
    const summaries = new DocumentSummaries({ cache: store });
    const pump = await doc('notes/Pump Design.md');
    const text = await summaries.lookup().summaryOf(pump);
    expect(text).toBe(
      'Working notes from the Hydraulics team on sizing the SP-200. The requirements come from the project…',
    );
    expect(await store.getSummary(pump.id, pump.contentHash)).toEqual({
      text,
      source: 'paragraph',
    });
  });

  it('reads the first paragraph again rather than trust an older reading of it', async () => {
    const pump = await doc('notes/Pump Design.md');
    await store.setSummary(pump.id, pump.contentHash, { text: 'tags: pump', source: 'paragraph' });
    const text = await new DocumentSummaries({ cache: store }).lookup().summaryOf(pump);
    expect(text).toMatch(/^Working notes from the Hydraulics team/);
    expect((await store.getSummary(pump.id, pump.contentHash))?.text).toBe(text);
  });

  it('writes a new summary when the document changes', async () => {
    const summaries = new DocumentSummaries({ cache: store });
    await summaries.lookup().summaryOf(await doc('notes/Budget.md'));
    ws.write('notes/Budget.md', '# Budget\n\nCosts of the second pilot, by month.\n');
    await indexWorkspace(ws.root, store);
    const changed = await doc('notes/Budget.md');
    expect(await store.getSummary(changed.id, changed.contentHash)).toBeNull();
    expect(await summaries.lookup().summaryOf(changed)).toBe(
      'Costs of the second pilot, by month.',
    );
  });
});

describe('DocumentSummaries with a model', () => {
  it('asks the model once per version for a long first paragraph, and never for a short one', async () => {
    const { summarizer, stats } = summaryModel(async () => 'Summary: "How the SP-200 was sized."');
    const summaries = new DocumentSummaries({ cache: store, waitMs: 1000 });
    const lookup = summaries.lookup(summarizer);
    const pump = await doc('notes/Pump Design.md');
    const [first, again] = await Promise.all([lookup.summaryOf(pump), lookup.summaryOf(pump)]);
    expect(first).toBe('How the SP-200 was sized.');
    expect(again).toBe(first);
    expect(await lookup.summaryOf(pump)).toBe(first);
    expect(await store.getSummary(pump.id, pump.contentHash)).toEqual({
      text: first,
      source: 'model',
    });
    expect(await lookup.summaryOf(await doc('notes/Budget.md'))).toBe(SHORT);
    expect(stats.calls).toBe(1);
    // Without a model the cached model summary still shows.
    expect(await summaries.lookup().summaryOf(pump)).toBe(first);
  });

  it('waits only its budget for a slow model, then the model summary lands for the next turn', async () => {
    let answer: (text: string) => void = () => undefined;
    const { summarizer } = summaryModel(
      () =>
        new Promise((done) => {
          answer = done;
        }),
    );
    const summaries = new DocumentSummaries({ cache: store, waitMs: 30 });
    const pump = await doc('notes/Pump Design.md');
    const started = performance.now();
    const shown = await summaries.lookup(summarizer).summaryOf(pump);
    expect(performance.now() - started).toBeLessThan(500);
    expect(shown).toMatch(/^Working notes from the Hydraulics team .*…$/);
    answer('How the SP-200 was sized.');
    await summaries.settle(1000);
    expect(await store.getSummary(pump.id, pump.contentHash)).toEqual({
      text: 'How the SP-200 was sized.',
      source: 'model',
    });
    expect(await summaries.lookup(summarizer).summaryOf(pump)).toBe('How the SP-200 was sized.');
  });

  it('falls back to the first paragraph when the model fails or says nothing', async () => {
    const pump = await doc('notes/Pump Design.md');
    for (const reply of [
      async () => {
        throw new Error('model down');
      },
      async () => '  \n',
    ]) {
      const { summarizer } = summaryModel(reply);
      const summaries = new DocumentSummaries({ cache: store, waitMs: 1000 });
      expect(await summaries.lookup(summarizer).summaryOf(pump)).toMatch(/^Working notes .*…$/);
      expect((await store.getSummary(pump.id, pump.contentHash))?.source).toBe('paragraph');
    }
  });

  it('writes at most `concurrency` summaries at once; settle lets them land or stops them', async () => {
    for (let i = 0; i < 4; i++) ws.write(`notes/Long ${i}.md`, `# Long ${i}\n\n${i} ${LONG}\n`);
    await indexWorkspace(ws.root, store);
    const docs = await Promise.all([0, 1, 2, 3].map((i) => doc(`notes/Long ${i}.md`)));
    const sourcesOf = () =>
      Promise.all(docs.map(async (d) => (await store.getSummary(d.id, d.contentHash))?.source));
    const slow = () =>
      summaryModel(async (_prompt, signal) => {
        await later(20);
        signal?.throwIfAborted();
        return 'A long note.';
      });

    const stopped = slow();
    const cut = new DocumentSummaries({ cache: store, waitMs: 0, concurrency: 1 });
    await Promise.all(docs.map((d) => cut.lookup(stopped.summarizer).summaryOf(d)));
    await cut.settle(5);
    await later(40);
    expect(stopped.stats.calls).toBe(1);
    expect(await sourcesOf()).toEqual(['paragraph', 'paragraph', 'paragraph', 'paragraph']);

    const landed = slow();
    const all = new DocumentSummaries({ cache: store, waitMs: 0, concurrency: 2 });
    await Promise.all(docs.map((d) => all.lookup(landed.summarizer).summaryOf(d)));
    await all.settle(2000);
    expect(landed.stats.most).toBe(2);
    expect(landed.stats.calls).toBe(4);
    expect(await sourcesOf()).toEqual(['model', 'model', 'model', 'model']);
  });
});

describe('readSummaryReply', () => {
  it.each([
    ['How the SP-200 was sized.', 'How the SP-200 was sized.'],
    ['\n\n**Summary:** How the SP-200 was sized.\nMore text.', 'How the SP-200 was sized.'],
    ['"How the SP-200 was sized."', 'How the SP-200 was sized.'],
    ['- one-line summary: Sizing notes', 'Sizing notes'],
  ])('%j → %j', (reply, expected) => {
    expect(readSummaryReply(reply)).toBe(expected);
  });
});
