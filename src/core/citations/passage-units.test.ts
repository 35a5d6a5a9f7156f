import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PassageUnit, passageUnits } from './passage-units.ts';

/** The text of each unit, cut from the source by its span. */
const unitTexts = (text: string) => passageUnits(text).map((u) => text.slice(u.start, u.end));

describe('passageUnits: sentences', () => {
  it('cuts wrapped paragraphs into sentences with exact, trimmed spans', () => {
    const text = [
      '  The pump was installed at the north well in\nMarch.  It ran for six hours! Did it stop?',
      '',
      'A second paragraph\nwrapped over two lines.',
    ].join('\n');
    const units = passageUnits(text);
    expect(units.map((u) => text.slice(u.start, u.end))).toEqual([
      'The pump was installed at the north well in\nMarch.',
      'It ran for six hours!',
      'Did it stop?',
      'A second paragraph\nwrapped over two lines.',
    ]);
    for (const unit of units) {
      const slice = text.slice(unit.start, unit.end);
      expect(slice).toBe(slice.trim());
      expect(unit.field).toBeNull();
    }
    expect(units.map((u) => u.block)).toEqual([0, 0, 0, 1]);
  });

  it('does not split at abbreviations, initials or decimal points', () => {
    expect(
      unitTexts(
        'Dr. Moreau measured 2.5 m3/h, e.g. on the test rig. J. Smith agreed. See Fig. 3 for it.',
      ),
    ).toEqual([
      'Dr. Moreau measured 2.5 m3/h, e.g. on the test rig.',
      'J. Smith agreed.',
      'See Fig. 3 for it.',
    ]);
  });

  it('ends a sentence at a unit written with a lower-case letter', () => {
    expect(
      unitTexts('The pump gave 2.6 m3/h. The panel gave 400 kW. It ran 5 m. Then it stopped.'),
    ).toEqual([
      'The pump gave 2.6 m3/h.',
      'The panel gave 400 kW.',
      'It ran 5 m.',
      'Then it stopped.',
    ]);
  });

  it('keeps a stop followed by a lower-case word inside the sentence', () => {
    expect(unitTexts('Flow was approx. 5 units. the log says so.')).toEqual([
      'Flow was approx. 5 units. the log says so.',
    ]);
  });
});

describe('passageUnits: Markdown structure', () => {
  it('makes each list item one unit without its bullet, number or checkbox', () => {
    const text =
      '- first item\n* second item [[Link]]\n+ third\n1. numbered\n2) other\n- [x] done task';
    const units = passageUnits(text);
    expect(units.map((u) => text.slice(u.start, u.end))).toEqual([
      'first item',
      'second item [[Link]]',
      'third',
      'numbered',
      'other',
      'done task',
    ]);
    // One list is one block, so a passage may join its items.
    expect(new Set(units.map((u) => u.block)).size).toBe(1);
  });

  it('joins a list item with its continuation line and splits its sentences', () => {
    expect(unitTexts('- The pump ran dry.\n  The seal failed.\n- Replaced it')).toEqual([
      'The pump ran dry.',
      'The seal failed.',
      'Replaced it',
    ]);
  });

  it('leaves out headings, code, rules, frontmatter fences and block ids', () => {
    const text = [
      '---',
      'title: Pump',
      '---',
      '# Pump manual',
      '',
      'Install the pump on a level base. ^install',
      '',
      '```sh',
      'pump --start. Then stop.',
      '```',
      '',
      '***',
      '',
      '^lonely',
      '## Operation',
      'Never run it dry for more than thirty seconds.',
    ].join('\n');
    const texts = unitTexts(text);
    expect(texts).toContain('Install the pump on a level base.');
    expect(texts).toContain('Never run it dry for more than thirty seconds.');
    for (const excluded of ['Pump manual', 'Operation', 'pump --start', '***', '^', '---']) {
      expect(texts.some((t) => t.includes(excluded))).toBe(false);
    }
  });

  it('keeps a short sentence whose line ends in a block id', () => {
    expect(unitTexts('Text here. ^abc\n\nAfter.')).toEqual(['Text here.', 'After.']);
  });

  it('makes table rows units but not their separator', () => {
    const text = '| Part | Flow |\n|---|:---:|\n| Pump | 2.6 m3/h |\n| Panel | 400 W |';
    expect(unitTexts(text)).toEqual([
      '| Part | Flow |',
      '| Pump | 2.6 m3/h |',
      '| Panel | 400 W |',
    ]);
  });
});

