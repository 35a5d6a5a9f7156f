import type { DocumentKind } from '../core/index.ts';

/** How the indexer treats a file: which reader, and which document kind it produces. */
export type FileRole =
  | { readonly role: 'document'; readonly kind: DocumentKind }
  | { readonly role: 'entity-type' }
  | { readonly role: 'ignored'; readonly reason: string };

const MARKDOWN = /\.(md|markdown|mdx)$/i;
const SCHEMA = /\.(ya?ml)$/i;

/** Folder names that never hold workspace documents. */
export const IGNORED_DIRECTORIES: ReadonlySet<string> = new Set(['node_modules', '__pycache__']);

/** Decides a file's kind from its workspace-relative POSIX path, by the conventions in docs/workspace-format.md. */
export function classifyPath(path: string): FileRole {
  const parts = path.split('/');
  const top = parts[0]?.toLowerCase();
  const name = parts[parts.length - 1] ?? '';
  if (parts.some((p) => p.startsWith('.'))) return { role: 'ignored', reason: 'hidden path' };
  if (parts.slice(0, -1).some((p) => IGNORED_DIRECTORIES.has(p)))
    return { role: 'ignored', reason: 'ignored folder' };
  if (top === 'entities' && parts.length >= 2) {
    if (parts[1] === '_types') {
      return SCHEMA.test(name)
        ? { role: 'entity-type' }
        : { role: 'ignored', reason: 'not a type schema' };
    }
    if (MARKDOWN.test(name)) return { role: 'document', kind: 'entity' };
  }
  if (top === 'content' && parts.length >= 2 && MARKDOWN.test(name))
    return { role: 'document', kind: 'content' };
  if (top === 'sources' && parts.length >= 2 && /\.(md|markdown|txt)$/i.test(name)) {
    return { role: 'document', kind: 'source' };
  }
  if (MARKDOWN.test(name)) return { role: 'document', kind: 'note' };
  if (/\.pdf$/i.test(name)) return { role: 'document', kind: 'pdf' };
  return { role: 'document', kind: 'file' };
}
