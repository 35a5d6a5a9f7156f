import { analyzeQuery, analyzeText, stemToken } from '../../core/analyze-text.ts';
import { displayText } from '../../core/display-text.ts';
import { parseReferences } from '../../core/references/parse-references.ts';
import type { PromptReference } from './read-references.ts';

/** What kind of words answer a question part: dates, quantities, people, or anything. */
export type AnswerKind = 'when' | 'quantity' | 'who' | 'other';

/** "Who does Alice mentor" (Alice is the verb's subject) or "who mentors Alice" (its object). */
export interface Relation {
  /** Stem of the verb. */
  readonly verb: string;
  /** Stems of the name the question gives. */
  readonly name: readonly string[];
  readonly role: 'subject' | 'object';
}

/** One question of a message ("…, and what is she working on?" is a second part). */
export interface QuestionPart {
  readonly text: string;
  readonly kind: AnswerKind;
  /** Index terms of the topic: references, question and instruction words removed. */
  readonly terms: readonly string[];
  readonly relation: Relation | null;
  /** Stems of the capitalized names the part asks about ("when did Alice join…"). */
  readonly names: readonly string[];
}

/** A user message as the offline model understands it. */
export interface Question {
  /** The topic words in the order written, for the `search` tool; '' when there are none. */
  readonly topic: string;
  /** The message asks for a summary of what it names (or only names documents). */
  readonly summarize: boolean;
  readonly parts: readonly QuestionPart[];
  /** Stems of the entities the message names (`@Alice`): an answer from elsewhere must mention one. */
  readonly entities: readonly string[];
}

/** Words of asking and instructing; they never drive retrieval. */
const INSTRUCTION_WORDS = new Set(
  analyzeText(
    'tell explain describe know find show give please summarize summarise summary overview say says said mention list cite cites citing citation citations source sources quote quotes brief briefly short detail details recap answer question document note page section file according make made get got can could would you me i we us our what which who whom whose when where why how much many does do did has have had is are was were will the a an about in of from this that these those it its and or',
  ),
);
const PRONOUN_WORDS = ['he', 'she', 'they', 'it', 'him', 'her', 'them', 'his', 'hers', 'their'];
/** Pronouns as written and as stemmed (`his` → `hi`): never topic words. */
const PRONOUNS = new Set([...PRONOUN_WORDS, ...PRONOUN_WORDS.map(stemToken)]);
/** A part that speaks of someone named before ("…, and what is his action item?"). */
const PERSONAL_PRONOUN = /\b(?:he|she|they|him|her|them|his|hers|their)\b/i;
const SUMMARY = /\b(?:summari[sz]e|summary|overview|recap|tl;?dr|gist|outline)\b/i;

/** Phrasings that mean a field or heading word ("what is she working on" → her current focus). */
const PHRASES: readonly [RegExp, string][] = [
  [/\b(?:working on|busy with|focus(?:ing|ed)? on|work(?:s|ing)? on)\b/gi, 'current focus'],
  [/\bcite the sources?\b|\bwith (?:citations|sources)\b/gi, ' '],
  [/\b(?:is|are) (?:on|in|part of|a member of)(?= (?:the )?\p{Lu})/gu, 'are members of'],
];
/** Stems that find each other: a question's word and the word a document uses. */
const SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map(
  (
    [
      ['reach', ['peak', 'maximum']],
      ['cost', ['price', 'usd', 'dollar']],
      ['price', ['cost', 'usd']],
      ['spend', ['cost', 'spent']],
      ['lead', ['leads', 'lead']],
      ['join', ['joined']],
      ['start', ['began', 'started']],
      ['begin', ['began', 'started', 'start']],
      ['choose', ['chose', 'chosen', 'picked']],
      ['decide', ['decision', 'decided', 'agreed']],
      ['theft', ['thieves', 'steal', 'stolen']],
      ['like', ['prefer', 'prefers', 'preferred']],
      ['prefer', ['like', 'likes']],
      ['stolen', ['theft', 'thieves', 'steal']],
    ] as const
  ).map(([word, others]) => [stemToken(word), others.map(stemToken)]),
);

/** A stem and the stems that may stand for it in a document. */
export const alternativesOf = (term: string): readonly string[] => [
  term,
  ...(SYNONYMS.get(term) ?? []),
];

/** Splits "…, and what is she working on?" into its questions. */
const PART_BREAK =
  /\?\s+(?=\S)|;\s+|,?\s+(?:and|also)\s+(?=(?:what|who|whom|when|where|how|which|why|whose)\b)/i;

/**
 * "What is the flow rate…", "what was the total cost…": a measured thing named right after "what"
 * (a few describing words allowed, but not a preposition: "the mission of Power Electronics" asks
 * about the mission, whatever the name after "of" says).
 */
const QUANTITY_NOUN =
  /\bwhat (?:is |was |are |were |did )?(?:the )?(?:(?!(?:of|in|for|on|at|by|with|from|to|about)\b)[\p{L}-]+ ){0,3}(?:rate|cost|price|total|volume|head|weight|size|number|amount|percentage|budget|power|capacity|speed|voltage|temperature|depth)\b/u;

