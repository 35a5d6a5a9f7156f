import { INSERT_VERBS, WRITE_VERBS } from './permission-words.ts';

/**
 * Whether a message asks for a change ("Rewrite [[Pump Design#Impeller]] …", "please add a risk
 * to …") rather than a question: its first word, or the word after "please" / "can you" / "could
 * you" / "would you", is a write or insert verb. The offline model answers such a message by
 * saying it cannot edit; the web UI tells a chat-mode user that chat mode is read-only.
 */
export function asksToEdit(message: string): boolean {
  const text = message.toLowerCase();
  const verbs = [
    /^\W*(\p{L}+)/u.exec(text)?.[1],
    ...[...text.matchAll(/\b(?:please|can you|could you|would you)\s+(\p{L}+)/gu)].map((m) => m[1]),
  ];
  return verbs.some((w) => w !== undefined && (WRITE_VERBS.has(w) || INSERT_VERBS.has(w)));
}
