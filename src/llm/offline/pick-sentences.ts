import { analyzeText, stemToken } from '../../core/analyze-text.ts';
import { tokenize } from '../../core/query-terms.ts';
import type { SourcePassage } from './read-prompt.ts';
import {
  type AnswerKind,
  alternativesOf,
  type QuestionPart,
  type Relation,
} from './read-question.ts';
import { type SentenceUnit, sentenceUnits } from './split-sentences.ts';

/** A sentence of a passage, scored against a question part. */
export interface ScoredSentence {
  readonly passage: SourcePassage;
  /** Position of the passage among all passages, then of the sentence within it: reading order. */
  readonly passageIndex: number;
  readonly sentenceIndex: number;
  readonly text: string;
  readonly score: number;
  /**
   * For a field line of the entity context (which holds several entities), the entity it describes
   * (`Bob` for Bob's `mentors: @Alice`); null for prose and for lines of an entity's own document.
   */
  readonly owner: string | null;
}

/** How many sentences and sources an answer quotes, and how good a sentence must be. */
export interface PickOptions {
  /** Score (share of the question's terms matched, plain and rarity-weighted, plus bonuses) a sentence needs. @default 0.35 */
  readonly minScore?: number;
  /** Most sentences for the part. @default 4 */
  readonly maxSentences?: number;
  /** Most sources the part quotes. @default 3 */
  readonly maxSources?: number;
  /** Stems of the entities the message names; sentences not from them must mention one. @default [] */
  readonly entities?: readonly string[];
}

/** A quotable unit of one passage, with what scoring needs to know about it. */
export interface Candidate {
  readonly passage: SourcePassage;
  readonly passageIndex: number;
  readonly sentenceIndex: number;
  readonly unit: SentenceUnit;
  readonly text: string;
  /** Stems of the sentence, in order. */
  readonly stems: readonly string[];
  readonly terms: ReadonlySet<string>;
  readonly headingTerms: ReadonlySet<string>;
  /** Stems of the whole paragraph the unit is in (a name said once holds for its sentences). */
  readonly paragraphTerms: ReadonlySet<string>;
  readonly titleTerms: ReadonlySet<string>;
  /** From what the user named (a read of it, or its context block): the answer comes from these first. */
  readonly subject: boolean;
  /** 0 for what the user named (read by a tool or referenced), 1 for notes linked to a named entity, 2 for the rest. */
  readonly tier: number;
}

const HEADING_WEIGHT = 0.6;
const TITLE_WEIGHT = 0.3;
const SUBJECT_BONUS = 0.1;
const LONG_WORDS = 40;
/** How much a sentence of the wrong kind (no date for "when"…) keeps of its score. */
const WRONG_KIND = 0.25;
/** How much a sentence keeps per name the question asks about that no sentence has (less when the name is elsewhere). */
const NAME_MISSING = 0.5;

const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
const DATE = new RegExp(
  `\\b(?:\\d{4}-\\d{2}(?:-\\d{2})?|\\d{1,2} (?:${MONTHS})\\b|(?:${MONTHS}) \\d{1,4}\\b|(?:in|on|by|since|until|before|after) (?:${MONTHS})\\b|(?:19|20)\\d{2}\\b|\\d{1,2}:\\d{2}|monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|today|tomorrow)`,
  'i',
);
const QUANTITY =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|half|quarter|dozen)\b/i;
const NAME = /(?:^|[^.!?]\s)(\p{Lu}\p{Ll}+)/gu;
const PERSONAL = /\b(?:he|she|they|him|her|them)\b/i;

const isEntityPath = (path: string) => path.startsWith('entities/');

const isLineBased = (p: SourcePassage) => p.page !== null || /\.(?:pdf|txt|csv)$/i.test(p.path);

const tierOf = (p: SourcePassage) =>
  p.from === 'read' || (p.from === 'context' && p.origin.startsWith('referenced'))
    ? 0
    : p.from === 'context' && p.origin.startsWith('linked')
      ? 1
      : 2;

const normalized = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Every quotable unit, once: a sentence repeated across passages is kept at its first place. */
export function candidatesOf(passages: readonly SourcePassage[]): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  passages.forEach((passage, passageIndex) => {
    const titleTerms = new Set(
      analyzeText(`${passage.title} ${passage.part ?? ''} ${passage.path}`),
    );
    const rows = /\.csv$/i.test(passage.path);
    const units = sentenceUnits(passage.text, { lineBased: isLineBased(passage), rows });
    const paragraphs = new Map<number, Set<string>>();
    for (const unit of units) {
      const terms = paragraphs.get(unit.paragraph) ?? new Set<string>();
      for (const stem of analyzeText(unit.text)) terms.add(stem);
      paragraphs.set(unit.paragraph, terms);
    }
    units.forEach((unit, sentenceIndex) => {
      const key = normalized(unit.text);
      if (seen.has(key)) return;
      seen.add(key);
      const stems = analyzeText(unit.text);
      out.push({
        passage,
        passageIndex,
        sentenceIndex,
        unit,
        text: unit.text,
        stems,
        terms: new Set(stems),
        headingTerms: new Set(analyzeText(unit.heading ?? '')),
        paragraphTerms: paragraphs.get(unit.paragraph) ?? new Set(stems),
        titleTerms,
        subject: tierOf(passage) < 2,
        tier: tierOf(passage),
      });
    });
  });
  return out;
}

