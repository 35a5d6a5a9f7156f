import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text.ts';

describe('plainText', () => {
  it('drops heading, list and emphasis markers and shows wikilinks by their text', () => {
    expect(
      plainText(
        '## Risks\n\n- **Silt clogging the strainer.** Covered in the [[2026-03-09 Design Review]].',
      ),
    ).toBe('Risks\n\nSilt clogging the strainer. Covered in the 2026-03-09 Design Review.');
  });

  it('keeps link text, aliases and code text, drops block ids', () => {
    expect(
      plainText(
        'See [the budget](https://x.test) and [[Budget|our plan]] with `npm start`. ^goal-1',
      ),
    ).toBe('See the budget and our plan with npm start.');
  });

  it('leaves words with underscores, stars in arithmetic and snake_case alone', () => {
    expect(plainText('a snake_case_name and 2 * 3 * 4')).toBe('a snake_case_name and 2 * 3 * 4');
    expect(plainText('*italic* and _also_')).toBe('italic and also');
  });

  it('drops code fences but keeps what they hold', () => {
    expect(plainText('```ts\nconst a = 1;\n```')).toBe('\nconst a = 1;\n');
  });
});

describe('plainText on hostile text', () => {
  const millisFor = (text: string) => {
    const begun = performance.now();
    plainText(text);
    return performance.now() - begun;
  };
  const fastestOf = (runs: number, measure: () => number) =>
    Math.min(...Array.from({ length: runs }, measure));

  // Eight times the text may cost about eight times as long; a rescan per opener costs ~64×.
  it.each(['![', '[a', ' **x', ' __x', ' ~~x', '[a](', '![a](b('])(
    '%j repeated: 80k characters cost under 20× what 10k cost',
    (unit) => {
      const small = unit.repeat(10_000 / unit.length);
      const large = unit.repeat(80_000 / unit.length);
      millisFor(small);
      millisFor(large);
      const ratio = fastestOf(3, () => millisFor(large)) / fastestOf(3, () => millisFor(small));
      expect(ratio).toBeLessThan(20);
    },
    120_000,
  );

  it('still reads links whose address holds parentheses', () => {
    expect(plainText('See [the page](https://x.test/Foo_(bar)) now.')).toBe('See the page now.');
  });
});
