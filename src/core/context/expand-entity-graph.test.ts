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
  collectLinkedNotes,
  cutText,
  type EntityContextEntry,
  expandEntityGraph,
  renderEntityContext,
  renderLinkedNotes,
} from './expand-entity-graph.ts';

/** `depth name ← via` per entry, plus `*` when expanded: the shape of a walk at a glance. */
const shape = (entries: readonly EntityContextEntry[]) =>
  entries.map(
    (e) =>
      `${e.depth} ${e.entity.name}${e.expanded ? '*' : ''}${e.via.length ? ` ← ${e.via.join(', ')}` : ''}`,
  );

describe('expandEntityGraph on the sample workspace', () => {
  const { lookup, byId } = sampleEntityGraph();
  const entries = expandEntityGraph([byId('person/alice')], lookup);

  it('walks refs, ref lists and computed results breadth-first to depth 2', () => {
    expect(shape(entries)).toEqual([
      '0 Alice*',
      '1 Hydraulics* ← @Alice.team',
      '1 Bob* ← @Alice.mentors',
      '1 Chidi* ← @Alice.teammates',
      // Dana is reached twice from Bob on the same level: both routes are kept.
      '2 Power Electronics ← @Bob.team',
      '2 Dana ← @Bob.mentors, @Bob.teammates',
    ]);
  });

  it('cycles end: Alice→Bob→Alice and Hydraulics.lead→Alice do not revisit Alice', () => {
    expect(entries.filter((e) => e.entity.name === 'Alice')).toHaveLength(1);
    expect(new Set(entries.map((e) => e.entity.entityId)).size).toBe(entries.length);
  });

  it('a same-level link is not a route: Hydraulics lists Chidi, who is already on level 1', () => {
    expect(entries.find((e) => e.entity.name === 'Chidi')?.via).toEqual(['@Alice.teammates']);
  });

  it('depth-2 entities show name and type only', () => {
    for (const e of entries.filter((x) => x.depth === 2)) {
      expect(e.expanded).toBe(false);
      expect(e.fields).toEqual([]);
    }
  });

  it('collects live note refs at every depth, in field order', () => {
    expect(entries.map((e) => e.noteRefs.map((n) => n.title))).toEqual([
      ['Alice Profile'],
      ['Hydraulics Charter'],
      ['Bob Profile'],
      ['Interview Synthesis'],
      ['Power Electronics Charter'],
      [],
    ]);
    expect(entries[0]?.noteLinks).toEqual([{ field: 'profile', note: entries[0]?.noteRefs[0] }]);
  });

  it('renders the entity context block', () => {
    expect(renderEntityContext(entries)).toBe(
      [
        '## Entity context',
        'Entities mentioned or referenced in this conversation.',
        'Use [id:...] when assigning tasks or referencing entities.',
        '',
        '### @Alice (Person) [id:person/alice]  ← directly mentioned',
        '  email: alice@brightwell.example',
        '  role: manager',
        '  joined: 2023-04-17',
        '  skills: pump hydraulics, test rig design, field measurement',
        '  team: @Hydraulics [id:team/hydraulics]',
        '  mentors: @Bob [id:person/bob]',
        '  profile: [[Alice Profile]] [id:note:Alice Profile]',
        '  bio: Leads the Hydraulics team and owns the Solar Pump Project end to end.',
        '  teammates: @Chidi [id:person/chidi]',
        '',
        '### @Hydraulics (Team) [id:team/hydraulics]  ← referenced via @Alice.team',
        '  lead: @Alice [id:person/alice]',
        '  members: @Alice [id:person/alice], @Chidi [id:person/chidi]',
        '  charter: [[Hydraulics Charter]] [id:note:Hydraulics Charter]',
        '  focus: impeller and casing, pipework and head budget, field trials',
        '  mission: Move 2.5 m3/h at 20 m head from sunlight alone, reliably, for five years.',
        '  roster: @Alice [id:person/alice], @Chidi [id:person/chidi]',
        '',
        '### @Bob (Person) [id:person/bob]  ← referenced via @Alice.mentors',
        '  email: bob@brightwell.example',
        '  role: engineer',
        '  joined: 2024-02-05',
        '  skills: MPPT control, motor drives, embedded firmware, PCB layout',
        '  team: @Power Electronics [id:team/power-electronics]',
        '  mentors: @Alice [id:person/alice], @Dana [id:person/dana]',
        '  profile: [[Bob Profile]] [id:note:Bob Profile]',
        '  bio: Designed the SP-200 motor controller and maintains its firmware.',
        '  teammates: @Dana [id:person/dana]',
        '',
        '### @Chidi (Person) [id:person/chidi]  ← referenced via @Alice.teammates',
        '  email: chidi@brightwell.example',
        '  role: researcher',
        '  joined: 2025-01-13',
        '  skills: farmer interviews, field measurement, Kikamba',
        '  team: @Hydraulics [id:team/hydraulics]',
        '  mentors: @Alice [id:person/alice]',
        '  profile: [[Interview Synthesis]] [id:note:Interview Synthesis]',
        '  bio: Runs the pilot farm visits and the farmer interviews.',
        '  teammates: @Alice [id:person/alice]',
        '',
        '### @Power Electronics (Team) [id:team/power-electronics]  ← referenced via @Bob.team',
        '  (further references not expanded)',
        '',
        '### @Dana (Person) [id:person/dana]  ← referenced via @Bob.mentors, @Bob.teammates',
        '  (further references not expanded)',
      ].join('\n'),
    );
  });

  it('renders nothing for no entities', () => {
    expect(renderEntityContext([])).toBe('');
    expect(expandEntityGraph([], lookup)).toEqual([]);
  });

  it('Dana, with empty fields, shows only the set ones', () => {
    const [dana] = expandEntityGraph([byId('person/dana')], lookup);
    expect(dana?.fields.map((f) => f.name)).toEqual([
      'email',
      'role',
      'joined',
      'skills',
      'team',
      'bio',
      'teammates',
    ]);
    expect(dana?.fields.find((f) => f.name === 'team')).toEqual({
      name: 'team',
      type: 'entity_ref',
      text: '@Power Electronics [id:team/power-electronics]',
    });
  });
});

