import type { Link } from './document.ts';

const stripMarkdownExtension = (name: string) => name.replace(/\.(md|markdown|mdx)$/i, '');
const fileOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * Joins a relative Markdown link with its source note's folder, resolving `.` and `..` (never above
 * the root); a leading `/` starts at the workspace root.
 */
export function resolveRelativeTarget(target: string, sourcePath: string): string {
  const parts = target.startsWith('/') ? [] : sourcePath.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** The normalized name a link points at, used to find the links that point at a document. */
export function linkTargetKey(link: Pick<Link, 'syntax' | 'target'>, sourcePath: string): string {
  const target =
    link.syntax === 'markdown' ? resolveRelativeTarget(link.target, sourcePath) : link.target;
  return stripMarkdownExtension(fileOf(target)).toLowerCase();
}

/** Identity of a document as links may name it. */
export interface LinkableDocument {
  readonly path: string;
  readonly title: string;
  readonly aliases: readonly string[];
}

/** Every key under which a link may name this document: file name, title, aliases. */
export function documentKeys(doc: LinkableDocument): string[] {
  const keys = [
    stripMarkdownExtension(fileOf(doc.path)),
    fileOf(doc.path),
    doc.title,
    ...doc.aliases,
  ];
  return [...new Set(keys.map((k) => k.toLowerCase()))];
}

/**
 * Whether a link written in `sourcePath` names `doc`. Same-key candidates are narrowed by the
 * link's folder part when it has one; full Obsidian tie-breaking is the resolver's job.
 */
export function linkMatchesDocument(
  link: Pick<Link, 'syntax' | 'target'>,
  sourcePath: string,
  doc: LinkableDocument,
): boolean {
  if (!documentKeys(doc).includes(linkTargetKey(link, sourcePath))) return false;
  const target =
    link.syntax === 'markdown' ? resolveRelativeTarget(link.target, sourcePath) : link.target;
  if (!target.includes('/')) return true;
  const wanted = stripMarkdownExtension(target).toLowerCase();
  const have = stripMarkdownExtension(doc.path).toLowerCase();
  return have === wanted || have.endsWith(`/${wanted}`);
}
