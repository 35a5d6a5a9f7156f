import type { CitationQuote, StoredDocument } from '../../core/index.ts';

/** The parts of a stored document a quote can point into. */
export type QuotedDocument = Pick<StoredDocument, 'body' | 'pages' | 'entity'>;

/** The text of a field as it is written in the entity file: a list is its items joined by commas. */
const writtenValues = (value: string | readonly string[] | null): string[] => {
  if (value === null) return [];
  if (typeof value === 'string') return [value];
  return [...value, value.join(', ')];
};

const slices = (text: string, start: number, end: number, expected: string) =>
  start >= 0 && end >= start && end <= text.length && text.slice(start, end) === expected;

/**
 * True when a citation's quote is exactly the words of its source, by every anchor the quote
 * carries: its body span, its span in a PDF page's text, the entity field whose value it is. A
 * quote with no anchor, or flagged as not found, cannot be shown to anyone and is not exact.
 */
export function isExactQuote(
  quote: CitationQuote | null,
  document: QuotedDocument | null,
): boolean {
  if (!quote?.found || !document || quote.text === '') return false;
  const checks: boolean[] = [];
  if (quote.start !== null && quote.end !== null)
    checks.push(slices(document.body, quote.start, quote.end, quote.text));
  if (quote.page !== undefined && quote.page !== null) {
    const page = document.pages.find((p) => p.number === quote.page);
    const { pageStart, pageEnd } = quote;
    if (!page) checks.push(false);
    else if (
      pageStart !== undefined &&
      pageStart !== null &&
      pageEnd !== undefined &&
      pageEnd !== null
    )
      checks.push(
        slices(document.body.slice(page.start, page.end), pageStart, pageEnd, quote.text),
      );
  }
  if (quote.field !== undefined && quote.field !== null) {
    const field = document.entity?.fields.find((f) => f.name === quote.field);
    checks.push(field !== undefined && writtenValues(field.value).includes(quote.text));
  }
  return checks.length > 0 && checks.every(Boolean);
}
