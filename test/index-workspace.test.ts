import { symlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchWorkspace } from '../src/search/index.ts';
import { SqliteStore } from '../src/store/index.ts';
import { writeImageOnlyPdf, writeTextPdf } from '../src/testing/pdf-writer.ts';
import { createTempWorkspace, type TempWorkspace } from '../src/testing/temp-workspace.ts';
import { indexWorkspace } from '../src/workspace/index.ts';

const PERSON_TYPE = `type: person
fields:
  email: { type: email }
  team: { type: entity_ref, target: team }
`;

let ws: TempWorkspace;
let store: SqliteStore;

beforeEach(() => {
  ws = createTempWorkspace({
    'notes/Alpha.md':
      '---\ntitle: Project Alpha\naliases: [PA]\n---\n# Alpha\n\nThe turbine spins. ^spin\n\nSee [[Beta]].\n',
    'notes/Beta.md': '# Beta\n\nBeta links back to [[Alpha#Alpha]] and [[Project Alpha]].\n',
    'files/readme.txt': 'plain text about windmills\n',
    'pdfs/manual.pdf': writeTextPdf(
      [['Page one covers installation.'], ['Page two covers the gearbox.']],
      {
        title: 'Turbine Manual',
      },
    ),
    'entities/_types/person.yaml': PERSON_TYPE,
    'entities/person/ann.md':
      '---\nname: Ann\nemail: ann@example.com\n---\nAnn maintains turbines.\n',
  });
  store = SqliteStore.open(join(ws.root, '.footnote', 'footnote.db'));
});

afterEach(async () => {
  await store.close();
  ws.cleanup();
});

const bump = (path: string, seconds: number) => {
  const when = new Date(Date.now() + seconds * 1000);
  utimesSync(join(ws.root, path), when, when);
};

