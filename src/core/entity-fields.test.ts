import { describe, expect, it } from 'vitest';
import type { EntityTypeSchema, FieldSchema } from './document.ts';
import {
  parseEntityFields,
  parseFieldValue,
  parseListValue,
  renderFieldsAsText,
} from './entity-fields.ts';

const field = (type: FieldSchema['type'], extra: Partial<FieldSchema> = {}): FieldSchema => ({
  name: 'f',
  type,
  ...extra,
});

describe('parseFieldValue: scalar types', () => {
  it('keeps text as written, trimmed', () => {
    expect(parseFieldValue(field('text'), '  Designs the pump enclosure. ')).toEqual({
      value: 'Designs the pump enclosure.',
      warning: null,
    });
    expect(parseFieldValue(field('text'), 42)).toEqual({ value: '42', warning: null });
  });

  it('accepts an e-mail address', () => {
    expect(parseFieldValue(field('email'), 'dana@brightwell.example')).toEqual({
      value: 'dana@brightwell.example',
      warning: null,
    });
  });

  it.each(['not-an-email', 'a@b', 'a b@c.example', '@c.example'])(
    'keeps the invalid e-mail %j and warns',
    (raw) => {
      const parsed = parseFieldValue(field('email', { name: 'email' }), raw);
      expect(parsed.value).toBe(raw);
      expect(parsed.warning).toBe(`email: expected an e-mail address, got ${JSON.stringify(raw)}`);
    },
  );

  it.each(['2025-06-02', '2024-02-29', '2025-06-02T09:30:00Z', '2025-06-02 09:30'])(
    'accepts the date %j',
    (raw) => {
      expect(parseFieldValue(field('date'), raw)).toEqual({ value: raw, warning: null });
    },
  );

  it.each([
    '2025-6-2',
    '02/06/2025',
    'June 2nd',
    '2025-13-01',
    '2025-02-30',
    '2025-04-31',
    '2025-02-29',
  ])('keeps the invalid date %j and warns', (raw) => {
    const parsed = parseFieldValue(field('date', { name: 'joined' }), raw);
    expect(parsed.value).toBe(raw);
    expect(parsed.warning).toBe(`joined: expected a date (YYYY-MM-DD), got ${JSON.stringify(raw)}`);
  });

  it('writes a JavaScript Date (from a YAML timestamp) as YYYY-MM-DD', () => {
    expect(parseFieldValue(field('date'), new Date('2025-06-02T00:00:00Z'))).toEqual({
      value: '2025-06-02',
      warning: null,
    });
  });

  it('accepts a select option and warns about anything else, keeping it', () => {
    const role = field('select', { name: 'role', options: ['engineer', 'designer'] });
    expect(parseFieldValue(role, 'designer')).toEqual({ value: 'designer', warning: null });
    expect(parseFieldValue(role, 'wizard')).toEqual({
      value: 'wizard',
      warning: 'role: expected one of engineer, designer, got "wizard"',
    });
  });

  it('accepts any value for a select declared without options', () => {
    expect(parseFieldValue(field('select'), 'anything').warning).toBeNull();
  });

  it('keeps references as written', () => {
    expect(parseFieldValue(field('entity_ref', { target: 'team' }), 'Hydraulics').value).toBe(
      'Hydraulics',
    );
    expect(parseFieldValue(field('entity_ref'), 'team/hydraulics').value).toBe('team/hydraulics');
    expect(parseFieldValue(field('note_ref'), 'Alice Profile')).toEqual({
      value: 'Alice Profile',
      warning: null,
    });
  });

  it('warns when a list is given for a single value and joins it', () => {
    expect(parseFieldValue(field('entity_ref', { name: 'team' }), ['A', 'B'])).toEqual({
      value: 'A, B',
      warning: 'team: expected one value, got a list',
    });
  });

  it.each([null, undefined, '', '   '])('reads %j as not set', (raw) => {
    for (const type of ['text', 'email', 'date', 'select', 'entity_ref', 'note_ref'] as const) {
      expect(parseFieldValue(field(type, { options: ['a'] }), raw)).toEqual({
        value: null,
        warning: null,
      });
    }
  });
});

