import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  entity,
  entityLookup,
  field,
  note,
  sampleEntityGraph,
} from '../../testing/entity-lookup-fixture.ts';
import type { EntityRecord } from './entity-records.ts';
import {
  compareEntitiesByName,
  evaluateComputedQuery,
  fieldValues,
  parseComputedQuery,
} from './evaluate-computed-field.ts';

const names = (entities: readonly EntityRecord[]) => entities.map((e) => e.name);

describe('parseComputedQuery', () => {
  it('splits key:value terms and unquotes values with spaces', () => {
    expect(parseComputedQuery('  type:person   team:"Power Electronics" role:engineer ')).toEqual([
      { key: 'type', value: 'person' },
      { key: 'team', value: 'Power Electronics' },
      { key: 'role', value: 'engineer' },
    ]);
  });

  it('keeps colons and slashes inside a value', () => {
    expect(parseComputedQuery('type:person team:team/hydraulics at:10:30')).toEqual([
      { key: 'type', value: 'person' },
      { key: 'team', value: 'team/hydraulics' },
      { key: 'at', value: '10:30' },
    ]);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['type:person hydraulics', 'bare word'],
    ['type:person team:', 'empty value'],
    ['type:person team:""', 'empty quoted value'],
    ['type:person team:"Power Electronics', 'unterminated quote'],
    ['type:person team:"Power"Electronics', 'text glued to a quote'],
    ['type:person team:a"b', 'quote inside a value'],
    [':person', 'empty key'],
    ['type :person', 'space before the colon'],
  ])('rejects %j (%s)', (query) => {
    expect(parseComputedQuery(query)).toBeNull();
  });
});

describe('fieldValues', () => {
  it('flattens scalars and lists, dropping blanks', () => {
    expect(fieldValues(field('bio', 'text', '  Hi  '))).toEqual(['Hi']);
    expect(fieldValues(field('bio', 'text', '   '))).toEqual([]);
    expect(fieldValues(field('bio', 'text', null))).toEqual([]);
    expect(fieldValues(field('skills', 'text_list', [' a ', '', 'b']))).toEqual(['a', 'b']);
  });

  it('still reads a list field that arrives as an unparsed string (JSON or commas)', () => {
    expect(fieldValues(field('m', 'entity_ref_list', '["Bob", "person/dana"]'))).toEqual([
      'Bob',
      'person/dana',
    ]);
    expect(fieldValues(field('m', 'entity_ref_list', 'Alice, Dana'))).toEqual(['Alice', 'Dana']);
  });
});

