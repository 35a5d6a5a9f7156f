import { describe, expect, it } from 'vitest';
import { plainExcerpt } from './plain-excerpt.ts';

describe('plainExcerpt', () => {
  it('drops heading, list and emphasis markers and shows wikilinks by their text', () => {
    expect(
      plainExcerpt(
        '## Risks\n\n- **Silt clogging the strainer.** Covered in the [[2026-03-09 Design Review]].',
      ),
    ).toBe('Risks\n\nSilt clogging the strainer. Covered in the 2026-03-09 Design Review.');
  });

  it('keeps link text, aliases and code text, drops block ids', () => {
    expect(
      plainExcerpt(
        'See [the budget](https://x.test) and [[Budget|our plan]] with `npm start`. ^goal-1',
      ),
    ).toBe('See the budget and our plan with npm start.');
  });

  it('leaves words with underscores, stars in arithmetic and snake_case alone', () => {
    expect(plainExcerpt('a snake_case_name and 2 * 3 * 4')).toBe('a snake_case_name and 2 * 3 * 4');
    expect(plainExcerpt('*italic* and _also_')).toBe('italic and also');
  });

  it('drops code fences but keeps what they hold', () => {
    expect(plainExcerpt('```ts\nconst a = 1;\n```')).toBe('\nconst a = 1;\n');
  });
});
