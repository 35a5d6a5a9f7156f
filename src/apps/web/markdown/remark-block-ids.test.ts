import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { remarkBlockIds } from './remark-block-ids.ts';

interface Node {
  type: string;
  value?: string;
  children?: Node[];
}

const textOf = (node: Node): string => node.value ?? (node.children ?? []).map(textOf).join('|');

function run(markdown: string): string {
  const processor = unified().use(remarkParse).use(remarkBlockIds);
  return textOf(processor.runSync(processor.parse(markdown)) as Root as unknown as Node);
}

describe('remarkBlockIds', () => {
  it('hides block ids at the end of paragraphs and list items', () => {
    expect(run('Deliver 15 m³ a day. ^goal-volume')).toBe('Deliver 15 m³ a day.');
    expect(run('- First point ^a1\n- Second')).toBe('First point|Second');
  });

  it('keeps carets that are not block ids, and code as written', () => {
    expect(run('2^10 is 1024')).toBe('2^10 is 1024');
    expect(run('`x ^not-hidden`')).toBe('x ^not-hidden');
  });
});

describe('remarkBlockIds on hostile text', () => {
  const millisFor = (text: string) => {
    const begun = performance.now();
    run(text);
    return performance.now() - begun;
  };
  const fastestOf = (runs: number, measure: () => number) =>
    Math.min(...Array.from({ length: runs }, measure));

  it('a long run of spaces before a caret costs linear time', () => {
    const spaced = (n: number) => `a${' '.repeat(n)}b^ and ^c`;
    millisFor(spaced(10_000));
    millisFor(spaced(80_000));
    const ratio =
      fastestOf(3, () => millisFor(spaced(80_000))) / fastestOf(3, () => millisFor(spaced(10_000)));
    expect(ratio).toBeLessThan(20);
    expect(run(`a${' '.repeat(50)}^id`)).toBe('a');
  }, 120_000);
});