describe('parseFieldValue: lists', () => {
  it('reads a text_list from a YAML list or a comma-separated string', () => {
    expect(parseFieldValue(field('text_list'), ['sketching', '3D printing']).value).toEqual([
      'sketching',
      '3D printing',
    ]);
    expect(parseFieldValue(field('text_list'), 'sketching, 3D printing').value).toEqual([
      'sketching',
      '3D printing',
    ]);
  });

  it('reads an entity_ref_list from a YAML list, a JSON array string or a comma string', () => {
    const mentors = field('entity_ref_list', { target: 'person' });
    expect(parseFieldValue(mentors, ['Alice']).value).toEqual(['Alice']);
    expect(parseFieldValue(mentors, '["Bob", "person/dana"]').value).toEqual([
      'Bob',
      'person/dana',
    ]);
    expect(parseFieldValue(mentors, 'Alice, Dana').value).toEqual(['Alice', 'Dana']);
  });

  it('reads empty lists as not set', () => {
    for (const raw of [[], '', '[]', ' , ', null, undefined]) {
      expect(parseFieldValue(field('text_list'), raw)).toEqual({ value: null, warning: null });
    }
  });
});

describe('parseFieldValue: computed', () => {
  it('holds the schema query whatever the record says', () => {
    const teammates = field('computed', { query: 'type:person team:$team' });
    expect(parseFieldValue(teammates, undefined)).toEqual({
      value: 'type:person team:$team',
      warning: null,
    });
    expect(parseFieldValue(teammates, 'written by hand').value).toBe('type:person team:$team');
  });

  it('is not set when the schema has no query', () => {
    expect(parseFieldValue(field('computed'), undefined).value).toBeNull();
  });
});

describe('parseListValue', () => {
  it('trims items, drops blanks and stringifies non-strings', () => {
    expect(parseListValue([' a ', '', 2, true])).toEqual(['a', '2', 'true']);
  });

  it('falls back to commas when a bracketed string is not JSON', () => {
    expect(parseListValue('[Alice, Bob]')).toEqual(['[Alice', 'Bob]']);
  });

  it('reads a single value as a one-item list', () => {
    expect(parseListValue('solo')).toEqual(['solo']);
    expect(parseListValue(7)).toEqual(['7']);
  });
});

describe('parseEntityFields', () => {
  const schema: EntityTypeSchema = {
    type: 'person',
    fields: [
      { name: 'email', type: 'email' },
      { name: 'role', type: 'select', options: ['engineer', 'manager'] },
      { name: 'mentors', type: 'entity_ref_list', target: 'person' },
      { name: 'teammates', type: 'computed', query: 'type:person team:$team' },
    ],
  };

  it('returns every declared field in schema order, set or not', () => {
    const { fields, warnings } = parseEntityFields(schema, {
      role: 'manager',
      email: 'a@b.example',
    });
    expect(fields).toEqual([
      { name: 'email', type: 'email', value: 'a@b.example' },
      { name: 'role', type: 'select', value: 'manager' },
      { name: 'mentors', type: 'entity_ref_list', value: null },
      { name: 'teammates', type: 'computed', value: 'type:person team:$team' },
    ]);
    expect(warnings).toEqual([]);
  });

  it('collects value warnings and names undeclared keys, except reserved ones', () => {
    const { warnings } = parseEntityFields(
      schema,
      { name: 'Alice', role: 'wizard', favourite: 'tea' },
      ['name'],
    );
    expect(warnings).toEqual([
      'role: expected one of engineer, manager, got "wizard"',
      'favourite: not a field of type person',
    ]);
  });
});

describe('renderFieldsAsText', () => {
  it('renders set, non-computed fields one per line, lists joined', () => {
    expect(
      renderFieldsAsText([
        { name: 'email', type: 'email', value: 'a@b.example' },
        { name: 'bio', type: 'text', value: null },
        { name: 'skills', type: 'text_list', value: ['welding', 'CAD'] },
        { name: 'teammates', type: 'computed', value: 'type:person' },
      ]),
    ).toBe('email: a@b.example\nskills: welding, CAD');
  });
});