/** Shortest stem matched by its longer forms (`warrant` and `warranti`, `block` and `blocker`). */
const MIN_ROOT = 5;

/** Two stems of one word family the stemmer left apart: one is the other plus at most two letters. */
export function sameRoot(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= MIN_ROOT && long.length - short.length <= 2 && long.startsWith(short);
}

function has(set: ReadonlySet<string>, term: string): boolean {
  if (alternativesOf(term).some((t) => set.has(t))) return true;
  if (term.length < MIN_ROOT) return false;
  for (const stem of set) if (sameRoot(stem, term)) return true;
  return false;
}

/** Whether a sentence has the kind of words a question part wants (a date for "when"…). */
export function fitsKind(kind: AnswerKind, c: Candidate, relation: Relation | null): boolean {
  switch (kind) {
    case 'when':
      return DATE.test(c.text);
    case 'quantity':
      return QUANTITY.test(c.text.replace(new RegExp(DATE.source, 'gi'), ' '));
    case 'who': {
      const asked = new Set(relation?.name ?? []);
      for (const match of c.text.matchAll(NAME))
        if (!asked.has(stemToken((match[1] ?? '').toLowerCase()))) return true;
      return c.unit.field !== null && /@|\p{Lu}/u.test(c.text.slice(c.text.indexOf(':')));
    }
    default:
      return true;
  }
}

/**
 * The entity a `key: value` line describes: the entity-context heading it sits under, or the
 * entity document it was read from; null for prose and for fields of other documents.
 */
export function fieldOwner(c: Candidate): string | null {
  if (c.unit.field === null) return null;
  if (c.unit.entity !== null) return c.unit.entity;
  return isEntityPath(c.passage.path) && c.passage.title !== '' ? c.passage.title : null;
}

/**
 * Whether an entity's field answers a relation question the way it is asked. A field named after
 * the verb lists who stands in that relation to its entity (Bob's `mentors: Alice, Dana`: they
 * mentor Bob; a team's `lead: Alice`: she leads it). So "who mentors Bob" is answered by Bob's own
 * field, and "who does Alice mentor" by the field of an entity that lists Alice — never the other
 * way round. Null when the line is not such a field.
 */
export function fieldFitsRole(relation: Relation, c: Candidate): boolean | null {
  const owner = fieldOwner(c);
  if (owner === null || c.unit.field === null) return null;
  const verbs = alternativesOf(relation.verb);
  if (!analyzeText(c.unit.field).some((stem) => verbs.includes(stem))) return null;
  const ownerIsNamed = analyzeText(owner).some((stem) => relation.name.includes(stem));
  if (relation.role === 'object') return ownerIsNamed;
  const value = c.text.slice(c.text.indexOf(':') + 1);
  return !ownerIsNamed && analyzeText(value).some((stem) => relation.name.includes(stem));
}

/**
 * Whether a sentence puts the question's name in the role the question asks about: for "who does
 * Alice mentor", Alice before "mentors"; for "who mentors Alice", after it. Null when the sentence
 * does not have the verb.
 */
export function fitsRole(relation: Relation, c: Candidate): boolean | null {
  const stems = tokenize(c.text).map(stemToken);
  const verbAt = stems.findIndex((s) => alternativesOf(relation.verb).includes(s));
  if (verbAt < 0) return null;
  const nameAt = stems.findIndex((s) => relation.name.includes(s));
  if (relation.role === 'subject') {
    if (nameAt >= 0) return nameAt < verbAt;
    return c.subject && PERSONAL.test(c.text.split(/\s+/).slice(0, 3).join(' '));
  }
  return nameAt > verbAt;
}

