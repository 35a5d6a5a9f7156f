import type { DocumentDetail } from '../api/types.ts';
import { relativeTime } from '../sidebar/relative-time.ts';

const STATUS: Record<string, string> = {
  active: 'Active',
  archived: 'Archived',
  deleted: 'Deleted',
};

/** A file size as people read it: "812 B", "4.2 KB", "1.3 MB". */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * One line of facts about a document for a chip's hover card: its status, size, when it changed,
 * and how long it is ("Active · 4.2 KB · modified 3 days ago · 6 sections · 1,234 words"; pages
 * for a PDF).
 */
export function documentFacts(
  detail: Pick<
    DocumentDetail,
    'kind' | 'status' | 'size' | 'updatedAt' | 'sections' | 'headings' | 'pages' | 'wordCount'
  >,
  now: Date = new Date(),
): string {
  const facts = [STATUS[detail.status] ?? detail.status];
  const size = formatSize(detail.size);
  if (size) facts.push(size);
  const when = relativeTime(detail.updatedAt, now);
  if (when) facts.push(`modified ${when}`);
  if (detail.kind === 'pdf') facts.push(plural(detail.pages.length, 'page', 'pages'));
  else {
    const sections = detail.sections.length || detail.headings.length;
    if (sections > 0) facts.push(plural(sections, 'section', 'sections'));
  }
  if (detail.wordCount > 0) facts.push(plural(detail.wordCount, 'word', 'words'));
  return facts.join(' · ');
}
