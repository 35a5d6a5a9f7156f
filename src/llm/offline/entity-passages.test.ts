import { describe, expect, it } from 'vitest';
import { entitySections, isEntityContext } from './entity-passages.ts';
import type { SourcePassage } from './read-prompt.ts';

const text = [
  '## Entity context',
  'Entities mentioned or referenced in this conversation.',
  'Use [id:...] when assigning tasks or referencing entities.',
  '',
  '### @Bob (Person) [id:person/bob]  ← directly mentioned',
  '  role: engineer',
  '  mentors: @Alice [id:person/alice]',
  '',
  '### @Alice (Person) [id:person/alice]  ← referenced via @Bob.mentors',
  '  mentors: @Bob [id:person/bob]',
  '',
  '### @Chidi (Person) [id:person/chidi]  ← referenced via @Alice.teammates',
  '  (further references not expanded)',
].join('\n');

const block: SourcePassage = {
  n: 1,
  title: 'Entity context for @Bob',
  path: 'entities/person/bob.md',
  part: null,
  text,
  referenced: false,
  from: 'context',
  page: null,
  origin: 'entity context',
};

describe('entitySections', () => {
  it('cuts the block into one passage per entity with fields, the named one first as the subject', () => {
    expect(isEntityContext(block)).toBe(true);
    const sections = entitySections(block, new Set());
    expect(sections.map((s) => [s.n, s.title, s.origin])).toEqual([
      [1, 'Bob', 'referenced by the user'],
      [1, 'Alice', 'linked through an entity field'],
    ]);
    expect(sections[1]?.text).toBe(
      '### @Alice (Person) [id:person/alice]  ← referenced via @Bob.mentors\n  mentors: @Bob [id:person/bob]\n',
    );
  });

  it('leaves out a named entity whose own document a tool read, keeping the entities reached from it', () => {
    const sections = entitySections(block, new Set(['Bob']));
    expect(sections.map((s) => s.title)).toEqual(['Alice']);
  });
});
