import type { PromptReading, SourcePassage } from './read-prompt.ts';
import type { PromptReference } from './read-references.ts';

/** A tool call the offline model makes: its tool and input. */
export interface PlannedCall {
  readonly toolName: string;
  readonly input: Record<string, unknown>;
}

/** Most PDF pages read for one named PDF. */
export const MAX_PAGES = 20;

const isPdf = (path: string) => /\.pdf$/i.test(path);

/**
 * How many pages a PDF has, from its context block: the engine joins pages with a blank line, and
 * an outline names its pages. At least 1, at most {@link MAX_PAGES}.
 */
export function pageCountOf(block: SourcePassage | undefined): number {
  if (!block) return 1;
  const outlined = [...block.text.matchAll(/\bpage (\d+)\b/gi)].map((m) => Number(m[1]));
  const blocks = block.text.split(/\n\s*\n/).filter((b) => b.trim() !== '').length;
  const count = block.text.startsWith('Outline:') ? Math.max(1, ...outlined) : blocks;
  return Math.min(MAX_PAGES, Math.max(1, count));
}

/** The linked notes an entity's own fields name (`profile: [[Alice Profile]]`), by title. */
function linkedTitles(entityBlock: SourcePassage, name: string): string[] {
  const lines = entityBlock.text.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`### @${name} (`));
  if (start < 0) return [];
  const titles: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    for (const m of line.matchAll(/\[\[([^\]|#]+)/g)) titles.push((m[1] ?? '').trim());
  }
  return titles;
}

/** The read calls for one reference: its page, section or heading, or the whole document. */
function callsFor(ref: PromptReference, reading: PromptReading): PlannedCall[] {
  const path = ref.path;
  const parsed = ref.parsed;
  if (!path || !ref.loaded) return [];
  const blocks = reading.passages.filter((p) => p.from === 'context' && p.path === path);
  if (parsed?.page != null) return [{ toolName: 'get_page', input: { path, page: parsed.page } }];
  if (isPdf(path)) {
    const count = pageCountOf(blocks.find((b) => b.referenced));
    return Array.from({ length: count }, (_, i) => ({
      toolName: 'get_page',
      input: { path, page: i + 1 },
    }));
  }
  const section = parsed?.heading ?? ref.sectionTitle;
  if (section) return [{ toolName: 'read_section', input: { path, section } }];
  if (parsed?.block) return [];
  const calls: PlannedCall[] = [{ toolName: 'read_document', input: { path } }];
  const entity = blocks.find((b) => b.title.startsWith('Entity context'));
  if (entity && parsed) {
    for (const title of linkedTitles(entity, parsed.name)) {
      const linked = reading.passages.find((p) => p.from === 'context' && p.title === title);
      if (linked) calls.push({ toolName: 'read_document', input: { path: linked.path } });
    }
  }
  return calls;
}

/**
 * What a careful model reads first for the documents a message names: `get_page` for a named PDF's
 * pages (or the page named), `read_section` for a named section or heading, `read_document` for a
 * named document and the notes a named entity links to — each once, only with tools on offer.
 */
export function planReads(reading: PromptReading): PlannedCall[] {
  const out: PlannedCall[] = [];
  const seen = new Set<string>();
  for (const ref of reading.references) {
    for (const call of callsFor(ref, reading)) {
      const key = `${call.toolName} ${JSON.stringify(call.input)}`;
      if (seen.has(key) || !reading.callable.has(call.toolName)) continue;
      seen.add(key);
      out.push(call);
    }
  }
  return out;
}
