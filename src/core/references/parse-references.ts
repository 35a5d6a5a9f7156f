import {
  afterEscape,
  countRun,
  findProseRegions,
  isLineEnding,
  type ProseRegion,
} from '../prose-regions.ts';
import { createLinkTextIndex, readCitationReference } from './read-citation-reference.ts';
import {
  type LongerMention,
  MAX_NAME_WORDS,
  type MentionPrefix,
  type ParsedReference,
} from './reference.ts';

/** Most UTF-16 code units of `sectionRest` handed to the resolver for multi-word section titles. */
export const SECTION_REST_MAX_LENGTH = 120;

/** The kind prefixes a mention may carry (`@source:…`), matched case-insensitively. */
export const MENTION_PREFIXES: readonly MentionPrefix[] = [
  'content',
  'source',
  'page',
  'file',
  'note',
  'entity',
];

const codes = {
  tab: 0x09,
  lineFeed: 0x0a,
  carriageReturn: 0x0d,
  space: 0x20,
  exclamationMark: 0x21,
  quotationMark: 0x22,
  numberSign: 0x23,
  plusSign: 0x2b,
  dash: 0x2d,
  dot: 0x2e,
  slash: 0x2f,
  digit0: 0x30,
  digit9: 0x39,
  colon: 0x3a,
  atSign: 0x40,
  leftSquareBracket: 0x5b,
  backslash: 0x5c,
  rightSquareBracket: 0x5d,
  underscore: 0x5f,
  graveAccent: 0x60,
  tilde: 0x7e,
  leftDoubleQuotationMark: 0x201c,
  rightDoubleQuotationMark: 0x201d,
} as const;

const letterOrDigitPattern = /[\p{L}\p{N}]/u;
const markPattern = /\p{M}/u;

/**
 * Finds the `[[wikilinks]]`, `@mentions` and `[n]` source references a user wrote in a chat
 * message, in order, with exact spans, skipping code, escapes and Markdown links. Never throws, runs in near-linear time on any input, so it is
 * safe on whatever a user pastes.
 */
