import { readableTitle } from '../core/index.ts';

/** Longest file name stem an export gets, in characters. */
const MAX_STEM_CHARS = 80;

/** Characters file systems refuse or treat specially (Windows' set, plus controls). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never belong in a file name.
const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;

/**
 * The file name of a session export, after its title as people read it ("Pump goals.md", not
 * "session-3f2a….md"); a title that leaves nothing usable falls back to the session id.
 */
export function exportFileName(title: string, sessionId: string, extension: 'md' | 'json'): string {
  const stem = readableTitle(title)
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_STEM_CHARS)
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const fallback = `footnote-session-${sessionId.replace(/[^\w-]/g, '').slice(0, 8)}`;
  return `${stem || fallback}.${extension}`;
}

/**
 * A Content-Disposition header that downloads `name`: an ASCII `filename` for old clients and the
 * exact UTF-8 name in `filename*` (RFC 6266), so "Pumpe für Ndiaye.md" keeps its letters.
 */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
