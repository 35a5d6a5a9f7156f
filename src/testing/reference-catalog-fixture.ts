import type { CatalogEntry } from '../core/references/reference-catalog.ts';
import { ReferenceCatalog } from '../core/references/reference-catalog.ts';

let counter = 0;

/** A catalog entry with sensible defaults, for resolution tests. */
export function entry(path: string, overrides: Partial<CatalogEntry> = {}): CatalogEntry {
  counter++;
  const file = path.slice(path.lastIndexOf('/') + 1);
  const stem = file.replace(/\.[^.]+$/, '');
  const kind =
    overrides.kind ?? (path.endsWith('.md') ? 'note' : path.endsWith('.pdf') ? 'pdf' : 'file');
  return {
    id: overrides.id ?? `id-${stem.toLowerCase().replace(/\W+/g, '-')}-${counter}`,
    path,
    title: stem,
    kind,
    status: 'active',
    aliases: [],
    slug: stem.toLowerCase().replace(/\W+/g, '-'),
    updatedAt: '2026-01-01T00:00:00.000Z',
    headings: [],
    blocks: [],
    sections: [],
    pageCount: 0,
    entityId: null,
    entityType: null,
    sourceType: null,
    ...overrides,
  };
}

/** The workspace most resolution tests run against. */
export function sampleCatalog(): ReferenceCatalog {
  return new ReferenceCatalog([
    entry('notes/projects/Project Alpha.md', {
      id: 'alpha',
      title: 'Project Alpha',
      aliases: ['Alpha', 'PA'],
      headings: [
        { text: 'Project Alpha', anchor: 'project-alpha', level: 1 },
        { text: 'Risks & Mitigations', anchor: 'risks--mitigations', level: 2 },
        { text: 'Timeline', anchor: 'timeline', level: 3 },
      ],
      blocks: ['decision-1'],
      updatedAt: '2026-03-01T00:00:00.000Z',
    }),
    entry('notes/projects/Budget.md', {
      id: 'budget-projects',
      title: 'Budget 2026',
      updatedAt: '2026-03-02T00:00:00.000Z',
    }),
    entry('notes/archive/Budget.md', {
      id: 'budget-archive',
      title: 'Budget 2025',
      status: 'archived',
    }),
    entry('Budget.md', {
      id: 'budget-root',
      title: 'Budget overview',
      updatedAt: '2026-02-01T00:00:00.000Z',
    }),
    entry('notes/Design.md', { id: 'design', title: 'Design Notes', aliases: ['Design Doc'] }),
    entry('notes/meetings/Kickoff.md', { id: 'kickoff', title: 'Pilot Kickoff Meeting' }),
    entry('notes/meetings/Retro.md', { id: 'retro-1', title: 'Retro' }),
    entry('notes/planning/Retro.md', { id: 'retro-2', title: 'Retro' }),
    entry('notes/Old Plan.md', { id: 'old-plan', title: 'Old Plan', status: 'deleted' }),
    entry('files/photo.jpg', { id: 'photo', title: 'photo.jpg', kind: 'file' }),
    entry('files/image-1.jpg', {
      id: 'image-1',
      title: 'image-1.jpg',
      kind: 'file',
      updatedAt: '2026-01-05T00:00:00.000Z',
    }),
    entry('files/image-2.png', {
      id: 'image-2',
      title: 'image-2.png',
      kind: 'file',
      updatedAt: '2026-01-06T00:00:00.000Z',
    }),
    entry('pdfs/manual.pdf', { id: 'manual', title: 'Pump Manual', kind: 'pdf', pageCount: 3 }),
    entry('content/my-post.md', {
      id: 'post',
      kind: 'content',
      title: 'My Post About Pumps',
      slug: 'my-post',
      sections: [
        { id: 'introduction', title: 'Introduction', level: 2, start: 40 },
        { id: 'work-out-the-flow-rate', title: 'Work out the flow rate', level: 2, start: 400 },
        { id: 'conclusion', title: 'Conclusion', level: 2, start: 900 },
      ],
    }),
    // Sections titled for what they say: `:introduction` and `:conclusion` find them by position.
    entry('content/why-solar-pumps.md', {
      id: 'why',
      kind: 'content',
      title: 'Why We Are Building a Solar Water Pump',
      slug: 'why-solar-pumps',
      sections: [
        { id: 'the-problem-with-petrol', title: 'The problem with petrol', level: 2, start: 320 },
        { id: 'our-approach', title: 'Our approach', level: 2, start: 900 },
        { id: 'the-impeller', title: 'The impeller', level: 3, start: 1300 },
        { id: 'what-comes-next', title: 'What comes next', level: 2, start: 1600 },
        { id: 'how-to-take-part', title: 'How to take part', level: 3, start: 1900 },
      ],
    }),
    entry('content/untitled-start.md', {
      id: 'untitled-start',
      kind: 'content',
      title: 'Starts with a section',
      slug: 'untitled-start',
      sections: [{ id: 'first', title: 'First', level: 2, start: 0 }],
    }),
    entry('content/classic-gingerbread-cookies.md', {
      id: 'ginger',
      kind: 'content',
      title: 'Classic Gingerbread Cookies',
      slug: 'classic-gingerbread-cookies',
    }),
    entry('sources/transcripts/interview-grace.md', {
      id: 'grace',
      kind: 'source',
      title: 'Interview with Grace',
      sourceType: 'transcript',
    }),
    entry('entities/person/alice.md', {
      id: 'alice',
      kind: 'entity',
      title: 'Alice',
      entityId: 'person/alice',
      entityType: 'person',
    }),
    entry('entities/person/alice-smith.md', {
      id: 'alice-smith',
      kind: 'entity',
      title: 'Alice Smith',
      entityId: 'person/alice-smith',
      entityType: 'person',
    }),
    entry('notes/people/Alice Profile.md', { id: 'alice-profile', title: 'Alice Profile' }),
  ]);
}
