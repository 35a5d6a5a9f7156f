import { plainText } from '../../../core/plain-text.ts';
import type { DocumentDetail, ReferenceJson } from '../api/types.ts';

/** The target of a resolved reference, as the API returns it. */
export type ReferenceTarget = NonNullable<ReferenceJson['target']>;

/**
 * Whether the reference names a part (a passage, heading, block, section or page) rather than a
 * whole document.
 */
export const hasPart = (target: ReferenceTarget): boolean =>
  Boolean(target.span || target.heading || target.block || target.section || target.page);

/** A short label for the referenced part, shown after the title on a chip ("# Risks", "p. 3"). */
export function partLabel(target: ReferenceTarget, detail?: Pick<DocumentDetail, 'sections'>) {
  if (target.page) return `p. ${target.page}`;
  if (target.heading) return `# ${target.heading}`;
  if (target.block) return `^${target.block}`;
  if (target.section) {
    const title = detail?.sections.find((s) => s.id === target.section)?.title;
    return `§ ${title ?? target.section}`;
  }
  return null;
}

/**
 * Where the referenced part lies in the document's text: a passage is its own span; a heading runs
 * until the next heading of the same or a higher level; sections, blocks and pages carry their own
 * spans. Null for a whole document or a part the document no longer has.
 */
export function partSpan(
  target: Pick<ReferenceTarget, 'heading' | 'block' | 'section' | 'page'> &
    Partial<Pick<ReferenceTarget, 'span'>>,
  detail: Pick<DocumentDetail, 'headings' | 'sections' | 'blocks' | 'pages' | 'length'>,
): { start: number; end: number } | null {
  // A source of an earlier answer names its exact passage, inside whatever page or part holds it.
  if (target.span && target.span.start < detail.length) {
    return { start: target.span.start, end: Math.min(target.span.end, detail.length) };
  }
  if (target.page) {
    const page = detail.pages.find((p) => p.number === target.page);
    return page ? { start: page.start, end: page.end } : null;
  }
  if (target.section) {
    const section = detail.sections.find((s) => s.id === target.section);
    if (section) return { start: section.start, end: section.end };
  }
  if (target.block) {
    const block = detail.blocks.find((b) => b.id === target.block);
    return block ? { start: block.start, end: block.end } : null;
  }
  if (target.heading) {
    const index = detail.headings.findIndex((h) => h.text === target.heading);
    const heading = detail.headings[index];
    if (!heading) return null;
    const next = detail.headings
      .slice(index + 1)
      .find((h) => h.level <= heading.level && h.start > heading.start);
    return { start: heading.start, end: next ? next.start : detail.length };
  }
  return null;
}

/** The first lines of a text, cut at a word boundary near `limit` characters. */
export function excerpt(text: string, limit = 400): string {
  const trimmed = plainText(text)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (trimmed.length <= limit) return trimmed;
  const cut = trimmed.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
