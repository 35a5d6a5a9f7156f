import { parseReferences } from '../../../core/references/parse-references.ts';

const MARKDOWN = /\.(md|markdown|mdx)$/i;
const SAFE_MENTION = /^[\p{L}\p{N}][\p{L}\p{N}_.\-/]*[\p{L}\p{N}]$|^[\p{L}\p{N}]$/u;

/** How a path is written inside a mention: `@folder/name`, quoted when it has spaces or starts oddly. */
function mentionPath(path: string): string {
  const bare = path.replace(MARKDOWN, '');
  const written = bare.includes('/') ? bare : `./${bare}`;
  return SAFE_MENTION.test(written) ? written : `"${written.replaceAll('"', "'")}"`;
}

/**
 * Rewrites an ambiguous reference so it names one chosen document by its path, keeping what else
 * was written (heading, section, page, alias, embed, kind prefix): `[[Budget#Q1]]` →
 * `[[notes/projects/Budget#Q1]]`, `@pump` → `@"notes/projects/Pump Design"`. Both forms are what
 * the resolver narrows by folder (see resolve-wikilink.ts and resolve-mention.ts).
 */
export function rewriteToPath(raw: string, syntax: 'wikilink' | 'mention', path: string): string {
  if (syntax === 'wikilink') {
    const match = /^(!?\[\[)([^\]|#]*)([\s\S]*)$/.exec(raw);
    const target = path.replace(MARKDOWN, '');
    if (!match) return `[[${target}]]`;
    return `${match[1]}${target}${match[3]}`;
  }
  const parsed = parseReferences(raw)[0];
  const written = mentionPath(path);
  if (parsed?.syntax !== 'mention' || parsed.start !== 0) return `@${written}`;
  const nameFrom = 1 + (parsed.prefix ? raw.slice(1).indexOf(':') + 1 : 0);
  let nameTo: number;
  if (parsed.quoted) {
    const close = raw.slice(nameFrom + 1).search(/["\u201d]/);
    nameTo = close < 0 ? raw.length : nameFrom + 1 + close + 1;
  } else {
    nameTo = nameFrom + parsed.name.length;
    if (raw.slice(nameFrom, nameTo).toLowerCase() !== parsed.name.toLowerCase())
      return `@${written}`;
  }
  return `${raw.slice(0, nameFrom)}${written}${raw.slice(nameTo)}`;
}