export function parseReferences(message: string): ParsedReference[] {
  const scanner = createScanner(message);
  const found: ParsedReference[] = [];
  for (const region of findProseRegions(message)) scanProse(scanner, region, found);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Shared scanning state: indexes and caches that keep every lookup amortized linear.

interface Scanner {
  readonly message: string;
  /** Start offsets of every maximal backtick run, by run length, ascending. */
  readonly backtickRuns: ReadonlyMap<number, readonly number[]>;
  /** First line ending at or after a position. */
  readonly lineEndFrom: (from: number) => number;
  /** First closing double quote or line ending at or after a position. */
  readonly quoteStopFrom: (from: number) => number;
}

function createScanner(message: string): Scanner {
  return {
    message,
    backtickRuns: indexBacktickRuns(message),
    lineEndFrom: createForwardSearch(message, isLineEnding),
    quoteStopFrom: createForwardSearch(
      message,
      (code) => isLineEnding(code) || isClosingQuote(code),
    ),
  };
}

function indexBacktickRuns(message: string): Map<number, number[]> {
  const runs = new Map<number, number[]>();
  let pos = message.indexOf('`');
  while (pos >= 0) {
    const size = countRun(message, pos, codes.graveAccent);
    const starts = runs.get(size);
    if (starts) starts.push(pos);
    else runs.set(size, [pos]);
    pos = message.indexOf('`', pos + size);
  }
  return runs;
}

/**
 * A "first stop at or after `from`" search that remembers the last stretch it crossed, so the
 * many tries that start inside one long line (`@"@"@"…`, `[[a[[a…`) do not rescan it each time.
 */
function createForwardSearch(
  message: string,
  isStop: (code: number) => boolean,
): (from: number) => number {
  let knownFrom = 0;
  let knownStop = -1;
  return (from) => {
    if (from >= knownFrom && from <= knownStop) return knownStop;
    let pos = from;
    while (pos < message.length && !isStop(message.charCodeAt(pos))) {
      if (pos === knownFrom && knownStop >= 0) {
        pos = knownStop;
        break;
      }
      pos++;
    }
    knownFrom = from;
    knownStop = pos;
    return pos;
  };
}

// ---------------------------------------------------------------------------------------------
// Inline level: the text state, which hands off to escape, code span, wikilink and mention.

function scanProse(scanner: Scanner, region: ProseRegion, found: ParsedReference[]): void {
  const { message } = scanner;
  const insideLink = createLinkTextIndex(message, region);
  let pos = region.start;
  while (pos < region.end) {
    let reference: ParsedReference | null = null;
    switch (message.charCodeAt(pos)) {
      case codes.backslash:
        pos = afterEscape(message, pos, region.end);
        continue;
      case codes.graveAccent:
        pos = afterCodeSpan(scanner, pos, region.end);
        continue;
      case codes.exclamationMark:
        reference = readWikilink(scanner, pos, pos + 1, region.end);
        break;
      case codes.leftSquareBracket:
        reference =
          readWikilink(scanner, pos, pos, region.end) ??
          (insideLink(pos) ? null : readCitation(message, pos));
        break;
      case codes.atSign:
        reference = readMention(scanner, pos);
        break;
    }
    if (reference) {
      found.push(reference);
      pos = reference.end;
    } else {
      pos++;
    }
  }
}

/**
 * After a code span opened by the backtick run at `pos`: past the next run of exactly as many
 * backticks in the region, or, when there is none, past the opening run, which is then literal.
 */
function afterCodeSpan(scanner: Scanner, pos: number, limit: number): number {
  const size = countRun(scanner.message, pos, codes.graveAccent);
  const close = findClosingRun(scanner.backtickRuns, size, pos + size, limit);
  return close < 0 ? pos + size : close + size;
}

function findClosingRun(
  runs: ReadonlyMap<number, readonly number[]>,
  size: number,
  from: number,
  limit: number,
): number {
  const starts = runs.get(size);
  if (!starts) return -1;
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((starts[middle] ?? limit) < from) low = middle + 1;
    else high = middle;
  }
  const start = starts[low];
  return start !== undefined && start < limit ? start : -1;
}

// ---------------------------------------------------------------------------------------------
// Wikilinks: `[[target#fragment|alias]]`, `![[embed]]`.

function readWikilink(
  scanner: Scanner,
  start: number,
  open: number,
  limit: number,
): ParsedReference | null {
  const { message } = scanner;
  if (!isDoubled(message, open, codes.leftSquareBracket)) return null;
  const innerStart = open + 2;
  // In `[[[x]]` the link opens one bracket later; the first bracket is text.
  if (message.charCodeAt(innerStart) === codes.leftSquareBracket) return null;
  const lineEnd = scanner.lineEndFrom(innerStart);
  let pos = innerStart;
  while (pos < lineEnd) {
    const code = message.charCodeAt(pos);
    if (code === codes.rightSquareBracket && isDoubled(message, pos, code)) {
      return createWikilink(message, start, innerStart, pos, open !== start);
    }
    if (code === codes.leftSquareBracket && isDoubled(message, pos, code)) return null;
    // Code spans bind tighter than links: a `]]` inside one does not close the link.
    pos = code === codes.graveAccent ? afterCodeSpan(scanner, pos, limit) : pos + 1;
  }
  return null;
}

