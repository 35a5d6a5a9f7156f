import {
  afterEscape,
  countRun,
  findProseRegions,
  isLineEnding,
  type ProseRegion,
} from '../prose-regions.ts';
/** A page citation by document title: `[Page 3 of Pump Manual]`, `[Pump Manual, p. 3]`. */
export interface PageCitation {
  readonly page: number;
  /** The title as written, without surrounding quotes or emphasis; matched forgivingly later. */
  readonly title: string;
}

/** Why part of a numbered marker could not be read; the readable numbers are still kept. */
export type MarkerIssue = 'reversed-range' | 'range-too-long' | 'too-many-numbers';

/** One citation marker in an answer, spanning `text.slice(start, end) === raw`. */
export interface CitationMarker {
  readonly raw: string;
  readonly start: number;
  readonly end: number;
  /** Source numbers in written order, duplicates removed, ranges expanded; null for a page citation. */
  readonly numbers: readonly number[] | null;
  readonly page: PageCitation | null;
  /** Set when a range was backwards or over the cap; those items contribute no numbers. */
  readonly issue: MarkerIssue | null;
}

/** Most numbers one range (`[1-50]`) may expand to; larger ranges are absurd and flagged. */
export const MAX_RANGE_SIZE = 50;
/** Most numbers one marker may carry, however it lists them. */
export const MAX_MARKER_NUMBERS = 50;
/** Longest bracket content read as a marker; longer brackets are prose, and the cap keeps parsing linear. */
export const MAX_MARKER_LENGTH = 300;

const codes = {
  tab: 0x09,
  lineFeed: 0x0a,
  carriageReturn: 0x0d,
  space: 0x20,
  leftParenthesis: 0x28,
  colon: 0x3a,
  leftSquareBracket: 0x5b,
  backslash: 0x5c,
  rightSquareBracket: 0x5d,
  underscore: 0x5f,
  graveAccent: 0x60,
  tilde: 0x7e,
} as const;

/** Fences need three markers; more than three spaces of indent is not a fence (nor a link definition). */
const MAX_BLOCK_INDENT = 3;

/** `1`, `1, 2`, `1-3`, `1–3, 5`: digits (at most nine, so every number is exact) and ranges. */
const NUMBER_LIST =
  /^\s*\d{1,9}(?:\s*[-–—]\s*\d{1,9})?(?:\s*[,;]\s*\d{1,9}(?:\s*[-–—]\s*\d{1,9})?)*\s*$/;
