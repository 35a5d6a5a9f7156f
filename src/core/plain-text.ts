import { displayText } from './display-text.ts';

// Each pattern below stops at the next bracket, parenthesis or pair of markers, so a long run
// of openers with no closer (`![![![…`, `**x **x …`) is read in linear time, not once per opener.

/** `![alt](url)`, the url with at most one level of parentheses. */
const IMAGE = /!\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g;
/** `[text](url)`, likewise. */
const LINK = /\[([^[\]]+)\]\((?:[^()]|\([^()]*\))*\)/g;
/** `**strong**`, `__strong__` and `~~struck~~`: text that does not hold the pair of markers. */
const STRONG_STARS = /\*\*(?=\S)((?:[^*]|\*(?!\*))*?\S)\*\*/g;
const STRONG_UNDERSCORES = /__(?=\S)((?:[^_]|_(?!_))*?\S)__/g;
const STRIKETHROUGH = /~~(?=\S)((?:[^~]|~(?!~))*?\S)~~/g;

/**
 * Markdown source as the words a reader sees, for excerpts in cards, lists and exports: wikilinks by their
 * display text, links by their text, no heading, list or quote markers, no emphasis or code
 * fences, no `^block` ids.
 */
export function plainText(markdown: string): string {
  return displayText(markdown)
    .replace(IMAGE, '$1')
    .replace(LINK, '$1')
    .replace(/^[ \t]{0,3}(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d+[.)][ \t]+)/gm, '')
    .replace(/^[ \t]*(?:```|~~~).*$/gm, '')
    .replace(STRONG_STARS, '$1')
    .replace(STRONG_UNDERSCORES, '$1')
    .replace(STRIKETHROUGH, '$1')
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, '$1$2')
    .replace(/(^|[^\w_])_(?=\S)([^_\n]*?\S)_(?!\w)/g, '$1$2')
    .replace(/`([^`\n]+)`/g, '$1')
    .replace(/[ \t]\^[\w-]+(?=\s|$)/g, '');
}
