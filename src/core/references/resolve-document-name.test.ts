import { describe, expect, it } from 'vitest';
import { entry, sampleCatalog } from '../../testing/reference-catalog-fixture.ts';
import { ReferenceCatalog } from './reference-catalog.ts';
import { resolveDocumentName } from './resolve-document-name.ts';

/** The archive listed first, and with the shorter path: only the live-first rule picks the live note. */
const budgets = new ReferenceCatalog([
  entry('notes/archive/Budget.md', { id: 'old-budget', status: 'archived' }),
  entry('notes/projects/Budget.md', { id: 'budget' }),
]);

const found = (name: string, catalog = sampleCatalog(), currentPath: string | null = null) => {
  const outcome = resolveDocumentName(name, catalog, { currentPath });
  return [outcome.status, outcome.target?.path ?? null];
};

describe('resolveDocumentName', () => {
  it('prefers the live note over an archived one of the same name, as [[Budget]] does', () => {
    for (const name of ['Budget', '[[Budget]]', 'budget.md'])
      expect(found(name, budgets), name).toEqual(['resolved', 'notes/projects/Budget.md']);
  });

  it('takes an exact path or id as written, archived or not', () => {
    expect(found('notes/archive/Budget.md', budgets)).toEqual([
      'archived',
      'notes/archive/Budget.md',
    ]);
    expect(found('archive/Budget', budgets)).toEqual(['archived', 'notes/archive/Budget.md']);
    expect(found('old-budget', budgets)).toEqual(['archived', 'notes/archive/Budget.md']);
  });

  it('answers a name two live documents share with both as candidates, picking neither', () => {
    const outcome = resolveDocumentName('Retro', sampleCatalog());
    expect(outcome.status).toBe('ambiguous');
    expect(outcome.target).toBeNull();
    expect(outcome.candidates.map((c) => [c.path, c.title]).sort()).toEqual([
      ['notes/meetings/Retro.md', 'Retro'],
      ['notes/planning/Retro.md', 'Retro'],
    ]);
  });

  it('breaks the same tie by the open document’s folder, like a reference would', () => {
    expect(found('Retro', sampleCatalog(), 'notes/planning/Sprint.md')).toEqual([
      'resolved',
      'notes/planning/Retro.md',
    ]);
  });

  it('falls back to a title, then to the forgiving mention rules', () => {
    expect(found('Design Doc')).toEqual(['resolved', 'notes/Design.md']);
    expect(found('photo')).toEqual(['resolved', 'files/photo.jpg']);
    expect(found('@photo')).toEqual(['resolved', 'files/photo.jpg']);
    expect(found('pump manual')).toEqual(['resolved', 'pdfs/manual.pdf']);
  });

  it('reads a heading or alias in a wikilink without letting it change the document', () => {
    expect(found('[[Design#Goals|the goals]]')).toEqual(['resolved', 'notes/Design.md']);
  });

  it('says deleted for a name only a deleted document had, and unresolved for nothing', () => {
    expect(found('Old Plan')).toEqual(['deleted', 'notes/Old Plan.md']);
    expect(found('No Such Thing')).toEqual(['unresolved', null]);
    expect(found('../etc/passwd')).toEqual(['unresolved', null]);
  });
});