/** `…what would be realistic?`: a question in the source, which the next paragraph answers. */
const isQuestion = (c: Candidate) => c.unit.field === null && /\?["'”’)\]]*$/.test(c.text);
/** Most sentences of the reply that follows a question in the source. */
const REPLY_SENTENCES = 3;

/**
 * Scores each candidate against a question part: the mean of the share of the part's terms the
 * sentence has and that share weighted by each term's rarity among the candidates (a term no
 * candidate has weighs most: the "not in the workspace" signal); a term in the sentence's heading
 * counts {@link HEADING_WEIGHT}, in the source's title {@link TITLE_WEIGHT}. Sentences without the
 * kind of words the part wants keep a quarter; a relation in the wrong direction scores 0. A
 * question in the source (an interviewer's, a FAQ's) is never the answer: the match passes to the
 * first sentences of the paragraph after it, the reply.
 */
export function scoreCandidates(part: QuestionPart, candidates: readonly Candidate[]): number[] {
  const terms = part.terms;
  if (terms.length === 0) return candidates.map(() => 0);
  const n = candidates.length;
  const weight = new Map<string, number>();
  const nowhere = new Set<string>();
  for (const term of terms) {
    const df = candidates.reduce((count, c) => count + (has(c.terms, term) ? 1 : 0), 0);
    weight.set(term, Math.log((n + 1) / (df + 0.5)));
    if (df === 0) nowhere.add(term);
  }
  const total = terms.reduce((sum, t) => sum + (weight.get(t) ?? 0), 0);
  const names = new Set(part.names);

  /** How well the sentence's words (its heading's, its source's) match the part's terms. */
  const match = (c: Candidate, asked: ReadonlySet<string> = new Set()): number => {
    let plain = 0;
    let weighted = 0;
    let inSentence = 0;
    let inHeading = 0;
    for (const term of terms) {
      const w = weight.get(term) ?? 0;
      let share = 0;
      if (has(c.terms, term) || has(asked, term)) {
        share = 1;
        inSentence++;
      } else if (has(c.headingTerms, term)) {
        share = HEADING_WEIGHT;
        inHeading++;
      } else if (names.has(term) && c.paragraphTerms.has(term)) {
        // A name said earlier in the paragraph (the speaker of a turn) holds for its sentences.
        share = HEADING_WEIGHT;
      } else if (has(c.titleTerms, term)) share = TITLE_WEIGHT;
      plain += share;
      weighted += share * w;
    }
    if (inSentence === 0 && inHeading < terms.length) return 0;
    return (plain / terms.length + (total > 0 ? weighted / total : 0)) / 2;
  };

  /** The match, adjusted for the kind of answer, the relation's direction and the names asked. */
  const adjust = (c: Candidate, matched: number, context: ReadonlySet<string>): number => {
    if (matched === 0) return 0;
    let score = matched;
    const relation = part.relation;
    const role = !relation
      ? null
      : c.unit.field === null
        ? fitsRole(relation, c)
        : fieldFitsRole(relation, c);
    if (role === false) return 0;
    if (relation && role === null) score *= WRONG_KIND;
    // A field of the relation, the right way round, names its people however it writes them (`person/bob`).
    const relationField = role === true && c.unit.field !== null;
    if (!relationField && !fitsKind(part.kind, c, relation)) score *= WRONG_KIND;
    const unnamed = part.names.filter(
      (name) =>
        !c.paragraphTerms.has(name) &&
        !c.titleTerms.has(name) &&
        !c.headingTerms.has(name) &&
        !context.has(name),
    );
    // A name no sentence has is what the workspace lacks ("the CEO of…"); one written elsewhere
    // may just sit in another paragraph.
    for (const name of unnamed)
      score *= nowhere.has(name) ? NAME_MISSING : 1 - (1 - NAME_MISSING) / part.names.length;
    if (c.subject) score += SUBJECT_BONUS;
    const words = c.text.split(/\s+/).length;
    if (words > LONG_WORDS) score *= Math.max(0.6, LONG_WORDS / words);
    return score;
  };

  const matches = candidates.map((c) => match(c));
  const scores = candidates.map((c, i) => adjust(c, matches[i] ?? 0, new Set()));
  candidates.forEach((asked, i) => {
    if (!isQuestion(asked)) return;
    scores[i] = 0;
    const matched = matches[i] ?? 0;
    if (matched === 0) return;
    let taken = 0;
    for (let j = i + 1; j < candidates.length && taken < REPLY_SENTENCES; j++) {
      const reply = candidates[j];
      if (!reply || reply.passageIndex !== asked.passageIndex) break;
      if (reply.unit.paragraph <= asked.unit.paragraph) continue;
      if (reply.unit.paragraph > asked.unit.paragraph + 1 || isQuestion(reply)) break;
      // The reply answers in the question's words: both count, as one passage.
      const inherited = adjust(reply, match(reply, asked.terms), asked.terms);
      scores[j] = Math.max(scores[j] ?? 0, inherited);
      taken++;
    }
  });
  return scores;
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let both = 0;
  for (const t of a) if (b.has(t)) both++;
  const either = a.size + b.size - both;
  return either === 0 ? 1 : both / either;
}

const toScored = (c: Candidate, score: number): ScoredSentence => ({
  passage: c.passage,
  passageIndex: c.passageIndex,
  sentenceIndex: c.sentenceIndex,
  text: c.text,
  score,
  owner: c.unit.field !== null ? c.unit.entity : null,
});

/** Reading order within the order sources were first picked. */
function inAnswerOrder(picked: ScoredSentence[]): ScoredSentence[] {
  const sources: number[] = [];
  for (const s of picked) if (!sources.includes(s.passage.n)) sources.push(s.passage.n);
  return picked.sort(
    (a, b) =>
      sources.indexOf(a.passage.n) - sources.indexOf(b.passage.n) ||
      a.passageIndex - b.passageIndex ||
      a.sentenceIndex - b.sentenceIndex,
  );
}

/**
 * Picks the sentences that answer one question part: from what the user named when any of it
 * scores well enough, else from everything; the best one, then others at least 70% as good, from
 * a few sources, skipping near-duplicates and sentences already used.
 */
export function pickForPart(
  part: QuestionPart,
  candidates: readonly Candidate[],
  used: ReadonlySet<Candidate>,
  options: PickOptions = {},
): Candidate[] {
  const { minScore = 0.35, maxSentences = 4, maxSources = 3, entities = [] } = options;
  // About a named entity, a sentence from elsewhere counts only if it names the entity.
  const aboutEntity = (c: Candidate) =>
    c.tier === 0 || entities.length === 0 || entities.some((e) => c.terms.has(e));
  const scores = scoreCandidates(part, candidates);
  const ranked = candidates
    .map((c, i) => ({ c, score: scores[i] ?? 0 }))
    .filter((s) => s.score >= minScore && !used.has(s.c) && aboutEntity(s.c))
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.c.passageIndex - b.c.passageIndex ||
        a.c.sentenceIndex - b.c.sentenceIndex,
    );
  const tier = Math.min(2, ...ranked.map((s) => s.c.tier));
  const pool = ranked.filter((s) => s.c.tier === tier);
  const best = pool[0]?.score ?? 0;
  const picked: Candidate[] = [];
  const sources: number[] = [];
  for (const { c, score } of pool) {
    if (picked.length >= maxSentences || score < best * 0.7) break;
    if (!sources.includes(c.passage.n) && sources.length >= maxSources) continue;
    if (picked.some((p) => jaccard(p.terms, c.terms) >= 0.8)) continue;
    picked.push(c);
    if (!sources.includes(c.passage.n)) sources.push(c.passage.n);
  }
  return picked;
}