const LIST_SEPARATOR = /[,;]/;
const RANGE_DASH = /[-–—]/;
const PAGE_WORD = String.raw`(?:pages?|pg\.?|pp?\.?)`;
/** `Page 3 of Title`, `p. 3 in "Title"`. */
const PAGE_OF_TITLE = new RegExp(
  String.raw`^\s*${PAGE_WORD}\s*(\d{1,9})\s*,?\s+(?:of|in|from)\s+(.+?)\s*$`,
  'iu',
);
/** `Title, page 3`, `Title, p. 3`. */
const TITLE_THEN_PAGE = new RegExp(String.raw`^\s*(.+?)\s*,\s*${PAGE_WORD}\s*(\d{1,9})\s*$`, 'iu');
/** `Document "Title"`: the word before a quoted title is not part of it. */
const DOCUMENT_WORD_BEFORE_QUOTE = /^(?:the\s+)?(?:document|doc\.?|file|pdf)\s+(?=["“'‘])/iu;
const QUOTED = /^(?:"(.+)"|“(.+)”|'(.+)'|‘(.+)’|\*\*(.+)\*\*|\*(.+)\*|_(.+)_)$/u;
const HAS_LETTER = /\p{L}/u;
/** What follows `[1]:` in a Markdown link reference definition: a URL, not prose. */
const LINK_DESTINATION = /[ \t]*(?:<|\/|#|[a-z][a-z0-9+.-]*:\/\/|www\.|mailto:)/iy;

/**
 * Finds the citation markers in a model's answer — `[1]`, `[1][3]`, `[1, 2]`, `[1-3]`,
 * `[Page 3 of Title]`, `[Title, page 3]` — with exact spans, skipping code, escapes and Markdown
 * link syntax. Never throws and runs in linear time, since answers are arbitrary model output.
 */
export function parseCitationMarkers(text: string): CitationMarker[] {
  const markers: CitationMarker[] = [];
  const closingRuns = pairBacktickRuns(text);
  for (const region of findProseRegions(text)) scanRegion(text, region, closingRuns, markers);
  return markers;
}

// ---------------------------------------------------------------------------------------------
// Inline level: escapes, code spans and brackets.

/** For each backtick run, the start of the next run of the same length (its closer), if any. */
function pairBacktickRuns(text: string): Map<number, number> {
  const runs: { start: number; size: number }[] = [];
  let pos = text.indexOf('`');
  while (pos >= 0) {
    const size = countRun(text, pos, codes.graveAccent);
    runs.push({ start: pos, size });
    pos = text.indexOf('`', pos + size);
  }
  const closers = new Map<number, number>();
  const nextBySize = new Map<number, number>();
  for (let index = runs.length - 1; index >= 0; index--) {
    const run = runs[index];
    if (!run) continue;
    const next = nextBySize.get(run.size);
    if (next !== undefined) closers.set(run.start, next);
    nextBySize.set(run.size, run.start);
  }
  return closers;
}

function scanRegion(
  text: string,
  region: ProseRegion,
  closingRuns: ReadonlyMap<number, number>,
  markers: CitationMarker[],
): void {
  let pos = region.start;
  let lastMarkerEnd = -1;
  while (pos < region.end) {
    const code = text.charCodeAt(pos);
    if (code === codes.backslash) {
      pos = afterEscape(text, pos, region.end);
    } else if (code === codes.graveAccent) {
      pos = afterCodeSpan(text, pos, region.end, closingRuns);
    } else if (code === codes.leftSquareBracket) {
      const read = readBracket(text, pos, region.end, lastMarkerEnd);
      if (read.marker) {
        markers.push(read.marker);
        lastMarkerEnd = read.marker.end;
      }
      pos = read.next;
    } else {
      pos++;
    }
  }
}

/** Past the code span opened at `pos`, or past the opening run when nothing closes it in the region. */
function afterCodeSpan(
  text: string,
  pos: number,
  limit: number,
  closingRuns: ReadonlyMap<number, number>,
): number {
  const size = countRun(text, pos, codes.graveAccent);
  const close = closingRuns.get(pos);
  return close !== undefined && close < limit ? close + size : pos + size;
}

interface BracketRead {
  readonly marker: CitationMarker | null;
  /** Where scanning resumes; never before a character this read already crossed, so parsing stays linear. */
  readonly next: number;
}

function readBracket(
  text: string,
  open: number,
  limit: number,
  lastMarkerEnd: number,
): BracketRead {
  const close = findClosingBracket(text, open, limit);
  if (close < 0) return { marker: null, next: open + 1 };
  if (text.charCodeAt(close) !== codes.rightSquareBracket) return { marker: null, next: close };
  const next = close + 1;
  if (!standsAlone(text, open, close, lastMarkerEnd)) return { marker: null, next };
  const content = readContent(text.slice(open + 1, close));
  if (!content) return { marker: null, next };
  return {
    marker: { raw: text.slice(open, next), start: open, end: next, ...content },
    next,
  };
}

/**
 * The `]` that closes the bracket at `open`, or the position of the first character that rules it
 * out (`[`, a backtick, a backslash, a line break), or -1 when neither comes within the length cap.
 */
function findClosingBracket(text: string, open: number, limit: number): number {
  const end = Math.min(limit, open + MAX_MARKER_LENGTH + 2);
  for (let pos = open + 1; pos < end; pos++) {
    switch (text.charCodeAt(pos)) {
      case codes.rightSquareBracket:
      case codes.leftSquareBracket:
      case codes.graveAccent:
      case codes.backslash:
      case codes.lineFeed:
      case codes.carriageReturn:
        return pos;
    }
  }
  return -1;
}

/**
 * A bracket is a marker only outside Markdown link syntax: not `[[wikilink]]`, not `[text](url)`,
 * not the `[ref]` of `[text][ref]`, not a `[1]: url` definition, and not glued to a following word.
 */
function standsAlone(text: string, open: number, close: number, lastMarkerEnd: number): boolean {
  const before = text.charCodeAt(open - 1);
  const after = text.charCodeAt(close + 1);
  if (before === codes.leftSquareBracket) return false;
  if (before === codes.rightSquareBracket && lastMarkerEnd !== open) return false;
  if (after === codes.rightSquareBracket || after === codes.leftParenthesis) return false;
  if (isAsciiWordCharacter(after)) return false;
  return !(after === codes.colon && isLinkDefinition(text, open, close));
}

function isLinkDefinition(text: string, open: number, close: number): boolean {
  let lineStart = open;
  while (lineStart > 0 && text.charCodeAt(lineStart - 1) === codes.space) lineStart--;
  const atLineStart = lineStart === 0 || isLineEnding(text.charCodeAt(lineStart - 1));
  if (!atLineStart || open - lineStart > MAX_BLOCK_INDENT) return false;
  LINK_DESTINATION.lastIndex = close + 2;
  return LINK_DESTINATION.test(text);
}

// ---------------------------------------------------------------------------------------------
// Bracket content: numbers and ranges, or a page of a titled document.

type MarkerContent = Pick<CitationMarker, 'numbers' | 'page' | 'issue'>;

function readContent(content: string): MarkerContent | null {
  if (NUMBER_LIST.test(content)) return readNumberList(content);
  const page = readPageCitation(content);
  return page && { numbers: null, page, issue: null };
}

function readNumberList(content: string): MarkerContent {
  const numbers = new Set<number>();
  let issue: MarkerIssue | null = null;
  for (const item of content.split(LIST_SEPARATOR)) {
    const [from, to] = item.split(RANGE_DASH).map((part) => Number.parseInt(part.trim(), 10));
    if (from === undefined) continue;
    const last = to ?? from;
    if (last < from) {
      issue ??= 'reversed-range';
      continue;
    }
    if (last - from + 1 > MAX_RANGE_SIZE) {
      issue ??= 'range-too-long';
      continue;
    }
    for (let n = from; n <= last; n++) {
      if (numbers.size >= MAX_MARKER_NUMBERS && !numbers.has(n)) {
        issue ??= 'too-many-numbers';
        break;
      }
      numbers.add(n);
    }
  }
  return { numbers: [...numbers], page: null, issue };
}

function readPageCitation(content: string): PageCitation | null {
  const pageFirst = PAGE_OF_TITLE.exec(content);
  if (pageFirst) return pageCitation(pageFirst[1], pageFirst[2]);
  const titleFirst = TITLE_THEN_PAGE.exec(content);
  if (titleFirst) return pageCitation(titleFirst[2], titleFirst[1]);
  return null;
}

function pageCitation(page: string | undefined, title: string | undefined): PageCitation | null {
  if (page === undefined || title === undefined) return null;
  const cleanTitle = unquote(title.replace(DOCUMENT_WORD_BEFORE_QUOTE, '')).trim();
  if (!HAS_LETTER.test(cleanTitle)) return null;
  return { page: Number.parseInt(page, 10), title: cleanTitle };
}

/** `"Title"`, `“Title”`, `*Title*` → `Title`. */
function unquote(title: string): string {
  const match = QUOTED.exec(title);
  return match ? (match.slice(1).find((group) => group !== undefined) ?? title) : title;
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

function isAsciiWordCharacter(code: number): boolean {
  const lower = code | 0x20;
  return (
    (code >= 0x30 && code <= 0x39) || (lower >= 0x61 && lower <= 0x7a) || code === codes.underscore
  );
}
