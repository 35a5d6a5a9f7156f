import type { StoredDocument } from '../document.ts';

/** Longest first-paragraph summary (seed 000: 100 characters, cut at a word). */
export const PARAGRAPH_SUMMARY_CHARS = 100;

/** Longest model-written summary kept; a longer reply is cut at a word. */
export const MODEL_SUMMARY_CHARS = 160;

/** Writes a one-sentence summary of a document; backed by a model, injected by the app. */
export interface Summarizer {
  summarize(
    document: { readonly title: string; readonly text: string },
    signal?: AbortSignal,
  ): Promise<string>;
}

/**
 * Gives the one-line summary shown beside a reference and in the referenced-documents list; the
 * chat layer's implementation caches it per document version and may ask a model.
 */
export interface SummaryLookup {
  summaryOf(doc: StoredDocument): Promise<string>;
}

/** Paragraphs that are not prose: tables, HTML, rules. */
const NOT_PROSE = /^(?:<|\||---|\*\*\*|\+\+\+)/;
/** Images and embeds (`![alt](src)`, `![[file]]`), which say nothing on their own. */
const IMAGE = /!\[\[[^\]\n]*\]\]|!\[[^\]\n]*\]\([^)\n]*\)/g;
const FENCE = /^(`{3,}|~{3,})/;

const WIKILINK = /\[\[([^[\]|#\n]*)(?:#\^?([^[\]|\n]*))?(?:\|([^[\]\n]*))?\]\]/g;

/** On one line, with each `[[wikilink]]` as the words it shows (`[[Note#Part|shown]]` → `shown`, else `Note › Part`). */
const oneLine = (text: string) =>
  text
    .replace(WIKILINK, (_, target: string, part?: string, shown?: string) =>
      shown?.trim()
        ? shown.trim()
        : part?.trim()
          ? `${target.trim()} › ${part.trim()}`
          : target.trim(),
    )
    .replace(/\s+/g, ' ')
    .trim();

const isProse = (text: string) => !NOT_PROSE.test(text) && text.replace(IMAGE, '').trim() !== '';

/** Text on one line, at most `max` characters, cut at a word and marked with `…` when longer. */
export function clipSummary(text: string, max: number): string {
  const line = oneLine(text);
  if (line.length <= max) return line;
  const head = line.slice(0, max - 1);
  const space = line[max - 1] === ' ' ? head.length : head.lastIndexOf(' ');
  const cut = space >= max / 2 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** The paragraphs of a Markdown body, each as its lines, outside code fences and without headings. */
function* bodyParagraphs(body: string): Generator<string[]> {
  let lines: string[] = [];
  let fence: string | null = null;
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (fence !== null) {
      if (line.startsWith(fence)) fence = null;
      continue;
    }
    const open = FENCE.exec(line)?.[1];
    if (open || line === '' || line.startsWith('#')) {
      if (lines.length > 0) yield lines;
      lines = [];
      if (open) fence = open;
      continue;
    }
    lines.push(line);
  }
  if (lines.length > 0) yield lines;
}

/** An entity's body opens with its type and its fields (`role: researcher`); its prose follows. */
const isEntityHead = (doc: StoredDocument, lines: readonly string[]) =>
  doc.entity !== null &&
  (lines.join(' ') === doc.entity.type || lines.every((line) => /^[^\s:][^:]*: /.test(line)));

/**
 * The document's first paragraph of prose on one line, whole: the parser's (which skips front
 * matter, headings and code), else the first paragraph of the body that is more than images (for
 * an entity, after its type and fields).
 */
export function firstProse(doc: StoredDocument): string {
  const parsed = doc.metadata.summary;
  if (typeof parsed === 'string' && isProse(parsed.trim()))
    return oneLine(parsed.replace(IMAGE, ''));
  for (const lines of bodyParagraphs(doc.body)) {
    const paragraph = lines.join(' ');
    if (isProse(paragraph) && !isEntityHead(doc, lines))
      return oneLine(paragraph.replace(IMAGE, '').replace(/\*\*|__|`/g, ''));
  }
  return '';
}

/** The summary with no model: the first paragraph, up to 100 characters, cut at a word. */
export const paragraphSummary = (doc: StoredDocument): string =>
  clipSummary(firstProse(doc), PARAGRAPH_SUMMARY_CHARS);

/** The first paragraph is a summary as it stands (it fits whole), so no model needs to write one. */
export const paragraphFits = (doc: StoredDocument): boolean => {
  const text = firstProse(doc);
  return text !== '' && text.length <= PARAGRAPH_SUMMARY_CHARS;
};

/** Summaries straight from first paragraphs, uncached: the lookup when a caller gives none. */
export const paragraphSummaries: SummaryLookup = {
  summaryOf: async (doc) => paragraphSummary(doc),
};
