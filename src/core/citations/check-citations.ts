import type { ContextSource } from '../context/context-types.ts';
import { makeExcerpt } from '../excerpt.ts';
import { fileName, normalizeName, stemName } from '../references/normalize-name.ts';
import {
  betterVerdict,
  bodySpan,
  type ClaimCheckOptions,
  checkClaims,
  summarizeClaims,
} from './check-claims.ts';
import type { CitationQuote, Claim, ClaimSummary, SupportVerdict } from './claim-types.ts';
import {
  countWords,
  type FoldedText,
  findFoldedQuote,
  foldText,
  quoteFragments,
  searchableText,
  wordsOf,
} from './find-quote.ts';
import {
  type CitationMarker,
  type PageCitation,
  parseCitationMarkers,
} from './parse-citation-markers.ts';

/** The part of a context source citations need: every numbered source the model was shown. */
export type CitableSource = Omit<ContextSource, 'origin' | 'block'>;

/** Limits of one check; every limit is named with its default. */
export interface CheckCitationsOptions extends ClaimCheckOptions {
  /** Longest excerpt per citation, in characters. @default 240 */
  readonly excerptChars?: number;
  /** Quotes with fewer words are not checked (too short to tell anything). @default 3 */
  readonly minQuoteWords?: number;
  /** Longest quote checked, in characters. @default 2000 */
  readonly maxQuoteChars?: number;
  /** Most characters (spaces and punctuation only) between a closing quote and its marker. @default 4 */
  readonly maxQuoteGap?: number;
}

/** Why a marker is flagged. */
export type CitationProblem =
  | 'unknown-source'
  | 'unknown-document'
  | 'unknown-page'
  | 'reversed-range'
  | 'range-too-long'
  | 'too-many-numbers';

/** One source number a marker names, and whether a source has it. */
export interface MarkerTarget {
  readonly n: number;
  readonly valid: boolean;
}

/** A parsed marker with what it points to. */
export interface CheckedMarker extends CitationMarker {
  /** True when the marker points to at least one source: render it as a link, else as plain text. */
  readonly valid: boolean;
  /** Each number written (or, for a page citation, each source on that page), valid or not. */
  readonly targets: readonly MarkerTarget[];
  /** Why (part of) the marker points nowhere; set on partly valid markers too. */
  readonly problem: CitationProblem | null;
}

/** Where a checked quote was found: a source number and its span in that document's body. */
export interface QuoteLocation {
  readonly n: number;
  readonly start: number | null;
  readonly end: number | null;
}

/** One quoted passage of the answer that sits next to a marker, and the outcome of looking it up. */
export interface QuoteCheck {
  /** The quoted text as written, without its quote marks. */
  readonly text: string;
  /** Span of `text` in the answer. */
  readonly start: number;
  readonly end: number;
  /** Indexes in `markers` of the marker it sits next to and any chained right after (`[1][2]`). */
  readonly markers: readonly number[];
  /** The sources it was looked up in (the markers' valid targets not shorter than the quote). */
  readonly searched: readonly number[];
  readonly foundIn: readonly QuoteLocation[];
  /** False flags a quote that none of its cited sources contains. */
  readonly found: boolean;
}

/** One numbered source of an answer, cited or not: where it is, an excerpt, and whether the answer cites it. */
export interface Citation extends Omit<CitableSource, 'text'> {
  readonly excerpt: string;
  /** At least one valid marker points to this source. */
  readonly cited: boolean;
  /**
   * The exact words of the source that support the answer where it cites it (the best-supported
   * claim's passage); a double-quoted passage of the answer found here wins, and one not found is
   * kept with `found: false`. Null when uncited.
   */
  readonly quote: CitationQuote | null;
  /** The best verdict among the claims citing it; null when uncited (or stored before checking). */
  readonly support: SupportVerdict | null;
}

/** The outcome of checking an answer's citations against the sources the model was given. */
export interface CitationCheck {
  readonly markers: readonly CheckedMarker[];
  /** Every source, in source-number order. */
  readonly citations: readonly Citation[];
  readonly quotes: readonly QuoteCheck[];
  /** The answer cites at least one source. */
  readonly grounded: boolean;
  /** Markers that point nowhere: callers render them as plain text. */
  readonly invalid: readonly CheckedMarker[];
  /** The answer's cited sentences and list items, each with a verdict per cited source. */
  readonly claims: readonly Claim[];
  readonly claimSummary: ClaimSummary;
}

const DEFAULT_EXCERPT_CHARS = 240;
const DEFAULT_MIN_QUOTE_WORDS = 3;
const DEFAULT_MAX_QUOTE_CHARS = 2000;
const DEFAULT_MAX_QUOTE_GAP = 4;

