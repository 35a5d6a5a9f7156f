import type { Page } from '../document.ts';
import type { CheckedMarker, CitableSource, QuoteCheck } from './check-citations.ts';
import type {
  CitationQuote,
  Claim,
  ClaimSummary,
  SourceSupport,
  SupportVerdict,
} from './claim-types.ts';
import { searchableText } from './find-quote.ts';
import {
  claimTermsOf,
  type JudgeOptions,
  judgeSupport,
  namesUsedIn,
  type PreparedSource,
  prepareSource,
} from './judge-support.ts';
import { splitClaims } from './split-claims.ts';

/** What claim checking needs beyond the answer and its sources. */
export interface ClaimCheckOptions extends JudgeOptions {
  /** A PDF's pages, so a quote can say which page holds it and where. */
  readonly pagesOf?: (documentId: string) => readonly Page[] | undefined;
}

const RANK: Readonly<Record<SupportVerdict, number>> = { supported: 2, partial: 1, unsupported: 0 };

/** The better of two verdicts. */
export const betterVerdict = (a: SupportVerdict, b: SupportVerdict): SupportVerdict =>
  RANK[b] > RANK[a] ? b : a;

/**
 * Offsets in `source.text` as offsets in the document body — only when the text is a body slice
 * (its span is as long as the text without a cut mark); rendered text such as an outline or entity
 * fields has no body span.
 */
export function bodySpan(
  source: CitableSource,
  start: number,
  end: number,
): { start: number | null; end: number | null } {
  const text = searchableText(source.text);
  const isBodySlice = source.end - source.start === text.length;
  return isBodySlice && end <= text.length
    ? { start: source.start + start, end: source.start + end }
    : { start: null, end: null };
}

/** The page of a PDF that holds a body span, and the span within that page's text. */
function pageOf(
  source: CitableSource,
  start: number | null,
  end: number | null,
  options: ClaimCheckOptions,
): Pick<CitationQuote, 'page' | 'pageStart' | 'pageEnd'> {
  if (source.kind !== 'pdf') return {};
  const pages = options.pagesOf?.(source.documentId);
  if (start !== null && end !== null && pages) {
    const page = pages.find((p) => p.start <= start && start < p.end);
    if (page) {
      return {
        page: page.number,
        pageStart: start - page.start,
        pageEnd: Math.min(end, page.end) - page.start,
      };
    }
  }
  return { page: source.page, pageStart: null, pageEnd: null };
}

/** An entity field value as a reader writes it: `@Bob [id:person/bob]` → `Bob`. */
const fieldValueText = (value: string) =>
  value
    .replace(/\s*\[id:[^\]]*\]/g, '')
    .replace(/(^|,\s*)@/g, '$1')
    .trim();

/** A quote located in a source: exact text, body span, page or entity field. */
export function quoteIn(
  source: CitableSource,
  start: number,
  end: number,
  options: ClaimCheckOptions,
  field: { readonly name: string; readonly entity: string } | null = null,
): CitationQuote {
  const raw = source.text.slice(start, end);
  if (field) {
    return {
      text: fieldValueText(raw),
      start: null,
      end: null,
      found: true,
      field: field.name,
      entity: field.entity,
    };
  }
  const span = bodySpan(source, start, end);
  return { text: raw, ...span, found: true, ...pageOf(source, span.start, span.end, options) };
}

/** A double-quoted passage of the answer, looked up in source `n`, as that source's quote. */
function checkedQuote(check: QuoteCheck, source: CitableSource, options: ClaimCheckOptions) {
  const location = check.foundIn.find((found) => found.n === source.n);
  if (!location) return { text: check.text, start: null, end: null, found: false };
  return {
    text: check.text,
    start: location.start,
    end: location.end,
    found: true,
    ...pageOf(source, location.start, location.end, options),
  };
}

