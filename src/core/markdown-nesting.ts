/**
 * How many lists and block quotes a Markdown line may sit inside. Real notes stay below ten; the
 * parsers (micromark, the mdast and hast utilities, React) walk containers recursively and run
 * out of stack somewhere past a thousand, and spend time quadratic in the depth before that.
 */
export const MAX_MARKDOWN_NESTING = 64;

/** What {@link capMarkdownNesting} did: the text to parse (same length) and how many markers it disarmed. */
export interface CappedMarkdown {
  readonly text: string;
  readonly rewrites: number;
}

/** An open container: a block quote, or a list item whose content starts at `column`. */
interface Container {
  readonly quote: boolean;
  readonly column: number;
}

const SPACE = 0x20;
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const GREATER_THAN = 0x3e;
const DASH = 0x2d;
const PLUS = 0x2b;
const STAR = 0x2a;
const UNDERSCORE = 0x5f;
const DOT = 0x2e;
const RIGHT_PAREN = 0x29;
const LEFT_BRACKET = 0x5b;
const RIGHT_BRACKET = 0x5d;
const CARET = 0x5e;
const COLON = 0x3a;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

const isSpace = (code: number) => code === SPACE || code === TAB;
const isLineEnd = (code: number) =>
  code === LINE_FEED || code === CARRIAGE_RETURN || Number.isNaN(code);
const isDigit = (code: number) => code >= DIGIT_0 && code <= DIGIT_9;

/** The column after `code` at `column` (tabs stop every four columns). */
const advance = (code: number, column: number) =>
  code === TAB ? column + 4 - (column % 4) : column + 1;

/**
 * Disarms list, block-quote and footnote-definition markers nested deeper than `maxDepth`, so no
 * parser meets a document nested thousands deep (`- - - - … text`, `>>>>…`, `[^a]: [^a]: …`, or
 * lists indented step by step), and runs of `*` or `_` longer than `2 × maxDepth` (emphasis
 * nested as deep). Each is rewritten in place with backslashes, keeping its length — `- `
 * becomes `\-`, `1. ` becomes `1\.`, `> ` becomes `\>`, `[^a]:` becomes `\^a]:`, a run's excess
 * `**` becomes `\*` — so every offset still points at the same character and the line reads as
 * text inside the deepest allowed container. The depth is over-estimated rather than under (a
 * line that may be a lazy continuation keeps its containers open), and fenced code is not
 * tracked: only documents nested past `maxDepth` (or with a run that long) change, and there the
 * depth stays bounded. Linear in the text's length.
 */