type Settings = Required<
  Pick<CheckCitationsOptions, 'excerptChars' | 'minQuoteWords' | 'maxQuoteChars' | 'maxQuoteGap'>
>;

/**
 * Maps an answer's markers to the numbered sources the model saw, flags markers and quotes that
 * point nowhere, and lists every source with whether it was cited, so the UI can show badges,
 * a sources footer and warnings from one result.
 */
export function checkCitations(
  text: string,
  sources: readonly CitableSource[],
  options: CheckCitationsOptions = {},
): CitationCheck {
  const settings: Settings = {
    excerptChars: options.excerptChars ?? DEFAULT_EXCERPT_CHARS,
    minQuoteWords: options.minQuoteWords ?? DEFAULT_MIN_QUOTE_WORDS,
    maxQuoteChars: options.maxQuoteChars ?? DEFAULT_MAX_QUOTE_CHARS,
    maxQuoteGap: options.maxQuoteGap ?? DEFAULT_MAX_QUOTE_GAP,
  };
  const index = indexSources(sources);
  const { byNumber, ordered } = index;
  const markers = parseCitationMarkers(text).map((marker) => checkMarker(marker, index));
  const quotes = checkQuotes(text, markers, byNumber, settings);
  const cited = citedNumbers(markers);
  const claims = checkClaims(text, markers, quotes, byNumber, options);
  return {
    markers,
    citations: ordered.map((source) =>
      toCitation(source, cited.has(source.n), quotes, claims, settings),
    ),
    quotes,
    grounded: markers.some((marker) => marker.valid),
    invalid: markers.filter((marker) => !marker.valid),
    claims,
    claimSummary: summarizeClaims(claims),
  };
}

interface SourceIndex {
  /** The first source wins when two share a number. */
  readonly byNumber: ReadonlyMap<number, CitableSource>;
  /** In source-number order. */
  readonly ordered: readonly CitableSource[];
  /** Document ids by folded title, file name and file stem. */
  readonly documentsByName: ReadonlyMap<string, ReadonlySet<string>>;
}

function indexSources(sources: readonly CitableSource[]): SourceIndex {
  const byNumber = new Map<number, CitableSource>();
  for (const source of sources) if (!byNumber.has(source.n)) byNumber.set(source.n, source);
  const ordered = [...byNumber.values()].sort((a, b) => a.n - b.n);
  const documentsByName = new Map<string, Set<string>>();
  for (const source of ordered) {
    for (const name of [source.title, fileName(source.path), stemName(source.path)]) {
      const key = normalizeName(name);
      const ids = documentsByName.get(key) ?? new Set<string>();
      documentsByName.set(key, ids.add(source.documentId));
    }
  }
  return { byNumber, ordered, documentsByName };
}

function citedNumbers(markers: readonly CheckedMarker[]): Set<number> {
  const cited = new Set<number>();
  for (const marker of markers) {
    for (const target of marker.targets) if (target.valid) cited.add(target.n);
  }
  return cited;
}

// ---------------------------------------------------------------------------------------------
// Markers.

/** The answer's markers, each with the sources it points to, without checking quotes or claims. */
export function locateMarkers(
  text: string,
  sources: readonly CitableSource[],
): readonly CheckedMarker[] {
  const index = indexSources(sources);
  return parseCitationMarkers(text).map((marker) => checkMarker(marker, index));
}

function checkMarker(marker: CitationMarker, index: SourceIndex): CheckedMarker {
  if (marker.page) return checkPageMarker(marker, marker.page, index);
  const targets = (marker.numbers ?? []).map((n) => ({ n, valid: index.byNumber.has(n) }));
  const unknown = targets.length === 0 || targets.some((target) => !target.valid);
  return {
    ...marker,
    valid: targets.some((target) => target.valid),
    targets,
    problem: marker.issue ?? (unknown ? 'unknown-source' : null),
  };
}

function checkPageMarker(
  marker: CitationMarker,
  page: PageCitation,
  index: SourceIndex,
): CheckedMarker {
  const documentIds = documentsTitled(page.title, index);
  const found = documentIds.size === 0 ? [] : sourcesOnPage(page.page, documentIds, index.ordered);
  const problem = documentIds.size === 0 ? 'unknown-document' : 'unknown-page';
  return {
    ...marker,
    valid: found.length > 0,
    targets: found.map((source) => ({ n: source.n, valid: true })),
    problem: found.length > 0 ? null : problem,
  };
}

/** `Document Title` may be the title itself or the word "Document" before it; the title as written wins. */
const DOCUMENT_WORD = /^(?:the\s+)?(?:document|doc|file|pdf)\s+/iu;

/** Ids of the documents whose title, file name or file stem matches, forgiving case and punctuation. */
function documentsTitled(title: string, index: SourceIndex): ReadonlySet<string> {
  const keys = [normalizeName(title), normalizeName(title.replace(DOCUMENT_WORD, ''))];
  for (const key of keys) {
    const ids = key === '' ? undefined : index.documentsByName.get(key);
    if (ids) return ids;
  }
  return new Set();
}

