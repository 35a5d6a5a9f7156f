import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { searchWorkspace } from '../../src/search/index.ts';
import { SqliteStore } from '../../src/store/index.ts';
import { runFootnoteAsync } from '../../src/testing/run-footnote.ts';
import { createTempWorkspace, type TempWorkspace } from '../../src/testing/temp-workspace.ts';
import { DocumentReaderPool } from '../../src/workspace/document-reader-pool.ts';
import { type IndexReport, indexWorkspace } from '../../src/workspace/index.ts';

// A workspace an attacker or an unlucky user could hand Footnote: a binary `.md`, invalid UTF-8,
// a YAML alias bomb, symlink loops, 3,000 nested list markers, a file name that is not UTF-8, files
// deleted while the index runs. Each time the run finishes (the CLI exits 0), the problem is
// reported in words that say what is wrong, and the rest of the workspace is indexed.

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** YAML whose nine levels of aliases expand to 9⁹ strings if a parser follows them. */
const billionLaughs = () => {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  const names = 'abcdefghi';
  for (let i = 1; i < names.length; i++)
    lines.push(
      `${names[i]}: &${names[i]} [${Array(9)
        .fill(`*${names[i - 1]}`)
        .join(',')}]`,
    );
  return lines.join('\n');
};

/** Bytes of a file that claims to be Markdown but is not text. */
const binary = () => {
  const bytes = new Uint8Array(4096);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) % 256;
  return bytes;
};

/** The path of a file whose name is `b<0xE9>d.md` (Latin-1, not UTF-8) in `folder`. */
const latin1Name = (root: string, folder: string) =>
  Buffer.concat([Buffer.from(join(root, folder, 'b')), Buffer.from([0xe9]), Buffer.from('d.md')]);

/** The hostile workspace: every case of issue 12 next to notes that must still be indexed. */
function hostileWorkspace(): TempWorkspace {
  const ws = createTempWorkspace({
    'notes/Good.md': '# Good\n\nThe turbine spins all night.\n',
    'notes/Binary.md': binary(),
    'notes/Latin1.md': Buffer.from('# Caf\xe9\n\nna\xefve text\n', 'latin1'),
    'notes/Bomb.md': `---\n${billionLaughs()}\n---\n# Bomb\n\nThe gearbox hums under the bomb.\n`,
    'entities/_types/laughs.yaml': `type: laughs\n${billionLaughs()}\nfields:\n  name: { type: text }\n`,
    'notes/Nested.md': `${'- '.repeat(3_000)}marmalade\n`,
  });
  cleanups.push(() => ws.cleanup());
  // A folder that links to its parent, and two links that point at each other.
  symlinkSync('..', join(ws.root, 'notes', 'up'));
  symlinkSync(join(ws.root, 'notes', 'ping'), join(ws.root, 'notes', 'pong'));
  symlinkSync(join(ws.root, 'notes', 'pong'), join(ws.root, 'notes', 'ping'));
  writeFileSync(latin1Name(ws.root, 'notes'), '# Bad name\n');
  return ws;
}

const openStore = (ws: TempWorkspace) => {
  const store = SqliteStore.open(join(ws.root, '.footnote', 'footnote.db'));
  cleanups.push(() => store.close());
  return store;
};

const found = async (store: SqliteStore, query: string) =>
  (await searchWorkspace(store, query)).map((r) => r.path);

/** The reason the report gives for `path`, or undefined. */
const reasonFor = (report: Pick<IndexReport, 'problems'>, path: string) =>
  report.problems.find((p) => p.path === path)?.reason;

/** What a report must say about the hostile workspace, however it was produced. */
function expectHostileReport(report: Pick<IndexReport, 'problems'>): void {
  const binaryReason = 'binary data in a text document (NUL bytes or invalid UTF-8)';
  expect(reasonFor(report, 'notes/Binary.md')).toBe(binaryReason);
  expect(reasonFor(report, 'notes/Latin1.md')).toBe(binaryReason);
  expect(reasonFor(report, 'notes/Bomb.md')).toMatch(
    /^frontmatter is not valid YAML: Excessive alias count/,
  );
  expect(reasonFor(report, 'entities/_types/laughs.yaml')).toMatch(
    /^not a valid type schema: Excessive alias count/,
  );
  expect(reasonFor(report, 'notes/b\ufffdd.md')).toBe('file name is not valid UTF-8; rename it');
  expect(reasonFor(report, 'notes/ping')).toBe(
    'symlink loop: it leads back to itself; not followed',
  );
  expect(reasonFor(report, 'notes/pong')).toBe(
    'symlink loop: it leads back to itself; not followed',
  );
  // A link back to a folder already read is read once, silently; 3,000 nested markers index
  // (at most with a warning about the depth).
  expect(reasonFor(report, 'notes/up')).toBeUndefined();
  const nested = report.problems.filter((p) => p.path === 'notes/Nested.md');
  expect(nested.filter((p) => p.severity !== 'warning')).toEqual([]);
  const unexplained = report.problems.filter((p) => /ENOENT|EISDIR|ELOOP|stack/i.test(p.reason));
  expect(unexplained).toEqual([]);
}

