import { normalizeHeading } from './normalize-name.ts';
import type { ParsedReference, TargetSpan } from './reference.ts';
import type { CatalogEntry } from './reference-catalog.ts';

/** Which part of a document a reference points into, and what could not be found. */
export interface AnchorResolution {
  readonly heading: string | null;
  readonly block: string | null;
  readonly section: string | null;
  readonly page: number | null;
  /** The passage named, when it is no section of its own (`:introduction`, the opening part). */
  readonly span?: TargetSpan;
  /** Set when the document extends the written span (a multi-word `:Section Title`). */
  readonly end: number | null;
  readonly notes: readonly string[];
}

const NONE: AnchorResolution = {
  heading: null,
  block: null,
  section: null,
  page: null,
  end: null,
  notes: [],
};

/** A section whose title is the longest prefix of `rest` at a word boundary. */
function longestTitlePrefix(entry: CatalogEntry, rest: string) {
  const wanted = normalizeHeading(rest);
  let best: CatalogEntry['sections'][number] | null = null;
  let bestLength = 0;
  for (const section of entry.sections) {
    const title = normalizeHeading(section.title);
    if (!title) continue;
    if ((wanted === title || wanted.startsWith(`${title} `)) && title.length > bestLength) {
      best = section;
      bestLength = title.length;
    }
  }
  return best;
}

/** Raw length covering the first `words` words of `text` (letters/digits runs), so spans stay exact. */
function rawLengthOfWords(text: string, words: number): number {
  let count = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    count++;
    if (count === words) return match.index + match[0].length;
  }
  return text.length;
}

const INTRODUCTION = new Set(['introduction', 'intro']);
const CONCLUSION = new Set(['conclusion']);

/**
 * The part `:introduction` or `:conclusion` names by position, when no section is called that
 * (seed 001: a post's introduction and conclusion, whatever they are titled): the opening part
 * before the first section, and the last top-level section. Null for any other word, or a document
 * without content sections.
 */
function positionalPart(written: string, entry: CatalogEntry): AnchorResolution | null {
  const wanted = normalizeHeading(written);
  if (entry.kind !== 'content' || !(INTRODUCTION.has(wanted) || CONCLUSION.has(wanted)))
    return null;
  const first = entry.sections[0];
  if (!first) {
    return {
      ...NONE,
      notes: [`${entry.path} has no sections; its ${wanted} is the whole item`],
    };
  }
  if (INTRODUCTION.has(wanted)) {
    if (first.start <= 0) {
      return {
        ...NONE,
        notes: [`${entry.path} has no text before its first section; using the whole item`],
      };
    }
    return {
      ...NONE,
      span: { start: 0, end: first.start },
      notes: [`no section is titled "${written}"; using the opening part, before "${first.title}"`],
    };
  }
  const top = Math.min(...entry.sections.map((s) => s.level));
  const last = entry.sections.findLast((s) => s.level === top) ?? first;
  return {
    ...NONE,
    section: last.id,
    heading: last.title,
    notes: [`no section is titled "${written}"; using the last section, "${last.title}"`],
  };
}

/**
 * Finds the heading, block, section or page a reference names inside its document. A section
 * titled as written wins; else `introduction` and `conclusion` name a post's opening part and last
 * section. A part that does not exist leaves the reference on the whole document, with a note.
 */
export function resolveAnchor(parsed: ParsedReference, entry: CatalogEntry): AnchorResolution {
  if (parsed.page !== null) {
    if (entry.kind !== 'pdf')
      return { ...NONE, notes: [`page ${parsed.page}: ${entry.path} is not a PDF`] };
    if (parsed.page < 1 || parsed.page > entry.pageCount) {
      return {
        ...NONE,
        notes: [`page ${parsed.page} not found; ${entry.path} has ${entry.pageCount} pages`],
      };
    }
    return { ...NONE, page: parsed.page };
  }
  if (parsed.block !== null) {
    const block = entry.blocks.find((b) => b.toLowerCase() === parsed.block?.toLowerCase());
    return block
      ? { ...NONE, block }
      : {
          ...NONE,
          notes: [`block ^${parsed.block} not found in ${entry.path}; using the whole document`],
        };
  }
  if (parsed.heading !== null) {
    const byId = entry.sections.find((s) => s.id.toLowerCase() === parsed.heading?.toLowerCase());
    if (byId) return { ...NONE, section: byId.id, heading: byId.title };
    const wanted = normalizeHeading(parsed.heading);
    const section = entry.sections.find((s) => normalizeHeading(s.title) === wanted);
    if (section) return { ...NONE, section: section.id, heading: section.title };
    const heading = entry.headings.find(
      (h) => normalizeHeading(h.text) === wanted || h.anchor === parsed.heading,
    );
    if (heading) return { ...NONE, heading: heading.text };
    return (
      positionalPart(parsed.heading, entry) ?? {
        ...NONE,
        notes: [`heading "${parsed.heading}" not found in ${entry.path}; using the whole document`],
      }
    );
  }
  if (parsed.sectionTitle !== null) {
    if (parsed.sectionRest !== null) {
      const section = longestTitlePrefix(entry, parsed.sectionRest);
      if (section) {
        const words = normalizeHeading(section.title).split(' ').length;
        const colon = parsed.raw.lastIndexOf(':');
        const restStart = parsed.start + colon + 1;
        return {
          ...NONE,
          section: section.id,
          heading: section.title,
          end: restStart + rawLengthOfWords(parsed.sectionRest, words),
        };
      }
    }
    const wanted = normalizeHeading(parsed.sectionTitle);
    const section =
      entry.sections.find((s) => normalizeHeading(s.title) === wanted) ??
      entry.sections.find((s) => s.id.toLowerCase() === parsed.sectionTitle?.toLowerCase());
    if (section) return { ...NONE, section: section.id, heading: section.title };
    const heading = entry.headings.find((h) => normalizeHeading(h.text) === wanted);
    if (heading) return { ...NONE, heading: heading.text };
    return (
      positionalPart(parsed.sectionTitle, entry) ?? {
        ...NONE,
        notes: [
          `section "${parsed.sectionTitle}" not found in ${entry.path}; using the whole item`,
        ],
      }
    );
  }
  return NONE;
}
