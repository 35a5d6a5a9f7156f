import { type CitableSource, MAX_MARKER_LENGTH, renumberCitations } from '../core/index.ts';

/**
 * Rewrites an answer's markers to their final numbers while it streams, so what a reader watches
 * already reads 1…k and matches the stored message. Final numbers depend only on the order of first
 * citation and on sources registered before they are cited, so renumbering a prefix gives a prefix
 * of the final text; text is held back only while a `[…]` may still be growing into a marker (or
 * a Markdown link). Should a later chunk change how earlier text reads, it stops emitting and
 * leaves the rest to the final text.
 */
export class StreamRenumberer {
  readonly #sources: () => readonly CitableSource[];
  #raw = '';
  /** How much of `#raw` has been emitted, and what was emitted for it. */
  #rawDone = 0;
  #emitted = '';
  #diverged = false;

  constructor(sources: () => readonly CitableSource[]) {
    this.#sources = sources;
  }

  /** Takes a streamed chunk of the model's text; returns the text to show now (maybe empty). */
  push(delta: string): string {
    this.#raw += delta;
    return this.#emitUpTo(safeEnd(this.#raw));
  }

  /** The rest of the text, once the model is done. */
  flush(): string {
    return this.#emitUpTo(this.#raw.length);
  }

  /** False when the shown text may differ from the final one (the final text then replaces it). */
  get consistent(): boolean {
    return !this.#diverged;
  }

  #emitUpTo(end: number): string {
    if (this.#diverged || end <= this.#rawDone) return '';
    const added = this.#raw.slice(this.#rawDone, end);
    let out: string;
    if (!/[[\]()`~:]/.test(added)) {
      out = added;
    } else {
      const renumbered = renumberCitations(this.#raw.slice(0, end), this.#sources()).text;
      if (!renumbered.startsWith(this.#emitted)) {
        this.#diverged = true;
        return '';
      }
      out = renumbered.slice(this.#emitted.length);
    }
    this.#emitted += out;
    this.#rawDone = end;
    return out;
  }
}

/** Where the text stops being settled: before an open `[` that may still close, or a `]` that may start a link. */
function safeEnd(text: string): number {
  const open = text.lastIndexOf('[');
  if (open < 0) return text.length;
  const close = text.indexOf(']', open);
  if (close < 0) return text.length - open > MAX_MARKER_LENGTH ? text.length : open;
  // `[2]` at the very end may still become `[2](url)` or `[2]: url`: wait for one more character.
  if (close === text.length - 1) return bracketStart(text, close);
  return text.length;
}

/** Where the bracket closed at `close` (and any `[`…`]` chained right before it) begins. */
function bracketStart(text: string, close: number): number {
  let start = text.lastIndexOf('[', close);
  while (start > 0 && text.charAt(start - 1) === ']') {
    const previous = text.lastIndexOf('[', start - 1);
    if (previous < 0) break;
    start = previous;
  }
  return Math.max(0, start);
}
