import type { Element, ElementContent, Root, Text } from 'hast';

/** The cited span and, when the renderer gets only part of a document, where that part starts. */
export interface HighlightSpanOptions {
  /** Span in document offsets; nothing is marked when it is missing or empty. */
  readonly start?: number | null;
  readonly end?: number | null;
  /** Document offset of the first character of the Markdown given to the renderer. */
  readonly offset?: number;
  /** The Markdown given to the renderer; defaults to the file unified is processing. */
  readonly source?: string;
  readonly className?: string;
}

type Parent = Root | Element;

/**
 * Maps each character of a rendered text value to its offset in the Markdown it came from,
 * skipping what Markdown drops (escape backslashes, code backticks, continuation-line indent);
 * null when the two cannot be aligned (an entity such as `&#65;` became another character).
 */
export function alignTextToSource(value: string, source: string): number[] | null {
  const offsets: number[] = [];
  let j = 0;
  for (let i = 0; i < value.length; i++) {
    while (j < source.length && source[j] !== value[i]) j++;
    if (j >= source.length) return null;
    offsets.push(j++);
  }
  return offsets;
}

/** Where a text node's Markdown lies: its own position, or inside a fenced code block its parent's. */
function sourceRange(node: Text, parent: Parent, source: string): [number, number] | null {
  const own = node.position;
  if (own?.start.offset !== undefined && own.end.offset !== undefined)
    return [own.start.offset, own.end.offset];
  const outer = parent.type === 'element' && parent.tagName === 'code' ? parent.position : null;
  if (outer?.start.offset === undefined || outer.end.offset === undefined) return null;
  const block = source.slice(outer.start.offset, outer.end.offset);
  // the code text ends with a newline the fence may not have (an unclosed fence at the end)
  for (const code of [node.value, node.value.replace(/\n$/, '')]) {
    const at = code ? block.indexOf(code) : -1;
    if (at >= 0) return [outer.start.offset + at, outer.start.offset + at + code.length];
  }
  return null;
}

/**
 * Marks the cited span in rendered Markdown: each hast text node overlapping `[start, end)` has
 * its overlapping part wrapped in `<mark class="cited">` (the whole node when its text cannot be
 * lined up with the source), so the reader sees exactly what was cited.
 */
export function rehypeHighlightSpan(options: HighlightSpanOptions) {
  const offset = options.offset ?? 0;
  const className = options.className ?? 'cited';
  return (tree: Root, file?: { value?: unknown }) => {
    if (options.start == null || options.end == null) return;
    const start = options.start - offset;
    const end = options.end - offset;
    if (end <= start) return;
    const source =
      options.source ?? (typeof file?.value === 'string' ? file.value : String(file?.value ?? ''));

    const mark = (value: string): Element => ({
      type: 'element',
      tagName: 'mark',
      properties: { className: [className] },
      children: [{ type: 'text', value }],
    });

    const split = (node: Text, parent: Parent): ElementContent[] => {
      if (!node.value.trim()) return [node];
      const range = sourceRange(node, parent, source);
      if (!range) return [node];
      const [from, to] = range;
      if (to <= start || from >= end) return [node];
      const slice = source.slice(from, to);
      let cut: [number, number] | null;
      if (slice === node.value) {
        cut = [Math.max(start, from) - from, Math.min(end, to) - from];
      } else {
        const offsets = alignTextToSource(node.value, slice);
        if (!offsets) return [mark(node.value)];
        const first = offsets.findIndex((o) => from + o >= start);
        const after = offsets.findIndex((o) => from + o >= end);
        const last = after < 0 ? offsets.length : after;
        cut = first < 0 || first >= last ? null : [first, last];
      }
      if (!cut) return [node];
      const [a, b] = cut;
      const parts: ElementContent[] = [];
      if (a > 0) parts.push({ type: 'text', value: node.value.slice(0, a) });
      parts.push(mark(node.value.slice(a, b)));
      if (b < node.value.length) parts.push({ type: 'text', value: node.value.slice(b) });
      return parts;
    };

    const walk = (parent: Parent) => {
      const children: ElementContent[] = [];
      for (const child of parent.children) {
        if (child.type === 'text') children.push(...split(child, parent));
        else {
          if (child.type === 'element') walk(child);
          children.push(child as ElementContent);
        }
      }
      parent.children = children as typeof parent.children;
    };
    walk(tree);
  };
}