describe('expandEntityGraph: roots', () => {
  const { lookup, byId } = sampleEntityGraph();

  it('keeps the given order, drops repeated roots, and a root reached by ref stays a root', () => {
    const entries = expandEntityGraph(
      [byId('person/dana'), byId('person/bob'), byId('person/dana')],
      lookup,
      { maxDepth: 1 },
    );
    expect(shape(entries)).toEqual([
      '0 Dana*',
      '0 Bob*',
      '1 Power Electronics ← @Dana.team, @Bob.team',
      '1 Alice ← @Bob.mentors',
    ]);
  });

  it('maxDepth 0 shows the roots by name and type only and evaluates no computed field', () => {
    const { entities, notes } = sampleEntityGraph();
    const counting = entityLookup(entities, notes);
    const entries = expandEntityGraph([byId('person/alice')], counting, { maxDepth: 0 });
    expect(shape(entries)).toEqual(['0 Alice']);
    expect(entries[0]?.noteRefs.map((n) => n.title)).toEqual(['Alice Profile']);
    expect(counting.calls.entitiesOfType).toBe(0);
    expect(renderEntityContext(entries)).toContain(
      '### @Alice (Person) [id:person/alice]  ← directly mentioned\n  (further references not expanded)',
    );
  });

  it('maxDepth 1 stops one level earlier; a deeper maxDepth reaches further', () => {
    expect(shape(expandEntityGraph([byId('person/chidi')], lookup, { maxDepth: 1 }))).toEqual([
      '0 Chidi*',
      '1 Hydraulics ← @Chidi.team',
      '1 Alice ← @Chidi.mentors, @Chidi.teammates',
    ]);
    const deep = expandEntityGraph([byId('person/chidi')], lookup, { maxDepth: 5 });
    expect(deep.map((e) => e.entity.name).toSorted()).toEqual([
      'Alice',
      'Bob',
      'Chidi',
      'Dana',
      'Hydraulics',
      'Power Electronics',
    ]);
    expect(deep.every((e) => e.expanded)).toBe(true);
  });

  it('passes computedLimit to computed fields', () => {
    const [hydraulics] = expandEntityGraph([byId('team/hydraulics')], lookup, {
      maxDepth: 1,
      computedLimit: 1,
    });
    expect(hydraulics?.fields.find((f) => f.name === 'roster')?.text).toBe(
      '@Alice [id:person/alice]',
    );
  });
});

