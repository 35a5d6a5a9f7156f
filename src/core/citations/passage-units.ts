/**
 * One quotable unit of a source's text — a sentence, a list item, a table row, a `key: value`
 * line — with its exact span in that text, so a supporting quote can be cut from the source as is.
 */
export interface PassageUnit {
  readonly start: number;
  readonly end: number;
  /** Index of the paragraph (or list, or field block) the unit belongs to: windows stay inside one. */
  readonly block: number;
  /** For an entity-context line `  mentors: @Bob [id:person/bob]`: the field and its entity. */
  readonly field: { readonly name: string; readonly entity: string; readonly label: string } | null;
}

/**
 * Words whose trailing period does not end a sentence; one list for the claim splitter, the
 * passage cutter and the offline model's sentence splitter, so they cut the same sentences.
 */
export const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'cf',
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'st',
  'fig',
  'no',
  'approx',
  'al',
  'inc',
  'ltd',
  'jr',
  'sr',
  'p',
  'pp',
]);

const FENCE = /^\s*(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}#{1,6}(?:\s|$)/;
const RULE = /^\s*([-*_])(?:\s*\1){2,}\s*$/;
const FRONTMATTER_FENCE = /^---\s*$/;
const LIST_ITEM = /^(\s*(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?)/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const ONLY_BLOCK_ID = /^\s*\^[\w-]+\s*$/;
const ENTITY_HEADING_START = /^#{1,6}\s+@/;
const ENTITY_FIELD = /^(\s+)([\p{L}][\p{L}\p{N}_ -]{0,40}):\s+(\S.*)$/u;
const KEY_VALUE = /^\s*[\p{L}][\p{L}\p{N}_ ().-]{0,40}:\s+\S/u;
const DOT_LEADER = /(?:\.\s?){4,}|…{2,}|_{4,}/;
/** What a table-of-contents line ends with after its leader: a page number, or nothing. */
const PAGE_NUMBER = /^(?:\d{1,4}|[ivxlcdm]{1,8})?$/i;
/** A short line with no closing punctuation (a PDF heading such as `Measurements (5 March 2026)`). */
const MAX_HEADING_WORDS = 6;
const SENTENCE_END = /[.!?]["'”’)\]]*$/;

interface Line {
  readonly text: string;
  readonly start: number;
}

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (const raw of text.split('\n')) {
    out.push({ text: raw.endsWith('\r') ? raw.slice(0, -1) : raw, start });
    start += raw.length + 1;
  }
  return out;
}

/** `| --- | :-: |`: only bars, dashes, colons and spaces (a loop: a regex would backtrack on long lines). */
function isTableSeparator(line: string): boolean {
  if (!line.includes('|') || !line.includes('-')) return false;
  for (const ch of line) if (!' \t:|-'.includes(ch)) return false;
  return true;
}

const wordCount = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

/** A line that stands alone: a heading-like short line without closing punctuation. */
function isLooseHeading(line: string, next: string | undefined): boolean {
  const trimmed = line.slice(0, blockIdStart(line, 0, line.length)).trim();
  if (trimmed === '' || SENTENCE_END.test(trimmed) || /[,;:]$/.test(trimmed)) return false;
  // `Rated head: 20 m` is a spec line, a unit of its own, however short.
  if (KEY_VALUE.test(line)) return false;
  if (wordCount(trimmed) > MAX_HEADING_WORDS) return false;
  const following = next?.trim() ?? '';
  return following === '' || /^[\p{Lu}\p{N}]/u.test(following);
}

const isSpace = (ch: string) => /\s/.test(ch);

/**
 * Where a trailing ` ^block-id` of `text[start, end)` begins (its leading whitespace included), or
 * `end` when there is none. A backward scan, not a regex: `\s+\^…$` backtracks quadratically on
 * long runs of spaces.
 */
function blockIdStart(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && isSpace(text.charAt(e - 1))) e--;
  let id = e;
  while (id > start && /[\w-]/.test(text.charAt(id - 1))) id--;
  const caret = id - 1;
  if (id === e || caret <= start || text.charAt(caret) !== '^') return end;
  if (!isSpace(text.charAt(caret - 1))) return end;
  let before = caret;
  while (before > start && isSpace(text.charAt(before - 1))) before--;
  return before;
}

