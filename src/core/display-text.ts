const WIKILINK = /!?\[\[([^[\]\n]+?)\]\]/g;

/**
 * The words a reader sees in Markdown text: a wikilink with a display alias shows only the alias,
 * one without shows its target and heading. Used for indexing, so the hidden target of
 * `[[Some Note#Section|here]]` does not make the linking note rank as if it were about that section.
 */
export function displayText(markdown: string): string {
  return markdown.replace(WIKILINK, (_match, inner: string) => {
    const bar = inner.indexOf('|');
    if (bar !== -1) return inner.slice(bar + 1);
    return inner.replace(/#\^?/g, ' ');
  });
}
