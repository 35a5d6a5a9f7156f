import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { readPlainYaml } from './read-plain-yaml.ts';

/** The front matter as splitFrontmatter reads it with the yaml package. */
const yamlRead = (text: string) => parseYaml(text, { uniqueKeys: false, logLevel: 'error' });

const key = fc.constantFrom(
  'title',
  'tags',
  'aliases',
  'created',
  'status',
  'a_b',
  'x-y',
  'Title',
  '__proto__',
  '1st',
);
const scalarText = fc.constantFrom(
  'Pump Design',
  'pump',
  'yes',
  'no',
  'true',
  'False',
  'null',
  '~',
  '',
  '42',
  '-7',
  '+3',
  '007',
  '1e3',
  '0x1F',
  '0o17',
  '.5',
  '1.5',
  '.inf',
  '.NaN',
  '2020-01-01',
  '12:30',
  'a: b',
  'a #c',
  'a#c',
  'ends:',
  '"quoted"',
  "'single'",
  '"with \\"escape\\""',
  "'it''s'",
  '"unclosed',
  '- item',
  '-x',
  '[a, b]',
  '[]',
  '[1, two, 3.5]',
  '[a, [b]]',
  '{a: 1}',
  '&anchor x',
  '*alias',
  '!tag x',
  '|',
  '>',
  '@at',
  '`tick`',
  '%pct',
  'Über',
  '水',
  'a/b',
  'trailing  ',
  '123456789012345678901',
);
const entry = fc.oneof(
  fc.tuple(key, scalarText).map(([k, v]) => `${k}: ${v}`),
  fc
    .tuple(
      key,
      fc.constantFrom('', '  ', '    '),
      fc.array(scalarText, { minLength: 1, maxLength: 4 }),
    )
    .map(([k, indent, items]) =>
      [`${k}:`, ...items.map((item) => `${indent}- ${item}`)].join('\n'),
    ),
  fc.constantFrom('# comment', 'key:value', '  nested: 1', 'k:\n  a: 1', '', 'k:\n- a\n  - b'),
);
const frontMatter = fc.array(entry, { maxLength: 8 }).map((entries) => entries.join('\n'));

describe('readPlainYaml', () => {
  it('reads what the yaml package reads, or leaves it to it', () => {
    fc.assert(
      fc.property(frontMatter, (text) => {
        const read = readPlainYaml(text);
        if (read === undefined) return;
        expect(read).toEqual(yamlRead(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads the bench vault's kind of front matter itself", () => {
    const text =
      'title: Pump Design\naliases:\n  - Pumps\ntags:\n  - water/flow\n  - site\ncreated: 2020-01-01\nrank: 3\ndraft: false\nempty: []';
    const read = readPlainYaml(text);
    expect(read).toEqual({
      title: 'Pump Design',
      aliases: ['Pumps'],
      tags: ['water/flow', 'site'],
      created: '2020-01-01',
      rank: 3,
      draft: false,
      empty: [],
    });
    expect(read).toEqual(yamlRead(text));
  });

  it('leaves comments, nesting, escapes and other numbers to the yaml package', () => {
    for (const text of [
      'a: 1 # c',
      'a:\n  b: 1',
      'a: "x\\ty"',
      'a: 1.5',
      'a: 0x10',
      '__proto__: x',
      'a:\tb',
    ])
      expect(readPlainYaml(text), text).toBeUndefined();
  });
});
