import type { Root, Text } from 'mdast';
import { SKIP, visit } from 'unist-util-visit';

/**
 * An Obsidian block id at the end of a line: ` ^goal-volume`. The match starts only where a run
 * of spaces starts, so a long run of spaces is tried once, not once per space.
 */
const BLOCK_ID = /(?<![ \t])[ \t]+\^[\w-]+(?=\n|$)/g;

/**
 * Hides Obsidian `^block` ids from rendered documents (they label a paragraph for links; readers
 * never see them). Only the text changes; positions stay, so highlights still line up.
 */
export function remarkBlockIds() {
  return (tree: Root) => {
    visit(tree, (node) => {
      if (node.type === 'code' || node.type === 'inlineCode') return SKIP;
      if (node.type !== 'text') return;
      const text = node as Text;
      if (text.value.includes('^')) text.value = text.value.replace(BLOCK_ID, '');
    });
  };
}
