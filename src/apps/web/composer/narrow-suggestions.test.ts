import { describe, expect, it } from 'vitest';
import type { SuggestGroup, SuggestItem } from '../api/types.ts';
import { foldForMatch, narrowSuggestions } from './narrow-suggestions.ts';

const item = (label: string, path: string, kind: SuggestItem['kind'] = 'note'): SuggestItem => ({
  label,
  insert: kind === 'heading' ? `[[Solar Pump Project#${label}]]` : `[[${label}]]`,
  documentId: `doc-${path}`,
  path,
  kind,
  detail: path,
  modifiedAt: '2026-03-01T00:00:00.000Z',
});

const bare: SuggestGroup[] = [
  { kind: 'notes', items: [item('Home', 'Home.md'), item('Budget', 'notes/projects/Budget.md')] },
  { kind: 'files', items: [item('scanned-receipt', 'pdfs/scanned-receipt.pdf', 'pdf')] },
];

const labels = (groups: SuggestGroup[] | null) =>
  groups?.flatMap((g) => g.items.map((i) => i.label)) ?? null;

describe('narrowSuggestions', () => {
  it.each([
    ['', 'budget', '[[', ['Budget']],
    ['', 'BUD', '[[', ['Budget']],
    ['bu', 'budgetx', '[[', []],
    ['', 'receipt', '[[', ['scanned-receipt']],
    ['', 'scanned receipt', '[[', ['scanned-receipt']],
    ['', 'receipt.pdf', '[[', ['scanned-receipt']],
  ] as const)('%j → %j (%s) keeps %j', (before, now, trigger, expected) => {
    expect(labels(narrowSuggestions(bare, before, now, trigger))).toEqual(expected);
  });

  it('narrows headings by the text after #', () => {
    const headings: SuggestGroup[] = [
      {
        kind: 'sections',
        items: [
          item('Goals', 'notes/p.md', 'heading'),
          item('Risks', 'notes/p.md', 'heading'),
          item('Design Decisions', 'notes/p.md', 'heading'),
        ],
      },
    ];
    expect(
      labels(narrowSuggestions(headings, 'Solar Pump Project#', 'Solar Pump Project#ri', '[[')),
    ).toEqual(['Risks']);
    expect(labels(narrowSuggestions(headings, 'Solar#', 'Solar#dec', '@'))).toEqual([
      'Design Decisions',
    ]);
  });

  it('cannot narrow when the text shrank, a part was started or the prefix changed', () => {
    expect(narrowSuggestions(bare, 'budget', 'budge', '[[')).toBeNull();
    expect(narrowSuggestions(bare, 'Solar', 'Solar#', '[[')).toBeNull();
    expect(narrowSuggestions(bare, 'pag', 'page:', '@')).toBeNull();
    expect(labels(narrowSuggestions(bare, 'page:', 'page:rec', '@'))).toEqual(['scanned-receipt']);
    expect(narrowSuggestions(bare, 'page:rec', 'page:rec:2', '@')).toBeNull();
  });

  it('folds case, accents, quotes and separators', () => {
    expect(foldForMatch('"Café_Notes-2026"')).toBe('cafe notes 2026');
  });
});