/** The sentences answering every part, part by part; a part nothing answers gets an empty list. */
export function pickAnswer(
  parts: readonly QuestionPart[],
  candidates: readonly Candidate[],
  options: PickOptions = {},
): ScoredSentence[][] {
  const used = new Set<Candidate>();
  const perPart = parts.length > 1 ? 2 : (options.maxSentences ?? 4);
  return parts.map((part) => {
    const picked = pickForPart(part, candidates, used, { ...options, maxSentences: perPart });
    for (const c of picked) used.add(c);
    return inAnswerOrder(picked.map((c) => toScored(c, 1)));
  });
}

/** Fewest words for a sentence to open a summary (not a label). */
const LEAD_MIN_WORDS = 4;

/**
 * "Summarize X": the opening sentence of X and of each of its main sections (the top heading
 * level below the title), in reading order, from what the user named.
 */
export function leadSentences(
  candidates: readonly Candidate[],
  options: { maxSentences?: number } = {},
): ScoredSentence[] {
  const { maxSentences = 7 } = options;
  const named = candidates.filter((c) => c.tier === 0 && c.unit.field === null);
  const passages = [...new Set(named.map((c) => c.passage))];
  const perPassage = Math.max(2, Math.ceil(maxSentences / Math.max(1, passages.length)));
  const picked: ScoredSentence[] = [];
  for (const passage of passages) {
    const own = named.filter(
      (c) => c.passage === passage && c.text.split(/\s+/).length >= LEAD_MIN_WORDS,
    );
    const levels = own.map((c) => c.unit.level).filter((l) => l >= 2);
    const main = levels.length > 0 ? Math.min(...levels) : 2;
    const openers = new Map<number, Candidate[]>();
    for (const c of own) {
      if (c.unit.level > main) continue;
      const list = openers.get(c.unit.section) ?? [];
      if (list.length < (c.unit.level < 2 ? 2 : 1)) list.push(c);
      openers.set(c.unit.section, list);
    }
    const chosen = [...openers.values()].flat().slice(0, perPassage);
    picked.push(...chosen.map((c) => toScored(c, 1)));
    if (picked.length >= maxSentences) break;
  }
  return picked.slice(0, maxSentences);
}
