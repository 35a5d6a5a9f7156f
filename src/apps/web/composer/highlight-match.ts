/** A piece of a label, marked when it matches what was typed. */
export interface LabelPart {
  readonly text: string;
  readonly match: boolean;
}

const PREFIX = /^(content|source|page|file|note|entity):/i;

/**
 * The name part of an autocomplete query: without quotes and kind prefix; after `Name#` or
 * `slug:` only the part being typed (a heading, section or page).
 */
export function searchedText(query: string, trigger: '[[' | '@'): string {
  let text = query.replace(/^"/, '');
  if (trigger === '@') text = text.replace(PREFIX, '');
  text = text.replace(/"$/, '');
  const partAt = trigger === '[[' ? text.indexOf('#') : text.search(/[#:]/);
  if (partAt > 0)
    text = text
      .slice(partAt + 1)
      .replace(/^page=/, '')
      .replace(/^\^/, '');
  return text.trim();
}

/** Lower case that keeps every offset (a few letters grow when lowered; those stay as they are). */
const lowerSameLength = (text: string) =>
  [...text]
    .map((ch) => {
      const low = ch.toLowerCase();
      return low.length === ch.length ? low : ch;
    })
    .join('');

/**
 * Splits a label into matching and other parts for `<mark>`: the whole typed text where it occurs
 * (ignoring case), else each typed word at its first occurrence. Parts always join to the label.
 */
export function highlightLabel(label: string, typed: string): LabelPart[] {
  const lower = lowerSameLength(label);
  const wanted = typed.toLowerCase().trim();
  const ranges: [number, number][] = [];
  if (wanted) {
    const whole = lower.indexOf(wanted);
    if (whole >= 0) ranges.push([whole, whole + wanted.length]);
    else
      for (const word of wanted.split(/[\s\-_./]+/).filter(Boolean)) {
        const at = lower.indexOf(word);
        if (at >= 0) ranges.push([at, at + word.length]);
      }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const parts: LabelPart[] = [];
  let pos = 0;
  for (const [start, end] of ranges) {
    if (end <= pos) continue;
    const from = Math.max(start, pos);
    if (from > pos) parts.push({ text: label.slice(pos, from), match: false });
    parts.push({ text: label.slice(from, end), match: true });
    pos = end;
  }
  if (pos < label.length) parts.push({ text: label.slice(pos), match: false });
  return parts;
}
