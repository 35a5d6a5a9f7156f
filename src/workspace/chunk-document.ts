import { createHash } from 'node:crypto';
import type { Chunk, ParsedDocument } from '../core/index.ts';

/** Limits for {@link chunkDocument}. */
export interface ChunkOptions {
  /** Longest chunk in characters; longer spans split at paragraph, line, sentence or word breaks. @default 1600 */
  readonly maxChars?: number;
}

interface Segment {
  readonly start: number;
  readonly end: number;
  readonly headingPath: readonly string[];
  readonly page: number | null;
  readonly sectionId: string | null;
}

/** Splits the body into the spans that structure suggests: heading sections, PDF pages, content sections. */
function segmentsOf(doc: ParsedDocument): Segment[] {
  const { body } = doc;
  // A PDF without a text layer has no pages; its metadata body is chunked like any other text.
  if (doc.kind === 'pdf' && doc.pages.length > 0) {
    return doc.pages.map((p) => ({
      start: p.start,
      end: p.end,
      headingPath: [],
      page: p.number,
      sectionId: null,
    }));
  }
  if (doc.headings.length === 0)
    return [{ start: 0, end: body.length, headingPath: [], page: null, sectionId: null }];
  const segments: Segment[] = [];
  const first = doc.headings[0] as (typeof doc.headings)[number];
  if (first.start > 0)
    segments.push({ start: 0, end: first.start, headingPath: [], page: null, sectionId: null });
  const stack: Array<{ level: number; text: string }> = [];
  doc.headings.forEach((h, i) => {
    while (stack.length > 0 && (stack[stack.length - 1] as { level: number }).level >= h.level)
      stack.pop();
    stack.push({ level: h.level, text: h.text });
    const end = doc.headings[i + 1]?.start ?? body.length;
    const section = doc.sections.filter((s) => s.start <= h.start && h.start < s.end).at(-1);
    segments.push({
      start: h.start,
      end,
      headingPath: stack.map((s) => s.text),
      page: null,
      sectionId: section?.id ?? null,
    });
  });
  return segments;
}

const BREAKS = [/\n[ \t]*\n/g, /\n/g, /[.!?。]\s+/g, /\s+/g];

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/**
 * Finds the best place to cut `text` between `from` and `limit`: the latest break of the strongest
 * kind. The breaks are looked for in a window that ends where the whitespace after `limit` ends (a
 * break that runs past `limit` is refused, and only whitespace can carry one past it), at most
 * `reach` characters on: searching the rest of the text would make a document without any blank
 * line cost time quadratic in its length.
 */
function cutPoint(text: string, from: number, limit: number, reach: number): number {
  const minimum = from + Math.floor((limit - from) / 3);
  let windowEnd = limit;
  const cap = Math.min(text.length, limit + reach);
  while (windowEnd < cap && isSpace(text[windowEnd])) windowEnd++;
  const window = text.slice(minimum, windowEnd);
  const windowLimit = limit - minimum;
  for (const pattern of BREAKS) {
    let best = -1;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(window); m && m.index < windowLimit; m = pattern.exec(window))
      best = m.index + m[0].length;
    if (best > 0 && best <= windowLimit) return minimum + best;
  }
  return limit;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Moves `[start, end)` inward past surrounding whitespace so chunks never start or end blank. */
function trimSpan(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s] as string)) s++;
  while (e > s && /\s/.test(text[e - 1] as string)) e--;
  return [s, e];
}

/** An id that changes when the chunk's document or text changes, and only then. */
export function chunkId(documentId: string, text: string, occurrence: number): string {
  return createHash('sha256')
    .update(`${documentId}\0${occurrence}\0${text}`)
    .digest('hex')
    .slice(0, 24);
}

/** Cuts a parsed document into retrievable chunks that keep exact offsets into its body. */
export function chunkDocument(
  documentId: string,
  doc: ParsedDocument,
  options: ChunkOptions = {},
): Chunk[] {
  const { maxChars = 1600 } = options;
  const chunks: Chunk[] = [];
  const seen = new Map<string, number>();
  for (const segment of segmentsOf(doc)) {
    let cursor = segment.start;
    while (cursor < segment.end) {
      const limit = Math.min(segment.end, cursor + maxChars);
      let cut = limit === segment.end ? limit : cutPoint(doc.body, cursor, limit, maxChars);
      // Never cut between the two halves of a surrogate pair (emoji, rare CJK).
      if (cut < segment.end && cut - 1 > cursor && isHighSurrogate(doc.body.charCodeAt(cut - 1)))
        cut--;
      const [start, end] = trimSpan(doc.body, cursor, cut);
      cursor = cut;
      if (start === end) continue;
      const text = doc.body.slice(start, end);
      const occurrence = seen.get(text) ?? 0;
      seen.set(text, occurrence + 1);
      chunks.push({
        id: chunkId(documentId, text, occurrence),
        ordinal: chunks.length,
        text,
        start,
        end,
        headingPath: segment.headingPath,
        page: segment.page,
        sectionId: segment.sectionId,
      });
    }
  }
  return chunks;
}
