import { afterEach, describe, expect, it } from 'vitest';
import {
  DocumentReaderPool,
  ReaderPoolClosedError,
  ReaderStartError,
} from './document-reader-pool.ts';
import { type ReadJob, readAndChunk } from './read-and-chunk.ts';

const pools: DocumentReaderPool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});
const makePool = (options: ConstructorParameters<typeof DocumentReaderPool>[0]) => {
  const pool = new DocumentReaderPool(options);
  pools.push(pool);
  return pool;
};

const encoder = new TextEncoder();
const noteJob = (text: string, mode: ReadJob['mode'] = 'parse'): ReadJob => ({
  path: 'notes/n.md',
  kind: 'note',
  bytes: encoder.encode(text),
  documentId: 'doc-1',
  maxChunkChars: 1600,
  entityTypes: new Map(),
  mode,
});
/** The file: one wikilink list item per line; the Markdown tree of it outgrows a small heap. */
const listOfLinks = (items: number) => '- [[H]]\n'.repeat(items);
/** 100,000 tags are 100,000 YAML nodes and strings: far more than a 32 MiB heap, whatever the Markdown parser. */
const frontmatterOfTags = (tags: number) =>
  // The comment sends it past the plain front-matter reader to the yaml package.
  `---\n# tags\ntags:\n${Array.from({ length: tags }, (_, i) => `  - t${i}\n`).join('')}---\n# Tagged\n`;
const SMALL_NOTE = '# Pump\n\nThe [[Impeller]] turns. ^b1\n\n## Risks\n\nSilt wears the seals.\n';

describe('DocumentReaderPool', () => {
  it('reads and chunks on a thread exactly as in this thread', async () => {
    const pool = makePool({ size: 1 });
    const job = noteJob(SMALL_NOTE);
    expect(await pool.read(job, 30_000)).toEqual(await readAndChunk(job));
  });

  it('reports a file that needs more than the heap limit, and reads the next file on a fresh thread', async () => {
    const pool = makePool({ size: 1, memoryMb: 32 });
    const outcome = await pool.read(noteJob(frontmatterOfTags(100_000)), 120_000);
    expect(outcome).toEqual({
      ok: false,
      failure: 'memory',
      reason: 'needed more than 32 MiB to read',
    });
    const next = await pool.read(noteJob(SMALL_NOTE), 30_000);
    expect(next.ok && next.doc.title).toBe('Pump');
  });

  it('stops a read that overruns its time, and reads the next file', async () => {
    const pool = makePool({ size: 1 });
    await pool.read(noteJob(SMALL_NOTE), 30_000); // the thread is up: the clock counts reading only
    const outcome = await pool.read(noteJob(listOfLinks(100_000)), 5);
    expect(outcome).toEqual({
      ok: false,
      failure: 'time',
      reason: 'took longer than 0.005 s to read',
    });
    const next = await pool.read(noteJob(SMALL_NOTE), 30_000);
    expect(next.ok).toBe(true);
  });

  it('reads as plain text: the body whole, no structure', async () => {
    const pool = makePool({ size: 1, memoryMb: 32 });
    const text = listOfLinks(60_000);
    const outcome = await pool.read(noteJob(text, 'plain'), 30_000);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.doc.body).toBe(text);
    expect(outcome.doc.links).toEqual([]);
    expect(outcome.chunks.map((c) => c.text).join('\n')).toBe(text.trim());
  });

  it('drops a read when its signal aborts, stopping the thread that had it', async () => {
    const pool = makePool({ size: 1 });
    const controller = new AbortController();
    const reading = pool.read(noteJob(listOfLinks(200_000)), 120_000, controller.signal);
    const waiting = pool.read(noteJob(SMALL_NOTE), 30_000, controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 50);
    const started = performance.now();
    await expect(reading).rejects.toThrow('stop');
    await expect(waiting).rejects.toThrow('stop');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await pool.read(noteJob(SMALL_NOTE), 30_000)).ok).toBe(true);
  });

  it('blames the file a thread died on when several were posted to it ahead, and reads the ones after it again', async () => {
    const pool = makePool({ size: 1, memoryMb: 32 });
    const texts = [
      SMALL_NOTE,
      frontmatterOfTags(100_000),
      '# After\n\nOne.\n',
      '# Later\n\nTwo.\n',
    ];
    const outcomes = await Promise.all(texts.map((t) => pool.read(noteJob(t), 120_000)));
    expect(outcomes.map((o) => (o.ok ? o.doc.title : o.failure))).toEqual([
      'Pump',
      'memory',
      'After',
      'Later',
    ]);
  });

  it('reads on several threads at once and gives each caller its own outcome', async () => {
    const pool = makePool({ size: 3 });
    const texts = Array.from({ length: 9 }, (_, i) => `# Note ${i}\n\nBody ${i}.\n`);
    const outcomes = await Promise.all(texts.map((t) => pool.read(noteJob(t), 30_000)));
    expect(outcomes.map((o) => o.ok && o.doc.title)).toEqual(texts.map((_, i) => `Note ${i}`));
  });

  it('fails every waiting read with a clear error when a thread cannot even start', async () => {
    const pool = makePool({ size: 1, memoryMb: 4 });
    await expect(pool.read(noteJob(SMALL_NOTE), 30_000)).rejects.toBeInstanceOf(ReaderStartError);
  });

  it('rejects reads after close', async () => {
    const pool = makePool({ size: 1 });
    await pool.close();
    await expect(pool.read(noteJob(SMALL_NOTE), 30_000)).rejects.toBeInstanceOf(
      ReaderPoolClosedError,
    );
  });
});
