import { describe, expect, it } from 'vitest';
import {
  entity,
  entityLookup,
  field,
  note,
  sampleEntityGraph,
} from '../../testing/entity-lookup-fixture.ts';
import type { EntityField } from '../document.ts';
import {
  formatEntityRef,
  formatNoteRef,
  renderEntityField,
  resolveEntityField,
} from './render-entity-field.ts';

const { lookup: sample, byId } = sampleEntityGraph();

/** Renders the named field of a sample entity. */
const line = (entityId: string, name: string): string | null => {
  const owner = byId(entityId);
  const f = owner.fields.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return renderEntityField(f, owner, sample);
};

describe('renderEntityField: every field type on the sample workspace', () => {
  it.each([
    ['person/alice', 'email', 'email: alice@brightwell.example'],
    ['person/alice', 'role', 'role: manager'],
    ['person/alice', 'joined', 'joined: 2023-04-17'],
    [
      'person/alice',
      'bio',
      'bio: Leads the Hydraulics team and owns the Solar Pump Project end to end.',
    ],
    ['person/alice', 'skills', 'skills: pump hydraulics, test rig design, field measurement'],
    // entity_ref by name and by id render the same way
    ['person/alice', 'team', 'team: @Hydraulics [id:team/hydraulics]'],
    ['person/chidi', 'team', 'team: @Hydraulics [id:team/hydraulics]'],
    ['team/power-electronics', 'lead', 'lead: @Bob [id:person/bob]'],
    // entity_ref_list from a YAML list, a comma string and a JSON string: all arrays by now
    ['person/alice', 'mentors', 'mentors: @Bob [id:person/bob]'],
    ['person/bob', 'mentors', 'mentors: @Alice [id:person/alice], @Dana [id:person/dana]'],
    ['team/power-electronics', 'members', 'members: @Bob [id:person/bob], @Dana [id:person/dana]'],
    ['team/hydraulics', 'members', 'members: @Alice [id:person/alice], @Chidi [id:person/chidi]'],
    ['person/alice', 'profile', 'profile: [[Alice Profile]] [id:note:Alice Profile]'],
    ['team/hydraulics', 'charter', 'charter: [[Hydraulics Charter]] [id:note:Hydraulics Charter]'],
    // computed: evaluated, rendered like entity_ref_list
    ['person/alice', 'teammates', 'teammates: @Chidi [id:person/chidi]'],
    ['team/power-electronics', 'roster', 'roster: @Bob [id:person/bob], @Dana [id:person/dana]'],
  ])('%s %s', (entityId, name, expected) => {
    expect(line(entityId, name)).toBe(expected);
  });

  it('skips empty fields: Dana has no mentors and profile: ""', () => {
    expect(line('person/dana', 'mentors')).toBeNull();
    expect(line('person/dana', 'profile')).toBeNull();
  });
});

describe('renderEntityField: empty values', () => {
  const owner = entity('person/o', 'Owner');
  const lookup = entityLookup([owner]);
  it.each<[string, EntityField]>([
    ['null text', field('bio', 'text', null)],
    ['blank text', field('bio', 'text', '   ')],
    ['empty list', field('skills', 'text_list', [])],
    ['list of blanks', field('skills', 'text_list', ['', '  '])],
    ['null ref', field('team', 'entity_ref', null)],
    ['empty ref list', field('mentors', 'entity_ref_list', [])],
    ['blank note ref', field('profile', 'note_ref', '')],
    ['computed with no query', field('peers', 'computed', null)],
    ['computed with no results', field('peers', 'computed', 'type:person')],
    ['computed with a malformed query', field('peers', 'computed', 'people please')],
  ])('%s → null', (_, f) => {
    expect(renderEntityField(f, owner, lookup)).toBeNull();
    expect(resolveEntityField(f, owner, lookup)).toBeNull();
  });
});

