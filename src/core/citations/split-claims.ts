import type { CitationMarker } from './parse-citation-markers.ts';
import { isAbbreviationStop } from './passage-units.ts';

/** A sentence or list item of an answer, with the markers it carries (indexes into the marker list). */
export interface ClaimSpan {
  readonly start: number;
  readonly end: number;
  readonly markers: readonly number[];
}

const LIST_ITEM = /^\s*(?:[-*+]|\d{1,3}[.)])\s+/;
const HEADING = /^\s{0,3}#{1,6}\s/;

/**
 * Whether `pos` (a `.`, `!` or `?`) closes a sentence: not a decimal point, an abbreviation or an
 * initial. A marker right after the stop (`… m3/h.[1]`) closes it too.
 */
function closesSentence(
  text: string,
  pos: number,
  lineStart: number,
  markerAt: ReadonlyMap<number, CitationMarker>,
): boolean {
  const next = text.charAt(pos + 1);
  if (next !== '' && !/[\s"'”’)\]*_]/.test(next) && !markerAt.has(pos + 1)) return false;
  if (text.charAt(pos) !== '.') return true;
  return !isAbbreviationStop(text, pos, lineStart);
}

/**
 * Splits an answer into claims — list items and the sentences of other lines — so each marker
 * belongs to the claim it closes: `… 2.6 m3/h [1].` and `… 2.6 m3/h. [1]` both cite that
 * sentence. Only claims that carry at least one marker are returned.
 */
export function splitClaims(text: string, markers: readonly CitationMarker[]): ClaimSpan[] {
  const spans: Array<{ start: number; end: number }> = [];
  const markerAt = new Map<number, CitationMarker>();
  for (const marker of markers) markerAt.set(marker.start, marker);
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (line.trim() !== '') {
      if (LIST_ITEM.test(line) || HEADING.test(line)) {
        spans.push({ start: lineStart, end: lineEnd });
      } else {
        let from = lineStart;
        for (let pos = lineStart; pos < lineEnd; pos++) {
          const marker = markerAt.get(pos);
          if (marker) {
            pos = marker.end - 1;
            continue;
          }
          const ch = text.charAt(pos);
          if (
            (ch !== '.' && ch !== '!' && ch !== '?') ||
            !closesSentence(text, pos, lineStart, markerAt)
          ) {
            continue;
          }
          let end = pos + 1;
          while (end < lineEnd && /["'”’)*_]/.test(text.charAt(end))) end++;
          // Markers written after the stop still close this sentence: `… m3/h. [1][2]`.
          for (;;) {
            let look = end;
            while (look < lineEnd && /[ \t]/.test(text.charAt(look))) look++;
            const after = markerAt.get(look);
            if (!after) break;
            end = after.end;
          }
          spans.push({ start: from, end });
          from = end;
          pos = end - 1;
        }
        if (text.slice(from, lineEnd).trim() !== '') spans.push({ start: from, end: lineEnd });
      }
    }
    if (newline < 0) break;
    lineStart = newline + 1;
  }
  const claims: ClaimSpan[] = [];
  let next = 0;
  for (const span of spans) {
    const inside: number[] = [];
    while (next < markers.length && (markers[next]?.start ?? 0) < span.end) {
      if ((markers[next]?.start ?? 0) >= span.start) inside.push(next);
      next++;
    }
    if (inside.length === 0) continue;
    let start = span.start;
    let end = span.end;
    while (start < end && /\s/.test(text.charAt(start))) start++;
    while (end > start && /\s/.test(text.charAt(end - 1))) end--;
    claims.push({ start, end, markers: inside });
  }
  return claims;
}
