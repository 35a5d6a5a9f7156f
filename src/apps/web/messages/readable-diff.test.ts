import { describe, expect, it } from 'vitest';
import { classifyDiff } from './diff-lines.ts';
import { readableDiff } from './readable-diff.ts';

const patch = [
  'Index: notes/Budget.md',
  '===================================================================',
  '--- notes/Budget.md\tcurrent',
  '+++ notes/Budget.md\tedited',
  '@@ -3,5 +3,5 @@',
  ' # Budget',
  '-Pumps cost 1200 euros each.',
  '-### Open questions',
  '+Pumps cost 1500 euros each.',
  '+Something else entirely, with nothing in common.',
  ' Done.',
  '\\ No newline at end of file',
].join('\n');

const words = (row: { words: readonly { text: string; changed: boolean }[] | null } | undefined) =>
  row?.words?.map((w) => (w.changed ? `[${w.text}]` : w.text)).join('') ?? null;

describe('readableDiff', () => {
  it('drops file headers and notes, strips the signs and numbers each side', () => {
    const [hunk, ...rest] = readableDiff(classifyDiff(patch));
    expect(rest).toEqual([]);
    expect(hunk?.newStart).toBe(3);
    expect(hunk?.rows.map((r) => [r.kind, r.oldLine, r.newLine, r.text])).toEqual([
      ['context', 3, 3, '# Budget'],
      ['remove', 4, null, 'Pumps cost 1200 euros each.'],
      ['remove', 5, null, '### Open questions'],
      ['add', null, 4, 'Pumps cost 1500 euros each.'],
      ['add', null, 5, 'Something else entirely, with nothing in common.'],
      ['context', 6, 6, 'Done.'],
    ]);
    expect(JSON.stringify(hunk)).not.toMatch(/Index:|=====|No newline/);
  });

  it('marks the changed words of a rewritten line on both sides, and not of a replaced one', () => {
    const rows = readableDiff(classifyDiff(patch))[0]?.rows ?? [];
    expect(words(rows[1])).toBe('Pumps cost [1200] euros each.');
    expect(words(rows[3])).toBe('Pumps cost [1500] euros each.');
    expect(rows[2]?.words).toBeNull();
    expect(rows[4]?.words).toBeNull();
  });

  it('keeps hunks apart with their own line numbers', () => {
    const two = classifyDiff('@@ -1 +1 @@\n-a\n+b\n@@ -40,2 +40,2 @@\n x\n-y\n+z');
    const hunks = readableDiff(two);
    expect(hunks.map((h) => h.newStart)).toEqual([1, 40]);
    expect(hunks[1]?.rows.map((r) => r.oldLine)).toEqual([40, 41, null]);
  });

  it('reads an empty diff as no hunks', () => {
    expect(readableDiff(classifyDiff(''))).toEqual([]);
  });
});

describe('readableDiff word marks across a hunk', () => {
  it('pairs a rewritten line with its new version even when other changes sit between them', () => {
    const rows =
      readableDiff(
        classifyDiff(
          [
            '@@ -1,4 +1,4 @@',
            ' ## Requirements',
            '-### Flow rate and head',
            '+The pump must move 2.5 m³/h at 25 m of head.',
            '+A new line.',
            ' ',
            '-The pump must move 2.5 m³/h at 20 m of head.',
          ].join('\n'),
        ),
      )[0]?.rows ?? [];
    expect(rows.map((r) => r.kind)).toEqual([
      'context',
      'remove',
      'add',
      'add',
      'context',
      'remove',
    ]);
    expect(words(rows[2])).toBe('The pump must move 2.5 m³/h at [25] m of head.');
    expect(words(rows[5])).toBe('The pump must move 2.5 m³/h at [20] m of head.');
    expect(rows[1]?.words).toBeNull();
  });
});
