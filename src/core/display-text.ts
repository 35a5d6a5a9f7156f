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

/** A quoted mention, `@"Name with spaces"`: the quotes are syntax, not words. */
const QUOTED_MENTION = /@"([^"\n]+)"/g;

/**
 * A title as people read it: `[[Pump Design#Impeller]]` reads "Pump Design › Impeller", an aliased
 * link its alias, `@"Alice Smith"` "@Alice Smith". Session titles start as the first line of a
 * question, references and all; the UI and exports show them this way.
 */
export function readableTitle(title: string): string {
  return title
    .replace(WIKILINK, (_match, inner: string) => {
      const bar = inner.indexOf('|');
      if (bar !== -1) return inner.slice(bar + 1).trim();
      const [name = '', ...parts] = inner.split('#');
      const part = parts.join('#').trim();
      const shown = part.startsWith('^') || part === '' ? '' : part;
      return [name.trim(), shown].filter(Boolean).join(' › ');
    })
    .replace(QUOTED_MENTION, '@$1');
}