function supportFrom(
  claimText: string,
  source: CitableSource,
  quote: QuoteCheck | undefined,
  prepared: (source: CitableSource) => PreparedSource,
  knownNames: () => ReadonlySet<string>,
  options: ClaimCheckOptions,
): SourceSupport {
  if (quote) {
    const found = quote.foundIn.some((location) => location.n === source.n);
    return {
      n: source.n,
      verdict: found ? 'supported' : 'unsupported',
      score: found ? 1 : 0,
      quote: checkedQuote(quote, source, options),
      missing: found ? [] : [quote.text],
    };
  }
  const judgment = judgeSupport(claimTermsOf(claimText, knownNames()), prepared(source), options);
  return {
    n: source.n,
    verdict: judgment.verdict,
    score: judgment.score,
    quote:
      judgment.start === null || judgment.end === null
        ? null
        : quoteIn(source, judgment.start, judgment.end, options, judgment.field),
    missing: judgment.missing,
  };
}

/** A list bullet, number or heading mark that opens a claim's line. */
const LEADING_MARK = /^\s*(?:[-*+]|\d{1,3}[.)]|#{1,6})\s+/;

/** The claim's text without its markers, whitespace collapsed. */
function claimTextOf(text: string, start: number, end: number, markers: readonly CheckedMarker[]) {
  let out = '';
  let at = start;
  for (const marker of markers) {
    out += `${text.slice(at, marker.start)} `;
    at = marker.end;
  }
  // Collapse first: `\s+([.,;:!?])` would backtrack quadratically on the spaces of `[1][1]…`.
  return (out + text.slice(at, end))
    .replace(LEADING_MARK, '')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?])/g, '$1')
    .trim();
}

/**
 * Splits the answer into claims and judges every source each claim cites: a double-quoted passage
 * next to the marker is checked as written; otherwise the passage of the source that best carries
 * the claim is found and judged (see `judgeSupport`).
 */
export function checkClaims(
  text: string,
  markers: readonly CheckedMarker[],
  quotes: readonly QuoteCheck[],
  byNumber: ReadonlyMap<number, CitableSource>,
  options: ClaimCheckOptions = {},
): Claim[] {
  const cache = new Map<number, PreparedSource>();
  const prepared = (source: CitableSource) => {
    const known = cache.get(source.n);
    if (known) return known;
    const made = prepareSource(searchableText(source.text), {
      title: source.title,
      path: source.path,
      heading: source.heading,
      section: source.section,
    });
    cache.set(source.n, made);
    return made;
  };
  let names: Set<string> | null = null;
  /** The names every source the model saw uses, read once and only when a claim needs them. */
  const knownNames = () => {
    if (!names) {
      names = new Set<string>();
      for (const source of byNumber.values()) {
        for (const name of namesUsedIn(source.text)) names.add(name);
      }
    }
    return names;
  };
  return splitClaims(text, markers).map((span) => {
    const own = span.markers.flatMap((index) => (markers[index] ? [markers[index]] : []));
    const claimText = claimTextOf(text, span.start, span.end, own);
    const numbers: number[] = [];
    for (const marker of own) {
      for (const target of marker.targets) {
        if (target.valid && !numbers.includes(target.n)) numbers.push(target.n);
      }
    }
    const support: SourceSupport[] = [];
    for (const n of numbers) {
      const source = byNumber.get(n);
      if (!source) continue;
      const quote = quotes.find(
        (q) => q.start >= span.start && q.end <= span.end && q.searched.includes(n),
      );
      support.push(supportFrom(claimText, source, quote, prepared, knownNames, options));
    }
    const verdict = verdictOfClaim(support);
    return {
      start: span.start,
      end: span.end,
      text: claimText,
      markers: numbers,
      support,
      verdict,
    };
  });
}

/** A claim's verdict: the best among the sources it cites (`unsupported` when it cites none). */
export function verdictOfClaim(support: readonly SourceSupport[]): SupportVerdict {
  return support.reduce<SupportVerdict>((best, s) => betterVerdict(best, s.verdict), 'unsupported');
}

/** Claim counts by verdict, for the message and its footer. */
export function summarizeClaims(claims: readonly Claim[]): ClaimSummary {
  const count = (verdict: SupportVerdict) => claims.filter((c) => c.verdict === verdict).length;
  return {
    claims: claims.length,
    supported: count('supported'),
    partial: count('partial'),
    unsupported: count('unsupported'),
  };
}
