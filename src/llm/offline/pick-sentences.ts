import { analyzeQuery, analyzeText } from '../../core/analyze-text.ts';
import { displayText } from '../../core/display-text.ts';
import { parseReferences } from '../../core/references/parse-references.ts';
import type { SourcePassage } from './read-prompt.ts';
import { splitSentences } from './split-sentences.ts';

/** A sentence of a passage, scored against the question. */
export interface ScoredSentence {
  readonly passage: SourcePassage;
  /** Position of the passage among all passages, then of the sentence within it: reading order. */
  readonly passageIndex: number;
  readonly sentenceIndex: number;
  readonly text: string;
  readonly score: number;
}

/** How many sentences and sources an answer quotes, and how good a sentence must be. */
export interface PickOptions {
  /** Score (share of the question's terms matched, plain and rarity-weighted, plus bonuses) a sentence needs. @default 0.35 */
  readonly minScore?: number;
  readonly maxSentences?: number;
  readonly maxSources?: number;
}

/** The sentences picked for an answer, and the passages that came closest when none was good enough. */
export interface PickedSentences {
  /** In answer order: best source first, each source's sentences in reading order. */
  readonly picked: readonly ScoredSentence[];
  /** Passages by their best sentence's score, best first (all of them, for "closest" hints). */
  readonly ranking: readonly SourcePassage[];
}

const TITLE_WEIGHT = 0.3;

/** The question with its `[[wikilinks]]` and `@mentions` blanked out, leaving what it asks about. */
export function withoutReferences(question: string): string {
  let out = '';
  let at = 0;
  for (const ref of parseReferences(question)) {
    out += `${question.slice(at, ref.start)} `;
    at = ref.end;
  }
  return out + question.slice(at);
}

/** What to search for: the question's own topic when it has one, else the whole question. */
export function focusOf(question: string): string {
  const focus = withoutReferences(question);
  return analyzeQuery(focus).some((t) => !QUESTION_WORDS.has(t)) ? focus : displayText(question);
}
/** Words of asking rather than of the topic ("tell me about…", "what does X say…"); they match nothing useful. */
const QUESTION_WORDS = new Set(
  analyzeText(
    'tell explain describe know find show give please summarize summarise say says mention list',
  ),
);
const REFERENCED_BONUS = 0.1;
const LONG_WORDS = 40;

interface Candidate {
  readonly passage: SourcePassage;
  readonly passageIndex: number;
  readonly sentenceIndex: number;
  readonly text: string;
  readonly terms: ReadonlySet<string>;
}

const normalized = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let both = 0;
  for (const t of a) if (b.has(t)) both++;
  const either = a.size + b.size - both;
  return either === 0 ? 1 : both / either;
}

/** Every quotable sentence, once: a sentence repeated across passages is kept at its first place. */
function candidatesOf(passages: readonly SourcePassage[]): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  passages.forEach((passage, passageIndex) => {
    splitSentences(passage.text).forEach((text, sentenceIndex) => {
      const key = normalized(text);
      if (seen.has(key)) return;
      seen.add(key);
      out.push({ passage, passageIndex, sentenceIndex, text, terms: new Set(analyzeText(text)) });
    });
  });
  return out;
}

/**
 * Scores each sentence by the share of the question's terms it contains — the mean of the plain
 * share and the share with each term weighted by how rare it is among the candidate sentences (so "pump" in a pump manual counts little and
 * "pressure" a lot, and a term no candidate has weighs most — the "not in the workspace" signal); terms only in the source's title count a little; the user's referenced
 * sources get a bonus; very long sentences a penalty.
 */