describe('evaluateComputedQuery on the sample workspace', () => {
  const { lookup, byId } = sampleEntityGraph();

  it('$team finds teammates whether the team is written by name or by id', () => {
    // Alice wrote `team: Hydraulics`, Chidi wrote `team: team/hydraulics`.
    expect(
      names(evaluateComputedQuery('type:person team:$team', byId('person/alice'), lookup)),
    ).toEqual(['Chidi']);
    expect(
      names(evaluateComputedQuery('type:person team:$team', byId('person/chidi'), lookup)),
    ).toEqual(['Alice']);
    // Bob wrote `team/power-electronics`, Dana wrote `Power Electronics`.
    expect(
      names(evaluateComputedQuery('type:person team:$team', byId('person/bob'), lookup)),
    ).toEqual(['Dana']);
  });

  it('$name substitutes the owner name, so a team finds its roster', () => {
    expect(
      names(evaluateComputedQuery('type:person team:$name', byId('team/hydraulics'), lookup)),
    ).toEqual(['Alice', 'Chidi']);
    // The team's name has a space: the substituted value is still one term.
    expect(
      names(
        evaluateComputedQuery('type:person team:$name', byId('team/power-electronics'), lookup),
      ),
    ).toEqual(['Bob', 'Dana']);
  });

  it('$id substitutes the owner id', () => {
    expect(
      names(evaluateComputedQuery('type:person team:$id', byId('team/hydraulics'), lookup)),
    ).toEqual(['Alice', 'Chidi']);
  });

  it('an empty $field matches nothing instead of dropping the filter', () => {
    // Dana has no mentors: "people who share a mentor with Dana" is nobody, not everybody.
    expect(
      evaluateComputedQuery('type:person mentors:$mentors', byId('person/dana'), lookup),
    ).toEqual([]);
    expect(
      evaluateComputedQuery('type:person team:$nosuchfield', byId('person/dana'), lookup),
    ).toEqual([]);
    expect(
      evaluateComputedQuery('type:person team:$teammates', byId('person/dana'), lookup),
    ).toEqual([]);
  });

  it('a list $field matches when any of its values matches', () => {
    // Bob's mentors are Alice and Dana; Chidi is mentored by Alice, Bob by Alice and Dana.
    expect(
      names(evaluateComputedQuery('type:person mentors:$mentors', byId('person/bob'), lookup)),
    ).toEqual(['Chidi']);
    // Alice's skills include "field measurement", which Chidi shares.
    expect(
      names(evaluateComputedQuery('type:person skills:$skills', byId('person/alice'), lookup)),
    ).toEqual(['Chidi']);
  });

  it('list fields of candidates match by membership, refs resolved', () => {
    // members lists Alice as `person/alice` in Hydraulics and Bob as `Bob` in Power Electronics.
    expect(
      names(evaluateComputedQuery('type:team members:Alice', byId('person/dana'), lookup)),
    ).toEqual(['Hydraulics']);
    expect(
      names(evaluateComputedQuery('type:team members:person/bob', byId('person/dana'), lookup)),
    ).toEqual(['Power Electronics']);
  });

  it('never returns the owner itself', () => {
    const found = evaluateComputedQuery('type:person', byId('person/bob'), lookup);
    expect(names(found)).toEqual(['Alice', 'Chidi', 'Dana']);
  });

  it('compares plain fields case-insensitively and ANDs the filters', () => {
    expect(
      names(evaluateComputedQuery('type:person role:ENGINEER', byId('person/alice'), lookup)),
    ).toEqual(['Bob']);
    expect(
      names(
        evaluateComputedQuery(
          'type:person team:Hydraulics role:researcher',
          byId('person/bob'),
          lookup,
        ),
      ),
    ).toEqual(['Chidi']);
    expect(
      names(
        evaluateComputedQuery(
          'type:person team:Hydraulics role:engineer',
          byId('person/bob'),
          lookup,
        ),
      ),
    ).toEqual([]);
  });

  it('filters on name and id', () => {
    expect(
      names(evaluateComputedQuery('type:person name:dana', byId('person/bob'), lookup)),
    ).toEqual(['Dana']);
    expect(
      names(evaluateComputedQuery('type:person id:person/chidi', byId('person/bob'), lookup)),
    ).toEqual(['Chidi']);
  });

  it('a quoted value may contain spaces', () => {
    expect(
      names(
        evaluateComputedQuery('type:person team:"Power Electronics"', byId('person/alice'), lookup),
      ),
    ).toEqual(['Bob', 'Dana']);
  });

  it('compares note_ref values by the note they resolve to', () => {
    // "Alice Profile" is the note's title and also its file name.
    expect(
      names(
        evaluateComputedQuery('type:person profile:"alice profile"', byId('person/bob'), lookup),
      ),
    ).toEqual(['Alice']);
  });

  it.each([
    'team:Hydraulics',
    'type:person type:team',
    'type:person team:',
    'type:person stray',
    'type:nosuchtype',
  ])('returns nothing for %j', (query) => {
    expect(evaluateComputedQuery(query, byId('person/bob'), lookup)).toEqual([]);
  });

  it('returns nothing for a non-positive limit', () => {
    expect(evaluateComputedQuery('type:person', byId('person/bob'), lookup, 0)).toEqual([]);
    expect(evaluateComputedQuery('type:person', byId('person/bob'), lookup, -3)).toEqual([]);
  });
});

