import { describe, expect, it } from 'vitest';
import type { ReferenceJson } from '../api/types.ts';
import {
  chipExplanation,
  chipState,
  mayHaveReferences,
  missingPart,
  missingPartExplanation,
  missingPartState,
  unsettled,
  unsettledMessage,
} from './chip-status.ts';

const ref = (status: ReferenceJson['status'], raw = '[[X]]', candidates = 0) =>
  ({
    raw,
    status,
    candidates: Array.from({ length: candidates }, (_, i) => ({ path: `p${i}` })),
  }) as unknown as ReferenceJson;

describe('chip state', () => {
  it('says how many matches an ambiguous reference has', () => {
    expect(chipState(ref('ambiguous', '@pump', 3))).toBe('3 matches — choose');
  });

  it('says why a reference past the limit is not sent', () => {
    expect(chipState(ref('over_limit'))).toContain('only 5 notes can be pinned');
    expect(chipExplanation(ref('over_limit'))).toContain('first 5');
  });

  it('has nothing extra for a resolved reference', () => {
    expect(chipState(ref('resolved'))).toBeNull();
    expect(chipExplanation(ref('resolved'))).toBeNull();
    expect(chipState(ref('deleted'))).toBe('Deleted — not sent');
    expect(chipState(ref('archived'))).toBe('Archived — still sent');
  });
});

describe('a [n] source chip', () => {
  const source = (status: ReferenceJson['status'], notes: string[]) =>
    ({ raw: '[2]', syntax: 'citation', status, candidates: [], notes }) as unknown as ReferenceJson;

  it("says when the previous answer has no such source, in the resolver's words", () => {
    const missing = source('unresolved', ['no source [2] in the previous answer']);
    expect(chipState(missing)).toBe('Not in the last answer');
    expect(chipExplanation(missing)).toBe(
      'No source [2] in the previous answer; it will not be sent.',
    );
  });

  it('explains which answer and source a resolved one names', () => {
    const found = source('resolved', ['source [2] of the previous answer: Report, page 2']);
    expect(chipState(found)).toBeNull();
    expect(chipExplanation(found)).toBe('Source [2] of the previous answer: Report, page 2.');
  });
});

describe('unsettled references', () => {
  it('are the unresolved and ambiguous ones, listed by what was written', () => {
    const refs = [ref('resolved', '[[A]]'), ref('unresolved', '[[B]]'), ref('ambiguous', '@c')];
    const open = unsettled(refs);
    expect(open.map((r) => r.raw)).toEqual(['[[B]]', '@c']);
    expect(unsettledMessage(open)).toBe('2 references are not resolved: [[B]], @c.');
    expect(unsettledMessage(open.slice(0, 1))).toBe('1 reference is not resolved: [[B]].');
  });

  it('are only looked for when the draft has reference syntax', () => {
    expect(mayHaveReferences('plain text')).toBe(false);
    expect(mayHaveReferences('see [[A')).toBe(true);
    expect(mayHaveReferences('ask @bob')).toBe(true);
    expect(mayHaveReferences('more about [2]')).toBe(true);
    expect(mayHaveReferences('a [link] here')).toBe(false);
  });
});

describe('missing part', () => {
  const target = (extra: Record<string, unknown> = {}) => ({
    documentId: 'd',
    path: 'notes/Solar Pump Project.md',
    title: 'Solar Pump Project',
    kind: 'note' as const,
    heading: null,
    block: null,
    section: null,
    page: null,
    entity: null,
    span: null,
    ...extra,
  });
  const resolved = (raw: string, extra: Record<string, unknown> = {}) =>
    ({
      raw,
      status: 'resolved',
      syntax: raw.startsWith('@') ? 'mention' : 'wikilink',
      target: target(extra),
    }) as unknown as ReferenceJson;

  it.each([
    ['[[Solar Pump Project#Nope]]', '# Nope'],
    ['[[Solar Pump Project#^gone]]', '^gone'],
    ['[[field-report.pdf#page=9]]', 'p. 9'],
    ['@why-solar-pumps:Nothing', '§ Nothing'],
    ['[[Solar Pump Project]]', null],
  ])('%s → %s', (raw, part) => {
    expect(missingPart(resolved(raw))).toBe(part);
  });

  it('is null when the part was found, or the reference is not resolved', () => {
    expect(missingPart(resolved('[[Solar Pump Project#Risks]]', { heading: 'Risks' }))).toBeNull();
    expect(
      missingPart({ ...resolved('[[Nope#x]]'), status: 'unresolved', target: null }),
    ).toBeNull();
  });

  it('says what is sent instead, in words', () => {
    expect(missingPartState('note')).toBe('not found — the whole note is sent');
    expect(missingPartExplanation('p. 9', 'Field Report', 'pdf')).toBe(
      'p. 9 is not in Field Report; the whole PDF is sent instead.',
    );
  });
});