export function scoreSentences(
  question: string,
  passages: readonly SourcePassage[],
): ScoredSentence[] {
  const all = analyzeQuery(displayText(question));
  const topical = all.filter((t) => !QUESTION_WORDS.has(t));
  // "What does [[Design#Risks]] say about silt?" is about silt: the named document is already in
  // the context, so its name only counts when the question has no other topic.
  const focused = analyzeQuery(withoutReferences(question)).filter((t) => !QUESTION_WORDS.has(t));
  const terms = focused.length > 0 ? focused : topical.length > 0 ? topical : all;
  const candidates = candidatesOf(passages);
  if (terms.length === 0) return [];
  const n = candidates.length;
  const weight = new Map<string, number>();
  for (const term of terms) {
    const df = candidates.reduce((count, c) => count + (c.terms.has(term) ? 1 : 0), 0);
    weight.set(term, Math.log((n + 1) / (df + 0.5)));
  }
  const total = terms.reduce((sum, t) => sum + (weight.get(t) ?? 0), 0);
  const titleTerms = new Map<SourcePassage, ReadonlySet<string>>();
  for (const p of passages)
    titleTerms.set(p, new Set(analyzeText(`${p.title} ${p.part ?? ''} ${p.path}`)));

  return candidates.map((c) => {
    // Matched share of the question, once by term count and once weighted by rarity.
    let plain = 0;
    let weighted = 0;
    let inSentence = false;
    for (const term of terms) {
      const w = weight.get(term) ?? 0;
      const share = c.terms.has(term) ? 1 : titleTerms.get(c.passage)?.has(term) ? TITLE_WEIGHT : 0;
      if (share === 1) inSentence = true;
      plain += share;
      weighted += share * w;
    }
    let score = 0;
    if (inSentence) {
      score = (plain / terms.length + (total > 0 ? weighted / total : 0)) / 2;
      if (c.passage.referenced) score += REFERENCED_BONUS;
      const words = c.text.split(/\s+/).length;
      if (words > LONG_WORDS) score *= Math.max(0.6, LONG_WORDS / words);
    }
    return {
      passage: c.passage,
      passageIndex: c.passageIndex,
      sentenceIndex: c.sentenceIndex,
      text: c.text,
      score,
    };
  });
}

/** Best first; ties keep reading order, so the same input always gives the same answer. */
const byScore = (a: ScoredSentence, b: ScoredSentence) =>
  b.score - a.score || a.passageIndex - b.passageIndex || a.sentenceIndex - b.sentenceIndex;

/**
 * Picks the sentences an extractive answer quotes: the best ones above the minimum score (two at
 * least when two qualify, more only while they are at least half as good as the best), from a
 * few sources, skipping near-duplicates.
 */
export function pickSentences(
  question: string,
  passages: readonly SourcePassage[],
  options: PickOptions = {},
): PickedSentences {
  const { minScore = 0.35, maxSentences = 4, maxSources = 3 } = options;
  const scored = scoreSentences(question, passages).sort(byScore);

  const ranking: SourcePassage[] = [];
  for (const s of scored) if (s.score > 0 && !ranking.includes(s.passage)) ranking.push(s.passage);

  const best = scored[0]?.score ?? 0;
  const picked: ScoredSentence[] = [];
  const sources: number[] = [];
  const termsOf = (s: ScoredSentence) => new Set(analyzeText(s.text));
  for (const s of scored) {
    if (picked.length >= maxSentences) break;
    const floor = picked.length < 2 ? minScore : Math.max(minScore, best / 2);
    if (s.score < floor) break;
    if (!sources.includes(s.passage.n) && sources.length >= maxSources) continue;
    if (picked.some((p) => jaccard(termsOf(p), termsOf(s)) >= 0.8)) continue;
    picked.push(s);
    if (!sources.includes(s.passage.n)) sources.push(s.passage.n);
  }
  picked.sort(
    (a, b) =>
      sources.indexOf(a.passage.n) - sources.indexOf(b.passage.n) ||
      a.passageIndex - b.passageIndex ||
      a.sentenceIndex - b.sentenceIndex,
  );
  return { picked, ranking };
}

/** Whether a question asks about something beyond the documents it names. */
export function hasTopic(question: string): boolean {
  return analyzeQuery(withoutReferences(question)).some((t) => !QUESTION_WORDS.has(t));
}

/** Fewest words for a sentence to be worth quoting as a summary (not a heading or a label). */
const LEAD_MIN_WORDS = 4;

/**
 * For a question that only names documents ("What does [[Design#Goals]] say?"): the opening
 * sentences of what the user referenced, in reading order — a summary of the named part rather
 * than whatever else happens to share its title's words.
 */
export function leadSentences(
  passages: readonly SourcePassage[],
  options: { maxSentences?: number } = {},
): PickedSentences {
  const { maxSentences = 4 } = options;
  const referenced = passages.filter((p) => p.referenced && p.from === 'context');
  const perPassage = referenced.length <= 1 ? maxSentences : 2;
  const counts = new Map<SourcePassage, number>();
  const picked: ScoredSentence[] = [];
  for (const c of candidatesOf(referenced)) {
    if (picked.length >= maxSentences) break;
    const text = c.text.trim();
    if (text.startsWith('#') || text.split(/\s+/).length < LEAD_MIN_WORDS) continue;
    const used = counts.get(c.passage) ?? 0;
    if (used >= perPassage) continue;
    counts.set(c.passage, used + 1);
    picked.push({ ...c, score: 1 });
  }
  return { picked, ranking: [...new Set(picked.map((p) => p.passage))] };
}