describe('passageUnits: line-based text (PDF)', () => {
  it('does not glue a short capitalised heading line to the next sentence', () => {
    const text = [
      'The trial ran at the north well.',
      'Measurements (5 March 2026)',
      'Peak flow rate: 2.6 m3/h at 12:30 under clear sky.',
      'The controller restarted twice.',
    ].join('\n');
    const texts = unitTexts(text);
    expect(texts).toEqual([
      'The trial ran at the north well.',
      'Peak flow rate: 2.6 m3/h at 12:30 under clear sky.',
      'The controller restarted twice.',
    ]);
  });

  it('drops a heading line that opens the text', () => {
    expect(
      unitTexts('Measurements (5 March 2026)\nPeak flow rate: 2.6 m3/h at 12:30 under clear sky.'),
    ).toEqual(['Peak flow rate: 2.6 m3/h at 12:30 under clear sky.']);
  });

  it('starts a unit at each key: value line', () => {
    expect(unitTexts('Pump model: SP-200\nRated head: 20 m\nPeak flow rate: 2.6 m3/h')).toEqual([
      'Pump model: SP-200',
      'Rated head: 20 m',
      'Peak flow rate: 2.6 m3/h',
    ]);
  });

  it('leaves out table-of-contents lines but keeps spec rows that lead to a value', () => {
    const text = [
      'Contents',
      'Introduction ........ 1',
      'Results . . . . . . 4',
      'Appendix …… ix',
      'Signature: ________',
      '',
      'Electrical',
      '  Motor ......................... 48 V brushless DC, 600 W',
      '  Start-up irradiance ........... 240 W/m2 (firmware 0.9.3)',
      '',
      'The report begins here.',
    ].join('\n');
    expect(unitTexts(text)).toEqual([
      'Motor ......................... 48 V brushless DC, 600 W',
      'Start-up irradiance ........... 240 W/m2 (firmware 0.9.3)',
      'The report begins here.',
    ]);
  });
});

describe('passageUnits: entity context', () => {
  it('makes each field line a unit carrying the field, entity id and label', () => {
    const text = [
      '## Entity context',
      '',
      '### @Bob (Person) [id:person/bob]  ← referenced via @Alice.mentors',
      '  role: engineer',
      '  mentors: @Alice [id:person/alice]',
      '',
      '### @Hydraulics (Team) [id:team/hydraulics]',
      '  members: @Alice [id:person/alice], @Chidi [id:person/chidi]',
    ].join('\n');
    const units = passageUnits(text);
    expect(
      units.map((u) => [
        text.slice(u.start, u.end),
        u.field?.name,
        u.field?.entity,
        u.field?.label,
      ]),
    ).toEqual([
      ['engineer', 'role', 'person/bob', 'Bob'],
      ['@Alice [id:person/alice]', 'mentors', 'person/bob', 'Bob'],
      [
        '@Alice [id:person/alice], @Chidi [id:person/chidi]',
        'members',
        'team/hydraulics',
        'Hydraulics',
      ],
    ]);
    const [role, mentors, members] = units;
    expect(role?.block).toBe(mentors?.block);
    expect(members?.block).not.toBe(mentors?.block);
  });

  it('reads a name with parentheses and ignores headings without an id', () => {
    const text = [
      '### @Bob (Jr) (Person) [id:person/bob-jr]',
      '  role: intern',
      '### @Nobody (Person)',
      '  role: unknown',
    ].join('\n');
    expect(passageUnits(text).map((u) => u.field)).toEqual([
      { name: 'role', entity: 'person/bob-jr', label: 'Bob (Jr)' },
      null,
    ]);
  });

  it('stops reading fields after an ordinary heading', () => {
    const text =
      '### @Bob (Person) [id:person/bob]\n  role: engineer\n## Notes\n  role: not a field.';
    const units = passageUnits(text);
    expect(units.map((u) => u.field?.name ?? null)).toEqual(['role', null]);
  });
});

/** Spans inside the text, in order, not overlapping, non-empty and trimmed. */
function expectWellFormed(text: string, units: readonly PassageUnit[]) {
  let previousEnd = 0;
  for (const unit of units) {
    expect(unit.start).toBeGreaterThanOrEqual(previousEnd);
    expect(unit.end).toBeGreaterThan(unit.start);
    expect(unit.end).toBeLessThanOrEqual(text.length);
    const slice = text.slice(unit.start, unit.end);
    expect(slice.trim()).toBe(slice);
    previousEnd = unit.end;
  }
}

describe('passageUnits: properties', () => {
  const pieces = fc.constantFrom(
    'The pump ran. ',
    'Dr. ',
    '2.5 ',
    'm3/h. ',
    '\n',
    '\n\n',
    '- ',
    '1. ',
    '# ',
    '```\n',
    '| a | b |\n',
    '|---|\n',
    '... ',
    ' ^id',
    '### @Bob (Person) [id:person/bob]\n',
    '  role: engineer\n',
    'Key: value\n',
    '    ',
    'a. ',
    '?',
    '\r\n',
  );
  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join('')),
  );

  it('never throws and gives ordered, non-overlapping, trimmed spans inside the text', () => {
    fc.assert(
      fc.property(text, (source) => expectWellFormed(source, passageUnits(source))),
      { numRuns: 1000 },
    );
  });
});
