import type { PickedSentences } from './pick-sentences.ts';
import type { SourcePassage } from './read-prompt.ts';

/** The offline model's answer when no sentence is good enough: the exact words the engine and tests rely on. */
export const NOT_FOUND_ANSWER = "I couldn't find this in the workspace.";

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

/** Where a passage is, in words: `"Pump Manual" (manuals/pump.pdf, page 3)`. */
const placeOf = (p: SourcePassage) =>
  `${nameOf(p)} (${[p.path, p.part]
    .filter((x) => x)
    .join(', ')
    .replace(/\[(\d+)\]/g, '($1)')})`;

/**
 * The answer as the pieces it is streamed in: a framing sentence naming the sources, then one
 * bullet per picked sentence with its `[n]`. With nothing picked: {@link NOT_FOUND_ANSWER}, and
 * when a search ran, the closest result by name only (it did not answer, so it is not cited).
 */
export function writeAnswer(
  { picked, ranking }: PickedSentences,
  searchResults: readonly SourcePassage[],
): string[] {
  if (picked.length === 0) {
    if (searchResults.length === 0) return [NOT_FOUND_ANSWER];
    const closest = ranking.find((p) => p.from === 'search') ?? searchResults[0];
    return closest
      ? [NOT_FOUND_ANSWER, `\n\nThe closest search result was ${placeOf(closest)}.`]
      : [NOT_FOUND_ANSWER];
  }
  const names: string[] = [];
  for (const s of picked) {
    const name = nameOf(s.passage);
    if (!names.includes(name)) names.push(name);
  }
  const verb = names.length === 1 ? 'says' : 'say';
  return [
    `Here is what ${listNames(names)} ${verb} about this:`,
    ...picked.map((s, i) => `${i === 0 ? '\n\n' : '\n'}- ${withMarker(s.text, s.passage.n)}`),
  ];
}
