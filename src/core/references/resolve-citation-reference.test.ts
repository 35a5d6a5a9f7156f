import { describe, expect, it } from 'vitest';
import { sampleCatalog } from '../../testing/reference-catalog-fixture.ts';
import {
  describeSource,
  type PreviousSource,
  previousAnswerSources,
} from './resolve-citation-reference.ts';
import { resolveReferences } from './resolve-references.ts';

const catalog = sampleCatalog();

const source = (n: number, over: Partial<PreviousSource> = {}): PreviousSource => ({
  n,
  documentId: 'manual',
  path: 'pdfs/manual.pdf',
  title: 'Pump Manual',
  kind: 'pdf',
  chunkId: `chunk-${n}`,
  page: 2,
  section: null,
  heading: null,
  start: 120,
  end: 340,
  ...over,
});

const previous: readonly PreviousSource[] = [
  source(1),
  source(2, {
    documentId: 'alpha',
    path: 'notes/projects/Project Alpha.md',
    title: 'Project Alpha',
    kind: 'note',
    page: null,
    heading: 'Timeline',
    start: 40,
    end: 90,
  }),
];

describe('[n]: a source of the previous answer', () => {
  it('resolves to that source: its document, part and exact passage, read-only', () => {
    const [ref, ...rest] = resolveReferences('tell me more about [1]', catalog, {
      previousSources: previous,
      mode: 'agent',
    });
    expect(rest).toEqual([]);
    expect(ref).toMatchObject({
      raw: '[1]',
      start: 19,
      end: 22,
      syntax: 'citation',
      origin: 'user',
      status: 'resolved',
      permission: 'read',
      target: {
        documentId: 'manual',
        path: 'pdfs/manual.pdf',
        title: 'Pump Manual',
        page: 2,
        span: { start: 120, end: 340 },
      },
      notes: ['source [1] of the previous answer: Pump Manual, page 2'],
    });
  });

  it('stays read-only in agent mode even beside a write verb', () => {
    const [ref] = resolveReferences('rewrite [2] please', catalog, {
      previousSources: previous,
      mode: 'agent',
    });
    expect(ref).toMatchObject({
      permission: 'read',
      target: { documentId: 'alpha', heading: 'Timeline', span: { start: 40, end: 90 } },
    });
  });

  it('keeps one reference per source, with a span per mention, beside other references', () => {
    const refs = resolveReferences('[2] vs [[Project Alpha]], again [2]', catalog, {
      previousSources: previous,
    });
    expect(refs.map((r) => [r.raw, r.syntax, r.spans.length])).toEqual([
      ['[2]', 'citation', 2],
      ['[[Project Alpha]]', 'wikilink', 1],
    ]);
  });

  it('is unresolved, saying so, when the previous answer has no such number', () => {
    const [ref] = resolveReferences('what about [7]?', catalog, { previousSources: previous });
    expect(ref).toMatchObject({
      raw: '[7]',
      status: 'unresolved',
      target: null,
      suggestions: [],
      notes: ['no source [7] in the previous answer'],
    });
  });

  it('is unresolved when there is no previous answer', () => {
    const [ref] = resolveReferences('tell me more about [1]', catalog);
    expect(ref).toMatchObject({
      status: 'unresolved',
      notes: ['no previous answer in this conversation to take source [1] from'],
    });
  });

  it('is deleted when the source document left the workspace', () => {
    const [ref] = resolveReferences('[1]', catalog, {
      previousSources: [source(1, { documentId: 'gone', title: 'Gone', path: 'gone.md' })],
    });
    expect(ref).toMatchObject({ status: 'deleted', target: { documentId: 'gone', title: 'Gone' } });
  });

  it('names no passage for an entity source or an empty span', () => {
    const [ref] = resolveReferences('[1]', catalog, {
      previousSources: [source(1, { documentId: 'alice', kind: 'entity', start: 0, end: 0 })],
    });
    expect(ref?.target?.span).toBeNull();
  });
});

describe('previousAnswerSources', () => {
  const message = (role: 'user' | 'assistant', content: string, n: number[]) => ({
    role,
    content,
    citations: n.map((k) => ({
      ...source(k),
      excerpt: '',
      cited: true,
      quote: null,
      support: null,
    })),
  });

  it('takes the latest assistant message that has an answer', () => {
    const sources = previousAnswerSources([
      message('user', 'q1', []),
      message('assistant', 'a1 [1]', [1]),
      message('user', 'q2', []),
      message('assistant', 'a2 [1][2]', [1, 2]),
      message('user', 'q3', []),
      message('assistant', '  ', []),
    ]);
    expect(sources?.map((s) => s.n)).toEqual([1, 2]);
  });

  it('is null before the first answer', () => {
    expect(previousAnswerSources([])).toBeNull();
    expect(previousAnswerSources([message('user', 'q', [])])).toBeNull();
  });
});

describe('describeSource', () => {
  it('names the title and the part', () => {
    expect(describeSource(source(1))).toBe('Pump Manual, page 2');
    expect(describeSource(source(1, { page: null, section: 'intro' }))).toBe(
      'Pump Manual, § intro',
    );
    expect(describeSource(source(1, { page: null, heading: 'Risks' }))).toBe(
      'Pump Manual, # Risks',
    );
    expect(describeSource(source(1, { page: null }))).toBe('Pump Manual');
  });
});
