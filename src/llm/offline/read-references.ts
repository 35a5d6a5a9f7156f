import { parseReferences } from '../../core/references/parse-references.ts';
import type { ParsedReference } from '../../core/references/reference.ts';

/** One line of the "Referenced documents:" list the engine puts before the user's words. */
export interface PromptReference {
  /** The reference as the user wrote it (the resolver's span: `@post:Section Title` whole). */
  readonly raw: string;
  /** Where it resolved; null when it did not (ambiguous, not found). */
  readonly path: string | null;
  /** The document was loaded into the context (not deleted, ambiguous, unresolved or over the limit). */
  readonly loaded: boolean;
  /** What the raw text names: heading, block, page, section title… */
  readonly parsed: ParsedReference | null;
  /** The section title of `@slug:Section Title`, whole. */
  readonly sectionTitle: string | null;
}

const HEADING = 'Referenced documents:';
const RESOLVED = /^- (.+?) \(([^()\n]+)\)( \(archived\))?(?:: (.*))?$/;
const UNLOADED = /^(?:deleted|not loaded) — /;
const OTHER = /^- (.+?): (?:ambiguous|not found)/;
const NOT_RESOLVED = /: (?:ambiguous|not found)/;

/** The section title a `@slug:Title` raw names, quotes removed. */
function sectionTitleOf(parsed: ParsedReference | null): string | null {
  const title = parsed?.sectionRest ?? parsed?.sectionTitle ?? null;
  if (title === null) return null;
  return title.replace(/^["“]|["”]$/g, '').trim() || null;
}

/** Reads the "Referenced documents:" list of a user turn: each reference, where it resolved and whether it was loaded. */
export function parseReferencedList(userText: string): PromptReference[] {
  const lines = userText.split(/\r?\n/);
  const out: PromptReference[] = [];
  for (let i = lines.indexOf(HEADING); i >= 0 && i + 1 < lines.length; i++) {
    const line = lines[i + 1] ?? '';
    if (!line.startsWith('- ')) break;
    // A resolved line may end in a summary saying anything ("…: not found in the archive"), so it is
    // tried first; it is an unresolved line read wrongly when its raw text holds the verdict.
    const first = RESOLVED.exec(line);
    const resolved = first && !NOT_RESOLVED.test(first[1] ?? '') ? first : null;
    const other = resolved ? null : OTHER.exec(line);
    const raw = resolved?.[1] ?? other?.[1];
    if (raw === undefined) continue;
    const parsed = parseReferences(raw)[0] ?? null;
    out.push({
      raw,
      path: resolved?.[2] ?? null,
      loaded: resolved !== null && !UNLOADED.test(resolved[4] ?? ''),
      parsed,
      sectionTitle: sectionTitleOf(parsed),
    });
  }
  return out;
}
