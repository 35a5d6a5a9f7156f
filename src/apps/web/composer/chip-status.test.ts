import { describe, expect, it } from 'vitest';
import type { ReferenceJson } from '../api/types.ts';
import {
  chipExplanation,
  chipState,
  mayHaveReferences,
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
  });
});
