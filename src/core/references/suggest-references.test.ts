import { describe, expect, it } from 'vitest';
import { entry, sampleCatalog } from '../../testing/reference-catalog-fixture.ts';
import { ReferenceCatalog } from './reference-catalog.ts';
import { suggestReferences } from './suggest-references.ts';

const catalog = sampleCatalog();
const inserts = (typed: string, trigger: '[[' | '@', limit?: number) =>
  suggestReferences(typed, trigger, catalog, limit ? { limit } : {}).flatMap((g) =>
    g.items.map((i) => i.insert),
  );

describe('suggestReferences', () => {
  it('ranks exact and prefix matches above partial ones and inserts canonical wikilinks', () => {
    expect(inserts('proj', '[[')[0]).toBe('[[Project Alpha]]');
    expect(inserts('budget', '[[')).toEqual(
      expect.arrayContaining([
        '[[notes/projects/Budget]]',
        '[[notes/archive/Budget]]',
        '[[Budget]]',
      ]),
    );
  });

  it('groups by kind, in display order, with details', () => {
    const groups = suggestReferences('a', '@', catalog, { limit: 20 });
    const kinds = groups.map((g) => g.kind);
    expect(kinds).toEqual([...kinds].sort((x, y) => kinds.indexOf(x) - kinds.indexOf(y)));
    const entities = groups.find((g) => g.kind === 'entities');
    expect(entities?.items[0]).toMatchObject({
      insert: '@Alice',
      kind: 'entity',
      detail: 'person · entities/person/alice.md',
    });
  });

  it('returns at most the limit, 8 by default', () => {
    const count = (typed: string, limit?: number) =>
      suggestReferences(typed, '@', catalog, limit ? { limit } : {}).reduce(
        (n, g) => n + g.items.length,
        0,
      );
    expect(count('')).toBe(8);
    expect(count('', 3)).toBe(3);
  });

  it('with nothing typed, gives each kind its turn: notes first for [[, entities first for @', () => {
    const kinds = (trigger: '[[' | '@', limit: number) =>
      suggestReferences('', trigger, catalog, { limit }).map((g) => [
        g.kind,
        g.items.map((i) => i.insert),
      ]);
    // The most recent note, then the most recent of every other kind, before a second note.
    const wiki = kinds('[[', 5);
    expect(wiki[0]).toEqual(['notes', ['[[notes/projects/Budget]]']]);
    expect(wiki.map(([kind]) => kind)).toEqual([
      'notes',
      'content',
      'sources',
      'entities',
      'files',
    ]);
    const mention = kinds('@', 3);
    expect(mention[0]?.[0]).toBe('entities');
    expect(mention.map(([kind]) => kind)).toEqual(['entities', 'notes', 'content']);
  });

  it('puts notes before other kinds for [[, and entities first for @, among equal matches', () => {
    const first = (typed: string, trigger: '[[' | '@') =>
      suggestReferences(typed, trigger, catalog, { limit: 20 })[0]?.kind;
    expect(first('a', '[[')).toBe('notes');
    expect(first('a', '@')).toBe('entities');
  });

  it('says when each item was last modified', () => {
    const [item] = suggestReferences('Project Alpha', '[[', catalog)[0]?.items ?? [];
    expect(item?.modifiedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('quotes names with spaces in mentions and uses the right form per kind', () => {
    expect(inserts('alice sm', '@')).toContain('@"Alice Smith"');
    expect(inserts('my-post', '@')[0]).toBe('@my-post');
    expect(inserts('interview', '@')).toContain('@source:interview-grace');
    expect(inserts('manual', '@')).toContain('@manual.pdf');
  });

  it('narrows by a typed prefix kind', () => {
    expect(
      inserts('content:', '@', 20).every((i) =>
        [
          '@my-post',
          '@classic-gingerbread-cookies',
          '@why-solar-pumps',
          '@untitled-start',
        ].includes(i),
      ),
    ).toBe(true);
    expect(inserts('source:gr', '@')).toEqual(['@source:interview-grace']);
  });

  it('offers sections, headings, blocks and pages after the document name', () => {
    expect(inserts('my-post#con', '@')).toEqual(['@my-post#conclusion']);
    expect(inserts('my-post:work', '@')).toEqual(['@my-post#work-out-the-flow-rate']);
    expect(inserts('Project Alpha#risk', '[[')).toEqual(['[[Project Alpha#Risks & Mitigations]]']);
    expect(inserts('Project Alpha#^', '[[')).toEqual(['[[Project Alpha#^decision-1]]']);
    expect(inserts('page:manual.pdf#', '@')).toEqual([
      '@page:manual.pdf#1',
      '@page:manual.pdf#2',
      '@page:manual.pdf#3',
    ]);
    expect(inserts('manual.pdf#page=2', '[[')).toEqual(['[[manual.pdf#page=2]]']);
  });

  it('offers content sections directly when their title matches', () => {
    const groups = suggestReferences('flow rate', '@', catalog);
    expect(groups.find((g) => g.kind === 'sections')?.items[0]).toMatchObject({
      insert: '@my-post#work-out-the-flow-rate',
      detail: 'section of My Post About Pumps',
    });
  });

  it('never offers deleted documents', () => {
    expect(inserts('old plan', '[[')).toEqual([]);
  });

  it('highlights nothing it cannot insert: every insert resolves back to its document', async () => {
    const { resolveReferences } = await import('./resolve-references.ts');
    for (const trigger of ['[[', '@'] as const) {
      for (const group of suggestReferences('', trigger, catalog, { limit: 50 })) {
        for (const item of group.items) {
          const [ref] = resolveReferences(item.insert, catalog);
          expect(ref?.target?.documentId, item.insert).toBe(item.documentId);
        }
      }
    }
  });

  it('stays correct on a catalog with no documents', () => {
    expect(suggestReferences('x', '@', new ReferenceCatalog([]))).toEqual([]);
    expect(
      suggestReferences('', '[[', new ReferenceCatalog([entry('a.md')]))[0]?.items[0]?.insert,
    ).toBe('[[a]]');
  });
});
