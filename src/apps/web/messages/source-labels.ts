import { plainText } from '../../../core/plain-text.ts';
import type { CitationJson, ClaimSummaryJson, ReferenceJson } from '../api/types.ts';

/** Most titles the collapsed sources toggle names before "+N more". */
const TOGGLE_TITLES = 3;
/** Characters of an excerpt shown in a badge card. */
export const CARD_EXCERPT_CHARS = 300;

/** The numbered sources an answer cites, in number order, each number once. */
export function citedSources(citations: readonly CitationJson[]): CitationJson[] {
  const seen = new Set<number>();
  return [...citations]
    .sort((a, b) => a.n - b.n)
    .filter((c) => c.cited && !seen.has(c.n) && seen.add(c.n));
}

/**
 * Documents the model was shown but the answer does not cite, once each (their first passage):
 * another passage of a cited document, or a second passage of an uncited one, adds nothing.
 */
export function uncitedSources(citations: readonly CitationJson[]): CitationJson[] {
  const documents = new Set(citedSources(citations).map((c) => c.documentId));
  return [...citations]
    .sort((a, b) => a.n - b.n)
    .filter((c) => !c.cited && !documents.has(c.documentId) && documents.add(c.documentId));
}

/** Titles in first-cited order, each document once: several chunks of one note are one name. */
export function uniqueTitles(citations: readonly CitationJson[]): string[] {
  const titles: string[] = [];
  const documents = new Set<string>();
  for (const c of citations) {
    if (documents.has(c.documentId)) continue;
    documents.add(c.documentId);
    titles.push(c.title || c.path);
  }
  return titles;
}

/** The collapsed footer's toggle: "Sources: A, B, C" (+N more), or that none was cited. */
export function sourcesToggleLabel(citations: readonly CitationJson[]): string {
  const titles = uniqueTitles(citedSources(citations));
  if (titles.length === 0) {
    const seen = uniqueTitles(citations).length;
    return seen > 0 ? `Sources: none cited, ${seen} seen` : 'Sources: none';
  }
  const shown = titles.slice(0, TOGGLE_TITLES).join(', ');
  const more = titles.length - TOGGLE_TITLES;
  return more > 0 ? `Sources: ${shown} +${more} more` : `Sources: ${shown}`;
}

/**
 * How the answer's claims fared: "3 of 3 claims supported", with the partial and unsupported
 * counts when there are any; "claims not checked" for answers stored before checking; null when
 * the answer has no cited claims.
 */
export function claimSummaryLabel(summary: ClaimSummaryJson): string | null {
  if (summary === null) return 'claims not checked';
  if (summary.claims === 0) return null;
  const parts = [
    `${summary.supported} of ${summary.claims} ${summary.claims === 1 ? 'claim' : 'claims'} supported`,
  ];
  if (summary.partial > 0) parts.push(`${summary.partial} partly`);
  if (summary.unsupported > 0) parts.push(`${summary.unsupported} unsupported`);
  return parts.join(', ');
}

/**
 * "Grounded in 2 sources · 3 of 3 claims supported" (the claims part when `summary` is given, see
 * {@link claimSummaryLabel}); an answer that cites nothing says whether the search found nothing
 * ("No answer in your documents") or found sources it did not cite. A cut-off answer is never
 * "grounded": "Partial answer · cites 2 sources".
 */
export function groundingLabel(
  grounded: boolean,
  citations: readonly CitationJson[],
  summary?: ClaimSummaryJson,
  partial = false,
): string {
  if (partial) {
    const count = citedSources(citations).length;
    return count > 0
      ? `Partial answer · cites ${count} ${count === 1 ? 'source' : 'sources'}`
      : 'Partial answer';
  }
  if (!grounded) return citations.length === 0 ? 'No answer in your documents' : 'No sources cited';
  const count = citedSources(citations).length;
  const sources = `Grounded in ${count} ${count === 1 ? 'source' : 'sources'}`;
  const claims = summary === undefined ? null : claimSummaryLabel(summary);
  return claims ? `${sources} · ${claims}` : sources;
}

/** How the grounding pill looks: its style and the glyph that carries it without colour. */
export interface GroundingTone {
  readonly tone: 'grounded' | 'doubtful' | 'unchecked' | 'ungrounded' | 'partial';
  readonly icon: string;
}

/**
 * The grounding pill's style, so a tick only ever means "cited and checked": a warning when some
 * claim is partly or not supported, a neutral dash when the claims were never checked (older or
 * unfinished answers), a hollow circle when nothing is cited, a half circle for a cut-off answer.
 */
export function groundingTone(
  grounded: boolean,
  summary: ClaimSummaryJson,
  partial = false,
): GroundingTone {
  if (partial) return { tone: 'partial', icon: '◐' };
  if (!grounded) return { tone: 'ungrounded', icon: '○' };
  if (summary === null) return { tone: 'unchecked', icon: '–' };
  if (summary.partial + summary.unsupported > 0) return { tone: 'doubtful', icon: '⚠' };
  return { tone: 'grounded', icon: '✓' };
}

/** Where in its document a source is: "page 3", "§ risks" or null for the whole document. */
export function partLabel(source: { page: number | null; section: string | null }): string | null {
  if (source.page !== null) return `page ${source.page}`;
  if (source.section) return `§ ${source.section}`;
  return null;
}

/** Path and part: "pdfs/pump-datasheet.pdf · page 3". */
export function locationLabel(source: {
  path: string;
  page: number | null;
  section: string | null;
}): string {
  const part = partLabel(source);
  return part ? `${source.path} · ${part}` : source.path;
}

/** At most `max` characters of an excerpt, whitespace folded, cut at a word with an ellipsis. */
export function shortExcerpt(text: string, max = CARD_EXCERPT_CHARS): string {
  const flat = plainText(text).replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

const STATUS_TEXT: Record<string, string> = {
  resolved: 'resolved',
  ambiguous: 'ambiguous',
  unresolved: 'not found',
  over_limit: 'over the limit',
  archived: 'archived',
  deleted: 'deleted',
};

/** How a reference reads in a list: its target's title (or what was written) and its status. */
export function referenceLabel(reference: ReferenceJson): { title: string; status: string } {
  const part = reference.target
    ? (reference.target.heading ??
      reference.target.section ??
      (reference.target.page !== null ? `page ${reference.target.page}` : null))
    : null;
  const title = reference.target
    ? part
      ? `${reference.target.title} › ${part}`
      : reference.target.title
    : reference.raw;
  const status = STATUS_TEXT[reference.status] ?? reference.status;
  // A document deleted or archived after the message was sent says so: "deleted since".
  const changed =
    reference.statusWhenSent !== undefined &&
    reference.statusWhenSent !== reference.status &&
    (reference.status === 'archived' || reference.status === 'deleted');
  return { title, status: changed ? `${status} since` : status };
}

/** A short, subtle time: "14:05" today, "12 Mar, 14:05" otherwise. */
export function timeLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const time = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (date.toDateString() === now.toDateString()) return time;
  const day = date.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
  });
  return `${day}, ${time}`;
}