describe('renderEntityField: placeholders', () => {
  const old = entity('team/old', 'Old Team', [], { status: 'deleted' });
  const paused = entity('team/paused', 'Paused Team', [], { status: 'archived' });
  const bob = entity('person/bob', 'Bob');
  const owner = entity('person/o', 'Owner');
  const notes = [
    note('Live Note', 'body'),
    note('Old Profile', 'body', { status: 'archived' }),
    note('Gone Note', 'body', { status: 'deleted' }),
  ];
  const lookup = entityLookup([old, paused, bob, owner], notes);
  const render = (f: EntityField) => renderEntityField(f, owner, lookup);

  it('a deleted entity keeps its name but not its id', () => {
    expect(render(field('team', 'entity_ref', 'Old Team'))).toBe('team: @Old Team (deleted)');
    expect(render(field('team', 'entity_ref', 'team/old'))).toBe('team: @Old Team (deleted)');
  });

  it('an archived entity is marked after its id', () => {
    expect(render(field('team', 'entity_ref', 'Paused Team'))).toBe(
      'team: @Paused Team [id:team/paused] (archived)',
    );
  });

  it('an archived or deleted note loses its id', () => {
    expect(render(field('profile', 'note_ref', 'Old Profile'))).toBe(
      'profile: [[Old Profile]] (archived)',
    );
    expect(render(field('profile', 'note_ref', 'Gone Note'))).toBe(
      'profile: [[Gone Note]] (deleted)',
    );
  });

  it('a ref that resolves to nothing keeps the written value', () => {
    expect(render(field('team', 'entity_ref', 'Marketing'))).toBe('team: Marketing (not found)');
    expect(render(field('profile', 'note_ref', 'Missing'))).toBe('profile: Missing (not found)');
  });

  it('mixes placeholders inside a list, in written order', () => {
    expect(
      render(field('teams', 'entity_ref_list', ['Paused Team', 'Nowhere', 'team/old', 'Bob'])),
    ).toBe(
      'teams: @Paused Team [id:team/paused] (archived), Nowhere (not found), @Old Team (deleted), @Bob [id:person/bob]',
    );
  });

  it('shows an entity once when a list names it by name and by id', () => {
    expect(render(field('mentors', 'entity_ref_list', ['Bob', 'person/bob', 'BOB']))).toBe(
      'mentors: @Bob [id:person/bob]',
    );
  });

  it('keeps a field on one line', () => {
    expect(render(field('bio', 'text', 'Line one.\n\n### Not a heading'))).toBe(
      'bio: Line one. ### Not a heading',
    );
  });

  it('reads a list field that still holds the written string', () => {
    expect(render(field('mentors', 'entity_ref_list', '["Bob", "Nobody"]'))).toBe(
      'mentors: @Bob [id:person/bob], Nobody (not found)',
    );
    expect(render(field('skills', 'text_list', 'a, b ,c'))).toBe('skills: a, b, c');
  });
});

describe('renderEntityField: computed limit', () => {
  const team = entity('team/big', 'Big');
  const people = Array.from({ length: 12 }, (_, i) =>
    entity(`person/p${String(i).padStart(2, '0')}`, `P${String(i).padStart(2, '0')}`, [
      field('team', 'entity_ref', 'Big'),
    ]),
  );
  const lookup = entityLookup([team, ...people]);
  const roster = field('roster', 'computed', 'type:person team:$name');

  it('shows at most 10 results by default', () => {
    const rendered = renderEntityField(roster, team, lookup);
    expect(rendered?.match(/@P\d\d/g)).toEqual(people.slice(0, 10).map((p) => `@${p.name}`));
  });

  it('takes another limit', () => {
    expect(renderEntityField(roster, team, lookup, { computedLimit: 2 })).toBe(
      'roster: @P00 [id:person/p00], @P01 [id:person/p01]',
    );
  });
});

describe('formatEntityRef / formatNoteRef', () => {
  it('formats the three statuses', () => {
    expect(formatEntityRef(entity('person/a', 'A  B'))).toBe('@A B [id:person/a]');
    expect(formatEntityRef(entity('person/a', 'A', [], { status: 'archived' }))).toBe(
      '@A [id:person/a] (archived)',
    );
    expect(formatEntityRef(entity('person/a', 'A', [], { status: 'deleted' }))).toBe(
      '@A (deleted)',
    );
    expect(formatNoteRef(note('N'))).toBe('[[N]] [id:note:N]');
    expect(formatNoteRef(note('N', '', { status: 'archived' }))).toBe('[[N]] (archived)');
  });
});
