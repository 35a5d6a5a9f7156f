import { analyzeText, stemToken } from '../analyze-text.ts';
import { displayText } from '../display-text.ts';
import type { SupportVerdict } from './claim-types.ts';
import { type PassageUnit, passageUnits } from './passage-units.ts';

/** Where a source sits, for terms a claim may take from its name rather than its text. */
export interface SupportContext {
  readonly title: string;
  readonly path: string;
  readonly heading?: string | null;
  readonly section?: string | null;
}

/** The best passage of a source for one claim, as offsets into the source's text, and the verdict. */
export interface SupportJudgment {
  readonly verdict: SupportVerdict;
  readonly score: number;
  /** Span of the best passage in the source text; null when nothing in the source relates to the claim. */
  readonly start: number | null;
  readonly end: number | null;
  /** The entity field the passage is the value of (entity-context sources). */
  readonly field: PassageUnit['field'];
  readonly missing: readonly string[];
}

/** Thresholds of the lexical judge; every one is named with its default. */
export interface JudgeOptions {
  /** Weighted share of the claim's terms a passage needs for `supported`. @default 0.7 */
  readonly supportedAt?: number;
  /** Weighted share for `partial`. @default 0.4 */
  readonly partialAt?: number;
  /** Most adjacent units one passage may join. @default 3 */
  readonly maxUnits?: number;
}

/** A claim reduced to what can be checked: its terms, numbers and names. */
export interface ClaimTerms {
  readonly terms: ReadonlySet<string>;
  /** Numbers as normalized (`5,000` → `5000`) with the text written. */
  readonly numbers: ReadonlyMap<string, string>;
  /** Index terms of capitalised words inside the claim (names), with the text written. */
  readonly names: ReadonlyMap<string, string>;
  /** The index term of the claim's first word: its grammatical subject, usually. */
  readonly subject: string | null;
}