export function capMarkdownNesting(
  text: string,
  maxDepth: number = MAX_MARKDOWN_NESTING,
): CappedMarkdown {
  const pieces: string[] = [];
  let copied = 0;
  let rewrites = 0;
  const rewrite = (at: number, replacement: string) => {
    pieces.push(text.slice(copied, at), replacement);
    copied = at + replacement.length;
    rewrites++;
  };

  const stack: Container[] = [];
  let previousBlank = true;
  let lineStart = 0;
  while (lineStart < text.length) {
    let pos = lineStart;
    let column = 0;
    // The first character that is not a space or tab: tells a blank line.
    let first = pos;
    while (isSpace(text.charCodeAt(first))) first++;
    const blank = isLineEnd(text.charCodeAt(first));

    // Continue the open containers this line continues.
    let matched = 0;
    for (; matched < stack.length; matched++) {
      const container = stack[matched] as Container;
      if (container.quote) {
        let p = pos;
        let c = column;
        while (isSpace(text.charCodeAt(p)) && c - column < 4) {
          c = advance(text.charCodeAt(p), c);
          p++;
        }
        if (c - column > 3 || text.charCodeAt(p) !== GREATER_THAN) break;
        pos = p + 1;
        column = c + 1;
        if (isSpace(text.charCodeAt(pos))) {
          column = advance(text.charCodeAt(pos), column);
          pos++;
        }
        continue;
      }
      if (blank) continue;
      let p = pos;
      let c = column;
      while (c < container.column && isSpace(text.charCodeAt(p))) {
        c = advance(text.charCodeAt(p), c);
        p++;
      }
      if (c < container.column) break;
      pos = p;
      column = c;
    }

    // Open the containers that start on this line, disarming those past the limit.
    let opened = false;
    let hrChecked = false;
    let hrFrom = -1;
    while (true) {
      let p = pos;
      let c = column;
      while (isSpace(text.charCodeAt(p)) && c - column < 4) {
        c = advance(text.charCodeAt(p), c);
        p++;
      }
      if (c - column > 3) break;
      const code = text.charCodeAt(p);
      let markerEnd: number;
      let delimiter = p;
      let quote = false;
      let footnote = false;
      if (code === LEFT_BRACKET && text.charCodeAt(p + 1) === CARET) {
        // A GFM footnote definition, `[^label]:`, holds blocks like a list item.
        let q = p + 2;
        while (q - p < 1002) {
          const c2 = text.charCodeAt(q);
          if (isLineEnd(c2) || isSpace(c2) || c2 === LEFT_BRACKET || c2 === RIGHT_BRACKET) break;
          q++;
        }
        if (q === p + 2 || text.charCodeAt(q) !== RIGHT_BRACKET || text.charCodeAt(q + 1) !== COLON)
          break;
        footnote = true;
        markerEnd = q + 2;
      } else if (code === GREATER_THAN) {
        quote = true;
        markerEnd = p + 1;
      } else if (code === DASH || code === PLUS || code === STAR) {
        if (!isSpace(text.charCodeAt(p + 1)) && !isLineEnd(text.charCodeAt(p + 1))) break;
        if (code !== PLUS) {
          // `- - -` and `* * *` are thematic breaks, not lists: they end the line's containers.
          if (!hrChecked) {
            hrChecked = true;
            hrFrom = thematicBreakTail(text, p);
          }
          if (hrFrom !== -1 && p >= hrFrom && text.charCodeAt(hrFrom) === code) break;
        }
        markerEnd = p + 1;
      } else if (isDigit(code)) {
        let d = p;
        while (isDigit(text.charCodeAt(d)) && d - p < 9) d++;
        const after = text.charCodeAt(d);
        if (after !== DOT && after !== RIGHT_PAREN) break;
        if (!isSpace(text.charCodeAt(d + 1)) && !isLineEnd(text.charCodeAt(d + 1))) break;
        delimiter = d;
        markerEnd = d + 1;
      } else {
        break;
      }
      const depth = (opened ? stack.length : matched) + 1;
      if (depth > maxDepth) {
        const next = text.charCodeAt(markerEnd);
        const pair = !footnote && (isSpace(next) || (quote && next === GREATER_THAN));
        if (pair) rewrite(delimiter, `\\${text[delimiter]}`);
        else rewrite(delimiter, '\\');
        break;
      }
      if (!opened) {
        stack.length = matched;
        opened = true;
      }
      const markerColumn = c + (markerEnd - p);
      if (footnote) {
        // Its later lines continue it when indented four columns past the `[`.
        stack.push({ quote: false, column: c + 4 });
        pos = markerEnd;
        column = markerColumn;
        continue;
      }
      if (quote) {
        stack.push({ quote: true, column: markerColumn });
        pos = markerEnd;
        column = markerColumn;
        if (isSpace(text.charCodeAt(pos))) {
          column = advance(text.charCodeAt(pos), column);
          pos++;
        }
        continue;
      }
      // A list item's content starts after the marker and up to four spaces; five or more
      // spaces (or nothing) mean the content column is one past the marker.
      let s = markerEnd;
      let sc = markerColumn;
      while (isSpace(text.charCodeAt(s)) && sc - markerColumn < 5) {
        sc = advance(text.charCodeAt(s), sc);
        s++;
      }
      const contentColumn =
        isLineEnd(text.charCodeAt(s)) || sc - markerColumn > 4 ? markerColumn + 1 : sc;
      stack.push({ quote: false, column: contentColumn });
      if (contentColumn === markerColumn + 1) {
        pos = markerEnd + (isSpace(text.charCodeAt(markerEnd)) ? 1 : 0);
      } else {
        pos = s;
      }
      column = contentColumn;
    }

    // A blank line closes the quotes it does not continue; a line after a blank line closes
    // whatever it does not continue. Otherwise the line may be a lazy continuation: keep all.
    if (!opened && matched < stack.length && (blank || previousBlank)) stack.length = matched;

    previousBlank = blank;
    // Emphasis nests too: a run of 2n `*` or `_` around a word opens n levels, and the parser's
    // time grows with the square of the run. Past 2 × maxDepth, the rest of a run is escaped.
    const longestRun = 2 * maxDepth;
    let end = Math.max(first, copied);
    while (!isLineEnd(text.charCodeAt(end))) {
      const code = text.charCodeAt(end);
      if (code !== STAR && code !== UNDERSCORE) {
        end++;
        continue;
      }
      let runEnd = end;
      while (text.charCodeAt(runEnd) === code) runEnd++;
      const excess = runEnd - end - longestRun;
      if (excess > 1) {
        const marker = text[end] as string;
        const pairs = Math.floor(excess / 2);
        rewrite(end + longestRun, `\\${marker}`.repeat(pairs));
      }
      end = runEnd;
    }
    lineStart =
      text.charCodeAt(end) === CARRIAGE_RETURN && text.charCodeAt(end + 1) === LINE_FEED
        ? end + 2
        : end + 1;
  }
  if (rewrites === 0) return { text, rewrites };
  pieces.push(text.slice(copied));
  return { text: pieces.join(''), rewrites };
}

/**
 * Where the line's trailing run of one thematic-break character (with spaces) starts, or -1:
 * for `- - x` it is -1, for `> - - -` it is the first `-`. Scans the line once, from its end.
 */
function thematicBreakTail(text: string, from: number): number {
  let end = from;
  while (!isLineEnd(text.charCodeAt(end))) end++;
  let marker = -1;
  let count = 0;
  let start = -1;
  for (let i = end - 1; i >= from; i--) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) continue;
    if (code !== DASH && code !== STAR && code !== UNDERSCORE) break;
    if (marker === -1) marker = code;
    else if (code !== marker) break;
    count++;
    start = i;
  }
  return count >= 3 ? start : -1;
}