/**
 * `### @Bob (Person) [id:person/bob]  ← …`: the entity's name and id. Read by index, not by one
 * regex: a lazy name before `\s+\(` backtracks quadratically on a long heading line.
 */
function entityHeading(line: string): { name: string; id: string } | null {
  const head = ENTITY_HEADING_START.exec(line);
  if (!head) return null;
  const idAt = line.indexOf('[id:', head[0].length);
  const idEnd = idAt < 0 ? -1 : line.indexOf(']', idAt);
  if (idEnd <= idAt + 4) return null;
  const named = line.slice(head[0].length, idAt).trimEnd();
  const open = named.lastIndexOf('(');
  if (!named.endsWith(')') || open < 1 || named.indexOf(')', open) !== named.length - 1)
    return null;
  if (!isSpace(named.charAt(open - 1))) return null;
  const name = named.slice(0, open).trim();
  return name === '' ? null : { name, id: line.slice(idAt + 4, idEnd) };
}

/**
 * A dot-leader line that leads only to a page number (`Results ........ 4`) or a blank to fill in:
 * not a unit. A spec row (`Start-up irradiance ...... 240 W/m2`) leads to a value and is one.
 */
function isLeaderOnly(line: string): boolean {
  const leader = DOT_LEADER.exec(line);
  return leader !== null && PAGE_NUMBER.test(line.slice(leader.index + leader[0].length).trim());
}

/** Trims whitespace (and a trailing `^block` id) off a span of `text`. */
function trimmedSpan(text: string, start: number, end: number): [number, number] | null {
  let s = start;
  let e = blockIdStart(text, start, end);
  while (s < e && isSpace(text.charAt(s))) s++;
  while (e > s && isSpace(text.charAt(e - 1))) e--;
  return e > s ? [s, e] : null;
}

/** Longest word looked at before a period: abbreviations are short. */
const MAX_ABBREVIATION = 8;

/**
 * The letters and periods just before `pos` (at most a few, never before `from`), lower-cased:
 * a bounded backward scan, so sentence splitting stays linear on any input.
 */
export function wordBefore(text: string, pos: number, from: number): string {
  let start = pos;
  while (
    start > from &&
    pos - start <= MAX_ABBREVIATION &&
    /[\p{L}.]/u.test(text.charAt(start - 1))
  ) {
    start--;
  }
  if (pos - start > MAX_ABBREVIATION) return '';
  return text.slice(start, pos).toLowerCase();
}

/**
 * An upper-case letter alone before a period is an initial (`J. Smith`), not a sentence end; a
 * lower-case one ends a unit (`2.6 m3/h. The pump…`, `5 m.`).
 */
export function isInitial(text: string, pos: number, word: string): boolean {
  return /^\p{L}$/u.test(word) && /\p{Lu}/u.test(text.charAt(pos - 1));
}

/** The period at `pos` ends an abbreviation or an initial, not a sentence. */
export function isAbbreviationStop(text: string, pos: number, from: number): boolean {
  const word = wordBefore(text, pos, from);
  return ABBREVIATIONS.has(word) || isInitial(text, pos, word);
}

