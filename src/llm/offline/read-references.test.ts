import { describe, expect, it } from 'vitest';
import { parseReferencedList } from './read-references.ts';

describe('parseReferencedList', () => {
  it('reads each line whatever its one-line summary says', () => {
    const turn = [
      'Referenced documents:',
      '- [[Pump Design]] (notes/Pump Design.md): Why the first pump was not found in time.',
      '- [[Budget]] (notes/Budget.md): Costs (in dollars) of the pilot',
      '- [[Risks]] (notes/Risks.md) (archived): ambiguous — 2 readings of the risk: not found yet',
      '- [[Nope]]: not found (did you mean [[Nape]]?)',
      '- [[Amb]]: ambiguous — 2 matches (a.md, b.md); not loaded',
      '- [[Gone]] (notes/Gone.md): deleted — the document no longer exists',
      '',
      'What do they say?',
    ].join('\n');
    expect(parseReferencedList(turn).map((r) => [r.raw, r.path, r.loaded])).toEqual([
      ['[[Pump Design]]', 'notes/Pump Design.md', true],
      ['[[Budget]]', 'notes/Budget.md', true],
      ['[[Risks]]', 'notes/Risks.md', true],
      ['[[Nope]]', null, false],
      ['[[Amb]]', null, false],
      ['[[Gone]]', 'notes/Gone.md', false],
    ]);
  });
});
