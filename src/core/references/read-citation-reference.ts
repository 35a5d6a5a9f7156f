import { isLineEnding, type ProseRegion } from '../prose-regions.ts';

/** Most digits of a source number written `[n]`: `[2024]` reads as a year, not a source. */
export const CITATION_NUMBER_MAX_DIGITS = 3;

const codes = {
  space: 0x20,
  exclamationMark: 0x21,
  leftParenthesis: 0x28,
  rightParenthesis: 0x29,
  digit0: 0x30,
  digit9: 0x39,
  colon: 0x3a,
  leftSquareBracket: 0x5b,
  backslash: 0x5c,
  rightSquareBracket: 0x5d,
  underscore: 0x5f,
} as const;

/** Link definitions (`[1]: https://…`) may be indented by at most three spaces. */
const DEFINITION_MAX_INDENT = 3;

const wordCharacterPattern = /[\p{L}\p{N}\p{M}]/u;

/** A `[n]` written in a message: where it ends and the source number it names. */
export interface CitationMark {
  readonly end: number;
  readonly n: number;
}

/**
 * Reads a source reference `[n]` at `pos` (which holds `[`): one to three ASCII digits naming a
 * number from 1, standing apart from words (`x[2]` is text), and not Markdown link syntax — not an
 * inline link `[1](url)`, a reference link `[1][ref]`, a definition `[1]: url` at a line's start,
 * nor nested brackets `[[1]`. Returns null for anything else.
 */
export function readCitationReference(message: string, pos: number): CitationMark | null {
  const before = pos > 0 ? message.charCodeAt(pos - 1) : -1;
  if (
    before === codes.leftSquareBracket ||
    before === codes.exclamationMark ||
    isWordCharacter(message, pos)
  )
    return null;
  let close = pos + 1;
  while (isDigit(message.charCodeAt(close))) close++;
  const digits = close - pos - 1;
  if (digits === 0 || digits > CITATION_NUMBER_MAX_DIGITS) return null;
  if (message.charCodeAt(close) !== codes.rightSquareBracket) return null;
  const n = Number(message.slice(pos + 1, close));
  if (n < 1) return null;
  const end = close + 1;
  if (!standsAloneAfter(message, end)) return null;
  if (message.charCodeAt(end) === codes.colon && startsLine(message, pos)) return null;
  return { end, n };
}

/** After `]`: not an inline link's `(`, not `]`, and `[` only when another reference follows. */
function standsAloneAfter(message: string, end: number): boolean {
  const next = message.charCodeAt(end);
  if (next === codes.leftParenthesis || next === codes.rightSquareBracket) return false;
  if (next !== codes.leftSquareBracket) return true;
  const after = message.charCodeAt(end + 1);
  return isDigit(after) || after === codes.leftSquareBracket;
}

/** Whether only up to three spaces stand between the line's start and `pos`. */
function startsLine(message: string, pos: number): boolean {
  let at = pos;
  while (pos - at < DEFINITION_MAX_INDENT && message.charCodeAt(at - 1) === codes.space) at--;
  return at === 0 || isLineEnding(message.charCodeAt(at - 1));
}

/** Whether a letter, digit, mark or `_` ends just before `pos` (surrogate pairs included). */
function isWordCharacter(message: string, pos: number): boolean {
  if (pos === 0) return false;
  const code = message.charCodeAt(pos - 1);
  if (code === codes.underscore) return true;
  if (code < 0x80) return wordCharacterPattern.test(String.fromCharCode(code));
  const pair = pos >= 2 ? (message.codePointAt(pos - 2) ?? 0) : 0;
  return wordCharacterPattern.test(String.fromCodePoint(pair > 0xffff ? pair : code));
}

function isDigit(code: number): boolean {
  return code >= codes.digit0 && code <= codes.digit9;
}

/**
 * Answers "is `pos` inside a Markdown link's text or destination?" for a prose region, for
 * positions asked in increasing order, in linear time overall: brackets are paired per line in
 * one pass (escaped ones skipped), and a pair followed by `(` marks a link up to its `)`.
 */
export function createLinkTextIndex(
  message: string,
  region: ProseRegion,
): (pos: number) => boolean {
  const links = findLinkRanges(message, region);
  let next = 0;
  let coveredUntil = -1;
  return (pos) => {
    while (next < links.length && (links[next]?.[0] ?? Number.POSITIVE_INFINITY) <= pos) {
      coveredUntil = Math.max(coveredUntil, links[next]?.[1] ?? -1);
      next++;
    }
    return pos < coveredUntil;
  };
}

/** `[start, end)` of every `[text](destination)` in the region, sorted by start. */
function findLinkRanges(message: string, region: ProseRegion): Array<[number, number]> {
  const links: Array<[number, number]> = [];
  const open: number[] = [];
  let pos = region.start;
  while (pos < region.end) {
    const code = message.charCodeAt(pos);
    if (code === codes.backslash) {
      pos += 2;
      continue;
    }
    if (isLineEnding(code)) open.length = 0;
    else if (code === codes.leftSquareBracket) open.push(pos);
    else if (code === codes.rightSquareBracket && open.length > 0) {
      const start = open.pop() as number;
      if (message.charCodeAt(pos + 1) === codes.leftParenthesis) {
        const end = destinationEnd(message, pos + 2, region.end);
        links.push([start, end]);
        pos = end;
        continue;
      }
    }
    pos++;
  }
  return links.sort((a, b) => a[0] - b[0]);
}

/** Past the `)` that closes a link destination, or the line's end when none does. */
function destinationEnd(message: string, from: number, limit: number): number {
  let pos = from;
  while (pos < limit) {
    const code = message.charCodeAt(pos);
    if (isLineEnding(code)) return pos;
    if (code === codes.rightParenthesis) return pos + 1;
    pos++;
  }
  return pos;
}
