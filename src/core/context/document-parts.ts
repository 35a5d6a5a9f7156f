import type { Section, StoredDocument } from '../document.ts';
import { normalizeHeading } from '../references/normalize-name.ts';

/** A span of a document body with a human label, as handed to the model. */
export interface DocumentPart {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** `# Risks`, `§ conclusion`, `page 3`, `^decision-1`. */
  readonly label: string;
  readonly page: number | null;
  readonly section: string | null;
}

const slice = (doc: StoredDocument, start: number, end: number) =>
  doc.body.slice(start, end).trim();

/** The text under a heading: from the heading to the next heading of the same or higher rank. */
export function headingPart(doc: StoredDocument, heading: string): DocumentPart | null {
  const wanted = normalizeHeading(heading);
  const index = doc.headings.findIndex((h) => normalizeHeading(h.text) === wanted);
  const h = doc.headings[index];
  if (!h) return null;
  const next = doc.headings.slice(index + 1).find((n) => n.level <= h.level);
  const end = next?.start ?? doc.body.length;
  return {
    text: slice(doc, h.start, end),
    start: h.start,
    end,
    label: `# ${h.text}`,
    page: null,
    section: null,
  };
}

/** A content section by id, with its subsections. */
export function sectionPart(doc: StoredDocument, sectionId: string): DocumentPart | null {
  const s = doc.sections.find((x) => x.id === sectionId);
  if (!s) return null;
  return {
    text: slice(doc, s.start, s.end),
    start: s.start,
    end: s.end,
    label: `§ ${s.id}`,
    page: null,
    section: s.id,
  };
}

/** The paragraph or list item a `^block` id labels. */
export function blockPart(doc: StoredDocument, blockId: string): DocumentPart | null {
  const b = doc.blocks.find((x) => x.id.toLowerCase() === blockId.toLowerCase());
  if (!b) return null;
  return {
    text: slice(doc, b.start, b.end),
    start: b.start,
    end: b.end,
    label: `^${b.id}`,
    page: null,
    section: null,
  };
}

/** One PDF page's text. */
export function pagePart(doc: StoredDocument, page: number): DocumentPart | null {
  const p = doc.pages.find((x) => x.number === page);
  if (!p) return null;
  return {
    text: slice(doc, p.start, p.end),
    start: p.start,
    end: p.end,
    label: `page ${p.number}`,
    page: p.number,
    section: null,
  };
}

/**
 * An exact passage of the body (a source of an earlier answer), labelled by the page, section or
 * heading it lies in; null when the body no longer reaches that far. The text is the span itself,
 * untrimmed, so the part's offsets and text agree.
 */
export function spanPart(
  doc: StoredDocument,
  span: { readonly start: number; readonly end: number },
  where: {
    readonly page: number | null;
    readonly section: string | null;
    readonly heading: string | null;
  },
): DocumentPart | null {
  const end = Math.min(span.end, doc.body.length);
  if (span.start < 0 || span.start >= end) return null;
  const label =
    where.page !== null
      ? `page ${where.page}, passage`
      : where.section
        ? `§ ${where.section}, passage`
        : where.heading
          ? `# ${where.heading}, passage`
          : 'passage';
  return {
    text: doc.body.slice(span.start, end),
    start: span.start,
    end,
    label,
    page: where.page,
    section: where.section,
  };
}

/** The first real paragraph of a document (skipping headings, frontmatter-like lines and blank ones). */
export function firstParagraph(doc: StoredDocument): string {
  const summary = doc.metadata.summary;
  if (typeof summary === 'string' && summary.trim()) return summary.trim();
  for (const block of doc.body.split(/\n\s*\n/)) {
    const text = block.trim();
    if (text && !text.startsWith('#')) return text;
  }
  return '';
}

/** An outline of a document: its sections (with ids) or headings, indented by level. */
export function outlineOf(doc: StoredDocument): string {
  const lines: string[] =
    doc.sections.length > 0
      ? doc.sections.map(
          (s: Section) =>
            `${'  '.repeat(Math.max(0, s.level - 2))}- ${s.title} (id: ${s.id}, ${s.wordCount} words)`,
        )
      : doc.headings.map((h) => `${'  '.repeat(Math.max(0, h.level - 1))}- ${h.text}`);
  if (doc.kind === 'pdf') lines.push(`- ${doc.pages.length} pages`);
  return lines.join('\n');
}

/** How many sections a document has, counting headings for notes. */
export const sectionCount = (doc: StoredDocument): number =>
  doc.sections.length || doc.headings.length;

/**
 * The part a tool names, by the rules of `@post:section` references: a section id, a section
 * title, a heading; else, in a post with sections, `introduction` (or `intro`) is the opening part
 * before the first section and `conclusion` the last top-level section, whatever they are titled.
 */
export function namedPart(doc: StoredDocument, name: string): DocumentPart | null {
  const byTitle = doc.sections.find((s) => s.title.toLowerCase() === name.toLowerCase());
  const found =
    sectionPart(doc, name) ??
    (byTitle ? sectionPart(doc, byTitle.id) : null) ??
    headingPart(doc, name);
  if (found || doc.kind !== 'content' || doc.sections.length === 0) return found;
  const wanted = normalizeHeading(name);
  const first = doc.sections[0] as Section;
  if ((wanted === 'introduction' || wanted === 'intro') && first.start > 0) {
    return {
      text: slice(doc, 0, first.start),
      start: 0,
      end: first.start,
      label: '§ introduction',
      page: null,
      section: null,
    };
  }
  if (wanted === 'conclusion') {
    const top = Math.min(...doc.sections.map((s) => s.level));
    const last = doc.sections.findLast((s) => s.level === top) ?? first;
    return sectionPart(doc, last.id);
  }
  return null;
}
