import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { searchWorkspace } from '../src/search/index.ts';
import { SqliteStore } from '../src/store/index.ts';
import { writeTextPdf } from '../src/testing/pdf-writer.ts';
import { createTempWorkspace } from '../src/testing/temp-workspace.ts';
import { type IndexReport, indexWorkspace } from '../src/workspace/index.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The shape of issue 12's file: one wikilink list item per line, after a line to search for. */
const listOfLinks = (items: number) => `zanzibar heads the list\n\n${'- [[H]]\n'.repeat(items)}`;

function workspaceWith(files: Record<string, string | Uint8Array>) {
  const ws = createTempWorkspace(files);
  const store = SqliteStore.open(join(ws.root, '.footnote', 'footnote.db'));
  cleanups.push(() => ws.cleanup());
  cleanups.push(() => store.close());
  return { ws, store };
}

const found = async (store: SqliteStore, query: string) =>
  (await searchWorkspace(store, query)).map((r) => r.path);

describe('indexWorkspace with files that would exhaust a reader', () => {
  it('indexes a note that exhausts its reader as plain text, and the rest as usual', async () => {
    const { ws, store } = workspaceWith({
      'notes/Alpha.md': '# Alpha\n\nThe turbine spins.\n\nSee [[Beta]].\n',
      'notes/Huge List.md': listOfLinks(60_000),
      'notes/Beta.md': '# Beta\n\nBeta talks about gearboxes.\n',
    });
    // Small limits, so the list runs out of one (memory or time, as the parser goes) in seconds.
    const limits = { readerMemoryMb: 32, readTimeoutMs: 4_000 };
    const report = await indexWorkspace(ws.root, store, limits);
    expect(report.problems).toEqual([
      {
        path: 'notes/Huge List.md',
        reason: expect.stringMatching(
          /^(needed more than 32 MiB|took longer than 4 s) to read; indexed as plain text$/,
        ),
        severity: 'warning',
      },
    ]);
    expect(report).toMatchObject({ documents: 3, added: 3, skipped: 0 });
    expect(await found(store, 'zanzibar')).toEqual(['notes/Huge List.md']);
    expect(await found(store, 'turbine')).toEqual(['notes/Alpha.md']);
    expect(await found(store, 'gearboxes')).toEqual(['notes/Beta.md']);
    const doc = await store.getDocumentByPath('notes/Huge List.md');
    expect(doc).toMatchObject({ title: 'Huge List', headings: [] });
    expect(await store.outgoingLinks(doc?.id ?? '')).toEqual([]);
    // Stored with its hash like any file: the next run does not read it again.
    const again = await indexWorkspace(ws.root, store, limits);
    expect(again).toMatchObject({ unchanged: 3, added: 0, updated: 0, problems: [] });
  });

  it('skips an entity that exhausts its reader (it has no plain-text reading), and says why', async () => {
    const tags = Array.from({ length: 100_000 }, (_, i) => `  - t${i}\n`).join('');
    const { ws, store } = workspaceWith({
      'notes/Alpha.md': '# Alpha\n\nThe turbine spins.\n',
      'entities/_types/person.yaml': 'type: person\nfields:\n  email: { type: email }\n',
      // 100,000 YAML nodes: far more than a 32 MiB heap holds.
      // The comment sends it past the plain front-matter reader to the yaml package.
      'entities/person/ann.md': `---\n# Ann\nname: Ann\ntags:\n${tags}---\nAnn maintains turbines.\n`,
    });
    const report = await indexWorkspace(ws.root, store, { readerMemoryMb: 32 });
    expect(report.problems).toEqual([
      {
        path: 'entities/person/ann.md',
        reason: 'needed more than 32 MiB to read',
        severity: 'skipped',
      },
    ]);
    expect(report).toMatchObject({ documents: 1, added: 1, skipped: 1 });
  });

  it('reports a read that overruns its time and finishes the run', async () => {
    const { ws, store } = workspaceWith({ 'notes/Huge List.md': listOfLinks(100_000) });
    const report = await indexWorkspace(ws.root, store, { readTimeoutMs: 5 });
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]?.path).toBe('notes/Huge List.md');
    expect(report.problems[0]?.reason).toMatch(/^took longer than 0\.005 s to read; /);
  });

  it('stops at once when aborted during a long read', async () => {
    const { ws, store } = workspaceWith({ 'notes/Huge List.md': listOfLinks(300_000) });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stopped')), 300);
    const started = performance.now();
    await expect(
      indexWorkspace(ws.root, store, { readerMemoryMb: 4096, signal: controller.signal }),
    ).rejects.toThrow('stopped');
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('gives the same report and documents whatever the number of reader threads', async () => {
    const files: Record<string, string | Uint8Array> = {
      'files/binary.bin': new Uint8Array([0, 1, 2, 3]),
      'notes/Broken.md': new Uint8Array([0x23, 0x20, 0xff, 0xfe, 0x00]),
      'pdfs/manual.pdf': writeTextPdf([['Page one covers installation.']], { title: 'Manual' }),
      'notes/Warned.md': '---\ntitle: [unclosed\n---\n# Warned\n\nBody.\n',
    };
    for (let i = 0; i < 12; i++)
      files[`notes/n${String(i).padStart(2, '0')}.md`] =
        `# Note ${i}\n\n${'Words about pumps and valves. '.repeat(20 * (i + 1))}\n`;
    const runs: Array<{ report: IndexReport; docs: unknown[] }> = [];
    for (const readerCount of [1, 2]) {
      const { ws, store } = workspaceWith(files);
      const { ms: _ms, ...report } = await indexWorkspace(ws.root, store, { readerCount });
      const docs = [];
      for (const summary of await store.listDocuments()) {
        const doc = await store.getDocument(summary.id);
        const chunks = await store.getChunks(summary.id);
        docs.push({
          path: doc?.path,
          title: doc?.title,
          body: doc?.body,
          chunks: chunks.map((c) => [c.start, c.end, c.text]),
        });
      }
      docs.sort((a, b) => String(a.path).localeCompare(String(b.path)));
      runs.push({ report: { ...report, ms: 0 }, docs });
    }
    expect(runs[0]?.report.problems.map((p) => p.path)).toEqual([
      'notes/Broken.md',
      'notes/Warned.md',
    ]);
    expect(runs[1]).toEqual(runs[0]);
  });
});
