/** Folds a name for forgiving comparison: accents, case, and runs of spaces/punctuation (`My_Post` = `my post`). */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Folds a heading the way heading links are compared: case and punctuation ignored. */
export const normalizeHeading = normalizeName;

const MARKDOWN_EXTENSION = /\.(md|markdown|mdx)$/i;

/** The file name of a workspace path. */
export const fileName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** The file name without a Markdown extension: the name a wikilink uses for a note. */
export const linkName = (path: string): string => fileName(path).replace(MARKDOWN_EXTENSION, '');

/** The file name without any extension. */
export const stemName = (path: string): string => {
  const name = fileName(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
};

/** Whether a path names a Markdown file. */
export const isMarkdownPath = (path: string): boolean => MARKDOWN_EXTENSION.test(path);

/** The folder of a workspace path ('' at the root). */
export const folderOf = (path: string): string => {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
};

/** Plain code-unit order: stable across machines and locales, and much cheaper than `localeCompare`. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