describe('evaluateComputedQuery on hand-built graphs', () => {
  it('returns at most the limit (10 by default), first by name', () => {
    const team = entity('team/big', 'Big');
    const people = Array.from({ length: 14 }, (_, i) =>
      entity(`person/p${i}`, `Person ${String(i).padStart(2, '0')}`, [
        field('team', 'entity_ref', i % 2 ? 'team/big' : 'Big'),
      ]),
    );
    const lookup = entityLookup([team, ...people.toReversed()]);
    const roster = evaluateComputedQuery('type:person team:$name', team, lookup);
    expect(names(roster)).toEqual(people.slice(0, 10).map((p) => p.name));
    expect(evaluateComputedQuery('type:person team:$name', team, lookup, 3)).toHaveLength(3);
    expect(evaluateComputedQuery('type:person team:$name', team, lookup, 100)).toHaveLength(14);
  });

  it('refs that resolve to nothing compare as text; a resolved and an unresolved ref differ', () => {
    const a = entity('person/a', 'A', [field('team', 'entity_ref', 'Ghost Team')]);
    const b = entity('person/b', 'B', [field('team', 'entity_ref', 'ghost team')]);
    const c = entity('person/c', 'C', [field('team', 'entity_ref', 'Real')]);
    const real = entity('team/real', 'Real');
    const lookup = entityLookup([a, b, c, real]);
    expect(names(evaluateComputedQuery('type:person team:$team', a, lookup))).toEqual(['B']);
    expect(names(evaluateComputedQuery('type:person team:Real', a, lookup))).toEqual(['C']);
  });

  it('resolves a candidate ref within the wanted entity type, so a same-named person does not match', () => {
    const team = entity('team/mercury', 'Mercury');
    const namesake = entity('person/mercury', 'Mercury');
    const member = entity('person/m', 'M', [field('team', 'entity_ref', 'Mercury')]);
    const owner = entity('person/owner', 'Owner');
    const lookup = entityLookup([namesake, team, member, owner]);
    // "team/mercury" resolves to the team; M's "Mercury" is then read as a team too.
    expect(names(evaluateComputedQuery('type:person team:team/mercury', owner, lookup))).toEqual([
      'M',
    ]);
  });

  it('skips deleted candidates even if the lookup hands them over, and duplicates', () => {
    const owner = entity('person/o', 'Owner');
    const gone = entity('person/g', 'Gone', [], { status: 'deleted' });
    const kept = entity('person/k', 'Kept');
    const leaky = {
      ...entityLookup([owner, gone, kept]),
      entitiesOfType: () => [kept, gone, kept, owner],
    };
    expect(names(evaluateComputedQuery('type:person', owner, leaky))).toEqual(['Kept']);
  });

  it('never filters on computed fields', () => {
    const a = entity('person/a', 'A', [field('peers', 'computed', 'type:person')]);
    const b = entity('person/b', 'B', [field('peers', 'computed', 'type:person')]);
    expect(evaluateComputedQuery('type:person peers:type:person', a, entityLookup([a, b]))).toEqual(
      [],
    );
  });

  it('ignores a note_ref target that does not exist by comparing the written text', () => {
    const a = entity('person/a', 'A', [field('profile', 'note_ref', 'Lost Note')]);
    const b = entity('person/b', 'B', [field('profile', 'note_ref', 'lost note')]);
    const c = entity('person/c', 'C', [field('profile', 'note_ref', 'Found')]);
    const lookup = entityLookup([a, b, c], [note('Found')]);
    expect(names(evaluateComputedQuery('type:person profile:$profile', a, lookup))).toEqual(['B']);
  });

  it('is deterministic: result order does not depend on the order the store lists entities', () => {
    const base = Array.from({ length: 8 }, (_, i) =>
      entity(`person/x${i}`, ['bea', 'Bea', 'al', 'Al', 'zed', 'émile', 'Émile', 'al'][i] ?? 'x', [
        field('role', 'select', 'engineer'),
      ]),
    );
    const owner = entity('person/owner', 'Owner');
    const expected = names(
      evaluateComputedQuery('type:person role:engineer', owner, entityLookup(base), 50),
    );
    expect(expected).toHaveLength(8);
    fc.assert(
      fc.property(fc.shuffledSubarray(base, { minLength: 8, maxLength: 8 }), (shuffled) => {
        const got = evaluateComputedQuery(
          'type:person role:engineer',
          owner,
          entityLookup(shuffled),
          50,
        );
        expect(names(got)).toEqual(expected);
      }),
    );
  });
});

describe('compareEntitiesByName', () => {
  it('orders case-insensitively, then by exact name, then by id', () => {
    const list = [
      entity('person/3', 'bob'),
      entity('person/2', 'Bob'),
      entity('person/1', 'Bob'),
      entity('person/4', 'alice'),
    ];
    expect(list.toSorted(compareEntitiesByName).map((e) => e.entityId)).toEqual([
      'person/4',
      'person/1',
      'person/2',
      'person/3',
    ]);
  });
});