describe('indexing a hostile workspace', () => {
  it('through the library: finishes, reports each hostile file clearly and indexes the rest', async () => {
    const ws = hostileWorkspace();
    const store = openStore(ws);
    const report = await indexWorkspace(ws.root, store);
    expectHostileReport(report);
    expect(await found(store, 'turbine')).toEqual(['notes/Good.md']);
    // The bomb's frontmatter is refused, its body indexed; the nested list is indexed too.
    expect(await found(store, 'gearbox')).toEqual(['notes/Bomb.md']);
    expect(await found(store, 'marmalade')).toEqual(['notes/Nested.md']);
  }, 120_000);

  it('through `footnote index`: exits 0 and prints the same report', async () => {
    const ws = hostileWorkspace();
    const run = await runFootnoteAsync(['index', '-w', ws.root, '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expectHostileReport(JSON.parse(run.stdout) as IndexReport);
    const human = await runFootnoteAsync(['index', '-w', ws.root]);
    expect(human.code).toBe(0);
    expect(human.stderr).toContain('notes/b\ufffdd.md: file name is not valid UTF-8; rename it');
  }, 120_000);
});

describe('files deleted while the index runs', () => {
  /** 300 notes. */
  const manyNotes = () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++)
      files[`notes/n${String(i).padStart(3, '0')}.md`] = `# Note ${i}\n\nwidget${i} text\n`;
    const ws = createTempWorkspace(files);
    cleanups.push(() => ws.cleanup());
    return ws;
  };
  const removeLast = (ws: TempWorkspace, count: number) => {
    for (let i = 300 - count; i < 300; i++) ws.remove(`notes/n${String(i).padStart(3, '0')}.md`);
  };
  /**
   * A reader pool that removes the last `count` notes when it is handed its first file: the
   * indexer reads a file's bytes just before handing it over, so the others are not read yet
   * (the indexer reads up to a thousand files ahead of the writes, so a hook on progress is late).
   */
  const removingOnFirstRead = (ws: TempWorkspace, count: number) => {
    let removed = false;
    const pool = new (class extends DocumentReaderPool {
      override read(...args: Parameters<DocumentReaderPool['read']>) {
        if (!removed) {
          removed = true;
          removeLast(ws, count);
        }
        return super.read(...args);
      }
    })({ size: 1 });
    cleanups.push(() => pool.close());
    return pool;
  };

  it('a new file deleted before it is read is left out without a problem; the rest is indexed', async () => {
    const ws = manyNotes();
    const store = openStore(ws);
    const report = await indexWorkspace(ws.root, store, {
      readers: removingOnFirstRead(ws, 100),
    });
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ documents: 200, added: 200 });
    expect(await found(store, 'widget199')).toEqual(['notes/n199.md']);
    expect(await found(store, 'widget250')).toEqual([]);
  }, 60_000);

  it('an indexed file deleted before it is read again is marked deleted, not left searchable', async () => {
    const ws = manyNotes();
    const store = openStore(ws);
    await indexWorkspace(ws.root, store);
    // Every note changes, so the next run reads each again; the last 100 vanish meanwhile.
    for (let i = 0; i < 300; i++)
      ws.write(`notes/n${String(i).padStart(3, '0')}.md`, `# Note ${i}\n\nwidget${i} gadget\n`);
    const report = await indexWorkspace(ws.root, store, {
      readers: removingOnFirstRead(ws, 100),
    });
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ documents: 200, updated: 200, deleted: 100 });
    expect(await found(store, 'widget250')).toEqual([]);
    expect(await found(store, 'widget150')).toEqual(['notes/n150.md']);
  }, 60_000);
});
