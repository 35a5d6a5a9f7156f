import { parseReferences } from './parse-references.ts';
import type { ParsedReference } from './reference.ts';
import type { ReferenceCatalog } from './reference-catalog.ts';
import { resolveMention } from './resolve-mention.ts';
import type { ResolveOutcome } from './resolve-outcome.ts';
import { type ResolveContext, resolvedTo, resolveWikilink } from './resolve-wikilink.ts';

/** The whole text read as one reference of the grammar, or null when it is not exactly one. */
function parseWhole(text: string): ParsedReference | null {
  const [first, ...rest] = parseReferences(text);
  return first && rest.length === 0 && first.start === 0 && first.end === text.length
    ? first
    : null;
}

/** A plain name as a reference with no anchor, for names the grammar cannot wrap (`]]`, `|`…). */
const plain = (syntax: 'wikilink' | 'mention', name: string): ParsedReference => ({
  syntax,
  raw: name,
  start: 0,
  end: name.length,
  name,
  embed: false,
  alias: null,
  heading: null,
  block: null,
  sectionTitle: null,
  sectionRest: null,
  page: null,
  prefix: null,
  quoted: false,
  citation: null,
  longer: [],
});

/**
 * Finds the document a tool names (a path, id, `[[Name]]`, `@name` or a bare name) by the rules of
 * references, so a tool gets what the same name written by the user would: an id or exact path is
 * that document; `@…` follows the mention rules; anything else the wikilink rules (live before
 * archived, then the shortest path; a title or alias when no file name matches) and, when those
 * find nothing, the forgiving mention rules. Several equally good matches come back `ambiguous`
 * with the candidates, never one picked silently.
 */
export function resolveDocumentName(
  name: string,
  catalog: ReferenceCatalog,
  context: ResolveContext = {},
): ResolveOutcome {
  const written = name.trim();
  const bare = written.replace(/^!?\[\[|\]\]$/g, '').replace(/^@/, '');
  const exact = catalog.get(bare) ?? catalog.atPath(bare);
  if (exact) return resolvedTo(plain('wikilink', bare), exact);
  if (written.startsWith('@'))
    return resolveMention(parseWhole(written) ?? plain('mention', bare), catalog, context);
  const link = parseWhole(`[[${bare}]]`);
  const outcome = resolveWikilink(link ?? plain('wikilink', bare), catalog, context);
  if (outcome.status !== 'unresolved') return outcome;
  return resolveMention(plain('mention', link?.name ?? bare), catalog, context);
}