function createWikilink(
  message: string,
  start: number,
  innerStart: number,
  innerEnd: number,
  embed: boolean,
): ParsedReference | null {
  const inner = message.slice(innerStart, innerEnd);
  const bar = inner.indexOf('|');
  let target = bar < 0 ? inner : inner.slice(0, bar);
  // Inside Markdown tables the alias bar is written `\|`.
  if (bar >= 0 && target.endsWith('\\')) target = target.slice(0, -1);
  const hash = target.indexOf('#');
  const name = (hash < 0 ? target : target.slice(0, hash)).trim();
  const fragment = hash < 0 ? null : lastNonEmptyPart(target.slice(hash + 1));
  let heading: string | null = null;
  let block: string | null = null;
  let page: number | null = null;
  if (fragment?.startsWith('^')) block = nonEmpty(fragment.slice(1).trim());
  else if (fragment !== null) {
    page = fragment.toLowerCase().startsWith('page=') ? parsePageNumber(fragment.slice(5)) : null;
    if (page === null) heading = fragment;
  }
  if (name === '' && heading === null && block === null && page === null) return null;
  const end = innerEnd + 2;
  return {
    ...emptyReference('wikilink', message, start, end, name),
    embed,
    alias: bar < 0 ? null : nonEmpty(inner.slice(bar + 1).trim()),
    heading,
    block,
    page,
  };
}

/** `Note#Part#Sub` names the heading `Sub`: Obsidian's nested-heading path ends at the target. */
function lastNonEmptyPart(fragment: string): string | null {
  const parts = fragment.split('#');
  for (let index = parts.length - 1; index >= 0; index--) {
    const part = parts[index]?.trim();
    if (part) return part;
  }
  return null;
}

/** `[n]`: source `n` of the previous answer. */
function readCitation(message: string, pos: number): ParsedReference | null {
  const mark = readCitationReference(message, pos);
  if (!mark) return null;
  return { ...emptyReference('citation', message, pos, mark.end, ''), citation: mark.n };
}

// ---------------------------------------------------------------------------------------------
// Mentions: `@name`, `@"quoted name"`, `@prefix:name`, then `#section-id` or `:Section Title`.

interface MentionTarget {
  readonly name: string;
  readonly end: number;
  readonly quoted: boolean;
  readonly prefix: MentionPrefix | null;
}

interface MentionSuffix {
  readonly end: number;
  readonly heading: string | null;
  readonly page: number | null;
  readonly sectionTitle: string | null;
  readonly sectionRest: string | null;
}

const NO_SUFFIX: MentionSuffix = {
  end: -1,
  heading: null,
  page: null,
  sectionTitle: null,
  sectionRest: null,
};

function readMention(scanner: Scanner, at: number): ParsedReference | null {
  const { message } = scanner;
  if (!isMentionBoundary(codePointBefore(message, at))) return null;
  const target = readMentionTarget(scanner, at + 1);
  if (!target) return null;
  const suffix = readMentionSuffix(scanner, target.end, target.prefix);
  const end = suffix?.end ?? target.end;
  const longer =
    target.quoted || suffix || target.prefix === 'page'
      ? []
      : readLongerNames(scanner, at, target.end, target.prefix);
  return {
    ...emptyReference('mention', message, at, end, target.name),
    quoted: target.quoted,
    prefix: target.prefix,
    heading: suffix?.heading ?? null,
    page: suffix?.page ?? null,
    sectionTitle: suffix?.sectionTitle ?? null,
    sectionRest: suffix?.sectionRest ?? null,
    longer,
  };
}

/** Most spaces or tabs between two words of a multi-word name. */
const MAX_NAME_GAP = 2;

/**
 * The longer readings of an unquoted mention whose first word ends at `nameEnd`: the name run over
 * each next word of the line (separated by one or two spaces or tabs, starting with a letter or
 * digit), up to {@link MAX_NAME_WORDS} words, each with the `#id` or `:Title` that may follow it; a
 * suffix ends the run. Longest first. Bounded: a few words past the mention, never past the line.
 */
