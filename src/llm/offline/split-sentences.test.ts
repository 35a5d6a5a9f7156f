import { describe, expect, it } from 'vitest';
import { splitSentences } from './split-sentences.ts';

describe('splitSentences', () => {
  it('splits prose at sentence ends but not after abbreviations, initials or decimals', () => {
    expect(
      splitSentences(
        'The pump delivers 2.5 m³/h at 3 bar. It was installed by J. Smith, e.g. in the basement. Why? Nobody knows it.',
      ),
    ).toEqual([
      'The pump delivers 2.5 m³/h at 3 bar.',
      'It was installed by J. Smith, e.g. in the basement.',
      'Nobody knows it.',
    ]);
  });

  it('skips headings, code fences, block ids, rules and short fragments', () => {
    const text = [
      '# Pump manual',
      '',
      'The strainer clogs with silt in spring. ^risk-1',
      '',
      '```js',
      'const flow = "The code says 99 litres per second.";',
      '```',
      '',
      '---',
      '^block-2',
      'Yes.',
      '',
      '- Check the seals every month.',
      '- Replace the filter yearly or sooner.',
    ].join('\n');
    expect(splitSentences(text)).toEqual([
      'The strainer clogs with silt in spring.',
      'Check the seals every month.',
      'Replace the filter yearly or sooner.',
    ]);
  });

  it('shows wikilinks as their text and removes stray citation markers and emphasis', () => {
    expect(
      splitSentences('See [[Pump Manual|the manual]] for the **rated** flow [3] of the pump.'),
    ).toEqual(['See the manual for the rated flow of the pump.']);
  });

  it('keeps table rows and key: value lines as units (a two-word header row is too short)', () => {
    expect(
      splitSentences(
        '| Setting | Value |\n|---|---|\n| Flow rate | 2.5 m³/h |\n\nemail: alice@example.com',
      ),
    ).toEqual(['Flow rate — 2.5 m³/h', 'email: alice@example.com']);
  });
});

describe('fields and wrapped lines', () => {
  it('names the entity a field line belongs to, and keeps wrapped list items whole', () => {
    const entityBlock =
      '### @Alice (Person) [id:person/alice]  ← directly mentioned\n  mentors: @Bob [id:person/bob]\n  role: manager';
    expect(splitSentences(entityBlock)).toEqual([
      'Alice — mentors: @Bob [id:person/bob]',
      'Alice — role: manager',
    ]);
    const wrapped =
      '- **Silt clogging the strainer.** Flow fell by half within\n  hours. Mitigation: a pre-filter basket.';
    expect(splitSentences(wrapped).join(' ')).toContain('within hours');
  });
});
