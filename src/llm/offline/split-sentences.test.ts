import { describe, expect, it } from 'vitest';
import { sentenceUnits, splitSentences } from './split-sentences.ts';

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

  it('drops table rows and dot-leader rows, and keeps key: value lines as units', () => {
    expect(
      splitSentences(
        '| Setting | Value |\n|---|---|\n| Flow rate | 2.5 m³/h |\n\nemail: alice@example.com\nDesign flow ........ 2.5 m3/h',
      ),
    ).toEqual(['email: alice@example.com']);
  });
});

describe('fields and wrapped lines', () => {
  it('keeps an entity field line as written (ids removed), noting whose field it is', () => {
    const entityBlock =
      '### @Alice (Person) [id:person/alice]  ← directly mentioned\n  mentors: @Bob [id:person/bob]\n  role: manager';
    const units = sentenceUnits(entityBlock);
    expect(units.map((u) => u.text)).toEqual(['mentors: @Bob', 'role: manager']);
    expect(units.map((u) => [u.entity, u.field])).toEqual([
      ['Alice', 'mentors'],
      ['Alice', 'role'],
    ]);
    const wrapped =
      '- **Silt clogging the strainer.** Flow fell by half within\n  hours. Mitigation: a pre-filter basket.';
    expect(splitSentences(wrapped).join(' ')).toContain('within hours');
  });

  it('records the heading each sentence sits under and its level', () => {
    const units = sentenceUnits(
      'Intro sentence is here.\n\n## Current focus\n\nImpeller tooling comes first.',
    );
    expect(units.map((u) => [u.heading, u.level, u.section])).toEqual([
      [null, 0, 0],
      ['Current focus', 2, 1],
    ]);
  });
});

describe('line-based text (PDF pages, plain text)', () => {
  const page = [
    'Measurements (5 March 2026)',
    'Flow began at 07:40 and stopped at 17:15.',
    'Panels face north. Delivery pipe runs 60 m uphill',
    'to a 5,000 litre tank.',
    'Recommendations',
    '- Add a coarse pre-filter basket.',
    'Design point flow rate ........ 2.5 m3/h',
  ].join('\n');

  it('keeps heading lines apart from the sentence after them, joins wrapped lines, and writes a dot-leader row as its label and value', () => {
    expect(splitSentences(page, { lineBased: true })).toEqual([
      'Flow began at 07:40 and stopped at 17:15.',
      'Panels face north.',
      'Delivery pipe runs 60 m uphill to a 5,000 litre tank.',
      'Add a coarse pre-filter basket.',
      'Design point flow rate: 2.5 m3/h',
    ]);
  });

  it('gives each sentence the heading line above it', () => {
    expect(sentenceUnits(page, { lineBased: true }).map((u) => u.heading)).toEqual([
      'Measurements (5 March 2026)',
      'Measurements (5 March 2026)',
      'Measurements (5 March 2026)',
      'Recommendations',
      'Recommendations',
    ]);
  });

  it('reads an indented line as the same turn, and a label line without a stop as a unit, not a heading', () => {
    const standup = [
      'Stand-up, Monday 2 March 2026',
      'Present: Alice, Bob, Chidi',
      '',
      'Bob: Firmware passed the bench test.',
      '  Today: tag the release. Blocker: waiting for spare parts.',
      'Chidi: Typed up the interview.',
    ].join('\n');
    const units = sentenceUnits(standup, { lineBased: true });
    expect(units.map((u) => [u.text, u.paragraph, u.heading])).toEqual([
      ['Present: Alice, Bob, Chidi', 0, 'Stand-up, Monday 2 March 2026'],
      ['Bob: Firmware passed the bench test.', 1, 'Stand-up, Monday 2 March 2026'],
      ['Today: tag the release.', 1, 'Stand-up, Monday 2 March 2026'],
      ['Blocker: waiting for spare parts.', 1, 'Stand-up, Monday 2 March 2026'],
      ['Chidi: Typed up the interview.', 2, 'Stand-up, Monday 2 March 2026'],
    ]);
  });

  it('keeps each CSV row after the header as written', () => {
    expect(
      splitSentences('time,flow,note\n10:00,2.0,\n14:00,1.4,strainer clogged', { rows: true }),
    ).toEqual(['10:00,2.0,', '14:00,1.4,strainer clogged']);
  });
});