describe('expandEntityGraph: edge cases', () => {
  it('a self-reference does not loop or repeat the entity', () => {
    const me = entity('person/me', 'Me', [field('manager', 'entity_ref', 'person/me')]);
    const entries = expandEntityGraph([me], entityLookup([me]));
    expect(shape(entries)).toEqual(['0 Me*']);
    expect(entries[0]?.fields).toEqual([
      { name: 'manager', type: 'entity_ref', text: '@Me [id:person/me]' },
    ]);
  });

  it('A→B→A is walked once each, whatever the depth', () => {
    const a = entity('person/a', 'A', [field('mentors', 'entity_ref_list', ['B'])]);
    const b = entity('person/b', 'B', [field('mentors', 'entity_ref_list', ['person/a'])]);
    const lookup = entityLookup([a, b]);
    expect(shape(expandEntityGraph([a], lookup, { maxDepth: 10 }))).toEqual([
      '0 A*',
      '1 B* ← @A.mentors',
    ]);
  });

  it('a deleted target is shown in the field but not walked into', () => {
    const old = entity('team/old', 'Old Team', [field('lead', 'entity_ref', 'Boss')], {
      status: 'deleted',
    });
    const boss = entity('person/boss', 'Boss');
    const me = entity('person/me', 'Me', [field('team', 'entity_ref', 'Old Team')]);
    const entries = expandEntityGraph([me], entityLookup([old, boss, me]));
    expect(shape(entries)).toEqual(['0 Me*']);
    expect(renderEntityContext(entries)).toContain('  team: @Old Team (deleted)');
  });

  it('an archived target is walked into and marked in its field and its heading', () => {
    const paused = entity('team/paused', 'Paused', [field('mission', 'text', 'Wait.')], {
      status: 'archived',
    });
    const me = entity('person/me', 'Me', [field('team', 'entity_ref', 'Paused')]);
    const entries = expandEntityGraph([me], entityLookup([paused, me]));
    expect(shape(entries)).toEqual(['0 Me*', '1 Paused* ← @Me.team']);
    const block = renderEntityContext(entries);
    expect(block).toContain('  team: @Paused [id:team/paused] (archived)');
    expect(block).toContain(
      '### @Paused (Team) [id:team/paused] (archived)  ← referenced via @Me.team',
    );
  });

  it('a not-found ref is shown as written and not walked', () => {
    const me = entity('person/me', 'Me', [field('mentors', 'entity_ref_list', ['Ghost', 'Me'])]);
    const entries = expandEntityGraph([me], entityLookup([me]));
    expect(entries[0]?.fields[0]?.text).toBe('Ghost (not found), @Me [id:person/me]');
    expect(entries).toHaveLength(1);
  });

  it('keeps archived notes out of noteRefs but shows them as (archived)', () => {
    const me = entity('person/me', 'Me', [
      field('profile', 'note_ref', 'Old Profile'),
      field('plan', 'note_ref', 'Plan'),
      field('again', 'note_ref', 'plan'),
    ]);
    const lookup = entityLookup(
      [me],
      [note('Old Profile', 'x', { status: 'archived' }), note('Plan', 'y')],
    );
    const [entry] = expandEntityGraph([me], lookup);
    expect(entry?.noteRefs.map((n) => n.title)).toEqual(['Plan']);
    expect(entry?.noteLinks.map((l) => l.field)).toEqual(['plan']);
    expect(entry?.fields.map((f) => f.text)).toEqual([
      '[[Old Profile]] (archived)',
      '[[Plan]] [id:note:Plan]',
      '[[Plan]] [id:note:Plan]',
    ]);
  });

  it('lists every route from the previous level, as in seed 004', () => {
    const bob = entity('person/bob', 'Bob', [field('role', 'text', 'VP Engineering')]);
    const eng = entity('team/eng', 'Engineering', [field('lead', 'entity_ref', 'Bob')]);
    const ops = entity('team/ops', 'Ops', [field('lead', 'entity_ref', 'person/bob')]);
    const alice = entity('person/alice', 'Alice', [
      field('teams', 'entity_ref_list', ['Engineering', 'Ops']),
    ]);
    const entries = expandEntityGraph([alice], entityLookup([alice, bob, eng, ops]));
    expect(shape(entries)).toEqual([
      '0 Alice*',
      '1 Engineering* ← @Alice.teams',
      '1 Ops* ← @Alice.teams',
      '2 Bob ← @Engineering.lead, @Ops.lead',
    ]);
    expect(renderEntityContext(entries).split('\n').slice(-2)).toEqual([
      '### @Bob (Person) [id:person/bob]  ← referenced via @Engineering.lead, @Ops.lead',
      '  (further references not expanded)',
    ]);
  });

  it('a mentioned deleted entity keeps its id in the heading and is marked', () => {
    const gone = entity('person/gone', 'Gone', [], { status: 'deleted' });
    expect(renderEntityContext(expandEntityGraph([gone], entityLookup([gone])))).toContain(
      '### @Gone (Person) [id:person/gone] (deleted)  ← directly mentioned',
    );
  });
});