function kindOf(part: string): AnswerKind {
  const p = part.toLowerCase();
  if (/^\W*when\b|\bwhat (?:date|day|time|year|month)\b|\bwhich (?:date|day|year|month)\b/.test(p))
    return 'when';
  if (
    /\bhow (?:much|many|long|far|fast|big|high|heavy|often|large|deep)\b/.test(p) ||
    QUANTITY_NOUN.test(p)
  )
    return 'quantity';
  if (/^\W*(?:who|whom|whose)\b/.test(p)) return 'who';
  return 'other';
}

const nameStems = (name: string) => analyzeText(name);

/** A name as a question writes it: a word, then up to two capitalized words ("Power Electronics"). */
const NAME_WORDS = String.raw`\p{L}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*){0,2}`;
const AS_SUBJECT = new RegExp(
  String.raw`\b[Ww]ho(?:m)?\s+(?:does|did|do|will|can|should)\s+(${NAME_WORDS})\s+(\p{L}+)`,
  'u',
);
const AS_OBJECT = new RegExp(String.raw`\b[Ww]ho\s+(\p{L}+(?:s|ed))\s+(${NAME_WORDS})`, 'u');
const NOT_RELATIONS = new Set(['is', 'was', 'has', 'does', 'needs', 'uses']);

function relationOf(part: string): Relation | null {
  const asSubject = AS_SUBJECT.exec(part);
  if (asSubject) {
    const name = nameStems(asSubject[1] ?? '');
    const verb = stemToken((asSubject[2] ?? '').toLowerCase());
    return name.length > 0 ? { verb, name, role: 'subject' } : null;
  }
  const asObject = AS_OBJECT.exec(part);
  if (asObject && !NOT_RELATIONS.has((asObject[1] ?? '').toLowerCase())) {
    const verb = stemToken((asObject[1] ?? '').toLowerCase());
    const name = nameStems(asObject[2] ?? '');
    return name.length > 0 ? { verb, name, role: 'object' } : null;
  }
  return null;
}

/** Whether a reference names an entity (a person, a team…) rather than a document. */
const isEntity = (ref: PromptReference) =>
  ref.path?.startsWith('entities/') === true || ref.parsed?.prefix === 'entity';

/** The message with each reference replaced by what it names (`@Alice` → `Alice`) or removed. */
function replaceReferences(
  message: string,
  references: readonly PromptReference[],
  keepNames: boolean,
): string {
  const spans: { start: number; end: number; name: string }[] = [];
  for (const ref of references) {
    const at = message.indexOf(ref.raw);
    const name = isEntity(ref) ? (ref.parsed?.name ?? '') : '';
    if (at >= 0) spans.push({ start: at, end: at + ref.raw.length, name });
  }
  for (const ref of parseReferences(message)) {
    if (spans.some((s) => ref.start < s.end && s.start < ref.end)) continue;
    spans.push({ start: ref.start, end: ref.end, name: '' });
  }
  spans.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    out += `${message.slice(at, span.start)} ${keepNames ? span.name : ''} `;
    at = span.end;
  }
  return displayText(out + message.slice(at))
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([,.?!;:])/g, '$1')
    .trim();
}

/** Stems of the capitalized words after the first: the names a question asks about. */
const namesOf = (text: string) =>
  [...text.matchAll(/(?<=\S\s+)\p{Lu}[\p{L}-]*/gu)].flatMap((m) => analyzeText(m[0]));

const applyPhrases = (text: string) =>
  PHRASES.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);

const topicTerms = (text: string) =>
  analyzeQuery(text).filter((t) => !INSTRUCTION_WORDS.has(t) && !PRONOUNS.has(t));

/**
 * Reads a message: its topic words (for search), whether it asks for a summary, and its parts,
 * each with the kind of answer it wants and the relation it asks about.
 */
export function readQuestion(message: string, references: readonly PromptReference[]): Question {
  const named = replaceReferences(message, references, true);
  const bare = applyPhrases(replaceReferences(message, references, false));
  const words = (bare.match(/[\p{L}\p{N}][\p{L}\p{N}.'-]*/gu) ?? []).map((w) =>
    w.replace(/[.'-]+$/, ''),
  );
  const topic = words
    .filter((word) => topicTerms(word).length > 0)
    .join(' ')
    .slice(0, 500);
  const pieces = named
    .split(PART_BREAK)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const entities = references
    .filter(isEntity)
    .flatMap((ref) => analyzeText(ref.parsed?.name ?? ''));
  const parts: QuestionPart[] = [];
  for (const text of pieces) {
    const relation = relationOf(text);
    const phrased = applyPhrases(text);
    const terms = topicTerms(phrased).filter((t) => !entities.includes(t));
    const own = namesOf(text).filter((n) => terms.includes(n));
    // "…, and what is his action item?": he is whoever the part before named.
    const before = parts.at(-1);
    const names = own.length === 0 && before && PERSONAL_PRONOUN.test(text) ? before.names : own;
    parts.push({
      text,
      kind: kindOf(text),
      terms: terms.length > 0 || !relation ? terms : topicTerms(phrased),
      relation,
      names,
    });
  }
  const hasTopic = topicTerms(bare).length > 0;
  const summarize = SUMMARY.test(message) || (!hasTopic && references.length > 0);
  return { topic: hasTopic ? topic : '', summarize, parts, entities };
}
