import type { ScoredSentence } from './pick-sentences.ts';
import type { SourcePassage } from './read-prompt.ts';

/** The offline model's answer when no sentence is good enough: the exact words the engine and tests rely on. */
export const NOT_FOUND_ANSWER = "I couldn't find this in the workspace.";

/** What the offline model says when asked to edit in agent mode: it cannot, and how to get a model that can. */
export const CANNOT_EDIT_ANSWER =
  'The built-in offline model cannot edit documents; it only quotes them. To have Footnote make this change, configure a model that can use the edit tools: pass `--model provider:name` (for example `--model openai:gpt-4.1-mini` or `--model ollama:llama3.1`), or set `"model"` in `.footnote/config.json` (see "Models" in the README).';

/** A source's name for prose; bracketed numbers become parenthesized so they cannot read as citations. */
const nameOf = (p: SourcePassage) => `"${(p.title || p.path).replace(/\[(\d+)\]/g, '($1)')}"`;

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Puts the source marker before the sentence's closing punctuation: `… 2.5 m³/h [2].` */
export function withMarker(sentence: string, n: number): string {
  const end = /([.!?]+["'”’)\]]*)$/.exec(sentence);
  if (!end) return `${sentence} [${n}]`;
  return `${sentence.slice(0, end.index)} [${n}]${end[0]}`;
}

/**
 * A picked unit as the answer writes it: a sentence as is; an entity's field line led by the
 * entity's name and with mentions as plain names (`Chidi — mentors: Alice`), so it cannot be read
 * as a field of another entity the answer speaks of.
 */
export function asWritten(s: ScoredSentence): string {
  if (s.owner === null) return s.text;
  return `${s.owner} — ${s.text.replace(/(^|[\s,:([])@(?=[\p{L}"])/gu, '$1')}`;
}

/** How the answer is framed. */
export interface AnswerShape {
  /** The sentences open what the user named, as a summary. @default false */
  readonly summary?: boolean;
  /** Each part's question as the user asked it, to say which part nothing answered. */
  readonly partTexts?: readonly string[];
}

/** A part's question for prose, without anything that could read as a citation. */
const asAsked = (text: string) =>
  text
    .replace(/\[(\d+)\]/g, '($1)')
    .replace(/[?.!\s]+$/, '')
    .trim();

/**
 * The answer as the pieces it is streamed in: a short framing line naming the sources, then one
 * bullet per picked sentence, copied as written, with the number of the source it came from;
 * a part nothing answered says so. Nothing picked at all: {@link NOT_FOUND_ANSWER}, citing nothing.
 */
export function writeAnswer(
  parts: readonly (readonly ScoredSentence[])[],
  shape: AnswerShape = {},
): string[] {
  const all = parts.flat();
  if (all.length === 0) return [NOT_FOUND_ANSWER];
  const names: string[] = [];
  for (const s of all) {
    const name = nameOf(s.passage);
    if (!names.includes(name)) names.push(name);
  }
  const verb = names.length === 1 ? 'says' : 'say';
  const chunks = [
    shape.summary
      ? `In short, ${listNames(names)} ${verb}:`
      : `Here is what ${listNames(names)} ${verb} about this:`,
  ];
  let first = true;
  parts.forEach((picked, i) => {
    if (picked.length === 0) {
      const asked = shape.partTexts?.[i];
      if (asked)
        chunks.push(`\n\nI couldn't find an answer to "${asAsked(asked)}" in the workspace.`);
      first = true;
      return;
    }
    for (const s of picked) {
      chunks.push(`${first ? '\n\n' : '\n'}- ${withMarker(asWritten(s), s.passage.n)}`);
      first = false;
    }
  });
  return chunks;
}
