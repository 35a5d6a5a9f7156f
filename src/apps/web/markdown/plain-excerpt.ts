import { displayText } from '../../../core/display-text.ts';

/**
 * Markdown source as the words a reader sees, for excerpts in cards and lists: wikilinks by their
 * display text, links by their text, no heading, list or quote markers, no emphasis or code
 * fences, no `^block` ids.
 */
export function plainExcerpt(markdown: string): string {
  return displayText(markdown)
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]{0,3}(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d+[.)][ \t]+)/gm, '')
    .replace(/^[ \t]*(?:```|~~~).*$/gm, '')
    .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, '$1$2')
    .replace(/(^|[^\w_])_(?=\S)([^_\n]*?\S)_(?!\w)/g, '$1$2')
    .replace(/`([^`\n]+)`/g, '$1')
    .replace(/[ \t]\^[\w-]+(?=\s|$)/g, '');
}
