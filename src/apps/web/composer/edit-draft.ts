/** A draft after an edit, with where the caret should go. */
export interface DraftEdit {
  readonly text: string;
  readonly caret: number;
}

/** A place in the draft where a reference was written, as the resolver reported it. */
export interface DraftSpan {
  readonly raw: string;
  readonly start: number;
  readonly end: number;
}

const clamp = (n: number, max: number) => Math.max(0, Math.min(max, Math.floor(n) || 0));

/** Replaces `[start, end)` with `insert`; the caret goes right after the inserted text. */
export function replaceRange(text: string, start: number, end: number, insert: string): DraftEdit {
  const from = clamp(start, text.length);
  const to = Math.max(from, clamp(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}

/**
 * Puts an autocomplete choice in place of the typed trigger and query, followed by one space (unless
 * whitespace already follows), with the caret after that space so typing simply continues.
 */
export function insertCompletion(
  text: string,
  start: number,
  end: number,
  insert: string,
): DraftEdit {
  const replaced = replaceRange(text, start, end, insert);
  const next = replaced.text[replaced.caret];
  if (next !== undefined && /\s/.test(next)) return { ...replaced, caret: replaced.caret + 1 };
  return replaceRange(replaced.text, replaced.caret, replaced.caret, ' ');
}

/**
 * The spans as they are in the current draft: a span whose text moved (the draft changed since it
 * was resolved) is found again at the nearest occurrence of its raw text; one that is gone is dropped.
 */
export function locateSpans(text: string, spans: readonly DraftSpan[]): DraftSpan[] {
  const found: DraftSpan[] = [];
  for (const span of spans) {
    if (!span.raw) continue;
    if (text.slice(span.start, span.end) === span.raw) {
      found.push(span);
      continue;
    }
    let best = -1;
    for (let i = text.indexOf(span.raw); i >= 0; i = text.indexOf(span.raw, i + 1))
      if (best < 0 || Math.abs(i - span.start) < Math.abs(best - span.start)) best = i;
    if (best >= 0) found.push({ raw: span.raw, start: best, end: best + span.raw.length });
  }
  const unique = new Map(found.map((s) => [s.start, s]));
  return [...unique.values()].sort((a, b) => a.start - b.start);
}

/** Replaces every span (located again in the current draft) with `insert`. */
export function replaceSpans(text: string, spans: readonly DraftSpan[], insert: string): string {
  let out = text;
  for (const span of locateSpans(text, spans).reverse())
    out = out.slice(0, span.start) + insert + out.slice(span.end);
  return out;
}

const isBlank = (ch: string | undefined) => ch === ' ' || ch === '\t';

/** Removes `[start, end)` and tidies the join: no double space, no space before punctuation or at line ends. */
function cut(text: string, start: number, end: number): string {
  let before = text.slice(0, start);
  let after = text.slice(end);
  const lineStart = before === '' || before.endsWith('\n');
  const lineEnd = after === '' || after.startsWith('\n') || after.startsWith('\r');
  if (lineStart) after = after.replace(/^[ \t]+/, '');
  if (lineEnd || /^[.,;:!?)]/.test(after)) before = before.replace(/[ \t]+$/, '');
  else if (isBlank(before.at(-1)) && isBlank(after[0])) after = after.replace(/^[ \t]+/, '');
  else if (before.endsWith('(') && isBlank(after[0])) after = after.replace(/^[ \t]+/, '');
  return before + after;
}

/**
 * Removes every span of a reference from the draft (all the places it was named), tidying the
 * spaces around each so the sentence still reads cleanly.
 */
export function removeSpans(text: string, spans: readonly DraftSpan[]): string {
  let out = text;
  for (const span of locateSpans(text, spans).reverse()) out = cut(out, span.start, span.end);
  return out;
}

/**
 * What stays in the box once `sent` has gone out: nothing when the draft is still what was sent;
 * what was typed after it while the send was being checked; the whole draft when it was changed
 * elsewhere meanwhile, so no typed text is ever thrown away with the send.
 */
export function draftAfterSend(current: string, sent: string): string {
  if (current.trim() === sent.trim()) return '';
  if (current.startsWith(sent)) return current.slice(sent.length).replace(/^\s+/, '');
  return current;
}
