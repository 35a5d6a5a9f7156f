import type { Parent, PhrasingContent, Root, Text } from 'mdast';
import { SKIP, visit } from 'unist-util-visit';
import {
  type CitationMarker,
  type PageCitation,
  parseCitationMarkers,
} from '../../../core/citations/parse-citation-markers.ts';
import { fileName, normalizeName, stemName } from '../../../core/references/normalize-name.ts';

/** What the plugin needs to know of one numbered source. */
export interface CitableSource {
  readonly n: number;
  readonly documentId: string;
  readonly path: string;
  readonly title: string;
  readonly kind: string;
  readonly page: number | null;
}

/** A marker the server flagged as pointing nowhere, by its span in the answer. */
export interface FlaggedMarker {
  readonly raw: string;
  readonly start: number;
  readonly end: number;
}

/** Options of {@link remarkCitations}. */
export interface RemarkCitationsOptions {
  readonly citations: readonly CitableSource[];
  readonly invalidMarkers?: readonly FlaggedMarker[];
  /**
   * While an answer streams its sources are not known yet: numbered markers become pending badges
   * (shown, not clickable) instead of plain text.
   */
  readonly pending?: boolean;
}

/** The element name a badge is rendered as; MessageList maps it to a component. */
export const BADGE_ELEMENT = 'cite-badge';

/** The mdast node one cited source number becomes. */
export interface CitationBadgeNode {
  type: 'citationBadge';
  n: number;
  pending: boolean;
  data: { hName: string; hProperties: Record<string, string> };
  children: [Text];
}

/** Text nodes under these are never split: code has no text children, links keep their text. */
const KEEP_AS_IS = new Set(['link', 'linkReference', 'definition', 'footnoteDefinition']);

/**
 * A remark plugin that turns citation markers in an answer (`[1]`, `[1, 2]`, `[1-3]`,
 * `[Page 3 of Title]`) into badge nodes, one per cited source, so react-markdown can render them
 * as buttons. Numbers without a source stay plain text; code and links are left alone.
 */
export function remarkCitations(options: RemarkCitationsOptions) {
  return (tree: Root, file?: { value?: unknown }) => {
    const source = typeof file?.value === 'string' ? file.value : null;
    transformCitations(tree, options, source);
  };
}

/** The transform itself, on a parsed tree; `source` is the Markdown the tree came from, if known. */
export function transformCitations(
  tree: Root,
  options: RemarkCitationsOptions,
  source: string | null = null,
): void {
  const byNumber = new Map<number, CitableSource>();
  for (const citation of options.citations)
    if (!byNumber.has(citation.n)) byNumber.set(citation.n, citation);
  const flagged = new Set((options.invalidMarkers ?? []).map((m) => `${m.start}:${m.raw}`));
  const pending = Boolean(options.pending) && byNumber.size === 0;

  visit(tree, (node, index, parent) => {
    if (KEEP_AS_IS.has(node.type)) return SKIP;
    if (node.type !== 'text' || !parent || index === undefined) return;
    const text = node as Text;
    const markers = markersOf(text, source);
    if (markers.length === 0) return;
    const replacement: PhrasingContent[] = [];
    let last = 0;
    let claimFrom = 0;
    for (const { marker, at } of markers) {
      const isFlagged = at !== null && flagged.has(`${at}:${marker.raw}`);
      const head = text.value.slice(claimFrom, marker.start);
      const claim = claimFrom === 0 ? textBefore(parent as Parent, index) + head : head;
      const parts = isFlagged
        ? []
        : markerParts(marker, byNumber, options.citations, pending, claimOf(claim), at);
      claimFrom = marker.end;
      if (parts.length === 0) continue;
      if (marker.start > last)
        replacement.push({ type: 'text', value: text.value.slice(last, marker.start) });
      replacement.push(...parts);
      last = marker.end;
    }
    if (replacement.length === 0) return;
    if (last < text.value.length) replacement.push({ type: 'text', value: text.value.slice(last) });
    (parent as Parent).children.splice(index, 1, ...replacement);
    return [SKIP, index + replacement.length];
  });
}

/**
 * The markers of one text node, each with its offset in the source when known. A node whose text
 * differs from its source (escapes, entities) keeps only the markers the source has too, so an
 * escaped `\[1\]` stays text.
 */
function markersOf(
  text: Text,
  source: string | null,
): { marker: CitationMarker; at: number | null }[] {
  const markers = parseCitationMarkers(text.value);
  const start = text.position?.start.offset;
  const end = text.position?.end.offset;
  if (markers.length === 0 || source === null || start === undefined || end === undefined)
    return markers.map((marker) => ({ marker, at: null }));
  const written = source.slice(start, end);
  if (written === text.value)
    return markers.map((marker) => ({ marker, at: start + marker.start }));
  const inSource = new Map(parseCitationMarkers(written).map((m) => [m.start, m.raw]));
  const offsets = alignOffsets(text.value, written);
  const kept: { marker: CitationMarker; at: number | null }[] = [];
  for (const marker of markers) {
    const from = offsets[marker.start] ?? -1;
    if (inSource.get(from) === marker.raw) kept.push({ marker, at: start + from });
  }
  return kept;
}

