import { describe, expect, it } from 'vitest';
import { entry, sampleCatalog } from '../../testing/reference-catalog-fixture.ts';
import { ReferenceCatalog } from './reference-catalog.ts';
import { resolveReferences } from './resolve-references.ts';

const catalog = sampleCatalog();
const one = (message: string, options: Parameters<typeof resolveReferences>[2] = {}) => {
  const refs = resolveReferences(message, catalog, options);
  expect(refs).toHaveLength(1);
  return refs[0] as (typeof refs)[number];
};

describe('wikilinks by Obsidian rules', () => {
  it.each([
    ['[[Project Alpha]]', 'alpha'],
    ['[[project alpha]]', 'alpha'],
    ['[[Project Alpha.md]]', 'alpha'],
    ['[[projects/Project Alpha]]', 'alpha'],
    ['[[notes/projects/Project Alpha.md]]', 'alpha'],
    ['[[photo.jpg]]', 'photo'],
    ['![[photo.jpg]]', 'photo'],
    ['[[Project Alpha|the project]]', 'alpha'],
    ['[[manual.pdf]]', 'manual'],
  ])('%s resolves by file name', (message, id) => {
    expect(one(message)).toMatchObject({ status: 'resolved', target: { documentId: id } });
  });

  it('needs the extension for files other than Markdown', () => {
    expect(one('[[photo]]').status).toBe('unresolved');
  });

  it('prefers the exact vault path, then the current folder, then the shortest path', () => {
    expect(one('[[notes/archive/Budget]]').target?.documentId).toBe('budget-archive');
    expect(
      one('[[Budget]]', { currentPath: 'notes/projects/Project Alpha.md' }).target?.documentId,
    ).toBe('budget-root');
    expect(one('[[Retro]]', { currentPath: 'notes/meetings/Kickoff.md' }).target?.documentId).toBe(
      'retro-1',
    );
    const noRoot = new ReferenceCatalog([
      entry('x/long/Plan.md', { id: 'long' }),
      entry('y/Plan.md', { id: 'short' }),
    ]);
    expect(resolveReferences('[[Plan]]', noRoot)[0]?.target?.documentId).toBe('short');
    expect(one('[[archive/Budget]]')).toMatchObject({
      status: 'archived',
      target: { documentId: 'budget-archive' },
    });
  });

  it('reports a tie it cannot break as ambiguous, with every candidate', () => {
    const ref = one('[[Retro]]');
    expect(ref.status).toBe('ambiguous');
    expect(ref.target).toBeNull();
    expect(ref.candidates.map((c) => c.documentId).sort()).toEqual(['retro-1', 'retro-2']);
    expect(one('[[Retro]]', { currentPath: 'notes/planning/Other.md' }).target?.documentId).toBe(
      'retro-2',
    );
  });

  it('falls back to title and alias only when no file name matches', () => {
    expect(one('[[Design Doc]]').target?.documentId).toBe('design');
    expect(one('[[Pilot Kickoff Meeting]]').target?.documentId).toBe('kickoff');
    expect(one('[[PA]]').target?.documentId).toBe('alpha');
  });

  it('finds headings at any level ignoring case and punctuation, and blocks', () => {
    expect(one('[[Project Alpha#risks mitigations]]').target).toMatchObject({
      heading: 'Risks & Mitigations',
    });
    expect(one('[[Project Alpha#TIMELINE]]').target).toMatchObject({ heading: 'Timeline' });
    expect(one('[[Project Alpha#^decision-1]]').target).toMatchObject({
      block: 'decision-1',
      heading: null,
    });
  });

  it('keeps the note but reports a missing heading or block', () => {
    const ref = one('[[Project Alpha#Budget]]');
    expect(ref).toMatchObject({
      status: 'resolved',
      target: { documentId: 'alpha', heading: null },
    });
    expect(ref.notes[0]).toMatch(/heading "Budget" not found/);
    expect(one('[[Project Alpha#^nope]]').notes[0]).toMatch(/block \^nope not found/);
  });

  it('points [[#Heading]] into the current document', () => {
    expect(
      one('[[#Timeline]]', { currentPath: 'notes/projects/Project Alpha.md' }).target,
    ).toMatchObject({
      documentId: 'alpha',
      heading: 'Timeline',
    });
    expect(one('[[#Timeline]]').status).toBe('unresolved');
  });

  it('resolves PDF pages and reports pages that do not exist', () => {
    expect(one('[[manual.pdf#page=2]]').target).toMatchObject({ documentId: 'manual', page: 2 });
    expect(one('[[manual.pdf#page=9]]').notes[0]).toMatch(/page 9 not found/);
  });

  it('says a deleted document existed', () => {
    expect(one('[[Old Plan]]')).toMatchObject({
      status: 'deleted',
      target: { documentId: 'old-plan', status: 'deleted' },
    });
  });

  it.each([
    '[[../../etc/passwd]]',
    '[[/etc/passwd]]',
    '[[notes/../../secret]]',
    '[[..\\..\\boot.ini]]',
  ])('%s never leaves the workspace', (message) => {
    const ref = one(message);
    expect(ref.status).toBe('unresolved');
    expect(ref.target).toBeNull();
  });

  it('suggests up to three close names for an unresolved link', () => {
    const ref = one('[[Projet Alpa]]');
    expect(ref.status).toBe('unresolved');
    expect(ref.suggestions[0]).toMatchObject({ documentId: 'alpha', insert: '[[Project Alpha]]' });
    expect(ref.suggestions.length).toBeLessThanOrEqual(3);
  });
});

