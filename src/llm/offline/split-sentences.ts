import { ABBREVIATIONS } from '../../core/citations/passage-units.ts';
import { displayText } from '../../core/display-text.ts';
import { tokenize } from '../../core/query-terms.ts';

/** Lines the context assembler writes around documents; not document content. */
const BOILERPLATE = [
  /^Outline:$/,
  /^First paragraph:$/,
  /^\(The full text is not included/,
  /^\(further references not expanded\)$/,
  /^Entities mentioned or referenced in this conversation\./,
  /^Use \[id:\.\.\.\]/,
];

/** One quotable unit of a passage (a sentence, a list item or a `key: value` line) and where it sits. */
export interface SentenceUnit {
  readonly text: string;
  /** The nearest heading above it (a Markdown heading, or a heading line of a PDF or text file). */
  readonly heading: string | null;
  /** That heading's level: 1–6 for Markdown, 2 for a heading line; 0 before any heading. */
  readonly level: number;
  /** Which section it is in: each heading opens the next one, 0 before the first. */
  readonly section: number;
  /** The entity whose field this line is, in an entity-context block. */
  readonly entity: string | null;
  /** The field name when the unit is a `key: value` line. */
  readonly field: string | null;
  /** Which paragraph (or list item, row, field line) of the passage it is in, counted from 0. */
  readonly paragraph: number;
}

/** How to read a passage's text. */
export interface SplitOptions {
  /**
   * Line-based text (PDF pages, plain text files): a line that does not end a sentence and is
   * followed by a capitalized line is a heading, not the start of the next sentence.
   * @default false
   */
  readonly lineBased?: boolean;
  /** Comma-separated rows (a CSV file): each row after the header is a unit as written. @default false */
  readonly rows?: boolean;
}

const FENCE = /^\s*(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$/;
const BLOCK_ID_LINE = /^\s*\^[\w-]+\s*$/;
const TRAILING_BLOCK_ID = /\s+\^[\w-]+\s*$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/;
const ENTITY_HEADING = /^#{1,6}\s+@(.+?)\s+\([^)]*\)/;
const KEY_VALUE = /^\s*([\p{L}][\p{L}\p{N}_.-]{0,40}):\s+\S/u;
/** `Design point ........ 2.5 m3/h`: a row of a spec sheet, not a sentence. */
const DOT_LEADER = /(?:\.\s?){4,}|…{2,}/;
/** Ends a sentence: final punctuation, possibly inside closing quotes or brackets. */
const SENTENCE_END = /[.!?…]["'”’)\]]*$/;
const ENTITY_ID = /\s*\[id:[^\]]*\]/g;
const MAX_CHARS = 400;

interface Paragraph {
  readonly text: string;
  readonly heading: string | null;
  readonly level: number;
  readonly section: number;
  readonly entity: string | null;
  readonly field: string | null;
  /** A unit of its own (list item, field line): not split at sentence ends further than prose is. */
  readonly item: boolean;
}

/** Tracks the heading a unit sits under while a passage is read top to bottom. */
class Place {
  heading: string | null = null;
  level = 0;
  section = 0;
  entity: string | null = null;
  open(heading: string, level: number) {
    this.heading = heading;
    this.level = level;
    this.section++;
  }
  paragraph(text: string, extra: { item: boolean; field?: string | null }): Paragraph {
    return {
      text,
      heading: this.heading,
      level: this.level,
      section: this.section,
      entity: this.entity,
      field: extra.field ?? null,
      item: extra.item,
    };
  }
}

/** Paragraphs of Markdown prose, one line each: headings, fences, rules, tables and block ids dropped. */
function markdownParagraphs(text: string): Paragraph[] {
  const out: Paragraph[] = [];
  const place = new Place();
  let current: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (current.length > 0) out.push(place.paragraph(current.join(' '), { item: false }));
    current = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const fenceMatch = FENCE.exec(raw);
    if (fence !== null) {
      if (fenceMatch && (fenceMatch[1] ?? '').startsWith(fence)) fence = null;
      continue;
    }
    if (fenceMatch) {
      flush();
      fence = fenceMatch[1] ?? '```';
      continue;
    }
    const line = raw.replace(TRAILING_BLOCK_ID, '').trim();
    const heading = HEADING.exec(raw);
    if (heading) {
      flush();
      place.entity = ENTITY_HEADING.exec(raw)?.[1] ?? null;
      place.open(displayText(heading[2] ?? ''), (heading[1] ?? '#').length);
      continue;
    }
    if (
      line === '' ||
      BLOCK_ID_LINE.test(line) ||
      RULE.test(line) ||
      line.startsWith('|') ||
      DOT_LEADER.test(line) ||
      BOILERPLATE.some((re) => re.test(line))
    ) {
      flush();
      continue;
    }
    const field = KEY_VALUE.exec(raw);
    if (LIST_ITEM.test(raw) || field) {
      flush();
      if (field) {
        out.push(place.paragraph(line, { item: true, field: field[1] ?? null }));
      } else current.push(line.replace(LIST_ITEM, ''));
      continue;
    }
    current.push(line.replace(/^>\s?/, ''));
  }
  flush();
  return out;
}

const startsLower = (line: string) => /^[\p{Ll}(,;]/u.test(line);

/**
 * Paragraphs of line-based text (PDF pages, plain text): a line continues the one before only
 * while that one has not ended its sentence and this one starts in lower case; a finished group
 * that does not end a sentence is a heading, and dot-leader rows are dropped.
 */
function lineParagraphs(text: string): Paragraph[] {
  const out: Paragraph[] = [];
  const place = new Place();
  let current: string[] = [];
  let item = false;
  const flush = () => {
    const joined = current.join(' ');
    current = [];
    if (joined === '') return;
    const field = KEY_VALUE.exec(joined);
    if (!SENTENCE_END.test(joined) && field) {
      // `Present: Alice, Bob, Chidi`: a label and its value, not a heading.
      out.push(place.paragraph(joined, { item: true, field: field[1] ?? null }));
      return;
    }
    if (!SENTENCE_END.test(joined)) {
      place.open(joined.replace(LIST_ITEM, ''), 2);
      return;
    }
    out.push(place.paragraph(joined, { item }));
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    const leader = DOT_LEADER.exec(line);
    if (leader) {
      // A spec-sheet row is no sentence: it is written as its label and value, without the dots.
      flush();
      const label = line.slice(0, leader.index).trim();
      const value = line.slice(leader.index + leader[0].length).trim();
      if (label && value)
        out.push(place.paragraph(`${label}: ${value}`, { item: true, field: label }));
      continue;
    }
    const last = current.at(-1);
    // An indented line goes on with the line above (a speaker's turn in a transcript); otherwise a
    // line goes on only with an unfinished sentence.
    const continues =
      last !== undefined &&
      !LIST_ITEM.test(raw) &&
      (/^\s/.test(raw) || (!SENTENCE_END.test(last) && startsLower(line)));
    if (!continues) {
      flush();
      item = LIST_ITEM.test(raw);
    }
    current.push(current.length === 0 && item ? line.replace(LIST_ITEM, '') : line);
  }
  flush();
  return out;
}

/** The rows of a CSV file after its header, each a unit as written. */
function rowUnits(text: string): SentenceUnit[] {
  const [header = '', ...rows] = text.split(/\r?\n/);
  return rows
    .map((row) => row.trim())
    .filter((row) => row !== '')
    .map((row, paragraph) => ({
      text: row,
      heading: header.trim() || null,
      level: 2,
      section: 1,
      entity: null,
      field: 'row',
      paragraph,
    }));
}

/** Splits one paragraph at sentence ends, not after abbreviations, initials or decimals. */
function splitParagraph(paragraph: string): string[] {
  const out: string[] = [];
  const end = /([.!?…]+)(["'”’)\]]*)\s+(?=[\p{Lu}\p{N}"'“‘([*_])/gu;
  let start = 0;
  for (const match of paragraph.matchAll(end)) {
    const cut = match.index + (match[1]?.length ?? 0) + (match[2]?.length ?? 0);
    const before = paragraph.slice(start, match.index);
    const lastWord = (/(\S+)$/.exec(before)?.[1] ?? '').toLowerCase();
    if (match[1] === '.' && (ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord))) continue;
    out.push(paragraph.slice(start, cut));
    start = cut;
  }
  out.push(paragraph.slice(start));
  return out;
}

/** A sentence as quoted in an answer: wikilinks shown as their text, emphasis, entity ids and stray citation markers removed, long ones cut. */
function clean(sentence: string): string {
  let s = displayText(sentence)
    .replace(ENTITY_ID, '')
    .replace(/\s*\[\d+(?:\s*[,–-]\s*\d+)*\]/g, '')
    .replace(/\s*\[Page \d+ of [^\]]*\]/gi, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
  if (s.length > MAX_CHARS) {
    const head = s.slice(0, MAX_CHARS);
    const space = head.lastIndexOf(' ');
    s = `${(space > MAX_CHARS * 0.6 ? head.slice(0, space) : head).trimEnd()}…`;
  }
  return s;
}

/** Long enough to say something: at least three words and a dozen characters. */
const substantial = (sentence: string): boolean =>
  sentence.length >= 12 && tokenize(sentence).length >= 3;

/**
 * The units of a passage an extractive answer may quote, in order, each with the heading it sits
 * under: Markdown structure (headings, code, tables, block ids, rules) and dot-leader rows skipped,
 * PDF heading lines kept apart from the sentences after them, very short fragments dropped.
 */
export function sentenceUnits(text: string, options: SplitOptions = {}): SentenceUnit[] {
  if (options.rows) return rowUnits(text);
  const paragraphs = options.lineBased ? lineParagraphs(text) : markdownParagraphs(text);
  const out: SentenceUnit[] = [];
  for (const [paragraph, p] of paragraphs.entries()) {
    const pieces = p.field !== null ? [p.text] : splitParagraph(p.text);
    for (const piece of pieces) {
      const sentence = clean(piece);
      if (!substantial(sentence) && p.field === null) continue;
      if (p.field !== null && sentence.length < 5) continue;
      out.push({
        text: sentence,
        heading: p.heading,
        level: p.level,
        section: p.section,
        entity: p.entity,
        field: p.field,
        paragraph,
      });
    }
  }
  return out;
}

/** The quotable sentences of a passage, in order (see {@link sentenceUnits}). */
export function splitSentences(text: string, options: SplitOptions = {}): string[] {
  return sentenceUnits(text, options).map((u) => u.text);
}
