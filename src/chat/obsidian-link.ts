/** Where in a document a link points: a heading, or a PDF page. */
export interface LinkPlace {
  readonly heading?: string | null;
  readonly page?: number | null;
}

/** Characters a wikilink's target or alias cannot hold as such. */
const LINK_SYNTAX = /[[\]|#^]/g;

/**
 * A wikilink by vault path, as Obsidian resolves it whatever the note's name: a Markdown note
 * without its `.md`, any other file with its extension, `#Heading` for a heading, `#page=N` for a
 * PDF page, and the title as the text shown. Exports link their sources this way so the file opens
 * them when it is put in the vault.
 */
export function obsidianLink(path: string, label: string, place: LinkPlace = {}): string {
  const target = path.replace(/\.md$/i, '').replace(/[[\]|]/g, '-');
  const anchor =
    place.page !== null && place.page !== undefined && /\.pdf$/i.test(path)
      ? `#page=${place.page}`
      : place.heading
        ? `#${place.heading.replace(LINK_SYNTAX, ' ').replace(/\s+/g, ' ').trim()}`
        : '';
  const text = label
    .replace(/[[\]|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `[[${target}${anchor}${text ? `|${text}` : ''}]]`;
}