describe('expandEntityGraph: property', () => {
  /** Random graphs: entities linking to each other by name, by id, to themselves and to nothing. */
  const graph = fc.integer({ min: 1, max: 7 }).chain((n) =>
    fc.record({
      links: fc.array(fc.array(fc.integer({ min: 0, max: n }), { maxLength: 4 }), {
        minLength: n,
        maxLength: n,
      }),
      byName: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      deleted: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      roots: fc.array(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: 3 }),
      maxDepth: fc.integer({ min: 0, max: 4 }),
    }),
  );

  it('matches a plain shortest-distance BFS: each reachable entity once, at its distance', () => {
    fc.assert(
      fc.property(graph, ({ links, byName, deleted, roots, maxDepth }) => {
        const n = links.length;
        const ref = (j: number) => (j === n ? 'nobody' : byName[j] ? `N${j}` : `node/n${j}`);
        const nodes: EntityRecord[] = links.map((targets, i) =>
          entity(`node/n${i}`, `N${i}`, [field('links', 'entity_ref_list', targets.map(ref))], {
            status: deleted[i] ? 'deleted' : 'active',
          }),
        );
        // Reference distances: roots at 0, then edges into non-deleted nodes.
        const distance = new Map<number, number>();
        let frontier = [...new Set(roots)];
        for (const r of frontier) distance.set(r, 0);
        for (let d = 1; d <= maxDepth && frontier.length; d++) {
          const next: number[] = [];
          for (const i of frontier)
            for (const j of links[i] ?? [])
              if (j < n && !deleted[j] && !distance.has(j)) {
                distance.set(j, d);
                next.push(j);
              }
          frontier = next;
        }
        const rootRecords = roots.map((r) => nodes[r]).filter((x) => x !== undefined);
        const entries = expandEntityGraph(rootRecords, entityLookup(nodes), { maxDepth });
        const got = new Map(entries.map((e) => [Number(e.entity.entityId.slice(6)), e.depth]));
        expect(got.size).toBe(entries.length);
        expect(got).toEqual(distance);
        for (const e of entries) {
          expect(e.expanded).toBe(e.depth < maxDepth);
          if (e.depth === 0) expect(e.via).toEqual([]);
          else expect(e.via.length).toBeGreaterThan(0);
        }
        expect(entries.map((e) => e.depth)).toEqual(entries.map((e) => e.depth).toSorted());
      }),
    );
  });
});

