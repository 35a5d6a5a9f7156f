/** Styles that decide where text wraps in a textarea; the mirror copies them. */
const MIRRORED = [
  'boxSizing',
  'width',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
  'borderStyle',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'fontStyle',
  'fontVariant',
  'fontWeight',
  'fontStretch',
  'fontSize',
  'fontSizeAdjust',
  'lineHeight',
  'fontFamily',
  'textAlign',
  'textTransform',
  'textIndent',
  'letterSpacing',
  'wordSpacing',
  'tabSize',
] as const;

/** Where the caret is drawn, in pixels from the textarea's top-left corner (its scroll applied). */
export interface CaretCoordinates {
  readonly top: number;
  readonly left: number;
  readonly height: number;
}

/**
 * Measures where `position` falls inside a textarea by laying its text out in an invisible mirror
 * div with the same box and font, so the autocomplete can open right at the caret.
 */
export function caretCoordinates(
  textarea: HTMLTextAreaElement,
  position: number,
): CaretCoordinates {
  const doc = textarea.ownerDocument;
  const style = doc.defaultView?.getComputedStyle(textarea);
  const mirror = doc.createElement('div');
  const s = mirror.style;
  s.position = 'absolute';
  s.visibility = 'hidden';
  s.top = '0';
  s.left = '-9999px';
  s.whiteSpace = 'pre-wrap';
  s.overflowWrap = 'break-word';
  s.overflow = 'hidden';
  if (style) for (const prop of MIRRORED) s[prop] = style[prop];
  mirror.textContent = textarea.value.slice(0, position);
  const marker = doc.createElement('span');
  // A zero-width marker would collapse at a line end; the rest of the text keeps wrapping honest.
  marker.textContent = textarea.value.slice(position) || '.';
  mirror.appendChild(marker);
  doc.body.appendChild(mirror);
  const lineHeight =
    Number.parseFloat(style?.lineHeight ?? '') ||
    Number.parseFloat(style?.fontSize ?? '') * 1.5 ||
    20;
  const top =
    marker.offsetTop + (Number.parseFloat(style?.borderTopWidth ?? '') || 0) - textarea.scrollTop;
  const left =
    marker.offsetLeft +
    (Number.parseFloat(style?.borderLeftWidth ?? '') || 0) -
    textarea.scrollLeft;
  mirror.remove();
  return { top, left, height: lineHeight };
}
