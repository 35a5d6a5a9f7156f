import type { VaultFile } from './generate-vault.ts';
import { seededRandom } from './seeded-random.ts';

const PERSON_TYPE = `type: person
fields:
  email: { type: email }
  role: { type: select, options: [engineer, designer, manager, researcher] }
  skills: { type: text_list }
  team: { type: entity_ref, target: team }
  mentors: { type: entity_ref_list, target: person }
  profile: { type: note_ref }
  teammates: { type: computed, query: "type:person team:$team" }
`;

const TEAM_TYPE = `type: team
fields:
  lead: { type: entity_ref, target: person }
  members: { type: entity_ref_list, target: person }
  mission: { type: text }
`;

/**
 * Typed entities for the generated vault: people in teams who mentor each other (cycles
 * included), with profiles pointing at generated notes, so context assembly has a graph to walk.
 */
export function* generateEntities(
  notePaths: readonly string[],
  people = 60,
  teams = 6,
): Generator<VaultFile> {
  const random = seededRandom(4242);
  yield { path: 'entities/_types/person.yaml', content: PERSON_TYPE };
  yield { path: 'entities/_types/team.yaml', content: TEAM_TYPE };
  const names = Array.from({ length: people }, (_, i) => `Person ${i + 1}`);
  for (let t = 0; t < teams; t++) {
    const members = names.filter((_, i) => i % teams === t);
    yield {
      path: `entities/team/team-${t + 1}.md`,
      content: `---\nname: Team ${t + 1}\nlead: ${members[0]}\nmembers: [${members.slice(0, 6).join(', ')}]\nmission: Keep area ${t + 1} running.\n---\nTeam ${t + 1} works on area ${t + 1}.\n`,
    };
  }
  for (const [i, name] of names.entries()) {
    const mentors = [random.pick(names), random.pick(names)].filter((m) => m !== name);
    const profile = random.pick(notePaths).replace(/^.*\//, '').replace(/\.md$/, '');
    yield {
      path: `entities/person/person-${i + 1}.md`,
      content: `---\nname: ${name}\nemail: person${i + 1}@example.com\nrole: ${random.pick(['engineer', 'designer', 'manager', 'researcher'])}\nskills: pumps, wiring\nteam: Team ${(i % teams) + 1}\nmentors: "${mentors.join(', ')}"\nprofile: "${profile}"\n---\n${name} is on Team ${(i % teams) + 1}.\n`,
    };
  }
}
