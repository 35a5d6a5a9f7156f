import { describe, expect, it } from 'vitest';
import { classifyDiff, diffStats } from './diff-lines.ts';

const patch = [
  'Index: notes/Budget.md',
  '===================================================================',
  '--- notes/Budget.md\tcurrent',
  '+++ notes/Budget.md\tedited',
  '@@ -1,4 +1,4 @@',
  ' # Budget',
  '-Pumps: 1200',
  '+Pumps: 1500',
  '--- a rule that was removed',
  '+++ emphasis added',
  '\\ No newline at end of file',
  '',
].join('\n');

describe('classifyDiff', () => {
  it('classifies headers, hunks, additions, removals and context', () => {
    expect(classifyDiff(patch).map((l) => l.kind)).toEqual([
      'file',
      'file',
      'file',
      'file',
      'hunk',
      'context',
      'remove',
      'add',
      'remove',
      'add',
      'note',
    ]);
  });

  it('keeps each line text exactly, without a trailing empty line', () => {
    const lines = classifyDiff(patch);
    expect(lines[6]?.text).toBe('-Pumps: 1200');
    expect(lines.at(-1)?.text).toBe('\\ No newline at end of file');
  });

  it('handles CRLF and a second file', () => {
    const two = `--- a\r\n+++ a\r\n@@ -1 +1 @@\r\n-x\r\n+y\r\ndiff --git b b\r\n--- b\r\n+++ b\r\n@@ -1 +1 @@\r\n-z`;
    expect(classifyDiff(two).map((l) => l.kind)).toEqual([
      'file',
      'file',
      'hunk',
      'remove',
      'add',
      'file',
      'file',
      'file',
      'hunk',
      'remove',
    ]);
  });

  it('returns nothing for an empty diff', () => {
    expect(classifyDiff('')).toEqual([]);
  });
});

describe('diffStats', () => {
  it('counts added and removed lines, not headers', () => {
    expect(diffStats(classifyDiff(patch))).toEqual({ added: 2, removed: 2 });
  });
});
