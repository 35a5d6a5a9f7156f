import type {
  EntityGraphLookup,
  EntityRecord,
  NoteRecord,
} from '../core/context/entity-records.ts';
import type { EntityField, FieldType, FieldValue } from '../core/document.ts';

/** An entity field, for hand-built entities. */
export function field(name: string, type: FieldType, value: FieldValue): EntityField {
  return { name, type, value };
}

/** An entity record for `type/slug`, active unless overridden; the type comes from the id. */
export function entity(
  entityId: string,
  name: string,
  fields: readonly EntityField[] = [],
  overrides: Partial<EntityRecord> = {},
): EntityRecord {
  const type = entityId.slice(0, entityId.indexOf('/'));
  return {
    id: `doc:${entityId}`,
    entityId,
    name,
    type,
    path: `entities/${entityId}.md`,
    status: 'active',
    fields,
    ...overrides,
  };
}

/** A note record with a predictable id (`note:<title>`), active unless overridden. */
export function note(title: string, body = '', overrides: Partial<NoteRecord> = {}): NoteRecord {
  return {
    id: `note:${title}`,
    title,
    path: `notes/${title}.md`,
    status: 'active',
    body,
    ...overrides,
  };
}

const fileStem = (path: string): string =>
  path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '');

/** An in-memory lookup with the store's semantics: refs by id or name, case-insensitive. */
export function entityLookup(
  entities: readonly EntityRecord[],
  notes: readonly NoteRecord[] = [],
): EntityGraphLookup & { readonly calls: { entityByRef: number; entitiesOfType: number } } {
  const calls = { entityByRef: 0, entitiesOfType: 0 };
  const lower = (text: string) => text.trim().toLowerCase();
  return {
    calls,
    entityByRef(value, type) {
      calls.entityByRef++;
      const wanted = lower(value);
      const pool = entities.filter((e) => type === undefined || e.type === type);
      return (
        pool.find((e) => lower(e.entityId) === wanted) ??
        pool.find((e) => lower(e.name) === wanted) ??
        null
      );
    },
    entitiesOfType(type) {
      calls.entitiesOfType++;
      return entities.filter((e) => e.type === type && e.status !== 'deleted');
    },
    noteByRef(value) {
      const wanted = lower(value);
      return (
        notes.find((n) => lower(n.title) === wanted) ??
        notes.find((n) => lower(fileStem(n.path)) === wanted) ??
        null
      );
    },
  };
}

/**
 * The entities of `examples/workspace/entities/` as the indexer stores them: lists already
 * arrays, computed fields holding their saved query, Dana's empty `mentors` and `profile` null.
 */
export function sampleEntityGraph(): {
  readonly entities: readonly EntityRecord[];
  readonly notes: readonly NoteRecord[];
  readonly lookup: EntityGraphLookup;
  readonly byId: (entityId: string) => EntityRecord;
} {
  const person = (
    slug: string,
    name: string,
    values: {
      email: string;
      role: string;
      joined: string;
      skills: string[];
      team: string;
      mentors: string[] | null;
      profile: string | null;
      bio: string;
    },
  ) =>
    entity(`person/${slug}`, name, [
      field('email', 'email', values.email),
      field('role', 'select', values.role),
      field('joined', 'date', values.joined),
      field('skills', 'text_list', values.skills),
      field('team', 'entity_ref', values.team),
      field('mentors', 'entity_ref_list', values.mentors),
      field('profile', 'note_ref', values.profile),
      field('bio', 'text', values.bio),
      field('teammates', 'computed', 'type:person team:$team'),
    ]);
  const team = (
    slug: string,
    name: string,
    values: { lead: string; members: string[]; charter: string; focus: string[]; mission: string },
  ) =>
    entity(`team/${slug}`, name, [
      field('lead', 'entity_ref', values.lead),
      field('members', 'entity_ref_list', values.members),
      field('charter', 'note_ref', values.charter),
      field('focus', 'text_list', values.focus),
      field('mission', 'text', values.mission),
      field('roster', 'computed', 'type:person team:$name'),
    ]);
  const entities = [
    person('alice', 'Alice', {
      email: 'alice@brightwell.example',
      role: 'manager',
      joined: '2023-04-17',
      skills: ['pump hydraulics', 'test rig design', 'field measurement'],
      team: 'Hydraulics',
      mentors: ['Bob'],
      profile: 'Alice Profile',
      bio: 'Leads the Hydraulics team and owns the Solar Pump Project end to end.',
    }),
    person('bob', 'Bob', {
      email: 'bob@brightwell.example',
      role: 'engineer',
      joined: '2024-02-05',
      skills: ['MPPT control', 'motor drives', 'embedded firmware', 'PCB layout'],
      team: 'team/power-electronics',
      mentors: ['Alice', 'Dana'],
      profile: 'Bob Profile',
      bio: 'Designed the SP-200 motor controller and maintains its firmware.',
    }),
    person('chidi', 'Chidi', {
      email: 'chidi@brightwell.example',
      role: 'researcher',
      joined: '2025-01-13',
      skills: ['farmer interviews', 'field measurement', 'Kikamba'],
      team: 'team/hydraulics',
      mentors: ['Alice'],
      profile: 'Interview Synthesis',
      bio: 'Runs the pilot farm visits and the farmer interviews.',
    }),
    person('dana', 'Dana', {
      email: 'dana@brightwell.example',
      role: 'designer',
      joined: '2025-06-02',
      skills: ['enclosure design', 'sketching', '3D printing'],
      team: 'Power Electronics',
      mentors: null,
      profile: null,
      bio: 'Industrial designer working on the pump enclosure and the controller box.',
    }),
    team('hydraulics', 'Hydraulics', {
      lead: 'Alice',
      members: ['person/alice', 'Chidi'],
      charter: 'Hydraulics Charter',
      focus: ['impeller and casing', 'pipework and head budget', 'field trials'],
      mission: 'Move 2.5 m3/h at 20 m head from sunlight alone, reliably, for five years.',
    }),
    team('power-electronics', 'Power Electronics', {
      lead: 'person/bob',
      members: ['Bob', 'person/dana'],
      charter: 'Power Electronics Charter',
      focus: ['MPPT controller', 'motor drive', 'protection', 'telemetry'],
      mission: 'Turn every watt the panels make into shaft power and keep the motor safe.',
    }),
  ];
  const notes = [
    note('Alice Profile', 'Alice Moreau leads Hydraulics.', {
      path: 'notes/people/Alice Profile.md',
    }),
    note('Bob Profile', 'Bob Okafor owns the controller.', { path: 'notes/people/Bob Profile.md' }),
    note('Interview Synthesis', 'Farmers want reliability.', {
      path: 'notes/research/Interview Synthesis.md',
    }),
    note('Hydraulics Charter', 'The Hydraulics team owns every wet part.', {
      path: 'notes/teams/Hydraulics Charter.md',
    }),
    note('Power Electronics Charter', 'Power Electronics builds the controller.', {
      path: 'notes/teams/Power Electronics Charter.md',
    }),
  ];
  const byId = (entityId: string): EntityRecord => {
    const found = entities.find((e) => e.entityId === entityId);
    if (!found) throw new Error(`no sample entity ${entityId}`);
    return found;
  };
  return { entities, notes, lookup: entityLookup(entities, notes), byId };
}
