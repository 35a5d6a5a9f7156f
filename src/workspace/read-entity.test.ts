import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  type EntityTypeSchema,
  type FieldValue,
  type ParsedDocument,
  parseEntityTypeSchema,
} from '../core/index.ts';
import { type EntityReadFailure, readEntityDocument } from './read-entity.ts';

const PERSON_YAML = `
type: person
fields:
  email: { type: email }
  role: { type: select, options: [engineer, designer, manager, researcher] }
  joined: { type: date }
  skills: { type: text_list }
  team: { type: entity_ref, target: team }
  mentors: { type: entity_ref_list, target: person }
  profile: { type: note_ref }
  bio: { type: text }
  teammates: { type: computed, query: "type:person team:$team" }
`;
const TEAM_YAML = `
type: team
fields:
  lead: { type: entity_ref, target: person }
  members: { type: entity_ref_list, target: person }
`;

const schemaOf = (yaml: string): EntityTypeSchema => {
  const result = parseEntityTypeSchema(parseYaml(yaml), 'unused');
  if (!result.ok) throw new Error(result.error);
  return result.schema;
};
const types = new Map([
  ['person', schemaOf(PERSON_YAML)],
  ['team', schemaOf(TEAM_YAML)],
]);

const read = (path: string, source: string): ParsedDocument => {
  const result = readEntityDocument(path, source, types);
  if ('error' in result) throw new Error(result.error);
  return result;
};
const valuesOf = (doc: ParsedDocument): Record<string, FieldValue> =>
  Object.fromEntries((doc.entity?.fields ?? []).map((f) => [f.name, f.value]));

describe('readEntityDocument: a well-formed record', () => {
  const source = `---
name: Alice
email: alice@brightwell.example
role: manager
joined: 2025-06-02
skills: [pump sizing, "field testing"]
team: Hydraulics
mentors: [Bob]
profile: Alice Profile
bio: Leads the Hydraulics team.
aliases: [Ali]
tags: [lead]
---

Alice leads the Hydraulics team. See [[Pump Design]].
`;
  const doc = read('entities/person/alice.md', source);

  it('reads every field by its declared type', () => {
    expect(valuesOf(doc)).toEqual({
      email: 'alice@brightwell.example',
      role: 'manager',
      joined: '2025-06-02',
      skills: ['pump sizing', 'field testing'],
      team: 'Hydraulics',
      mentors: ['Bob'],
      profile: 'Alice Profile',
      bio: 'Leads the Hydraulics team.',
      teammates: 'type:person team:$team',
    });
    expect(doc.entity?.fields.map((f) => [f.name, f.type])).toContainEqual([
      'teammates',
      'computed',
    ]);
  });

  it('has no warnings', () => {
    expect(doc.warnings).toEqual([]);
  });

  it('is identified as <type>/<slug> and titled by its name', () => {
    expect(doc.kind).toBe('entity');
    expect(doc.title).toBe('Alice');
    expect(doc.slug).toBe('alice');
    expect(doc.entity).toMatchObject({ type: 'person', name: 'Alice' });
    expect(doc.metadata).toEqual({
      entityType: 'person',
      entityId: 'person/alice',
      tags: ['lead'],
    });
    expect(doc.aliases).toEqual(['Ali']);
    expect(doc.status).toBe('active');
  });

  it('renders the fields into a searchable body above the description', () => {
    expect(doc.body).toBe(
      [
        '# Alice',
        '',
        'person',
        '',
        'email: alice@brightwell.example',
        'role: manager',
        'joined: 2025-06-02',
        'skills: pump sizing, field testing',
        'team: Hydraulics',
        'mentors: Bob',
        'profile: Alice Profile',
        'bio: Leads the Hydraulics team.',
        '',
        'Alice leads the Hydraulics team. See [[Pump Design]].',
        '',
      ].join('\n'),
    );
  });

  it('parses headings and links of the rendered body with exact offsets', () => {
    expect(doc.headings.map((h) => h.text)).toEqual(['Alice']);
    expect(doc.links.map((l) => doc.body.slice(l.start, l.end))).toEqual(['[[Pump Design]]']);
  });
});

