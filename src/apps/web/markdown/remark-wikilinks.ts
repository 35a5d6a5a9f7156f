import type { Parent, PhrasingContent, Root, Text } from 'mdast';
import { SKIP, visit } from 'unist-util-visit';
import { alignTextToSource } from '../viewer/rehype-highlight-span.ts';

/** The element name wikilinks render as; a `components` entry turns it into a button. */
export const WIKILINK_ELEMENT = 'wiki-link';

/** `[[target#part|alias]]` and `![[embed]]`, on one line, without nested brackets. */
const WIKILINK = /(!?)\[\[([^[\]\n|]+?)(?:\|([^[\]\n]+?))?\]\]/g;

const KEEP_AS_IS = new Set(['code', 'inlineCode', 'link', 'linkReference', 'html']);

/**
 * A text node for `node.value.slice(from, from + value.length)`, carrying where it lies in the
 * source (`offsets` maps each character of the node to its source offset); line and column are
 * the node's own start, as only offsets are read downstream.
 */
const piece = (
  node: Text,
  offsets: readonly number[] | null,
  from: number,
  value: string,
): Text => {
  const start = offsets?.[from];
  const last = offsets?.[from + value.length - 1];
  const at = node.position?.start;
  return {
    type: 'text',
    value,
    ...(start !== undefined &&
      last !== undefined &&
      at && {
        position: {
          start: { line: at.line, column: at.column, offset: start },
          end: { line: at.line, column: at.column, offset: last + 1 },
        },
      }),
  };
};

/** Shows `Note#Heading` as `Note › Heading` (as Obsidian does); an alias is shown as written. */
const displayed = (node: Text, aliased: boolean): Text =>
  aliased ? node : { ...node, value: node.value.replace(/#\^?/g, ' › ') };

/**
 * Turns Obsidian wikilinks in a document's prose into `wiki-link` elements (the target in
 * `data-target`, the alias or target as text), keeping source offsets on the pieces so a cited
 * span is still highlighted across them. Code and existing links are left alone.
 */
export function remarkWikilinks() {
  return (tree: Root, file?: { value?: unknown }) => {
    const source = typeof file?.value === 'string' ? file.value : null;
    visit(tree, (node, index, parent) => {
      if (KEEP_AS_IS.has(node.type)) return SKIP;
      if (node.type !== 'text' || !parent || index === undefined) return;
      const text = node as Text;
      const matches = [...text.value.matchAll(WIKILINK)];
      if (matches.length === 0) return;
      const start = text.position?.start.offset;
      const end = text.position?.end.offset;
      const offsets =
        source !== null && start !== undefined && end !== undefined
          ? (alignTextToSource(text.value, source.slice(start, end))?.map((o) => o + start) ?? null)
          : null;
      const pieces: PhrasingContent[] = [];
      let last = 0;
      for (const match of matches) {
        const at = match.index ?? 0;
        const [whole, embed = '', target = '', alias] = match;
        if (at > last) pieces.push(piece(text, offsets, last, text.value.slice(last, at)));
        const labelAt = alias ? at + whole.length - 2 - alias.length : at + embed.length + 2;
        const written = alias ?? target;
        pieces.push({
          type: 'wikilink',
          data: {
            hName: WIKILINK_ELEMENT,
            hProperties: { dataTarget: target.trim(), ...(embed && { dataEmbed: 'true' }) },
          },
          children: [displayed(piece(text, offsets, labelAt, written), Boolean(alias))],
        } as unknown as PhrasingContent);
        last = at + whole.length;
      }
      if (last < text.value.length) pieces.push(piece(text, offsets, last, text.value.slice(last)));
      (parent as Parent).children.splice(index, 1, ...pieces);
      return [SKIP, index + pieces.length];
    });
  };
}
