import { displayText } from '../../core/display-text.ts';
import { tokenize } from '../../core/query-terms.ts';

/** Words whose trailing period does not end a sentence. */
const ABBREVIATIONS = new Set([
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
]);

/** Lines the context assembler writes around documents; not document content. */
const BOILERPLATE = [
  /^Outline:$/,
  /^First paragraph:$/,
  /^\(The full text is not included/,
  /^\(further references not expanded\)$/,
  /^Entities mentioned or referenced in this conversation\./,
  /^Use \[id:\.\.\.\]/,
];

const FENCE = /^\s*(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}#{1,6}(\s|$)/;
const BLOCK_ID_LINE = /^\s*\^[\w-]+\s*$/;
const TRAILING_BLOCK_ID = /\s+\^[\w-]+\s*$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const TABLE_SEPARATOR = /^\s*\|?[\s:|-]*-[\s:|-]*$/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/;
const ENTITY_HEADING = /^#{1,6}\s+@(.+?)\s+\([^)]*\)/;
const KEY_VALUE = /^\s*[\p{L}][\p{L}\p{N}_.-]{0,40}:\s+\S/u;
const MAX_CHARS = 400;

/** Paragraphs of readable prose, one line each: headings, fences, rules and block ids dropped; list items, table rows and `key: value` lines kept as units of their own. */
function paragraphsOf(text: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  /** The entity whose fields follow (`### @Bob (Person) …` in an entity-context block). */
  let entity: string | null = null;
  const flush = () => {
    if (current.length > 0) out.push(current.join(' '));
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
    if (HEADING.test(raw)) entity = ENTITY_HEADING.exec(raw)?.[1] ?? null;
    if (
      line === '' ||
      HEADING.test(raw) ||
      BLOCK_ID_LINE.test(line) ||
      RULE.test(line) ||
      BOILERPLATE.some((re) => re.test(line))
    ) {
      flush();
      continue;
    }
    if (line.startsWith('|')) {
      flush();
      if (!TABLE_SEPARATOR.test(line)) {
        const cells = line.split('|').map((cell) => cell.trim());
        out.push(cells.filter((cell) => cell !== '').join(' — '));
      }
      continue;
    }
    if (LIST_ITEM.test(raw) || KEY_VALUE.test(raw)) {
      flush();
      const item = line.replace(LIST_ITEM, '');
      // A field line means little alone: "mentors: @Bob" is Alice's.
      current.push(entity && KEY_VALUE.test(raw) ? `${entity} — ${item}` : item);
      continue;
    }
    current.push(line.replace(/^>\s?/, ''));
  }
  flush();
  return out;
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

/** A sentence as quoted in an answer: wikilinks shown as their text, emphasis and stray citation markers removed, long ones cut. */
function clean(sentence: string): string {
  let s = displayText(sentence)
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
 * The sentences of a document passage an extractive answer may quote, in order: Markdown
 * structure (headings, code, block ids, rules) skipped, very short fragments dropped.
 */
export function splitSentences(text: string): string[] {
  return paragraphsOf(text).flatMap(splitParagraph).map(clean).filter(substantial);
}