const NUMBER = /(?<![\p{L}\p{N}])\d+(?:[.,:]\d+)*/gu;
const CAPITALISED = /(?<![\p{L}\p{N}'’])\p{Lu}[\p{L}\p{N}'’-]*/gu;
// Indents are `[ \t]*`, and link text and destination stop at the next bracket: with `\s*` or
// `[^\]]*` these patterns backtrack quadratically on long runs of newlines or `[`.
const MARKDOWN_NOISE = /[*_`~]+|^[ \t]*(?:[-*+]|\d{1,3}[.)])\s+|^[ \t]*#{1,6}\s+|^[ \t]*>[ \t]*/gmu;
const MARKDOWN_LINK = /!?\[([^[\]\n]*)\]\([^()\n]*\)/g;
/** Words that are capitalised for grammar, not because they name something. */
const NOT_NAMES: ReadonlySet<string> = new Set(
  'i it its the a an this that these those he she they we you his her their our your there here what when where who why how which'.split(
    ' ',
  ),
);
const NUMBER_WEIGHT = 2;
const NAME_WEIGHT = 1.5;
const TERM_WEIGHT = 1;
/** A term found only in the source's title, path or heading counts this much. */
const CONTEXT_SHARE = 0.6;
/** Rank (not score) an entity field gains when its entity is the claim's subject. */
const SUBJECT_BONUS = 0.01;

/** Index terms of the name of the entity a field unit belongs to. */
const ownerTerms = (unit: PassageUnit): ReadonlySet<string> =>
  new Set(unit.field ? analyzeText(unit.field.label) : []);

/** Each extra unit joined into a passage costs this much score, so the shortest passage wins ties. */
const JOIN_COST = 0.02;

const normalizeNumber = (raw: string) =>
  /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(raw) ? raw.replace(/,/g, '') : raw;

/** The words a reader sees: Markdown links and wikilinks by their text, emphasis marks dropped. */
export function plainClaimText(text: string): string {
  return displayText(text.replace(MARKDOWN_LINK, '$1'))
    .replace(MARKDOWN_NOISE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Numbers written as words, so "fifteen cubic metres" is checked against "15 m³". */
const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(
  (
    'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen ' +
    'fifteen sixteen seventeen eighteen nineteen twenty'
  )
    .split(' ')
    .map((word, i) => [word, String(i)] as const)
    .concat(
      ['thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'].map(
        (word, i) => [word, String((i + 3) * 10)] as const,
      ),
      [['hundred', '100'] as const, ['thousand', '1000'] as const],
    ),
);
const NUMBER_WORD = /\p{L}+/gu;
/** Index terms of those words (other than "one"), kept out of a claim's plain terms. */
const NUMBER_STEMS: ReadonlySet<string> = new Set(
  [...NUMBER_WORDS.keys()].filter((word) => word !== 'one').map(stemToken),
);

function numbersOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of text.matchAll(NUMBER_WORD)) {
    const digits = NUMBER_WORDS.get(match[0].toLowerCase());
    // "one" is too often a pronoun ("the one that…") to count as a number.
    if (digits !== undefined && digits !== '1') out.set(digits, match[0]);
  }
  for (const match of text.normalize('NFKC').matchAll(NUMBER)) {
    const written = match[0].replace(/[.,:]+$/, '');
    out.set(normalizeNumber(written), written);
  }
  return out;
}

/** Capitalised words that are not the first word of a sentence: the claim's names. */
function namesOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of text.matchAll(CAPITALISED)) {
    let at = match.index - 1;
    while (at >= 0 && /\s/.test(text.charAt(at))) at--;
    if (at < 0 || /[.!?:;]/.test(text.charAt(at))) continue;
    const word = match[0].replace(/['’]s$/, '');
    if (NOT_NAMES.has(word.toLowerCase())) continue;
    for (const term of analyzeText(word)) if (!/^\d/.test(term)) out.set(term, word);
  }
  return out;
}

/** Longest stretch of one source read for the names it uses. */
const MAX_NAME_SCAN_CHARS = 50_000;

/**
 * Capitalised words a text uses inside its sentences (right after a word, a number or a comma),
 * as index terms: the names the sources know, so a name that opens a claim is recognised too.
 */
export function namesUsedIn(text: string): Set<string> {
  const out = new Set<string>();
  const scanned = text.length > MAX_NAME_SCAN_CHARS ? text.slice(0, MAX_NAME_SCAN_CHARS) : text;
  for (const match of scanned.matchAll(CAPITALISED)) {
    let at = match.index - 1;
    while (at >= 0 && (scanned.charAt(at) === ' ' || scanned.charAt(at) === '\t')) at--;
    if (at < 0 || !/[\p{L}\p{N},)]/u.test(scanned.charAt(at))) continue;
    const word = match[0].replace(/['’]s$/, '');
    if (NOT_NAMES.has(word.toLowerCase())) continue;
    for (const term of analyzeText(word)) if (!/^\d/.test(term)) out.add(term);
  }
  return out;
}

/**
 * What of a claim must be found in a passage. The first word of a sentence is capitalised anyway;
 * it counts as a name when the sources use it as one (`knownNames`, from `namesUsedIn`).
 */
export function claimTermsOf(claim: string, knownNames?: ReadonlySet<string>): ClaimTerms {
  const plain = plainClaimText(claim);
  const numbers = numbersOf(plain);
  const names = namesOf(plain);
  const first = /^\p{Lu}[\p{L}\p{N}'’-]*/u.exec(plain)?.[0]?.replace(/['’]s$/, '');
  const firstTerm =
    first && !NOT_NAMES.has(first.toLowerCase()) ? analyzeText(first)[0] : undefined;
  if (first && firstTerm && knownNames?.has(firstTerm)) names.set(firstTerm, first);
  const terms = new Set(analyzeText(plain).filter((t) => !/^\d/.test(t) && !NUMBER_STEMS.has(t)));
  const subject = analyzeText(/^\S+/u.exec(plain)?.[0] ?? '')[0] ?? null;
  return { terms, numbers, names, subject };
}

interface UnitTerms {
  readonly terms: ReadonlySet<string>;
  readonly numbers: ReadonlySet<string>;
}

function unitTerms(text: string): UnitTerms {
  return {
    terms: new Set(analyzeText(displayText(text)).filter((t) => !NUMBER_STEMS.has(t))),
    numbers: new Set(numbersOf(text).keys()),
  };
}

function union(parts: readonly UnitTerms[]): UnitTerms {
  if (parts.length === 1 && parts[0]) return parts[0];
  const terms = new Set<string>();
  const numbers = new Set<string>();
  for (const part of parts) {
    for (const t of part.terms) terms.add(t);
    for (const n of part.numbers) numbers.add(n);
  }
  return { terms, numbers };
}

interface Scored {
  readonly score: number;
  readonly missingNumbers: readonly string[];
  readonly missingNames: readonly string[];
}

function scorePassage(claim: ClaimTerms, passage: UnitTerms, context: UnitTerms): Scored {
  let total = 0;
  let got = 0;
  const missingNumbers: string[] = [];
  const missingNames: string[] = [];
  for (const [number, written] of claim.numbers) {
    total += NUMBER_WEIGHT;
    if (passage.numbers.has(number)) got += NUMBER_WEIGHT;
    else if (context.numbers.has(number)) got += NUMBER_WEIGHT * CONTEXT_SHARE;
    else missingNumbers.push(written);
  }
  for (const term of claim.terms) {
    const weight = claim.names.has(term) ? NAME_WEIGHT : TERM_WEIGHT;
    total += weight;
    if (passage.terms.has(term)) got += weight;
    else if (context.terms.has(term)) got += weight * CONTEXT_SHARE;
    else if (claim.names.has(term)) missingNames.push(claim.names.get(term) ?? term);
  }
  return { score: total === 0 ? 0 : got / total, missingNumbers, missingNames };
}

function verdictOf(scored: Scored, options: Required<JudgeOptions>): SupportVerdict {
  if (scored.missingNumbers.length > 0) return 'unsupported';
  if (scored.score >= options.supportedAt && scored.missingNames.length === 0) return 'supported';
  if (scored.score >= options.partialAt) return 'partial';
  return 'unsupported';
}

/** A source cut into units with their terms, made once and reused for every claim citing it. */
export interface PreparedSource {
  readonly text: string;
  readonly units: readonly PassageUnit[];
  readonly terms: readonly UnitTerms[];
  /** Terms of the source's title, path and heading. */
  readonly base: UnitTerms;
  /** Units by each term and number they hold, to visit only units that share something with a claim. */
  readonly unitsWith: ReadonlyMap<string, readonly number[]>;
}

/** Cuts a source into units once, so judging many claims against it costs little. */
export function prepareSource(sourceText: string, where: SupportContext): PreparedSource {
  const units = passageUnits(sourceText);
  const terms = units.map((unit) => unitTerms(sourceText.slice(unit.start, unit.end)));
  const unitsWith = new Map<string, number[]>();
  terms.forEach((unit, i) => {
    for (const key of [...unit.terms, ...[...unit.numbers].map((n) => `#${n}`)]) {
      const list = unitsWith.get(key);
      if (list) list.push(i);
      else unitsWith.set(key, [i]);
    }
  });
  const base = unitTerms(
    [
      where.title,
      where.heading ?? '',
      where.section ?? '',
      where.path.replace(/[/_.-]+/g, ' '),
    ].join(' '),
  );
  return { text: sourceText, units, terms, base, unitsWith };
}

