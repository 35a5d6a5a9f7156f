import type { SourcePassage } from './read-prompt.ts';

/** `### @Alice (Person) [id:person/alice]  ← referenced via @Bob.mentors`: one entity's section. */
const SECTION = /^#{1,6}\s+@(.+?)\s+\([^)]*\)/;
const DIRECT = /←\s*directly mentioned/;

/** Whether a passage is the context block the engine writes for the entities a message names. */
export const isEntityContext = (p: SourcePassage) =>
  p.from === 'context' && p.title.startsWith('Entity context');

/**
 * An entity-context block cut into one passage per entity, each citing the block's number: an
 * entity the message names directly is the subject (as if referenced), an entity reached through
 * a field comes after (as a linked note does). A named entity whose own document a tool already
 * read is left out (the read passage is the one to quote); sections without fields give nothing.
 */
export function entitySections(
  block: SourcePassage,
  readEntities: ReadonlySet<string>,
): SourcePassage[] {
  const out: SourcePassage[] = [];
  let current: { name: string; direct: boolean; lines: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    const hasFields = current.lines.slice(1).some((l) => /^\s+[\p{L}][^:]*:\s+\S/u.test(l));
    if (hasFields && !(current.direct && readEntities.has(current.name))) {
      out.push({
        ...block,
        title: current.name,
        part: null,
        text: current.lines.join('\n'),
        origin: current.direct ? 'referenced by the user' : 'linked through an entity field',
      });
    }
    current = null;
  };
  for (const line of block.text.split('\n')) {
    const section = SECTION.exec(line);
    if (section) {
      flush();
      current = { name: section[1] ?? '', direct: DIRECT.test(line), lines: [line] };
    } else if (current) current.lines.push(line);
  }
  flush();
  return out;
}