describe('mentions, forgivingly', () => {
  it.each([
    ['@photo.jpg', 'photo'],
    ['@photo', 'photo'],
    ['@PHOTO.JPG', 'photo'],
    ['@my-post', 'post'],
    ['@content:my-post', 'post'],
    ['@"my post"', 'post'],
    ['@ginger', 'ginger'],
    ['@source:interview-grace', 'grace'],
    ['@"Interview with Grace"', 'grace'],
    ['@Alice', 'alice'],
    ['@"Alice Smith"', 'alice-smith'],
    ['@page:manual.pdf#2', 'manual'],
  ])('%s finds its document', (message, id) => {
    expect(one(message)).toMatchObject({ status: 'resolved', target: { documentId: id } });
  });

  it('ranks exact above prefix above partial', () => {
    expect(one('@Alice').target?.documentId).toBe('alice');
    expect(one('@gingerbread').target?.documentId).toBe('ginger');
  });

  it('is ambiguous between equally good matches, newest candidate first', () => {
    const ref = one('@image');
    expect(ref.status).toBe('ambiguous');
    expect(ref.candidates.map((c) => c.documentId)).toEqual(['image-2', 'image-1']);
  });

  it('breaks ties by the current document, then its folder, then a live one over an archived one', () => {
    expect(one('@Budget', { currentPath: 'notes/archive/Budget.md' }).target?.documentId).toBe(
      'budget-archive',
    );
    expect(one('@Budget', { currentPath: 'notes/projects/Other.md' }).target?.documentId).toBe(
      'budget-projects',
    );
    expect(one('@Budget').status).toBe('ambiguous');
    const archivedTie = new ReferenceCatalog([
      entry('a/Plan.md', { id: 'live' }),
      entry('b/Plan.md', { id: 'old', status: 'archived' }),
    ]);
    expect(resolveReferences('@Plan', archivedTie)[0]?.target?.documentId).toBe('live');
  });

  it('prefers a live note over a shorter archived path of the same name in wikilinks', () => {
    const catalog = new ReferenceCatalog([
      entry('notes/projects/Budget.md', { id: 'live' }),
      entry('notes/old/Budget.md', { id: 'old', status: 'archived' }),
    ]);
    const [ref] = resolveReferences('What is in [[Budget]]?', catalog);
    expect(ref).toMatchObject({ status: 'resolved', target: { documentId: 'live' } });
    // Still reachable by path, and chosen when it is the only one.
    expect(resolveReferences('[[old/Budget]]', catalog)[0]?.target?.documentId).toBe('old');
    const onlyArchived = new ReferenceCatalog([
      entry('x/Budget.md', { id: 'old', status: 'archived' }),
    ]);
    expect(resolveReferences('[[Budget]]', onlyArchived)[0]).toMatchObject({
      status: 'archived',
      target: { documentId: 'old' },
    });
  });

  it('finds sections by id or by title, extending the span over a multi-word title', () => {
    expect(one('@my-post#conclusion').target).toMatchObject({ section: 'conclusion' });
    expect(one('@my-post:Conclusion').target).toMatchObject({ section: 'conclusion' });
    const message = 'Summarize @my-post:Work out the flow rate please';
    const ref = one(message);
    expect(ref.target).toMatchObject({
      section: 'work-out-the-flow-rate',
      heading: 'Work out the flow rate',
    });
    expect(ref.raw).toBe('@my-post:Work out the flow rate');
    expect(message.slice(ref.start, ref.end)).toBe(ref.raw);
  });

  it.each([
    // A section titled as written wins.
    ['@my-post:introduction', { section: 'introduction', heading: 'Introduction' }],
    ['@my-post:Conclusion', { section: 'conclusion', heading: 'Conclusion' }],
    ['@my-post#conclusion', { section: 'conclusion' }],
    // Otherwise the opening part before the first section, and the last top-level section.
    [
      '@why-solar-pumps:introduction',
      { section: null, heading: null, span: { start: 0, end: 320 } },
    ],
    ['@why-solar-pumps:intro', { section: null, span: { start: 0, end: 320 } }],
    ['@why-solar-pumps#introduction', { section: null, span: { start: 0, end: 320 } }],
    ['@why-solar-pumps:conclusion', { section: 'what-comes-next', heading: 'What comes next' }],
    ['@why-solar-pumps:"Conclusion"', { section: 'what-comes-next' }],
    ['@content:why-solar-pumps:conclusion', { section: 'what-comes-next' }],
    // Nothing before the first section, or no sections: the whole item.
    ['@untitled-start:introduction', { section: null, heading: null }],
    ['@ginger:conclusion', { documentId: 'ginger', section: null }],
  ] as const)('%s names %j (seed 001)', (message, target) => {
    const ref = one(`Add a sentence to ${message} please`);
    expect(ref.status).toBe('resolved');
    expect(ref.target).toMatchObject(target);
    if (!('span' in target)) expect(ref.target?.span ?? null).toBeNull();
  });

  it('says which part `:introduction` and `:conclusion` took', () => {
    expect(one('@why-solar-pumps:introduction').notes).toEqual([
      'no section is titled "introduction"; using the opening part, before "The problem with petrol"',
    ]);
    expect(one('@why-solar-pumps:conclusion').notes).toEqual([
      'no section is titled "conclusion"; using the last section, "What comes next"',
    ]);
    expect(one('@untitled-start:introduction').notes[0]).toMatch(
      /no text before its first section/,
    );
    expect(one('@ginger:conclusion').notes[0]).toMatch(
      /has no sections; its conclusion is the whole item/,
    );
    // The intro is a part of its own: naming it and the whole post gives two references.
    expect(resolveReferences('@why-solar-pumps:intro and @why-solar-pumps', catalog)).toHaveLength(
      2,
    );
  });

  it('falls back to the whole item when the section is unknown, with a note', () => {
    const ref = one('@my-post#appendix');
    expect(ref).toMatchObject({
      status: 'resolved',
      target: { documentId: 'post', section: null },
    });
    expect(ref.notes[0]).toMatch(/not found/);
  });

  describe('@source:<type> finds the sources of that type (seed 001)', () => {
    const sources = new ReferenceCatalog([
      entry('sources/transcripts/interview-grace.md', {
        id: 'grace',
        kind: 'source',
        title: 'Interview with Grace',
        sourceType: 'transcript',
        updatedAt: '2026-02-18T00:00:00.000Z',
      }),
      entry('sources/transcripts/standup.txt', {
        id: 'standup',
        kind: 'source',
        title: 'standup',
        sourceType: 'transcripts',
        updatedAt: '2026-03-02T00:00:00.000Z',
      }),
      entry('sources/web/crop-water-needs.md', {
        id: 'crop',
        kind: 'source',
        title: 'How much water do vegetables need?',
        sourceType: 'web',
      }),
      entry('sources/youtube/old-talk.md', {
        id: 'talk',
        kind: 'source',
        title: 'Old talk',
        sourceType: 'youtube',
        status: 'archived',
      }),
      entry('notes/Web.md', { id: 'web-note', title: 'Web' }),
    ]);
    const resolve = (message: string) => {
      const refs = resolveReferences(message, sources);
      expect(refs).toHaveLength(1);
      return refs[0] as (typeof refs)[number];
    };

    it.each([
      ['@source:web', 'resolved', ['crop']],
      ['@source:WEB', 'resolved', ['crop']],
      ['@source:youtube', 'archived', ['talk']],
      ['@source:transcript', 'ambiguous', ['standup', 'grace']],
      ['@source:transcripts', 'ambiguous', ['standup', 'grace']],
      ['@source:standup', 'resolved', ['standup']],
      ['@source:podcast', 'unresolved', []],
    ] as const)('%s → %s %j', (message, status, ids) => {
      const ref = resolve(message);
      expect(ref.status).toBe(status);
      const found =
        ref.status === 'ambiguous'
          ? ref.candidates.map((c) => c.documentId)
          : ref.target
            ? [ref.target.documentId]
            : [];
      expect(found).toEqual(ids);
    });

    it('says how many sources share the type, and keeps `@web` a plain name', () => {
      expect(resolve('@source:transcript').notes).toEqual([
        '2 sources of type "transcript"; name one',
      ]);
      expect(resolve('@source:web').notes).toEqual(['the one source of type "web"']);
      expect(resolve('@web').target?.documentId).toBe('web-note');
    });

    it('lets a source named like the type win over the type', () => {
      const named = new ReferenceCatalog([
        ...sources.entries,
        entry('sources/misc/transcript.md', {
          id: 'named',
          kind: 'source',
          title: 'transcript',
          sourceType: 'misc',
        }),
      ]);
      expect(resolveReferences('@source:transcript', named)[0]).toMatchObject({
        status: 'resolved',
        target: { documentId: 'named' },
      });
    });
  });

  describe('unquoted multi-word names', () => {
    const names = new ReferenceCatalog([
      entry('content/field-trial-lessons.md', {
        id: 'lessons',
        kind: 'content',
        title: 'What the field trial taught us',
        slug: 'field-trial-lessons',
        sections: [{ id: 'the-numbers', title: 'The numbers', level: 2, start: 100 }],
      }),
      entry('notes/Field Trip Checklist.md', { id: 'checklist', title: 'Field Trip Checklist' }),
      entry('notes/Field.md', { id: 'field', title: 'Field' }),
      entry('entities/person/alice.md', { id: 'alice', kind: 'entity', title: 'Alice' }),
      entry('entities/person/alice-smith.md', {
        id: 'alice-smith',
        kind: 'entity',
        title: 'Alice Smith',
      }),
    ]);
    const first = (message: string) => resolveReferences(message, names)[0];

    it.each([
      ['Summarize @field trial lessons please', '@field trial lessons', 'lessons'],
      ['Summarize @Field Trial Lessons.', '@Field Trial Lessons', 'lessons'],
      ['See @field trip checklist, then go', '@field trip checklist', 'checklist'],
      ['Ask @Alice Smith about it', '@Alice Smith', 'alice-smith'],
      ['Ask @Alice about it', '@Alice', 'alice'],
      ['Ask @alice smith jones', '@alice smith', 'alice-smith'],
      ['@field trial notes', '@field', 'field'],
      ['@entity:Alice Smith', '@entity:Alice Smith', 'alice-smith'],
      ['@note:Alice Smith', '@note:Alice', null],
    ] as const)('%j reads %j', (message, raw, id) => {
      const ref = first(message);
      expect(ref?.raw).toBe(raw);
      expect(message.slice(ref?.start, ref?.end)).toBe(raw);
      expect(ref?.target?.documentId ?? null).toBe(id);
    });

    it('takes the section after a multi-word name', () => {
      const ref = first('Fix @field trial lessons#the-numbers now');
      expect(ref).toMatchObject({
        raw: '@field trial lessons#the-numbers',
        target: { documentId: 'lessons', section: 'the-numbers' },
      });
      expect(first('Fix @field trial lessons:The numbers now')).toMatchObject({
        raw: '@field trial lessons:The numbers',
        target: { section: 'the-numbers' },
      });
    });

    it('gives the permission to the whole name', () => {
      const refs = resolveReferences('Add @Alice Smith to @field trial lessons', names, {
        mode: 'agent',
      });
      expect(refs.map((r) => [r.raw, r.permission])).toEqual([
        ['@Alice Smith', 'read'],
        ['@field trial lessons', 'insert'],
      ]);
    });
  });

  it('narrows by prefix kind', () => {
    expect(one('@content:grace').status).toBe('unresolved');
    expect(one('@entity:alice').target?.documentId).toBe('alice');
  });

  it('gives "did you mean" suggestions by edit distance and prefix', () => {
    const ref = one('@phot.jpg');
    expect(ref.status).toBe('unresolved');
    expect(ref.suggestions.map((s) => s.insert)).toContain('@photo.jpg');
  });
});