function readLongerNames(
  scanner: Scanner,
  at: number,
  nameEnd: number,
  prefix: MentionPrefix | null,
): LongerMention[] {
  const { message } = scanner;
  const nameStart = at + 1 + (prefix ? prefix.length + 1 : 0);
  const found: LongerMention[] = [];
  let pos = nameEnd;
  for (let words = 1; words < MAX_NAME_WORDS; words++) {
    let gap = 0;
    while (gap <= MAX_NAME_GAP && isBlankCode(message.charCodeAt(pos + gap))) gap++;
    if (gap === 0 || gap > MAX_NAME_GAP) break;
    const wordStart = pos + gap;
    if (!isLetterOrDigit(message.codePointAt(wordStart) ?? -1)) break;
    const wordEnd = readWord(message, wordStart, true);
    if (wordEnd < 0) break;
    const suffix = readMentionSuffix(scanner, wordEnd, prefix);
    const end = suffix?.end ?? wordEnd;
    found.push({
      raw: message.slice(at, end),
      name: message.slice(nameStart, wordEnd),
      end,
      heading: suffix?.heading ?? null,
      page: suffix?.page ?? null,
      sectionTitle: suffix?.sectionTitle ?? null,
      sectionRest: suffix?.sectionRest ?? null,
    });
    if (suffix) break;
    pos = wordEnd;
  }
  return found.reverse();
}

function isBlankCode(code: number): boolean {
  return code === codes.space || code === codes.tab;
}

/** `@` starts a mention only outside words and URLs, so `alice@example.com`, `x@y` and `site.com/@user` stay text. */
function isMentionBoundary(previous: number): boolean {
  if (previous < 0) return true;
  switch (previous) {
    case codes.slash:
    case codes.colon:
    case codes.underscore:
    case codes.dot:
    case codes.plusSign:
    case codes.dash:
    case codes.atSign:
      return false;
    default:
      return !isLetterOrDigit(previous) && !isMark(previous);
  }
}

function readMentionTarget(scanner: Scanner, pos: number): MentionTarget | null {
  const { message } = scanner;
  const quoted = readQuoted(scanner, pos);
  if (quoted) return { name: quoted.text, end: quoted.end, quoted: true, prefix: null };
  const end = readWord(message, pos, true);
  if (end < 0) return null;
  const name = message.slice(pos, end);
  const prefix = message.charCodeAt(end) === codes.colon ? asMentionPrefix(name) : null;
  if (prefix) {
    const afterColon = end + 1;
    const quotedName = readQuoted(scanner, afterColon);
    if (quotedName) return { name: quotedName.text, end: quotedName.end, quoted: true, prefix };
    const nameEnd = readWord(message, afterColon, true);
    if (nameEnd >= 0) {
      return { name: message.slice(afterColon, nameEnd), end: nameEnd, quoted: false, prefix };
    }
  }
  // `@source: text` is the plain mention `@source` followed by a colon.
  return { name, end, quoted: false, prefix: null };
}

function asMentionPrefix(word: string): MentionPrefix | null {
  const lower = word.toLowerCase();
  return MENTION_PREFIXES.find((prefix) => prefix === lower) ?? null;
}

function readMentionSuffix(
  scanner: Scanner,
  pos: number,
  prefix: MentionPrefix | null,
): MentionSuffix | null {
  const { message } = scanner;
  const code = message.charCodeAt(pos);
  const start = pos + 1;
  if (code === codes.numberSign) {
    const end = readWord(message, start, false);
    if (end < 0) return null;
    const id = message.slice(start, end);
    const page = prefix === 'page' ? parsePageNumber(id) : null;
    const heading = page === null ? id : null;
    return { ...NO_SUFFIX, end, heading, page };
  }
  if (code === codes.colon) {
    const quoted = readQuoted(scanner, start);
    if (quoted) {
      return { ...NO_SUFFIX, end: quoted.end, sectionTitle: quoted.text };
    }
    const end = readWord(message, start, false);
    if (end < 0) return null;
    const sectionRest = readRestOfLine(scanner, start);
    return { ...NO_SUFFIX, end, sectionTitle: message.slice(start, end), sectionRest };
  }
  return null;
}