describe('indexWorkspace', () => {
  it('indexes every kind on the first run', async () => {
    const report = await indexWorkspace(ws.root, store);
    expect(report).toMatchObject({ documents: 5, added: 5, updated: 0, deleted: 0, skipped: 0 });
    const stats = await store.stats();
    expect(stats.byKind).toEqual({ note: 2, file: 1, pdf: 1, entity: 1 });
    expect(report.chunks).toBe(stats.chunks);
  });

  it('touches nothing when nothing changed', async () => {
    await indexWorkspace(ws.root, store);
    const again = await indexWorkspace(ws.root, store);
    expect(again).toMatchObject({ added: 0, updated: 0, deleted: 0, renamed: 0, unchanged: 5 });
  });

  it('re-reads only a changed file and gives its edited chunk a new id', async () => {
    await indexWorkspace(ws.root, store);
    const before = await store.getDocumentByPath('notes/Alpha.md');
    const oldChunks = await store.getChunks(before?.id as string);
    ws.write('notes/Alpha.md', '# Alpha\n\nThe turbine now hums quietly.\n');
    bump('notes/Alpha.md', 5);
    const report = await indexWorkspace(ws.root, store);
    expect(report).toMatchObject({ added: 0, updated: 1, unchanged: 4 });
    const after = await store.getDocumentByPath('notes/Alpha.md');
    expect(after?.id).toBe(before?.id);
    expect(after?.title).toBe('Alpha');
    const newChunks = await store.getChunks(after?.id as string);
    expect(newChunks.map((c) => c.id)).not.toEqual(oldChunks.map((c) => c.id));
    // The old chunk is retired, not lost: an old citation still finds its text.
    const retired = await store.getChunk(oldChunks[0]?.id as string);
    expect(retired?.text).toBe(oldChunks[0]?.text);
    expect(await searchWorkspace(store, 'spins')).toEqual([]);
    expect((await searchWorkspace(store, 'hums')).map((r) => r.path)).toEqual(['notes/Alpha.md']);
  });

  it('treats a touched but identical file as unchanged', async () => {
    await indexWorkspace(ws.root, store);
    bump('files/readme.txt', 10);
    const report = await indexWorkspace(ws.root, store);
    expect(report).toMatchObject({ updated: 0, unchanged: 5 });
    const third = await indexWorkspace(ws.root, store);
    expect(third.unchanged).toBe(5);
  });

  it('keeps the document id across a rename', async () => {
    await indexWorkspace(ws.root, store);
    const before = await store.getDocumentByPath('files/readme.txt');
    const content = 'plain text about windmills\n';
    ws.remove('files/readme.txt');
    ws.write('files/windmills.txt', content);
    const report = await indexWorkspace(ws.root, store);
    expect(report).toMatchObject({ renamed: 1, added: 0, deleted: 0 });
    const after = await store.getDocumentByPath('files/windmills.txt');
    expect(after?.id).toBe(before?.id);
    const results = await searchWorkspace(store, 'windmills');
    expect(results.map((r) => r.path)).toEqual(['files/windmills.txt']);
  });

  it('marks a removed file deleted but keeps it readable, and revives it when it returns', async () => {
    await indexWorkspace(ws.root, store);
    const before = await store.getDocumentByPath('notes/Beta.md');
    ws.remove('notes/Beta.md');
    const report = await indexWorkspace(ws.root, store);
    expect(report).toMatchObject({ deleted: 1, documents: 4 });
    const gone = await store.getDocument(before?.id as string);
    expect(gone?.status).toBe('deleted');
    expect(gone?.body).toContain('Beta links back');
    expect(await searchWorkspace(store, 'links back')).toEqual([]);
    expect((await store.listDocuments()).map((d) => d.path)).not.toContain('notes/Beta.md');

    ws.write('notes/Beta.md', '# Beta\n\nBeta returns.\n');
    const back = await indexWorkspace(ws.root, store);
    expect(back).toMatchObject({ added: 1, documents: 5 });
    const revived = await store.getDocumentByPath('notes/Beta.md');
    expect(revived?.id).toBe(before?.id);
    expect(revived?.status).toBe('active');
  });

  it('records the link graph so backlinks can be listed', async () => {
    await indexWorkspace(ws.root, store);
    const alpha = await store.getDocumentByPath('notes/Alpha.md');
    const backlinks = await store.backlinks(alpha?.id as string);
    expect(backlinks.map((l) => [l.sourcePath, l.target, l.heading])).toEqual([
      ['notes/Beta.md', 'Alpha', 'Alpha'],
      ['notes/Beta.md', 'Project Alpha', null],
    ]);
    const outgoing = await store.outgoingLinks(alpha?.id as string);
    expect(outgoing.map((l) => l.target)).toEqual(['Beta']);
  });

  it('reports bad files one by one and indexes the rest', async () => {
    ws.write('notes/binary.md', new Uint8Array([0x23, 0x20, 0x00, 0x01, 0x02, 0xff]));
    ws.write('pdfs/broken.pdf', '%PDF-1.4\nthis is not really a pdf');
    ws.write(
      'notes/bad-frontmatter.md',
      '---\ntitle: [unclosed\n---\n# Still Here\n\nBody text survives.\n',
    );
    ws.write('entities/robot/r2.md', '---\nname: R2\n---\n');
    ws.write('pdfs/scan.pdf', writeImageOnlyPdf(2));
    ws.write('notes/huge.md', `# Huge\n\n${'x'.repeat(2048)}`);
    const report = await indexWorkspace(ws.root, store, { maxTextBytes: 1024 });
    const byPath = Object.fromEntries(report.problems.map((p) => [p.path, p]));
    expect(byPath['notes/binary.md']).toMatchObject({
      severity: 'skipped',
      reason: expect.stringMatching(/binary/),
    });
    expect(byPath['pdfs/broken.pdf']).toMatchObject({
      severity: 'skipped',
      reason: expect.stringMatching(/PDF/),
    });
    expect(byPath['entities/robot/r2.md']).toMatchObject({
      reason: expect.stringMatching(/unknown entity type "robot"/),
    });
    expect(byPath['notes/huge.md']).toMatchObject({ reason: expect.stringMatching(/too large/) });
    expect(byPath['notes/bad-frontmatter.md']).toMatchObject({ severity: 'warning' });
    expect(byPath['pdfs/scan.pdf']).toMatchObject({
      severity: 'warning',
      reason: expect.stringMatching(/no text layer/),
    });
    expect(report.skipped).toBe(4);
    expect(report.documents).toBe(7);
    const survived = await store.getDocumentByPath('notes/bad-frontmatter.md');
    expect(survived?.title).toBe('Still Here');
    const scan = await store.getDocumentByPath('pdfs/scan.pdf');
    expect(scan?.metadata).toMatchObject({ textLayer: false, pageCount: 2 });
  });

  it('never follows a symlink out of the workspace, but follows one that stays inside', async () => {
    const outside = createTempWorkspace({ 'secret.md': '# Secret\n\nclassified payload\n' });
    try {
      symlinkSync(join(outside.root, 'secret.md'), join(ws.root, 'notes', 'leak.md'));
      symlinkSync(outside.root, join(ws.root, 'outside-dir'));
      symlinkSync(join(ws.root, 'notes'), join(ws.root, 'notes-again'));
      const report = await indexWorkspace(ws.root, store);
      const reasons = report.problems.map((p) => `${p.path}: ${p.reason}`);
      expect(reasons).toContain('notes/leak.md: symlink leads outside the workspace; not followed');
      expect(reasons).toContain('outside-dir: symlink leads outside the workspace; not followed');
      expect(await searchWorkspace(store, 'classified')).toEqual([]);
      // The inside link points at a folder already indexed: it is not read twice.
      expect(
        (await store.listDocuments()).filter((d) => d.path.startsWith('notes-again/')),
      ).toEqual([]);
    } finally {
      outside.cleanup();
    }
  });

  it('re-reads entities when their type schema changes', async () => {
    await indexWorkspace(ws.root, store);
    ws.write('entities/_types/person.yaml', `${PERSON_TYPE}  nickname: { type: text }\n`);
    ws.write(
      'entities/person/ann.md',
      '---\nname: Ann\nemail: ann@example.com\nnickname: Annie\n---\n',
    );
    const report = await indexWorkspace(ws.root, store);
    expect(report.updated).toBe(1);
    const ann = await store.getDocumentByPath('entities/person/ann.md');
    expect(ann?.entity?.fields.find((f) => f.name === 'nickname')?.value).toBe('Annie');
    expect((await store.getEntityTypes())[0]?.fields.map((f) => f.name)).toEqual([
      'email',
      'team',
      'nickname',
    ]);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(indexWorkspace(ws.root, store, { signal: controller.signal })).rejects.toThrow();
    expect((await store.stats()).documents).toBe(0);
  });
});
