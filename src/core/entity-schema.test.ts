import { describe, expect, it } from 'vitest';
import { FIELD_TYPES } from './document.ts';
import { parseEntityTypeSchema } from './entity-schema.ts';

describe('parseEntityTypeSchema', () => {
  it('reads every field type with its options, target and query, in order', () => {
    const result = parseEntityTypeSchema(
      {
        type: 'person',
        fields: {
          email: { type: 'email' },
          role: { type: 'select', options: ['engineer', 'designer'] },
          joined: { type: 'date' },
          skills: { type: 'text_list' },
          team: { type: 'entity_ref', target: 'team' },
          mentors: { type: 'entity_ref_list', target: 'person' },
          profile: { type: 'note_ref' },
          bio: { type: 'text' },
          teammates: { type: 'computed', query: 'type:person team:$team' },
        },
      },
      'fallback',
    );
    expect(result).toEqual({
      ok: true,
      warnings: [],
      schema: {
        type: 'person',
        fields: [
          { name: 'email', type: 'email' },
          { name: 'role', type: 'select', options: ['engineer', 'designer'] },
          { name: 'joined', type: 'date' },
          { name: 'skills', type: 'text_list' },
          { name: 'team', type: 'entity_ref', target: 'team' },
          { name: 'mentors', type: 'entity_ref_list', target: 'person' },
          { name: 'profile', type: 'note_ref' },
          { name: 'bio', type: 'text' },
          { name: 'teammates', type: 'computed', query: 'type:person team:$team' },
        ],
      },
    });
  });

  it('accepts the short form `name: type`', () => {
    const result = parseEntityTypeSchema({ type: 'team', fields: { mission: 'text' } }, 'team');
    expect(result).toEqual({
      ok: true,
      warnings: [],
      schema: { type: 'team', fields: [{ name: 'mission', type: 'text' }] },
    });
  });

  it('stringifies select options', () => {
    const result = parseEntityTypeSchema(
      { type: 'x', fields: { size: { type: 'select', options: [1, 2, 'big'] } } },
      'x',
    );
    expect(result.ok && result.schema.fields[0]?.options).toEqual(['1', '2', 'big']);
  });

  it('falls back to the file name for a missing or blank type', () => {
    const result = parseEntityTypeSchema({ type: '  ', fields: {} }, 'supplier');
    expect(result.ok && result.schema.type).toBe('supplier');
    expect(parseEntityTypeSchema({ fields: {} }, 'team')).toMatchObject({
      ok: true,
      schema: { type: 'team' },
    });
  });

  it('drops a field of unknown type with a warning listing the known types', () => {
    const result = parseEntityTypeSchema(
      { type: 'person', fields: { age: { type: 'number' }, bio: { type: 'text' } } },
      'person',
    );
    expect(result).toEqual({
      ok: true,
      schema: { type: 'person', fields: [{ name: 'bio', type: 'text' }] },
      warnings: [
        `type person, field age: unknown field type "number" (expected one of ${FIELD_TYPES.join(', ')})`,
      ],
    });
  });

  it('warns about a field spec with no type at all', () => {
    const result = parseEntityTypeSchema({ type: 'p', fields: { x: { options: ['a'] } } }, 'p');
    expect(result.ok && result.warnings[0]).toMatch(/field x: unknown field type undefined/);
    expect(result.ok && result.schema.fields).toEqual([]);
  });

  it('warns about a select without options and a computed without query, but keeps them', () => {
    const result = parseEntityTypeSchema(
      { type: 'p', fields: { role: { type: 'select' }, peers: { type: 'computed' } } },
      'p',
    );
    expect(result).toEqual({
      ok: true,
      schema: {
        type: 'p',
        fields: [
          { name: 'role', type: 'select' },
          { name: 'peers', type: 'computed' },
        ],
      },
      warnings: [
        'type p, field role: select without options',
        'type p, field peers: computed without query',
      ],
    });
  });

  it.each([null, 'person', ['type', 'person'], 42])('rejects %j as not a mapping', (input) => {
    expect(parseEntityTypeSchema(input, 'person')).toEqual({
      ok: false,
      error: 'expected a mapping with `type` and `fields`',
    });
  });

  it.each([undefined, null, ['email'], 'email: text'])('rejects fields given as %j', (fields) => {
    expect(parseEntityTypeSchema({ type: 'person', fields }, 'x')).toEqual({
      ok: false,
      error: 'type person: expected `fields` to be a mapping',
    });
  });
});