describe('permissions, duplicates and limits', () => {
  it.each([
    ['Summarize @my-post', 'agent', 'read'],
    ['Edit @my-post to add keywords', 'agent', 'write'],
    ['Please rewrite the intro of @my-post', 'agent', 'write'],
    ['Fix the typos in @my-post.', 'agent', 'write'],
    ['Add @photo.jpg to the post', 'agent', 'read'],
    ['Insert a chart into @my-post', 'agent', 'insert'],
    ['Edit @my-post', 'chat', 'read'],
    ['I edited things yesterday. What does @my-post say?', 'agent', 'read'],
  ] as const)('%s in %s mode → %s', (message, mode, permission) => {
    expect(one(message, { mode }).permission).toBe(permission);
  });

  it('gives what an insert verb adds read and where it goes insert (seed 001)', () => {
    const refs = resolveReferences(
      'Add @photo.jpg as the featured image above the conclusion in @my-post',
      catalog,
      { mode: 'agent' },
    );
    expect(refs.map((r) => [r.target?.documentId, r.permission])).toEqual([
      ['photo', 'read'],
      ['post', 'insert'],
    ]);
  });

  it('merges the same target named twice into one reference with two spans', () => {
    const message = 'Compare [[Project Alpha]] with @"Project Alpha", then edit [[Project Alpha]]';
    const refs = resolveReferences(message, catalog, { mode: 'agent' });
    expect(refs).toHaveLength(1);
    expect(refs[0]?.spans.map((s) => s.raw)).toEqual([
      '[[Project Alpha]]',
      '@"Project Alpha"',
      '[[Project Alpha]]',
    ]);
    expect(refs[0]?.permission).toBe('write');
    for (const span of refs[0]?.spans ?? [])
      expect(message.slice(span.start, span.end)).toBe(span.raw);
  });

  it('loads at most the configured number and marks the rest over_limit', () => {
    const message =
      '@photo.jpg @my-post @Alice @manual.pdf @ginger [[Design]] [[Kickoff]] @nothing-here';
    const refs = resolveReferences(message, catalog);
    expect(refs.map((r) => r.status)).toEqual([
      'resolved',
      'resolved',
      'resolved',
      'resolved',
      'resolved',
      'over_limit',
      'over_limit',
      'unresolved',
    ]);
    expect(refs[5]?.target?.documentId).toBe('design');
    expect(
      resolveReferences(message, catalog, { maxReferences: 2 }).filter(
        (r) => r.status === 'resolved',
      ),
    ).toHaveLength(2);
  });

  it('marks every reference with origin user and keeps spans exact', () => {
    const message = 'See [[Project Alpha#Timeline]] and @my-post:Conclusion.';
    for (const ref of resolveReferences(message, catalog)) {
      expect(ref.origin).toBe('user');
      expect(message.slice(ref.start, ref.end)).toBe(ref.raw);
    }
  });
});