/** `"…"` or `“…”` on one line with something in it; the text comes back trimmed. */
function readQuoted(scanner: Scanner, pos: number): { text: string; end: number } | null {
  const { message } = scanner;
  const open = message.charCodeAt(pos);
  if (open !== codes.quotationMark && open !== codes.leftDoubleQuotationMark) return null;
  const close = scanner.quoteStopFrom(pos + 1);
  if (!isClosingQuote(message.charCodeAt(close))) return null;
  const text = message.slice(pos + 1, close).trim();
  return text === '' ? null : { text, end: close + 1 };
}

/** The line after `@slug:`, capped, so the resolver can match a title with spaces in it. */
function readRestOfLine(scanner: Scanner, start: number): string {
  const { message } = scanner;
  let end = Math.min(scanner.lineEndFrom(start), start + SECTION_REST_MAX_LENGTH);
  if (isHighSurrogate(message.charCodeAt(end - 1)) && isLowSurrogate(message.charCodeAt(end)))
    end--;
  return message.slice(start, end).trimEnd();
}

/**
 * End of the word at `pos` — letters, digits, marks, `_`, `-`, and with `path` also `.` and `/` —
 * without its trailing punctuation (`@post.` names `post`), or -1 when it has no letter or digit.
 */
function readWord(message: string, pos: number, path: boolean): number {
  let end = -1;
  let hasLetterOrDigit = false;
  let index = pos;
  while (index < message.length) {
    const code = message.codePointAt(index) ?? 0;
    const size = code > 0xffff ? 2 : 1;
    if (isLetterOrDigit(code)) hasLetterOrDigit = true;
    else if (!isMark(code) && !isWordPunctuation(code, path)) break;
    index += size;
    if (!isWordPunctuation(code, path)) end = index;
  }
  return hasLetterOrDigit ? end : -1;
}

function isWordPunctuation(code: number, path: boolean): boolean {
  return (
    code === codes.underscore ||
    code === codes.dash ||
    (path && (code === codes.dot || code === codes.slash))
  );
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

/** A reference spanning `message[start, end)` with nothing but its name set; parsers fill in the rest. */
export function emptyReference(
  syntax: ParsedReference['syntax'],
  message: string,
  start: number,
  end: number,
  name: string,
): ParsedReference {
  return {
    syntax,
    raw: message.slice(start, end),
    start,
    end,
    name,
    embed: false,
    alias: null,
    heading: null,
    block: null,
    sectionTitle: null,
    sectionRest: null,
    page: null,
    prefix: null,
    quoted: false,
    citation: null,
    longer: [],
  };
}

/** A page is a positive whole number written in ASCII digits; anything else is not a page. */
function parsePageNumber(text: string): number | null {
  if (text === '' || text.length > 15) return null;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < codes.digit0 || code > codes.digit9) return null;
  }
  const page = Number(text);
  return page >= 1 ? page : null;
}

function nonEmpty(text: string): string | null {
  return text === '' ? null : text;
}

function isDoubled(message: string, pos: number, code: number): boolean {
  return message.charCodeAt(pos) === code && message.charCodeAt(pos + 1) === code;
}

function isClosingQuote(code: number): boolean {
  return code === codes.quotationMark || code === codes.rightDoubleQuotationMark;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The whole code point that ends just before `pos` (surrogate pairs included), or -1 at the start. */
function codePointBefore(message: string, pos: number): number {
  if (pos <= 0) return -1;
  const pair = pos >= 2 ? (message.codePointAt(pos - 2) ?? 0) : 0;
  return pair > 0xffff ? pair : message.charCodeAt(pos - 1);
}

function isLetterOrDigit(code: number): boolean {
  if (code < 0x80) {
    const lower = code | 0x20;
    return (code >= codes.digit0 && code <= codes.digit9) || (lower >= 0x61 && lower <= 0x7a);
  }
  return letterOrDigitPattern.test(String.fromCodePoint(code));
}

function isMark(code: number): boolean {
  return code >= 0x300 && markPattern.test(String.fromCodePoint(code));
}