/**
 * For each character of a node's text, where it sits in the source it was parsed from (or -1):
 * escapes, entities and block prefixes are skipped by finding each character at or after the last.
 */
export function alignOffsets(value: string, written: string): number[] {
  const offsets: number[] = [];
  let pos = 0;
  for (const char of value) {
    const found = written.indexOf(char, pos);
    for (let i = 0; i < char.length; i++) offsets.push(found < 0 ? -1 : found + i);
    if (found >= 0) pos = found + char.length;
  }
  return offsets;
}

/** Badges for the marker's valid numbers, plain text for the rest; [] keeps the marker as text. */
function markerParts(
  marker: CitationMarker,
  byNumber: ReadonlyMap<number, CitableSource>,
  citations: readonly CitableSource[],
  pending: boolean,
  claim: string,
  at: number | null,
): PhrasingContent[] {
  if (marker.page) {
    if (pending) return [];
    return sourcesOnPage(marker.page, citations).map((c) => badge(c.n, false, claim, at));
  }
  const numbers = marker.numbers ?? [];
  if (pending) return marker.issue ? [] : numbers.map((n) => badge(n, true, claim, at));
  const valid = numbers.filter((n) => byNumber.has(n));
  if (valid.length === 0) return [];
  const parts: PhrasingContent[] = valid.map((n) => badge(n, false, claim, at));
  const invalid = numbers.filter((n) => !byNumber.has(n));
  if (invalid.length > 0) parts.push({ type: 'text', value: `[${invalid.join(', ')}]` });
  return parts;
}

/**
 * A badge node: its number, the answer's words before it and, when known, the marker's offset in
 * the answer (`dataAt`), which finds the claim the marker closes.
 */
function badge(n: number, pending: boolean, claim: string, at: number | null): PhrasingContent {
  const properties: Record<string, string> = { dataN: String(n) };
  if (pending) properties.dataPending = 'true';
  if (claim) properties.dataClaim = claim;
  if (at !== null) properties.dataAt = String(at);
  const node: CitationBadgeNode = {
    type: 'citationBadge',
    n,
    pending,
    data: { hName: BADGE_ELEMENT, hProperties: properties },
    children: [{ type: 'text', value: String(n) }],
  };
  return node as unknown as PhrasingContent;
}

/** Longest claim kept on a badge, in characters (its end: the words right before the marker). */
const MAX_CLAIM = 400;

/** The plain text of a node and its descendants. */
const plainText = (node: unknown): string => {
  const n = node as { value?: unknown; children?: unknown[] };
  if (typeof n.value === 'string') return n.value;
  return Array.isArray(n.children) ? n.children.map(plainText).join('') : '';
};

/** The text of the siblings before `index`, back to the previous badge (the same claim's start). */
function textBefore(parent: Parent, index: number): string {
  let text = '';
  for (let i = index - 1; i >= 0 && text.length < MAX_CLAIM; i--) {
    const sibling = parent.children[i];
    if (!sibling || (sibling.type as string) === 'citationBadge') break;
    text = plainText(sibling) + text;
  }
  return text;
}

/**
 * What the answer says a marker's source supports: the words since the previous marker in the
 * same paragraph, trimmed of list and quote punctuation, at most {@link MAX_CLAIM} characters.
 */
export function claimOf(text: string): string {
  const claim = text.replace(/\s+/g, ' ').trim();
  const tail = claim.length > MAX_CLAIM ? claim.slice(-MAX_CLAIM).replace(/^\S*\s/, '') : claim;
  return tail.replace(/^[\s,;:.)\]-]+/, '').replace(/[\s,;:([-]+$/, '');
}

/** `Document Title` may be the title itself or the word "Document" before it. */
const DOCUMENT_WORD = /^(?:the\s+)?(?:document|doc|file|pdf)\s+/iu;

/**
 * The sources a `[Page 3 of Title]` marker names: those of the document whose title, file name or
 * stem matches (case and punctuation forgiven) on that page, else that PDF given whole.
 */
export function sourcesOnPage(
  page: PageCitation,
  citations: readonly CitableSource[],
): CitableSource[] {
  const wanted = [normalizeName(page.title), normalizeName(page.title.replace(DOCUMENT_WORD, ''))];
  for (const key of wanted) {
    if (key === '') continue;
    const ofDocument = citations.filter((c) =>
      [c.title, fileName(c.path), stemName(c.path)].some((name) => normalizeName(name) === key),
    );
    if (ofDocument.length === 0) continue;
    const onPage = ofDocument.filter((c) => c.page === page.page);
    if (onPage.length > 0) return onPage;
    return ofDocument.filter((c) => c.page === null && c.kind === 'pdf');
  }
  return [];
}
