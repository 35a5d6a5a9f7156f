import { describe, expect, it } from 'vitest';
import { pageCountOf, planReads } from './plan-reads.ts';
import type { PromptReading, SourcePassage } from './read-prompt.ts';
import { parseReferencedList } from './read-references.ts';

const block = (path: string, text: string, title = path): SourcePassage => ({
  n: 1,
  title,
  path,
  part: null,
  text,
  referenced: true,
  from: 'context',
  page: null,
  origin: 'referenced by the user',
});

function reading(list: string[], passages: SourcePassage[]): PromptReading {
  return {
    question: 'q',
    passages,
    references: parseReferencedList(`Referenced documents:\n${list.join('\n')}\n\nq`),
    searched: false,
    canSearch: true,
    callable: new Set(['search', 'read_document', 'read_section', 'get_page']),
    offered: new Set(['search', 'read_document', 'read_section', 'get_page']),
    turnCalls: [],
    toolCallCount: 0,
    promptChars: 0,
  };
}

describe('planReads', () => {
  it('reads a named PDF page by page, a named page, a section, and a whole document', () => {
    const calls = planReads(
      reading(
        [
          '- @report.pdf (pdfs/report.pdf): Report',
          '- @page:other.pdf#3 (pdfs/other.pdf): Other',
          '- [[Design#Risks]] (notes/Design.md): Design',
          '- @post:The numbers (content/post.md): Post',
          '- @notes.txt (files/notes.txt): Notes',
        ],
        [block('pdfs/report.pdf', 'Page one.\n\nPage two.\n\nPage three.')],
      ),
    );
    expect(calls).toEqual([
      { toolName: 'get_page', input: { path: 'pdfs/report.pdf', page: 1 } },
      { toolName: 'get_page', input: { path: 'pdfs/report.pdf', page: 2 } },
      { toolName: 'get_page', input: { path: 'pdfs/report.pdf', page: 3 } },
      { toolName: 'get_page', input: { path: 'pdfs/other.pdf', page: 3 } },
      { toolName: 'read_section', input: { path: 'notes/Design.md', section: 'Risks' } },
      { toolName: 'read_section', input: { path: 'content/post.md', section: 'The numbers' } },
      { toolName: 'read_document', input: { path: 'files/notes.txt' } },
    ]);
  });

  it('reads a named entity and the notes its own fields link to', () => {
    const entity = block(
      'entities/person/alice.md',
      '### @Alice (Person) [id:person/alice]\n  profile: [[Alice Profile]] [id:x]\n\n### @Bob (Person) [id:person/bob]\n  profile: [[Bob Profile]] [id:y]',
      'Entity context for @Alice',
    );
    const linked = {
      ...block('notes/Alice Profile.md', 'Alice.', 'Alice Profile'),
      origin: 'linked through an entity field',
    };
    expect(
      planReads(reading(['- @Alice (entities/person/alice.md): person'], [entity, linked])),
    ).toEqual([
      { toolName: 'read_document', input: { path: 'entities/person/alice.md' } },
      { toolName: 'read_document', input: { path: 'notes/Alice Profile.md' } },
    ]);
  });

  it('calls only tools on offer and skips what was not loaded', () => {
    const r = {
      ...reading(
        [
          '- @gone (notes/gone.md): deleted — the document no longer exists',
          '- @a (notes/a.md): A',
        ],
        [],
      ),
      callable: new Set(['search']),
    };
    expect(planReads(r)).toEqual([]);
  });
});

describe('pageCountOf', () => {
  it('counts the pages the engine joined with blank lines, up to 20', () => {
    expect(pageCountOf(block('a.pdf', 'One.\n\nTwo.'))).toBe(2);
    expect(
      pageCountOf(block('a.pdf', Array.from({ length: 30 }, () => 'Page.').join('\n\n'))),
    ).toBe(20);
    expect(pageCountOf(undefined)).toBe(1);
  });
});