/** Sentence ends inside one paragraph's span, as offsets just past the closing punctuation. */
function sentenceSpans(text: string, start: number, end: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let from = start;
  for (let pos = start; pos < end; pos++) {
    const ch = text.charAt(pos);
    if (ch !== '.' && ch !== '!' && ch !== '?') continue;
    let close = pos + 1;
    while (close < end && /["'”’)\]]/.test(text.charAt(close))) close++;
    if (close < end && !/\s/.test(text.charAt(close))) continue;
    if (ch === '.' && isAbbreviationStop(text, pos, from)) continue;
    let next = close;
    while (next < end && /\s/.test(text.charAt(next))) next++;
    // A lower-case word after the stop is still the same sentence (`approx. 5 m.` aside).
    if (next < end && /\p{Ll}/u.test(text.charAt(next))) continue;
    const span = trimmedSpan(text, from, close);
    if (span) out.push(span);
    from = close;
  }
  const rest = trimmedSpan(text, from, end);
  if (rest) out.push(rest);
  return out;
}

/**
 * Cuts a source's text into units a claim can be checked against: sentences of paragraphs (lines
 * joined), one unit per list item, table row, `key: value` or dot-leader spec line and entity
 * field; headings, code, rules, frontmatter fences, table-of-contents lines and block ids are not.
 */
export function passageUnits(text: string): PassageUnit[] {
  const units: PassageUnit[] = [];
  const lines = linesOf(text);
  let block = 0;
  let paragraph: { start: number; end: number } | null = null;
  let fence: string | null = null;
  let entity: { name: string; id: string } | null = null;
  /** The paragraph being built is a list item: the next item of the list stays in its block. */
  let listItem = false;
  const flush = (sameBlock = false) => {
    if (paragraph) {
      for (const [start, end] of sentenceSpans(text, paragraph.start, paragraph.end)) {
        units.push({ start, end, block, field: null });
      }
      if (!sameBlock) block++;
    }
    paragraph = null;
  };
  const single = (start: number, end: number, field: PassageUnit['field'] = null) => {
    const span = trimmedSpan(text, start, end);
    if (span && !isLeaderOnly(text.slice(span[0], span[1]))) {
      units.push({ start: span[0], end: span[1], block, field });
    }
  };
  lines.forEach((line, i) => {
    const raw = line.text;
    const lineEnd = line.start + raw.length;
    const fenceMatch = FENCE.exec(raw);
    if (fence) {
      if (fenceMatch?.[1]?.startsWith(fence)) fence = null;
      return;
    }
    if (fenceMatch) {
      flush();
      fence = fenceMatch[1]?.slice(0, 3) ?? '```';
      return;
    }
    if (raw.trim() === '' || ONLY_BLOCK_ID.test(raw)) {
      flush();
      return;
    }
    const heading = entityHeading(raw);
    if (heading) {
      flush();
      block++;
      entity = heading;
      return;
    }
    if (HEADING.test(raw) || RULE.test(raw) || FRONTMATTER_FENCE.test(raw)) {
      flush();
      entity = HEADING.test(raw) ? null : entity;
      return;
    }
    const field = entity ? ENTITY_FIELD.exec(raw) : null;
    if (entity && field) {
      flush();
      const valueStart = line.start + raw.length - (field[3]?.length ?? 0);
      single(valueStart, lineEnd, {
        name: field[2] ?? '',
        entity: entity.id,
        label: entity.name,
      });
      return;
    }
    const list = LIST_ITEM.exec(raw);
    if (list) {
      flush(listItem);
      listItem = true;
      paragraph = { start: line.start + (list[1]?.length ?? 0), end: lineEnd };
      return;
    }
    if (isTableSeparator(raw)) {
      flush();
      return;
    }
    if (TABLE_ROW.test(raw) || DOT_LEADER.test(raw)) {
      flush();
      single(line.start, lineEnd);
      return;
    }
    const next = lines[i + 1]?.text;
    if (isLooseHeading(raw, next) && !paragraph) {
      block++;
      return;
    }
    if (isLooseHeading(raw, next) && paragraph && /^[\p{Lu}\p{N}]/u.test(raw.trim())) {
      // A short capitalised line after a finished sentence starts a new part (a PDF heading).
      const before = text.slice(paragraph.start, paragraph.end).trimEnd();
      if (SENTENCE_END.test(before)) {
        flush();
        return;
      }
    }
    if (KEY_VALUE.test(raw) && !raw.startsWith(' ')) {
      // `Peak flow rate: 2.6 m3/h …` starts a unit of its own in line-based text.
      // A new unit, not a new block: a passage may still join it to the line before.
      flush(true);
      listItem = false;
      paragraph = { start: line.start, end: lineEnd };
      return;
    }
    // A continuation line of a list item or paragraph; a new line after a finished sentence in
    // line-based text (PDF) simply continues the paragraph, and sentence splitting separates them.
    if (paragraph) paragraph.end = lineEnd;
    else {
      listItem = false;
      paragraph = { start: line.start, end: lineEnd };
    }
  });
  flush();
  return units;
}
