import { MAX_READ_CHARS } from '../../chat/index.ts';
import {
  documentHeader,
  firstParagraph,
  outlineOf,
  quoteDocument,
  type StoredDocument,
  sectionCount,
} from '../../core/index.ts';
import type { Located } from './locate-target.ts';

/** Longest text `fetch` and a resource read return whole, as the chat's read tools do. */
export const MAX_FETCH_CHARS = MAX_READ_CHARS;

/** A located document or part as text with its location: the structured result of `fetch`. */
export interface FetchedText {
  readonly uri: string;
  readonly documentId: string;
  readonly path: string;
  readonly title: string;
  readonly kind: StoredDocument['kind'];
  readonly status: StoredDocument['status'];
  /** `# Risks`, `§ conclusion`, `page 3`, `^block`, `passage`; null for the whole document. */
  readonly part: string | null;
  readonly heading: string | null;
  readonly section: string | null;
  readonly page: number | null;
  /** Span of `text` in the document body (for an outline: of the first paragraph). */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** The document's outline, given instead of its whole text when it is too long. */
  readonly outline: string | null;
  readonly truncated: boolean;
  /** How a reference was read (a heading not found, a section taken by title …). */
  readonly notes: readonly string[];
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** An entity's type and fields as written, one per line, ahead of its text. */
function entityFacts(doc: StoredDocument): string[] | null {
  if (!doc.entity) return null;
  return [
    `Entity: ${doc.entity.type} ${oneLine(doc.entity.name)}`,
    ...doc.entity.fields.map((f) => {
      const value = Array.isArray(f.value) ? f.value.join(', ') : (f.value ?? '');
      return `${f.name} (${f.type}): ${oneLine(String(value))}`;
    }),
  ];
}

/**
 * The text of what was located: the part asked for (cut at `maxChars`), or the whole document —
 * unless it is too long or has many sections, when its outline and first paragraph come instead,
 * so the caller asks for the part it needs.
 */
export function readLocated(at: Located, maxChars = MAX_FETCH_CHARS): FetchedText {
  const { doc, part } = at;
  const base = {
    uri: at.uri,
    documentId: doc.id,
    path: doc.path,
    title: doc.title,
    kind: doc.kind,
    status: doc.status,
    part: part?.label ?? null,
    heading: at.heading,
    section: part?.section ?? null,
    page: part?.page ?? null,
    notes: [...at.notes],
  };
  if (!part && (doc.body.length > maxChars || sectionCount(doc) > 10)) {
    const intro = firstParagraph(doc);
    const start = Math.max(0, doc.body.indexOf(intro));
    return {
      ...base,
      start,
      end: start + intro.length,
      text: intro.slice(0, maxChars),
      outline: outlineOf(doc),
      truncated: true,
    };
  }
  const start = part?.start ?? 0;
  const text = part ? part.text : doc.body;
  const cut = text.length > maxChars;
  return {
    ...base,
    start,
    end: part ? part.end : doc.body.length,
    text: cut ? text.slice(0, maxChars) : text,
    outline: null,
    truncated: cut,
  };
}

/** How to ask for one part of a long document, in its kind's URI form. */
const partExample = (fetched: FetchedText): string =>
  fetched.kind === 'pdf'
    ? `${fetched.uri}/page/2`
    : fetched.kind === 'content'
      ? `${fetched.uri}/{section id}`
      : `${fetched.uri}#{heading}`;

/**
 * The text a client's model reads: a label naming the source and part, the document's facts, the
 * text fenced as data (never instructions), and for a long document its outline and how to ask for
 * a part.
 */
export function fetchedContent(fetched: FetchedText, doc: StoredDocument): string {
  const facts = [...(documentHeader(doc) ?? []), ...(entityFacts(doc) ?? [])];
  const quoted = quoteDocument(
    fetched.text,
    { n: null, title: fetched.title, path: fetched.path, part: fetched.part, origin: fetched.uri },
    facts.length > 0 ? facts : null,
  );
  const noted = fetched.notes.length > 0 ? `Note: ${fetched.notes.join('; ')}\n` : '';
  if (fetched.outline !== null)
    return `${noted}${quoted}\nOutline (too long to return whole; fetch one part, e.g. ${partExample(fetched)}):\n${fetched.outline}`;
  if (fetched.truncated) return `${noted}${quoted}\n(cut at ${fetched.text.length} characters)`;
  return `${noted}${quoted}`;
}
