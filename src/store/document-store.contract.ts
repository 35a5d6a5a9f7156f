import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Chunk, DocumentStore, DocumentWrite } from '../core/index.ts';

/** Builds a document to write, with every structural field present so round trips are checked. */
export function sampleDocument(overrides: Partial<DocumentWrite> = {}): DocumentWrite {
  return {
    id: 'doc-1',
    path: 'notes/Alpha.md',
    kind: 'note',
    title: 'Alpha',
    aliases: ['First'],
    slug: 'alpha',
    body: '# Alpha\n\nThe turbine spins. ^spin\n\nSee [[Beta#Intro|beta]].',
    metadata: { tags: ['wind'], rating: 3 },
    status: 'active',
    headings: [{ text: 'Alpha', level: 1, anchor: 'alpha', start: 0, end: 7 }],
    blocks: [{ id: 'spin', start: 9, end: 32 }],
    sections: [],
    pages: [],
    links: [
      {
        syntax: 'wikilink',
        embed: false,
        target: 'Beta',
        heading: 'Intro',
        block: null,
        alias: 'beta',
        start: 38,
        end: 59,
      },
    ],
    entity: null,
    warnings: [],
    contentHash: 'hash-1',
    size: 60,
    mtimeMs: 1_700_000_000_000,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A chunk of `doc` covering `[start, end)`, with an id that says which. */
export function sampleChunk(doc: DocumentWrite, start: number, end: number, ordinal = 0): Chunk {
  return {
    id: `${doc.id}:${start}-${end}:${doc.contentHash}`,
    ordinal,
    text: doc.body.slice(start, end),
    start,
    end,
    headingPath: ['Alpha'],
    page: null,
    sectionId: null,
  };
}

/**
 * The behaviour every DocumentStore adapter owes, as one suite: run it against each adapter
 * (SQLite now, PostgreSQL later) so they cannot drift apart.
 */
export function describeDocumentStore(
  name: string,
  open: () => Promise<{ store: DocumentStore; cleanup(): Promise<void> }>,
) {
  describe(`DocumentStore contract: ${name}`, () => {
    let store: DocumentStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => {
      await store.close();
      await cleanup();
    });

    it('round-trips a document with all its structure', async () => {
      const doc = sampleDocument();
      await store.writeDocument(doc, [sampleChunk(doc, 9, 32)]);
      const stored = await store.getDocument('doc-1');
      expect(stored).toMatchObject({
        id: 'doc-1',
        path: doc.path,
        kind: 'note',
        title: 'Alpha',
        aliases: ['First'],
        body: doc.body,
        metadata: { tags: ['wind'], rating: 3 },
        headings: doc.headings,
        blocks: doc.blocks,
        contentHash: 'hash-1',
        status: 'active',
      });
      expect(stored?.links).toEqual([
        expect.objectContaining({ target: 'Beta', heading: 'Intro', alias: 'beta' }),
      ]);
      expect((await store.getDocumentByPath('notes/Alpha.md'))?.id).toBe('doc-1');
      expect(await store.getDocument('nope')).toBeNull();
      expect(await store.listFileStates()).toEqual([
        {
          id: 'doc-1',
          path: doc.path,
          contentHash: 'hash-1',
          size: 60,
          mtimeMs: doc.mtimeMs,
          status: 'active',
        },
      ]);
    });

    it('retires replaced chunks but keeps them readable by id', async () => {
      const first = sampleDocument();
      const oldChunk = sampleChunk(first, 9, 32);
      await store.writeDocument(first, [oldChunk]);
      const second = sampleDocument({
        body: '# Alpha\n\nThe turbine hums.',
        contentHash: 'hash-2',
      });
      const newChunk = sampleChunk(second, 9, 26);
      await store.writeDocument(second, [newChunk]);
      expect((await store.getChunks('doc-1')).map((c) => c.id)).toEqual([newChunk.id]);
      expect(await store.getChunk(oldChunk.id)).toMatchObject({
        text: oldChunk.text,
        documentId: 'doc-1',
      });
      expect(await store.searchLexical({ terms: ['spin'], limit: 10 })).toEqual([]);
      expect(
        (await store.searchLexical({ terms: ['hum'], limit: 10 })).map((h) => h.chunk.id),
      ).toEqual([newChunk.id]);
    });

    it('finds candidates by index term, filters by kind, and reports term statistics', async () => {
      const note = sampleDocument();
      const pdf = sampleDocument({
        id: 'doc-2',
        path: 'manual.pdf',
        kind: 'pdf',
        title: 'Manual',
        body: 'turbine oil',
      });
      await store.writeDocument(note, [sampleChunk(note, 9, 32)]);
      await store.writeDocument(pdf, [sampleChunk(pdf, 0, 11)]);
      const both = await store.searchLexical({ terms: ['turbin'], limit: 10 });
      expect(both.map((h) => h.document.id).sort()).toEqual(['doc-1', 'doc-2']);
      expect(both[0]?.fields.body).toMatch(/turbin/);
      const pdfOnly = await store.searchLexical({ terms: ['turbin'], limit: 10, kinds: ['pdf'] });
      expect(pdfOnly.map((h) => h.document.path)).toEqual(['manual.pdf']);
      expect(await store.searchLexical({ terms: [], limit: 10 })).toEqual([]);
      const stats = await store.lexicalStats(['turbin', 'oil', 'absent']);
      expect(stats.chunks).toBe(2);
      expect(stats.documentFrequency).toEqual({ turbin: 2, oil: 1, absent: 0 });
      expect(stats.averageLength.body).toBeGreaterThan(0);
    });

    it('treats quotes and operators in terms as plain text', async () => {
      const doc = sampleDocument({ body: 'said "hello" OR NOT' });
      await store.writeDocument(doc, [sampleChunk(doc, 0, doc.body.length)]);
      await expect(
        store.searchLexical({ terms: ['"', 'OR', 'NOT', 'AND', '*', '('], limit: 5 }),
      ).resolves.toEqual([]);
    });

    it('marks deleted documents: out of search and listings, still readable', async () => {
      const doc = sampleDocument();
      await store.writeDocument(doc, [sampleChunk(doc, 9, 32)]);
      await store.markDeleted(['doc-1'], '2026-02-02T00:00:00.000Z');
      expect(await store.searchLexical({ terms: ['turbin'], limit: 10 })).toEqual([]);
      expect(await store.listDocuments()).toEqual([]);
      expect((await store.listDocuments({ includeDeleted: true })).map((d) => d.status)).toEqual([
        'deleted',
      ]);
      expect((await store.getDocument('doc-1'))?.status).toBe('deleted');
      expect((await store.stats()).documents).toBe(0);
      // A new file at the same path may take the path while the deleted one keeps its history.
      const again = sampleDocument({ id: 'doc-9' });
      await store.writeDocument(again, []);
      expect((await store.getDocumentByPath('notes/Alpha.md'))?.id).toBe('doc-9');
    });

    it('lists backlinks by file name, title or alias, narrowed by folder', async () => {
      const beta = sampleDocument({
        id: 'beta',
        path: 'notes/Beta.md',
        title: 'Beta',
        aliases: ['B'],
        links: [],
        body: 'beta',
      });
      const otherBeta = sampleDocument({
        id: 'beta2',
        path: 'archive/Beta.md',
        title: 'Old Beta',
        aliases: [],
        links: [],
        body: 'x',
      });
      const linker = sampleDocument({
        id: 'linker',
        path: 'Linker.md',
        links: [
          {
            syntax: 'wikilink',
            embed: false,
            target: 'archive/Beta',
            heading: null,
            block: null,
            alias: null,
            start: 0,
            end: 1,
          },
          {
            syntax: 'wikilink',
            embed: false,
            target: 'B',
            heading: null,
            block: null,
            alias: null,
            start: 2,
            end: 3,
          },
          {
            syntax: 'markdown',
            embed: false,
            target: 'notes/Beta.md',
            heading: null,
            block: null,
            alias: null,
            start: 4,
            end: 5,
          },
        ],
      });
      for (const d of [beta, otherBeta, linker]) await store.writeDocument(d, []);
      expect((await store.backlinks('beta')).map((l) => l.target)).toEqual(['B', 'notes/Beta.md']);
      expect((await store.backlinks('beta2')).map((l) => l.target)).toEqual(['archive/Beta']);
      expect((await store.outgoingLinks('linker')).length).toBe(3);
    });

    it('rolls a failed transaction back completely', async () => {
      const doc = sampleDocument();
      await expect(
        store.transaction(async () => {
          await store.writeDocument(doc, [sampleChunk(doc, 9, 32)]);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await store.getDocument('doc-1')).toBeNull();
      expect(await store.searchLexical({ terms: ['turbin'], limit: 5 })).toEqual([]);
    });

    it('lists catalog entries with the parts references resolve to, deleted ones included', async () => {
      const note = sampleDocument();
      const post = sampleDocument({
        id: 'post',
        path: 'content/post.md',
        kind: 'content',
        title: 'Post',
        slug: 'my-post',
        sections: [
          {
            id: 'intro',
            title: 'Intro',
            level: 2,
            anchor: 'intro',
            index: 0,
            wordCount: 3,
            start: 0,
            end: 5,
          },
        ],
        links: [],
      });
      const source = sampleDocument({
        id: 'talk',
        path: 'sources/transcripts/talk.txt',
        kind: 'source',
        title: 'talk',
        metadata: { sourceType: 'transcripts' },
      });
      await store.writeDocument(note, []);
      await store.writeDocument(post, []);
      await store.writeDocument(source, []);
      await store.markDeleted(['post'], '2026-03-03T00:00:00.000Z');
      const entries = await store.listCatalogEntries();
      const byId = Object.fromEntries(entries.map((e) => [e.id, e]));
      expect(byId['doc-1']).toMatchObject({
        path: 'notes/Alpha.md',
        aliases: ['First'],
        headings: [{ text: 'Alpha', anchor: 'alpha', level: 1 }],
        blocks: ['spin'],
        status: 'active',
      });
      expect(byId.post).toMatchObject({
        slug: 'my-post',
        sections: [{ id: 'intro', title: 'Intro', level: 2, start: 0 }],
        status: 'deleted',
      });
      expect(byId.talk).toMatchObject({ kind: 'source', sourceType: 'transcripts' });
      expect(byId['doc-1']?.sourceType).toBeNull();
    });

    it('caches summaries per document version', async () => {
      await store.writeDocument(sampleDocument(), []);
      expect(await store.getSummary('doc-1', 'hash-1')).toBeNull();
      await store.setSummary('doc-1', 'hash-1', { text: 'About turbines.', source: 'model' });
      await store.setSummary('doc-1', 'hash-1', { text: 'About wind turbines.', source: 'model' });
      expect(await store.getSummary('doc-1', 'hash-1')).toEqual({
        text: 'About wind turbines.',
        source: 'model',
      });
      expect(await store.getSummary('doc-1', 'hash-2')).toBeNull();
    });

    it('lets a model-written summary replace a first-paragraph one, never the reverse', async () => {
      await store.writeDocument(sampleDocument(), []);
      await store.setSummary('doc-1', 'hash-1', {
        text: 'The turbine spins.',
        source: 'paragraph',
      });
      expect(await store.getSummary('doc-1', 'hash-1')).toEqual({
        text: 'The turbine spins.',
        source: 'paragraph',
      });
      await store.setSummary('doc-1', 'hash-1', { text: 'A note on turbines.', source: 'model' });
      await store.setSummary('doc-1', 'hash-1', {
        text: 'The turbine spins.',
        source: 'paragraph',
      });
      expect(await store.getSummary('doc-1', 'hash-1')).toEqual({
        text: 'A note on turbines.',
        source: 'model',
      });
    });

    it('drops summaries when the document changes, and ignores ones for other versions', async () => {
      await store.writeDocument(sampleDocument(), []);
      await store.setSummary('doc-1', 'hash-1', { text: 'About turbines.', source: 'model' });
      await store.setSummary('doc-1', 'hash-0', { text: 'An older version.', source: 'model' });
      await store.setSummary('nobody', 'hash-1', { text: 'No such document.', source: 'model' });
      expect(await store.getSummary('doc-1', 'hash-0')).toBeNull();
      expect(await store.getSummary('nobody', 'hash-1')).toBeNull();
      await store.writeDocument(sampleDocument({ body: 'Changed.', contentHash: 'hash-2' }), []);
      expect(await store.getSummary('doc-1', 'hash-1')).toBeNull();
      // A late answer about the version that was current a moment ago is not kept either.
      await store.setSummary('doc-1', 'hash-1', { text: 'About turbines.', source: 'model' });
      expect(await store.getSummary('doc-1', 'hash-1')).toBeNull();
      await store.setSummary('doc-1', 'hash-2', { text: 'Changed.', source: 'paragraph' });
      expect(await store.getSummary('doc-1', 'hash-2')).toEqual({
        text: 'Changed.',
        source: 'paragraph',
      });
    });

    it('remembers entity types and touched file facts', async () => {
      const types = [{ type: 'person', fields: [{ name: 'email', type: 'email' as const }] }];
      await store.setEntityTypes(types);
      expect(await store.getEntityTypes()).toEqual(types);
      await store.writeDocument(sampleDocument(), []);
      await store.touchFile('doc-1', 61, 1_800_000_000_000);
      expect((await store.listFileStates())[0]).toMatchObject({
        size: 61,
        mtimeMs: 1_800_000_000_000,
      });
    });
  });
}
