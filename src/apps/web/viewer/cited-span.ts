import { findQuote } from '../../../core/citations/find-quote.ts';
import type { EntityData, Page } from '../../../core/document.ts';
import { renderFieldsAsText } from '../../../core/entity-fields.ts';

/** A text cut around the cited span, for plain-text views and excerpts. */
export interface SpanParts {
  readonly before: string;
  readonly cited: string;
  readonly after: string;
}

/**
 * Cuts `text` (which starts at document offset `offset`) around the cited span `[start, end)`;
 * the cited part is empty when the span is missing or does not overlap the text.
 */
export function splitAtSpan(
  text: string,
  start: number | null | undefined,
  end: number | null | undefined,
  offset = 0,
): SpanParts {
  if (start == null || end == null || end <= start) return { before: text, cited: '', after: '' };
  const a = Math.min(Math.max(start - offset, 0), text.length);
  const b = Math.min(Math.max(end - offset, 0), text.length);
  if (b <= a) return { before: text, cited: '', after: '' };
  return { before: text.slice(0, a), cited: text.slice(a, b), after: text.slice(b) };
}

/**
 * The PDF page to open at: the one the target names, else the page whose text holds the cited
 * span's start; null when neither is known.
 */
export function citedPageNumber(
  pages: readonly Page[],
  target: { page?: number | null; start?: number | null },
): number | null {
  if (target.page != null && target.page >= 1) return target.page;
  if (target.start == null) return null;
  const start = target.start;
  const page =
    pages.find((p) => start >= p.start && start < p.end) ??
    // the separator between two pages belongs to the next one
    pages.find((p) => start < p.start);
  return page?.number ?? null;
}

/**
 * Where an entity's free description starts in its indexed text (which begins with the name,
 * the type and the fields rendered as lines); the text's length when there is none, and 0 when
 * the text is not laid out that way.
 */
export function entityDescriptionStart(text: string, entity: EntityData): number {
  const fields = renderFieldsAsText(entity.fields);
  const header = `# ${entity.name}\n\n${entity.type}${fields ? `\n\n${fields}` : ''}`;
  if (!text.startsWith(header)) return 0;
  const rest = text.slice(header.length);
  if (!rest.trim()) return text.length;
  return rest.startsWith('\n\n') ? header.length + 2 : 0;
}

/**
 * Keeps about `context` characters either side of the cited part (cut at a space, with an
 * ellipsis), so an excerpt reads as the cited words in their sentence; with nothing cited, the
 * opening of the text.
 */
export function excerptAround(parts: SpanParts, context = 160): SpanParts {
  if (!parts.cited) {
    const text = parts.before.trim();
    return { before: cutAfter(text, context * 2), cited: '', after: '' };
  }
  return {
    before: cutBefore(parts.before, context),
    cited: parts.cited,
    after: cutAfter(parts.after, context),
  };
}

const cutBefore = (text: string, keep: number): string => {
  if (text.length <= keep) return text;
  const tail = text.slice(-keep);
  const space = tail.search(/\s/);
  return `…${space >= 0 && space < keep / 2 ? tail.slice(space + 1) : tail}`;
};

const cutAfter = (text: string, keep: number): string => {
  if (text.length <= keep) return text;
  const head = text.slice(0, keep);
  const space = head.search(/\s\S*$/);
  return `${space > keep / 2 ? head.slice(0, space) : head}…`;
};

/** Spans shorter than this are shown whole: they already point at a passage, not a document. */
const NARROW_FROM = 320;

/** The sentences of a claim, last first, that are long enough to mean something on their own. */
const sentencesOf = (claim: string) =>
  claim
    .split(/(?<=[.!?…])\s+/u)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 4)
    .reverse();

/**
 * The span to highlight for a citation: where the answer's own words (`quote`) appear inside a
 * long cited span — the whole claim, else its last sentence found — so a source that is a whole
 * document still opens at the passage used; otherwise the cited span itself.
 */
export function narrowSpanToQuote(
  text: string,
  target: { start?: number | null; end?: number | null; quote?: string | null },
): { start: number | null; end: number | null } {
  const start = target.start ?? null;
  const end = target.end ?? null;
  const quote = target.quote?.trim();
  if (!quote) return { start, end };
  const from = start ?? 0;
  const to = Math.min(end ?? text.length, text.length);
  if (to - from < NARROW_FROM) return { start, end };
  const within = text.slice(from, to);
  for (const candidate of [quote, ...sentencesOf(quote)]) {
    const found = findQuote(within, candidate);
    if (found) return { start: from + found.start, end: from + found.end };
  }
  return { start, end };
}

/** The words a citation rests on, as far as the viewer needs them. */
export interface PassageLike {
  readonly text: string;
  readonly start: number | null;
  readonly end: number | null;
  readonly page?: number | null;
  readonly pageStart?: number | null;
  readonly pageEnd?: number | null;
}

/**
 * Where a supporting passage sits in `text`: at the given offsets when they still hold its words,
 * else where its words are found (forgiving quotes, dashes and emphasis); null when they are not
 * there (the document changed), so the caller falls back to the cited span.
 */
export function locatePassage(
  text: string,
  passage: { readonly text: string } | null | undefined,
  start: number | null | undefined,
  end: number | null | undefined,
): { start: number; end: number } | null {
  if (!passage?.text) return null;
  if (start != null && end != null && end > start && text.slice(start, end) === passage.text)
    return { start, end };
  const found = findQuote(text, passage.text);
  if (!found) return null;
  // The forgiving match leaves out closing punctuation; keep the passage's own when it follows.
  const last = passage.text.at(-1) ?? '';
  const closes = /[.!?;:)]/.test(last) && text[found.end] === last;
  return closes ? { start: found.start, end: found.end + 1 } : found;
}

/**
 * The span to highlight in a page's text (which starts at document offset `pageOffset`): the
 * passage's offsets within that page when it is on it, else its document offsets moved onto the
 * page, else wherever its words are found on the page.
 */
export function pagePassageSpan(
  pageText: string,
  pageNumber: number,
  pageOffset: number,
  passage: PassageLike | null | undefined,
): { start: number; end: number } | null {
  if (!passage?.text) return null;
  if (passage.page != null && passage.page !== pageNumber) return null;
  if (passage.page === pageNumber) {
    const onPage = locatePassage(pageText, passage, passage.pageStart, passage.pageEnd);
    if (onPage) return onPage;
  }
  const shifted =
    passage.start != null && passage.end != null
      ? { start: passage.start - pageOffset, end: passage.end - pageOffset }
      : null;
  return locatePassage(pageText, passage, shifted?.start, shifted?.end);
}

/**
 * The span to mark in a PDF page's text (the page starts at document offset `page.start`): the
 * supporting passage when it is on that page, else the answer's own words within the cited span,
 * else the cited span moved onto the page; nulls when nothing is cited there.
 */
export function citedSpanOnPage(
  pageText: string,
  page: { readonly number: number; readonly start: number },
  target: {
    readonly start?: number | null;
    readonly end?: number | null;
    readonly quote?: string | null;
    readonly passage?: PassageLike | null;
  },
): { start: number | null; end: number | null } {
  const { start, end } = target;
  return (
    pagePassageSpan(pageText, page.number, page.start, target.passage) ??
    narrowSpanToQuote(pageText, {
      start: start == null ? null : Math.max(start - page.start, 0),
      end: end == null ? null : Math.min(end - page.start, pageText.length),
      quote: target.quote ?? null,
    })
  );
}
