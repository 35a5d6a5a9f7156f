import { describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../api/types.ts';
import { groupDocuments } from './group-documents.ts';

const doc = (path: string, title: string, kind = 'note'): DocumentSummary =>
  ({
    id: path,
    path,
    title,
    kind,
    status: 'active',
    aliases: [],
    slug: title.toLowerCase(),
    updatedAt: '2026-03-01T00:00:00Z',
  }) as DocumentSummary;

const docs = [
  doc('notes/projects/Pump Design.md', 'Pump Design Notes'),
  doc('Home.md', 'Home'),
  doc('pdfs/field-report.pdf', 'Field Report', 'pdf'),
  doc('notes/projects/Budget.md', 'Budget 2026'),
  doc('notes/meetings/2026-03-09 Design Review.md', 'Design Review 10'),
  doc('notes/meetings/2026-03-02 Kickoff.md', 'Design Review 9'),
];

describe('groupDocuments', () => {
  it('groups by folder, top level first, titles sorted naturally', () => {
    const { groups, shown, hidden } = groupDocuments(docs);
    expect(groups.map((g) => g.label)).toEqual([
      'Top level',
      'notes/meetings',
      'notes/projects',
      'pdfs',
    ]);
    expect(groups[1]?.documents.map((d) => d.title)).toEqual([
      'Design Review 9',
      'Design Review 10',
    ]);
    expect(groups[2]?.documents.map((d) => d.title)).toEqual(['Budget 2026', 'Pump Design Notes']);
    expect([shown, hidden]).toEqual([6, 0]);
  });

  it('groups by kind in a fixed order', () => {
    const { groups } = groupDocuments(docs, { by: 'kind' });
    expect(groups.map((g) => [g.label, g.total])).toEqual([
      ['Notes', 5],
      ['PDFs', 1],
    ]);
  });

  it('caps how many are shown and says how many were left out', () => {
    const { groups, shown, hidden } = groupDocuments(docs, { limit: 3 });
    expect(shown).toBe(3);
    expect(hidden).toBe(3);
    expect(groups.map((g) => g.label)).toEqual(['Top level', 'notes/meetings']);
    // a cut group still reports its full size
    expect(groupDocuments(docs, { limit: 2 }).groups[1]).toMatchObject({ total: 2 });
    expect(groupDocuments(docs, { limit: 2 }).groups[1]?.documents).toHaveLength(1);
  });

  it('handles an empty list', () => {
    expect(groupDocuments([])).toEqual({ groups: [], shown: 0, hidden: 0 });
  });
});
