import type { CitationJson, ClaimJson, ClaimSummaryJson, QuoteJson } from '../api/types.ts';

/** How well a source backs a claim: the checker's verdicts. */
export type Verdict = 'supported' | 'partial' | 'unsupported';

/** What one badge stands for: the verdict on its source for its claim, and the words that back it. */
export interface MarkerSupport {
  /** Null when the answer was not checked (older messages, uncited sources). */
  readonly verdict: Verdict | null;
  /** The exact supporting words of the source; null when none are known. */
  readonly quote: QuoteJson | null;
  /** Numbers, dates, quantities and names of the claim that the source lacks. */
  readonly missing: readonly string[];
  /** The claim's text (markers removed), when the marker's claim is known. */
  readonly claim: string | null;
}

/**
 * The claim a marker belongs to: the one whose span in the answer holds the marker's offset
 * (claims include the markers that close them); null when the offset or the claims are unknown.
 */
export function claimAt(claims: readonly ClaimJson[], at: number | null): ClaimJson | null {
  if (at === null) return null;
  return claims.find((claim) => claim.start <= at && at < claim.end) ?? null;
}

/**
 * The support behind one badge: the verdict and quote of its claim for source `n`, so two
 * markers of the same source show the words each claim rests on; without a claim entry, what the
 * citation itself carries.
 */
export function supportOfMarker(
  citation: CitationJson,
  claims: readonly ClaimJson[],
  at: number | null,
): MarkerSupport {
  const claim = claimAt(claims, at);
  const entry = claim?.support.find((s) => s.n === citation.n);
  if (claim && entry)
    return {
      verdict: entry.verdict,
      quote: entry.quote ?? citation.quote,
      missing: entry.missing,
      claim: claim.text,
    };
  return {
    verdict: citation.support,
    quote: citation.quote,
    missing: [],
    claim: claim?.text ?? null,
  };
}

/**
 * The source's words to show and highlight for a verdict: the quote, unless the checker found the
 * source does not back the claim or the quote is the answer's own words missing from the source.
 */
export function supportingPassage(
  verdict: Verdict | null,
  quote: QuoteJson | null,
): QuoteJson | null {
  if (!quote || verdict === 'unsupported' || !quote.found || !quote.text) return null;
  return quote;
}

/** Joins words as a person lists them: "a", "a and b", "a, b and c". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * The verdict in words, for hover cards and accessible names: "supported", "partly supported:
 * 2.5 not in the source", "not found in the source"; null when not checked.
 */
export function verdictText(support: Pick<MarkerSupport, 'verdict' | 'missing'>): string {
  switch (support.verdict) {
    case 'supported':
      return 'supported';
    case 'partial':
      return support.missing.length > 0
        ? `partly supported: ${listWords(support.missing)} not in the source`
        : 'partly supported';
    case 'unsupported':
      return 'not found in the source';
    default:
      // Every cited marker of a checked answer has a verdict: none means the answer predates checking.
      return 'not checked (answered before citations were checked)';
  }
}

/**
 * A badge's accessible name: the source and, when it does not simply back the claim, the verdict
 * ("Source 2: Budget (not found in the source)"), so the warning style is not the only signal.
 */
export function badgeLabel(citation: CitationJson, verdict: Verdict | null): string {
  const title = citation.title || citation.path;
  if (verdict === 'unsupported') return `Source ${citation.n}: ${title} (not found in the source)`;
  if (verdict === 'partial') return `Source ${citation.n}: ${title} (partly supported)`;
  return `Source ${citation.n}: ${title}`;
}

/**
 * How one source fared across the claims that cite it, as counts by verdict (the footer's line for
 * that source); null when no checked claim cites it.
 */
export function supportOfSource(
  claims: readonly ClaimJson[],
  n: number,
): NonNullable<ClaimSummaryJson> | null {
  const verdicts = claims.flatMap((claim) =>
    claim.support.filter((s) => s.n === n).map((s) => s.verdict),
  );
  if (verdicts.length === 0) return null;
  const count = (verdict: Verdict) => verdicts.filter((v) => v === verdict).length;
  return {
    claims: verdicts.length,
    supported: count('supported'),
    partial: count('partial'),
    unsupported: count('unsupported'),
  };
}

/** The weakest verdict among counts, for styling a line that sums several up. */
export function weakestVerdict(counts: NonNullable<ClaimSummaryJson>): Verdict {
  if (counts.unsupported > 0) return 'unsupported';
  if (counts.partial > 0) return 'partial';
  return 'supported';
}
