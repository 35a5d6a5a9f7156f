import type { DiffLine } from './diff-lines.ts';

/** An ATX heading line: `## Title`, with up to three spaces before it, as Markdown reads it. */
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$/;

const headingOf = (text: string): string | null => {
  const match = HEADING.exec(text);
  return match ? `${match[1]} ${match[2]}` : null;
};

/**
 * The Markdown headings an edit takes out (removed and not added back, at the same level), e.g.
 * `### Open questions`: rewriting a section replaces its subsections too, which a person should
 * see before applying it rather than find missing later.
 */
export function removedHeadings(lines: readonly DiffLine[]): string[] {
  const added = new Map<string, number>();
  for (const line of lines) {
    const heading = line.kind === 'add' ? headingOf(line.text.slice(1)) : null;
    if (heading) added.set(heading, (added.get(heading) ?? 0) + 1);
  }
  const removed: string[] = [];
  for (const line of lines) {
    const heading = line.kind === 'remove' ? headingOf(line.text.slice(1)) : null;
    if (!heading) continue;
    const kept = added.get(heading) ?? 0;
    if (kept > 0) added.set(heading, kept - 1);
    else removed.push(heading);
  }
  return removed;
}