/** Units sharing a term or number with the claim: the only places a best passage can start. */
function startingUnits(claim: ClaimTerms, source: PreparedSource): number[] {
  const starts = new Set<number>();
  for (const term of claim.terms) for (const i of source.unitsWith.get(term) ?? []) starts.add(i);
  for (const n of claim.numbers.keys())
    for (const i of source.unitsWith.get(`#${n}`) ?? []) starts.add(i);
  return [...starts].sort((a, b) => a - b);
}

/**
 * Finds the passage of a source (a unit, or up to a few adjacent ones) that best carries a claim's
 * terms and judges it: `supported` when most of the claim's terms are there and every number and
 * name is, `partial` when a good share is, `unsupported` when a number is wrong or little matches.
 * Lexical and deterministic, so any model's answer can be checked offline.
 */
export function judgeSupport(
  claim: ClaimTerms,
  source: PreparedSource,
  options: JudgeOptions = {},
): SupportJudgment {
  const settings: Required<JudgeOptions> = {
    supportedAt: options.supportedAt ?? 0.7,
    partialAt: options.partialAt ?? 0.4,
    maxUnits: options.maxUnits ?? 3,
  };
  const { units, terms: perUnit, base } = source;
  let best: { scored: Scored; first: number; last: number; rank: number } | null = null;
  for (const first of startingUnits(claim, source)) {
    const unit = units[first];
    if (!unit) continue;
    const context = unit.field
      ? union([base, unitTerms(`${unit.field.label} ${unit.field.name}`)])
      : base;
    const maxLast = unit.field ? first : Math.min(units.length - 1, first + settings.maxUnits - 1);
    for (let last = first; last <= maxLast; last++) {
      // A passage stays inside one paragraph, list or table: never across a PDF page break.
      if (last > first && (units[last]?.field || units[last]?.block !== unit.block)) break;
      const scored = scorePassage(claim, union(perUnit.slice(first, last + 1)), context);
      // Between equally good entity fields, the one whose entity is the claim's subject wins:
      // "Alice mentors Bob" rests on Alice's `mentors: Bob`, not on Bob's `mentors: Alice`.
      const owner = unit.field && claim.subject !== null && ownerTerms(unit).has(claim.subject);
      const rank = scored.score - JOIN_COST * (last - first) + (owner ? SUBJECT_BONUS : 0);
      if (!best || rank > best.rank + 1e-9) best = { scored, first, last, rank };
    }
  }
  if (!best || best.scored.score === 0) {
    const missing = [...claim.numbers.values(), ...claim.names.values()];
    return { verdict: 'unsupported', score: 0, start: null, end: null, field: null, missing };
  }
  const firstUnit = units[best.first];
  const lastUnit = units[best.last];
  return {
    verdict: verdictOf(best.scored, settings),
    score: Math.round(best.scored.score * 1000) / 1000,
    start: firstUnit?.start ?? null,
    end: lastUnit?.end ?? null,
    field: firstUnit?.field ?? null,
    missing: [...best.scored.missingNumbers, ...best.scored.missingNames],
  };
}
