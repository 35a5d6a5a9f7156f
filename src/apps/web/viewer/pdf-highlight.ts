/**
 * Marking a cited span on a PDF page itself. The span is known in the page's indexed text (the
 * server's extraction); pdf.js draws the page's text as positioned items, split anywhere (mid-word,
 * per glyph run) and spaced differently. Both sides are folded the same way — whitespace and
 * invisible marks dropped, compatibility forms (ligatures), dashes and quote marks unified, case
 * lowered — so the span's words are found in the items whatever the splitting and spacing.
 */

/** A part of one text-layer item to mark: the item's index and a UTF-16 range of its string. */
export interface ItemRange {
  readonly item: number;
  readonly start: number;
  readonly end: number;
}

/** A span of the page text, in UTF-16 offsets. */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

/** Characters that carry no text: whitespace of any kind, soft hyphens, zero-width marks. */
const INVISIBLE = /[\s\u00ad\u200b-\u200d\u2060\ufeff]/gu;
/** Dashes and minus signs read as one. */
const DASHES = /[\u2010-\u2015\u2212]/gu;
/** Single and double quote marks, straight or curly, read as one. */
const QUOTE_MARKS = /[\u2018\u2019\u201a\u201b\u2032\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb"]/gu;
/** Folded characters taken from each end of a span that is not found whole (at most a third). */
const ANCHOR_CHARS = 24;
/** Spans shorter than this (folded) are only found whole: their ends say too little. */
const MIN_ANCHORED_CHARS = 18;
/** A match between anchors may be this much longer than the span (a few glyphs read differently). */
const ANCHOR_STRETCH = 1.5;
/** The UTF-16 code unit where the surrogate range starts: code points above it take two units. */
const ASTRAL = 0xffff;

/** One character folded for comparison: possibly empty (whitespace), possibly several (ligatures). */
function foldCharacter(character: string): string {
  return character
    .normalize('NFKC')
    .replace(DASHES, '-')
    .replace(QUOTE_MARKS, "'")
    .toLowerCase()
    .replace(INVISIBLE, '');
}

/** Text folded character by character, so a prefix folds to a prefix of the whole. */
export function foldPdfText(text: string): string {
  let folded = '';
  for (const character of text) folded += foldCharacter(character);
  return folded;
}

/** The items' text folded and joined, with each folded unit's item and raw range in that item. */
interface FoldedItems {
  readonly text: string;
  readonly item: readonly number[];
  readonly start: readonly number[];
  readonly end: readonly number[];
}

function foldItems(items: readonly string[]): FoldedItems {
  let text = '';
  const item: number[] = [];
  const start: number[] = [];
  const end: number[] = [];
  items.forEach((raw, index) => {
    for (let at = 0; at < raw.length; ) {
      const size = (raw.codePointAt(at) ?? 0) > ASTRAL ? 2 : 1;
      const folded = foldCharacter(raw.slice(at, at + size));
      text += folded;
      for (let unit = 0; unit < folded.length; unit++) {
        item.push(index);
        start.push(at);
        end.push(at + size);
      }
      at += size;
    }
  });
  return { text, item, start, end };
}

/** The occurrence of `needle` in `text` nearest to `expected` (ties: the earlier); -1 when none. */
function nearestOccurrence(text: string, needle: string, expected: number): number {
  let best = -1;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (best < 0 || Math.abs(at - expected) < Math.abs(best - expected)) best = at;
    if (at > expected) break;
  }
  return best;
}

/**
 * Where a folded span sits in the folded items: whole, at the occurrence nearest to where it
 * should be; else from its opening to its closing characters, when both are found in order and
 * not much further apart than the span is long.
 */
function findFolded(text: string, needle: string, expected: number): TextSpan | null {
  const whole = nearestOccurrence(text, needle, expected);
  if (whole >= 0) return { start: whole, end: whole + needle.length };
  if (needle.length < MIN_ANCHORED_CHARS) return null;
  const size = Math.min(ANCHOR_CHARS, Math.floor(needle.length / 3));
  const head = nearestOccurrence(text, needle.slice(0, size), expected);
  if (head < 0) return null;
  const tail = text.indexOf(needle.slice(-size), head + size);
  if (tail < 0 || tail + size - head > needle.length * ANCHOR_STRETCH) return null;
  return { start: head, end: tail + size };
}

/** Folded units [start, end) as raw ranges, one per item they touch, in item order. */
function rangesOf(folded: FoldedItems, start: number, end: number): ItemRange[] {
  const ranges: ItemRange[] = [];
  for (let unit = start; unit < end; unit++) {
    const item = folded.item[unit] as number;
    const from = folded.start[unit] as number;
    const to = folded.end[unit] as number;
    const last = ranges.at(-1);
    if (last?.item === item) ranges[ranges.length - 1] = { item, start: last.start, end: to };
    else ranges.push({ item, start: from, end: to });
  }
  return ranges;
}

/**
 * The parts of a page's text-layer items (pdf.js `textContentItemsStr`) that show the span
 * `[start, end)` of the page's indexed text; null when the span holds no text or its words are
 * not on the drawn page (the file changed since it was indexed).
 */
export function locateSpanInTextItems(
  items: readonly string[],
  pageText: string,
  span: TextSpan,
): ItemRange[] | null {
  const start = Math.max(0, Math.min(span.start, pageText.length));
  const end = Math.max(start, Math.min(span.end, pageText.length));
  const needle = foldPdfText(pageText.slice(start, end));
  if (!needle) return null;
  const folded = foldItems(items);
  const expected = foldPdfText(pageText.slice(0, start)).length;
  const found = findFolded(folded.text, needle, expected);
  return found ? rangesOf(folded, found.start, found.end) : null;
}

/** The class of the marks put on a PDF page's text layer. */
export const PDF_MARK_CLASS = 'pdf-cited';

/**
 * Wraps the given parts of text-layer item elements (pdf.js `textDivs`, parallel to `items`) in
 * `<mark class="pdf-cited">`, and returns the marks in reading order.
 */
export function markTextItems(
  elements: readonly HTMLElement[],
  items: readonly string[],
  ranges: readonly ItemRange[],
): HTMLElement[] {
  const marks: HTMLElement[] = [];
  for (const { item, start, end } of ranges) {
    const element = elements[item];
    const text = items[item];
    if (!element || text === undefined || end <= start) continue;
    const mark = element.ownerDocument.createElement('mark');
    mark.className = PDF_MARK_CLASS;
    mark.textContent = text.slice(start, end);
    element.replaceChildren(
      ...[text.slice(0, start), mark, text.slice(end)].filter((part) => part !== ''),
    );
    marks.push(mark);
  }
  return marks;
}

/** Takes the marks of {@link markTextItems} off a text layer, leaving each item's text whole. */
export function unmarkTextItems(layer: HTMLElement): void {
  for (const mark of layer.querySelectorAll(`mark.${PDF_MARK_CLASS}`)) {
    const parent = mark.parentElement;
    mark.replaceWith(mark.textContent ?? '');
    parent?.normalize();
  }
}