/** Sources of those documents on the page, else a whole PDF given without a page (it holds every page). */
function sourcesOnPage(
  page: number,
  documentIds: ReadonlySet<string>,
  ordered: readonly CitableSource[],
): CitableSource[] {
  const ofDocuments = ordered.filter((source) => documentIds.has(source.documentId));
  const onPage = ofDocuments.filter((source) => source.page === page);
  if (onPage.length > 0) return onPage;
  return ofDocuments.filter((source) => source.page === null && source.kind === 'pdf');
}

// ---------------------------------------------------------------------------------------------
// Quotes.

interface AnswerQuote {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

const codes = {
  lineFeed: 0x0a,
  carriageReturn: 0x0d,
  quotationMark: 0x22,
  leftDoubleQuotationMark: 0x201c,
  rightDoubleQuotationMark: 0x201d,
} as const;

/** What may sit between two markers that cite together: `[1][2]`, `[1], [3]`. */
const CHAIN_CHARACTERS: ReadonlySet<string> = new Set([' ', '\t', '\u00a0', ',', ';']);
/** What may sit between a closing quote and its marker: `"…" [2]`, `"…", [2]`, `"…" — [2]`. */
const GAP_CHARACTERS: ReadonlySet<string> = new Set([
  ' ',
  '\t',
  '\u00a0',
  '.',
  ',',
  ';',
  ':',
  '!',
  '?',
  '(',
  ')',
  '-',
  '–',
  '—',
]);

/** Markers written back to back (`[1][2]`, `[1], [3]`) cite together, and share the quote before the first. */
interface MarkerGroup {
  readonly indexes: number[];
  readonly quote: AnswerQuote | null;
}

function checkQuotes(
  text: string,
  markers: readonly CheckedMarker[],
  byNumber: ReadonlyMap<number, CitableSource>,
  settings: Settings,
): QuoteCheck[] {
  const folded = new Map<number, FoldedText>();
  const checks: QuoteCheck[] = [];
  for (const group of groupMarkers(text, markers, settings)) {
    if (!group.quote || !isCheckable(group.quote.text, settings)) continue;
    const targets = group.indexes.flatMap((index) => markers[index]?.targets ?? []);
    const check = lookUpQuote(group.quote, group.indexes, targets, byNumber, folded);
    if (check) checks.push(check);
  }
  return checks;
}

function groupMarkers(
  text: string,
  markers: readonly CheckedMarker[],
  settings: Settings,
): MarkerGroup[] {
  const groups: MarkerGroup[] = [];
  let previousEnd = -1;
  for (const [index, marker] of markers.entries()) {
    const group = groups.at(-1);
    if (group && isChained(text, previousEnd, marker.start, settings.maxQuoteGap)) {
      group.indexes.push(index);
    } else {
      groups.push({ indexes: [index], quote: quoteBefore(text, marker.start, settings) });
    }
    previousEnd = marker.end;
  }
  return groups;
}

/** Only spaces, commas and semicolons between two markers chain them; a sentence end does not. */
function isChained(text: string, from: number, to: number, maxGap: number): boolean {
  if (to - from > maxGap) return false;
  for (let pos = from; pos < to; pos++) if (!CHAIN_CHARACTERS.has(text.charAt(pos))) return false;
  return true;
}

/** The double-quoted passage that closes at most `maxQuoteGap` spaces or punctuation before `markerStart`. */
function quoteBefore(text: string, markerStart: number, settings: Settings): AnswerQuote | null {
  const stop = Math.max(0, markerStart - settings.maxQuoteGap - 1);
  for (let close = markerStart - 1; close >= stop; close--) {
    const code = text.charCodeAt(close);
    if (code === codes.quotationMark || code === codes.rightDoubleQuotationMark) {
      return quoteEndingAt(text, close, settings.maxQuoteChars);
    }
    if (!GAP_CHARACTERS.has(text.charAt(close))) return null;
  }
  return null;
}

/** The quote closed by the mark at `close`, opened on the same line by `"` or `“`. */
function quoteEndingAt(text: string, close: number, maxChars: number): AnswerQuote | null {
  const stop = Math.max(0, close - maxChars - 1);
  for (let open = close - 1; open >= stop; open--) {
    const code = text.charCodeAt(open);
    if (code === codes.lineFeed || code === codes.carriageReturn) return null;
    if (code === codes.quotationMark || code === codes.leftDoubleQuotationMark) {
      const start = open + 1;
      return start < close ? { text: text.slice(start, close), start, end: close } : null;
    }
  }
  return null;
}

function isCheckable(quote: string, settings: Settings): boolean {
  return quote.length <= settings.maxQuoteChars && countWords(quote) >= settings.minQuoteWords;
}

/** Looks a quote up in each source its markers validly cite; null when no source is long enough to hold it. */
function lookUpQuote(
  quote: AnswerQuote,
  markers: readonly number[],
  targets: readonly MarkerTarget[],
  byNumber: ReadonlyMap<number, CitableSource>,
  folded: Map<number, FoldedText>,
): QuoteCheck | null {
  const quoteLength = quoteFragments(quote.text).join(' ').length;
  const searched: number[] = [];
  const foundIn: QuoteLocation[] = [];
  for (const target of targets) {
    const source = byNumber.get(target.n);
    if (!target.valid || !source || searched.includes(source.n)) continue;
    const sourceText = foldedSource(source, folded);
    if (quoteLength > sourceText.text.length) continue;
    searched.push(source.n);
    const match = findFoldedQuote(sourceText, quote.text);
    if (match) foundIn.push({ n: source.n, ...bodySpan(source, match.start, match.end) });
  }
  if (searched.length === 0) return null;
  return { ...quote, markers, searched, foundIn, found: foundIn.length > 0 };
}

/** A source's searchable text, folded once per check however many quotes cite it. */
function foldedSource(source: CitableSource, folded: Map<number, FoldedText>): FoldedText {
  const known = folded.get(source.n);
  if (known) return known;
  const text = foldText(searchableText(source.text));
  folded.set(source.n, text);
  return text;
}

// ---------------------------------------------------------------------------------------------
// Citations.

function toCitation(
  source: CitableSource,
  cited: boolean,
  quotes: readonly QuoteCheck[],
  claims: readonly Claim[],
  settings: Settings,
): Citation {
  const { quote, support } = cited
    ? bestSupport(source.n, quotes, claims)
    : { quote: null, support: null };
  const terms = quote?.found ? wordsOf(quote.text) : [];
  return {
    n: source.n,
    documentId: source.documentId,
    path: source.path,
    title: source.title,
    kind: source.kind,
    chunkId: source.chunkId,
    page: source.page,
    section: source.section,
    heading: source.heading,
    excerpt: makeExcerpt(source.text, terms, { maxChars: settings.excerptChars }),
    start: source.start,
    end: source.end,
    cited,
    quote,
    support,
  };
}

/**
 * Where a citation's supporting words are, as parts to join: the path, the page holding the quote
 * (else the cited page), the section, the entity field — the same for the terminal and the export.
 */
export function citationPlace(c: Citation): string[] {
  const page = c.quote?.page ?? c.page;
  return [
    c.path,
    page !== null && page !== undefined ? `page ${page}` : null,
    c.section ? `§ ${c.section}` : null,
    c.quote?.field ? `field ${c.quote.field}` : null,
  ].filter((part): part is string => Boolean(part));
}

/**
 * The citations with each cited source's verdict and quote taken anew from the claims — after a
 * verifier revised the claims' verdicts.
 */
export function citationsWithClaims(
  citations: readonly Citation[],
  claims: readonly Claim[],
): Citation[] {
  return citations.map((citation) => {
    if (!citation.cited) return citation;
    const best = bestSupport(citation.n, [], claims);
    return best.support === null
      ? citation
      : { ...citation, support: best.support, quote: best.quote ?? citation.quote };
  });
}

/**
 * A cited source's verdict is the best among the claims citing it, and its quote that claim's
 * passage; with no claim (a marker outside any sentence), a double-quoted passage checked in it.
 */
function bestSupport(
  n: number,
  quotes: readonly QuoteCheck[],
  claims: readonly Claim[],
): { quote: CitationQuote | null; support: SupportVerdict | null } {
  let support: SupportVerdict | null = null;
  let quote: CitationQuote | null = null;
  for (const claim of claims) {
    for (const entry of claim.support) {
      if (entry.n !== n) continue;
      const better = support === null || betterVerdict(support, entry.verdict) !== support;
      if (better || (quote === null && entry.quote !== null)) {
        support = support === null ? entry.verdict : betterVerdict(support, entry.verdict);
        quote = entry.quote ?? quote;
      }
    }
  }
  return { quote: quote ?? quoteFor(n, quotes), support };
}

/** A quote found in the source wins; else a quote attributed to it that no cited source contains. */
function quoteFor(n: number, quotes: readonly QuoteCheck[]): CitationQuote | null {
  for (const check of quotes) {
    const location = check.foundIn.find((found) => found.n === n);
    if (location) {
      return { text: check.text, start: location.start, end: location.end, found: true };
    }
  }
  const missing = quotes.find((check) => !check.found && check.searched.includes(n));
  return missing ? { text: missing.text, start: null, end: null, found: false } : null;
}