describe('readEntityDocument: list forms', () => {
  it('reads an entity_ref_list from a JSON array string and a comma string', () => {
    const json = read(
      'entities/team/hydraulics.md',
      `---\nmembers: '["Bob", "person/dana"]'\n---\n`,
    );
    expect(valuesOf(json).members).toEqual(['Bob', 'person/dana']);
    const comma = read('entities/person/bob.md', '---\nmentors: "Alice, Dana"\n---\n');
    expect(valuesOf(comma).mentors).toEqual(['Alice', 'Dana']);
  });

  it('reads a text_list from a comma string', () => {
    const doc = read('entities/person/dana.md', '---\nskills: "sketching, 3D printing"\n---\n');
    expect(valuesOf(doc).skills).toEqual(['sketching', '3D printing']);
  });

  it('accepts a reference written as a type/slug id', () => {
    const doc = read('entities/person/bob.md', '---\nteam: team/hydraulics\n---\n');
    expect(valuesOf(doc).team).toBe('team/hydraulics');
  });
});

describe('readEntityDocument: problems are warnings, not failures', () => {
  const doc = read(
    'entities/person/chidi.md',
    `---
name: Chidi
email: chidi-at-example
role: wizard
joined: 02/06/2025
favourite: tea
---
`,
  );

  it('keeps values that do not fit their type and warns about each', () => {
    expect(valuesOf(doc)).toMatchObject({
      email: 'chidi-at-example',
      role: 'wizard',
      joined: '02/06/2025',
    });
    expect(doc.warnings).toEqual([
      'email: expected an e-mail address, got "chidi-at-example"',
      'role: expected one of engineer, designer, manager, researcher, got "wizard"',
      'joined: expected a date (YYYY-MM-DD), got "02/06/2025"',
      'favourite: not a field of type person',
    ]);
  });

  it('does not warn about the record keys name, title, tags, aliases, status', () => {
    const clean = read(
      'entities/person/x.md',
      '---\nname: X\ntitle: Dr X\ntype: person\naliases: [Y]\ntags: [t]\narchived: false\nstatus: active\nid: 7\n---\n',
    );
    expect(clean.warnings).toEqual([]);
  });

  it('turns empty values into unset fields', () => {
    const empty = read(
      'entities/person/empty.md',
      '---\nname: Empty\nemail: ""\nrole:\nskills: []\nmentors: ""\nbio: "   "\n---\n',
    );
    const values = valuesOf(empty);
    for (const name of ['email', 'role', 'joined', 'skills', 'team', 'mentors', 'profile', 'bio'])
      expect(values[name], name).toBeNull();
    expect(empty.warnings).toEqual([]);
    expect(empty.body).toBe('# Empty\n\nperson');
  });

  it('reports broken frontmatter first and still reads the record by its folder', () => {
    const broken = read('entities/person/eve.md', '---\nname: [Eve\n---\nShe tests.\n');
    expect(broken.warnings[0]).toMatch(/^frontmatter is not valid YAML/);
    expect(broken.title).toBe('eve');
    expect(broken.body).toBe('# eve\n\nperson\n\nShe tests.\n');
  });
});

describe('readEntityDocument: name, type and status', () => {
  it('names the record by name, then title, then file name', () => {
    expect(read('entities/person/a.md', '---\nname: Ann\ntitle: Dr Ann\n---\n').title).toBe('Ann');
    expect(read('entities/person/a.md', '---\ntitle: Dr Ann\n---\n').title).toBe('Dr Ann');
    expect(read('entities/person/ann-lee.md', '').title).toBe('ann-lee');
  });

  it('lets frontmatter `type` override the folder', () => {
    const doc = read('entities/people/zed.md', '---\ntype: person\nname: Zed\n---\n');
    expect(doc.entity?.type).toBe('person');
    expect(doc.metadata.entityId).toBe('person/zed');
  });

  it('marks a record archived by `archived: true` or `status: archived`', () => {
    expect(read('entities/person/a.md', '---\narchived: true\n---\n').status).toBe('archived');
    expect(read('entities/person/a.md', '---\nstatus: archived\n---\n').status).toBe('archived');
    expect(read('entities/person/a.md', '---\nstatus: active\n---\n').status).toBe('active');
  });

  it('fails for an unknown type, listing the declared ones', () => {
    const result: ParsedDocument | EntityReadFailure = readEntityDocument(
      'entities/robot/r2.md',
      '---\nname: R2\n---\n',
      types,
    );
    expect(result).toEqual({
      error: 'unknown entity type "robot" (declared types: person, team)',
    });
  });

  it('says so when no type is declared at all', () => {
    expect(readEntityDocument('entities/person/a.md', '', new Map())).toEqual({
      error: 'unknown entity type "person" (declared types: none declared)',
    });
  });
});
