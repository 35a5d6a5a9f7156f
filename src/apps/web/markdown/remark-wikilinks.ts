import type { Parent, PhrasingContent, Root, Text } from 'mdast';
import { SKIP, visit } from 'unist-util-visit';

/** The element name wikilinks render as; a `components` entry turns it into a button. */
export const WIKILINK_ELEMENT = 'wiki-link';

/** `[[target#part|alias]]` and `![[embed]]`, on one line, without nested brackets. */
const WIKILINK = /(!?)\[\[([^[\]\n|]+?)(?:\|([^[\]\n]+?))?\]\]/g;

const KEEP_AS_IS = new Set(['code', 'inlineCode', 'link', 'linkReference', 'html']);

type Point = { line: number; column: number; offset: number };

/** A text node for `value`, placed at `offset` in the source when the node's text is the source's. */
const textAt = (value: string, base: Point | null, offset: number): Text => ({
  type: 'text',
  value,
  ...(base && {
    position: {
      start: { line: base.line, column: base.column + offset, offset: base.offset + offset },
      end: {
        line: base.line,
        column: base.column + offset + value.length,
        offset: base.offset + offset + value.length,
      },
    },
  }),
});

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
      const start = text.position?.start;
      const end = text.position?.end.offset;
      const exact =
        source !== null &&
        start?.offset !== undefined &&
        end !== undefined &&
        source.slice(start.offset, end) === text.value &&
        !text.value.includes('\n');
      const base = exact && start ? (start as Point) : null;
      const pieces: PhrasingContent[] = [];
      let last = 0;
      for (const match of matches) {
        const at = match.index ?? 0;
        const [whole, embed = '', target = '', alias] = match;
        if (at > last) pieces.push(textAt(text.value.slice(last, at), base, last));
        const label = alias ?? target;
        const labelAt = alias ? at + whole.length - 2 - alias.length : at + embed.length + 2;
        pieces.push({
          type: 'wikilink',
          data: {
            hName: WIKILINK_ELEMENT,
            hProperties: { dataTarget: target.trim(), ...(embed && { dataEmbed: 'true' }) },
          },
          children: [textAt(label, base, labelAt)],
        } as unknown as PhrasingContent);
        last = at + whole.length;
      }
      if (last < text.value.length) pieces.push(textAt(text.value.slice(last), base, last));
      (parent as Parent).children.splice(index, 1, ...pieces);
      return [SKIP, index + pieces.length];
    });
  };
}
