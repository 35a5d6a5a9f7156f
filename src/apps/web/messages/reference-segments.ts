import type { ReferenceJson } from '../api/types.ts';

/** A run of a user message: plain text, or the text of one reference. */
export interface MessageSegment {
  readonly text: string;
  readonly reference: ReferenceJson | null;
}

/**
 * Splits a user message at its references' spans (every place each was written) so they can be
 * shown as chips. Spans that do not slice the text exactly, or overlap an earlier one, are ignored.
 */
export function referenceSegments(
  text: string,
  references: readonly ReferenceJson[],
): MessageSegment[] {
  const spans: { start: number; end: number; reference: ReferenceJson }[] = [];
  for (const reference of references) {
    if (reference.origin !== 'user') continue;
    const written = reference.spans?.length
      ? reference.spans
      : [{ raw: reference.raw, start: reference.start, end: reference.end }];
    for (const span of written) {
      if (span.end <= span.start || text.slice(span.start, span.end) !== span.raw) continue;
      spans.push({ start: span.start, end: span.end, reference });
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const segments: MessageSegment[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    if (span.start > at) segments.push({ text: text.slice(at, span.start), reference: null });
    segments.push({ text: text.slice(span.start, span.end), reference: span.reference });
    at = span.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), reference: null });
  return segments;
}
