import { fileName, linkName, stemName } from './normalize-name.ts';
import type { CatalogEntry, ReferenceCatalog } from './reference-catalog.ts';
import { rankMentionMatches } from './resolve-mention.ts';

const SAFE_MENTION = /^[\p{L}\p{N}][\p{L}\p{N}_.\-/]*$/u;

/** `@name` when the name is one plain token that ends in a letter or digit, else `@"name"`. */
export function mentionName(name: string): string {
  return SAFE_MENTION.test(name) && /[\p{L}\p{N}]$/u.test(name)
    ? name
    : `"${name.replaceAll('"', "'")}"`;
}

/** Whether `@name` would pick `entry` and nothing else among the best matches. */
function mentionPicks(name: string, entry: CatalogEntry, catalog: ReferenceCatalog): boolean {
  const ranked = rankMentionMatches(name, catalog, null);
  const tier = ranked.get(entry);
  if (tier === undefined) return false;
  for (const [other, t] of ranked)
    if (other !== entry && other.status !== 'deleted' && t >= tier) return false;
  return true;
}

/**
 * The canonical `@mention` for a document (and optionally one of its sections or pages). With a
 * catalog, a name shared by several documents is written as its path, so the mention cannot be ambiguous.
 */
export function formatMention(
  entry: CatalogEntry,
  part: { section?: string; page?: number } = {},
  catalog?: ReferenceCatalog,
): string {
  const simple = simpleMention(entry, part);
  if (!catalog || part.page !== undefined || entry.kind === 'content' || entry.kind === 'source')
    return simple;
  const written = simple.slice(1).replace(/^"|"$/g, '').replace(/#.*$/, '');
  const anchor = part.section ? `#${part.section}` : '';
  if (mentionPicks(written, entry, catalog)) return simple;
  if (entry.title !== written && mentionPicks(entry.title, entry, catalog))
    return `@${mentionName(entry.title)}${anchor}`;
  const path = entry.path.replace(/\.(md|markdown|mdx)$/i, '');
  return `@${mentionName(path.includes('/') ? path : `./${path}`)}${anchor}`;
}

function simpleMention(entry: CatalogEntry, part: { section?: string; page?: number }): string {
  if (part.page !== undefined) return `@page:${mentionName(fileName(entry.path))}#${part.page}`;
  switch (entry.kind) {
    case 'content':
      return `@${mentionName(entry.slug)}${part.section ? `#${part.section}` : ''}`;
    case 'source':
      return `@source:${mentionName(stemName(entry.path))}`;
    case 'entity':
      return `@${mentionName(entry.title)}`;
    case 'note': {
      const base = `@${mentionName(linkName(entry.path))}`;
      return part.section ? `${base}#${part.section}` : base;
    }
    default:
      return `@${mentionName(fileName(entry.path))}`;
  }
}

/** The canonical `[[wikilink]]` for a document: its shortest unambiguous name, plus heading or block. */
export function formatWikilink(
  entry: CatalogEntry,
  catalog: ReferenceCatalog,
  part: { heading?: string; block?: string } = {},
): string {
  const name = linkName(entry.path);
  const unique = catalog.byFileName(name).filter((e) => e.status !== 'deleted').length <= 1;
  const target = unique ? name : entry.path.replace(/\.(md|markdown|mdx)$/i, '');
  const anchor = part.block ? `#^${part.block}` : part.heading ? `#${part.heading}` : '';
  return `[[${target}${anchor}]]`;
}
