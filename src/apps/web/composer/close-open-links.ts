import { findActiveTrigger } from './active-trigger.ts';

/** Punctuation that ends the sentence rather than the name: `[[budget?` means `[[budget]]?`. */
const TRAILING_PUNCTUATION = /[\s.,;:!?)]+$/;

/**
 * Closes every wikilink left open at the end of its line (`Ask about [[budget` → `Ask about
 * [[budget]]`), outside code, so a message is never sent with a half-typed reference; the closed
 * name then resolves — or is asked about — like any other. A bare `[[` is left alone.
 */
export function closeOpenLinks(text: string): string {
  let out = text;
  const lineEnds: number[] = [];
  for (let i = 0; i <= text.length; i++)
    if (i === text.length || text[i] === '\n' || text[i] === '\r') lineEnds.push(i);
  // Last line first, so the offsets of the lines before stay right.
  for (const end of lineEnds.reverse()) {
    const open = findActiveTrigger(out, end);
    if (open?.trigger !== '[[') continue;
    const rest = open.query.replace(TRAILING_PUNCTUATION, '');
    if (rest.trim() === '' || rest.includes('[[')) continue;
    const at = open.start + 2 + rest.length;
    out = `${out.slice(0, at)}]]${out.slice(at)}`;
  }
  return out;
}
