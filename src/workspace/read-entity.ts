// Straight from the module, not the core index: the index worker loads this file, and the core
// index would load the tokenizer's tables into every worker.
import { parseEntityFields, renderFieldsAsText } from '../core/entity-fields.ts';
import type { EntityTypeSchema, ParsedDocument } from '../core/index.ts';
import { parseMarkdown } from './parse-markdown.ts';
import { baseName, slugify, statusFrom } from './read-markdown-document.ts';
import { splitFrontmatter, stringList } from './split-frontmatter.ts';

/** Frontmatter keys that describe the record itself rather than a typed field. */
const RESERVED = ['name', 'title', 'type', 'aliases', 'alias', 'tags', 'archived', 'status', 'id'];

/** Why an entity file could not be read (unknown type), returned as data for the index report. */
export interface EntityReadFailure {
  readonly error: string;
}

/**
 * Reads `entities/<type>/<slug>.md`: typed fields from frontmatter, free description below.
 * The body starts with the rendered fields so they are searchable and citable.
 */
export function readEntityDocument(
  path: string,
  source: string,
  types: ReadonlyMap<string, EntityTypeSchema>,
): ParsedDocument | EntityReadFailure {
  const { data, body: description, error } = splitFrontmatter(source);
  const folderType = path.split('/')[1] ?? '';
  const type = typeof data.type === 'string' && data.type.trim() ? data.type.trim() : folderType;
  const schema = types.get(type);
  if (!schema) {
    const known = [...types.keys()].join(', ') || 'none declared';
    return { error: `unknown entity type ${JSON.stringify(type)} (declared types: ${known})` };
  }
  const name =
    (typeof data.name === 'string' && data.name.trim()) ||
    (typeof data.title === 'string' && data.title.trim()) ||
    baseName(path);
  const { fields, warnings } = parseEntityFields(schema, data, RESERVED);
  const fieldText = renderFieldsAsText(fields);
  const header = `# ${name}\n\n${type}${fieldText ? `\n\n${fieldText}` : ''}`;
  const body = description.trim() ? `${header}\n\n${description.replace(/^\s+/, '')}` : header;
  const structure = parseMarkdown(body);
  const slug = slugify(baseName(path));
  return {
    path,
    kind: 'entity',
    title: name,
    aliases: [...stringList(data.aliases), ...stringList(data.alias)],
    slug,
    body,
    metadata: { entityType: type, entityId: `${type}/${slug}`, tags: stringList(data.tags) },
    status: statusFrom(data),
    headings: structure.headings,
    blocks: structure.blocks,
    sections: [],
    pages: [],
    links: structure.links,
    entity: { type, name, fields },
    warnings: error ? [error, ...warnings] : warnings,
  };
}