describe('collectLinkedNotes', () => {
  const { lookup, byId } = sampleEntityGraph();
  const entries = expandEntityGraph([byId('person/alice')], lookup);

  it('takes the first 3 notes in walk order and reports the rest as over the limit', () => {
    const { notes, skipped } = collectLinkedNotes(entries);
    expect(notes.map((n) => [n.note.title, n.via, n.text, n.cut])).toEqual([
      ['Alice Profile', '@Alice.profile', 'Alice Moreau leads Hydraulics.', false],
      [
        'Hydraulics Charter',
        '@Hydraulics.charter',
        'The Hydraulics team owns every wet part.',
        false,
      ],
      ['Bob Profile', '@Bob.profile', 'Bob Okafor owns the controller.', false],
    ]);
    expect(skipped.map((s) => [s.note.title, s.reason])).toEqual([
      ['Interview Synthesis', 'limit'],
      ['Power Electronics Charter', 'limit'],
    ]);
  });

  it('never repeats a pinned note; the next one takes its place', () => {
    const { notes, skipped } = collectLinkedNotes(entries, {
      exclude: new Set(['note:Alice Profile']),
    });
    expect(notes.map((n) => n.note.title)).toEqual([
      'Hydraulics Charter',
      'Bob Profile',
      'Interview Synthesis',
    ]);
    expect(skipped.map((s) => [s.note.title, s.reason])).toEqual([
      ['Alice Profile', 'duplicate'],
      ['Power Electronics Charter', 'limit'],
    ]);
  });

  it('takes a note named by several entities once, from the first', () => {
    const shared = note('Shared', 'text');
    const a = entity('person/a', 'A', [
      field('p', 'note_ref', 'Shared'),
      field('b', 'entity_ref', 'B'),
    ]);
    const b = entity('person/b', 'B', [field('q', 'note_ref', 'shared')]);
    const result = collectLinkedNotes(expandEntityGraph([a], entityLookup([a, b], [shared])), {
      max: 1,
    });
    expect(result.notes.map((n) => n.via)).toEqual(['@A.p']);
    expect(result.skipped).toEqual([]);
  });

  it('honours max', () => {
    expect(collectLinkedNotes(entries, { max: 0 }).notes).toEqual([]);
    expect(collectLinkedNotes(entries, { max: 10 }).notes).toHaveLength(5);
  });

  it('ignores an archived note even in a hand-built entry', () => {
    const archived = note('Old', 'x', { status: 'archived' });
    const entry: EntityContextEntry = {
      entity: entity('person/a', 'A'),
      depth: 0,
      via: [],
      fields: [],
      expanded: true,
      noteRefs: [archived],
      noteLinks: [{ field: 'p', note: archived }],
    };
    expect(collectLinkedNotes([entry])).toEqual({ notes: [], skipped: [] });
  });

  it('cuts long bodies to 2000 characters at a word boundary, with …', () => {
    const long = note('Long', 'word '.repeat(600));
    const exact = note('Exact', 'x'.repeat(2000));
    const me = entity('person/me', 'Me', [
      field('a', 'note_ref', 'Long'),
      field('b', 'note_ref', 'Exact'),
    ]);
    const { notes } = collectLinkedNotes(
      expandEntityGraph([me], entityLookup([me], [long, exact])),
    );
    const [cut, whole] = notes;
    expect(cut?.cut).toBe(true);
    expect(cut?.text.endsWith('word…')).toBe(true);
    expect(cut?.text.length).toBeLessThanOrEqual(2001);
    expect(cut?.text.length).toBeGreaterThan(1990);
    expect(whole).toMatchObject({ cut: false, text: 'x'.repeat(2000) });
  });

  it('takes maxChars', () => {
    const me = entity('person/me', 'Me', [field('a', 'note_ref', 'N')]);
    const entriesN = expandEntityGraph([me], entityLookup([me], [note('N', 'alpha beta gamma')]));
    expect(collectLinkedNotes(entriesN, { maxChars: 12 }).notes[0]).toMatchObject({
      text: 'alpha beta…',
      cut: true,
    });
  });
});

describe('cutText', () => {
  it('leaves short text alone', () => {
    expect(cutText('short', 5)).toEqual({ text: 'short', cut: false });
  });

  it('cuts at the last space when the limit falls inside a word', () => {
    expect(cutText('alpha beta gamma', 13)).toEqual({ text: 'alpha beta…', cut: true });
  });

  it('cuts right at the limit when a space follows it', () => {
    expect(cutText('alpha beta gamma', 10)).toEqual({ text: 'alpha beta…', cut: true });
  });

  it('cuts inside a word when the last space is too early', () => {
    expect(cutText('a supercalifragilistic', 10)).toEqual({ text: 'a supercal…', cut: true });
    expect(cutText('x'.repeat(30), 10)).toEqual({ text: `${'x'.repeat(10)}…`, cut: true });
  });

  it('never splits a surrogate pair', () => {
    expect(cutText('ab😀cd', 3)).toEqual({ text: 'ab…', cut: true });
  });

  it('never exceeds the budget plus the ellipsis', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 0, max: 120 }), (text, max) => {
        const result = cutText(text, max);
        expect(result.cut).toBe(text.length > max);
        if (result.cut) {
          expect(result.text.endsWith('…')).toBe(true);
          expect(result.text.length).toBeLessThanOrEqual(max + 1);
          expect(text.startsWith(result.text.slice(0, -1))).toBe(true);
        } else expect(result.text).toBe(text);
      }),
    );
  });
});

describe('renderLinkedNotes', () => {
  it('renders the notes section of seed 004', () => {
    const { lookup, byId } = sampleEntityGraph();
    const { notes } = collectLinkedNotes(expandEntityGraph([byId('person/alice')], lookup), {
      max: 2,
    });
    expect(renderLinkedNotes(notes)).toBe(
      [
        '## Notes linked via entity fields',
        'These notes were attached because they appear in entity field values.',
        '',
        '### [[Alice Profile]] [id:note:Alice Profile]',
        'Alice Moreau leads Hydraulics.',
        '---',
        '',
        '### [[Hydraulics Charter]] [id:note:Hydraulics Charter]',
        'The Hydraulics team owns every wet part.',
        '---',
      ].join('\n'),
    );
    expect(renderLinkedNotes([])).toBe('');
  });
});
