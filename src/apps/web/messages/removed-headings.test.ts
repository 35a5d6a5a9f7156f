import { describe, expect, it } from 'vitest';
import { classifyDiff } from './diff-lines.ts';
import { removedHeadings } from './removed-headings.ts';

const diffOf = (...lines: string[]) => classifyDiff(['@@ -1,9 +1,3 @@', ...lines].join('\n'));

describe('removedHeadings', () => {
  it('lists headings the edit removes and does not add back', () => {
    const lines = diffOf(
      ' ## Requirements',
      '-### Flow rate and head',
      '-Move 2.5 m³/h.',
      '-### Open questions ##',
      '-#not a heading',
      '+Move 3 m³/h.',
    );
    expect(removedHeadings(lines)).toEqual(['### Flow rate and head', '### Open questions']);
  });

  it('ignores a heading moved or rewritten at the same level, and counts duplicates', () => {
    const lines = diffOf(
      '-## Risks',
      '-## Notes',
      '-## Notes',
      '+Intro.',
      '+## Risks',
      '+## Notes',
    );
    expect(removedHeadings(lines)).toEqual(['## Notes']);
  });

  it('notices a heading whose level changed', () => {
    expect(removedHeadings(diffOf('-### Power', '+## Power'))).toEqual(['### Power']);
  });

  it('finds nothing in a diff without removals', () => {
    expect(removedHeadings(diffOf(' # Title', '+## New'))).toEqual([]);
  });
});
