import { parseReferences } from '../../../core/references/parse-references.ts';
import type { ReferenceJson } from '../api/types.ts';

/** Most references loaded per message (the resolver marks the rest `over_limit`). */
export const MAX_PINNED = 5;

/**
 * The part a resolved reference names but its document does not have (`[[Note#Nope]]`: "# Nope"),
 * which the resolver answers with the whole document; null when every part written was found. Told
 * from the structure, not from the resolver's note: a part was written, the target has none.
 */
export function missingPart(
  ref: Pick<ReferenceJson, 'raw' | 'status' | 'target'> & Partial<Pick<ReferenceJson, 'syntax'>>,
): string | null {
  const { target } = ref;
  if (ref.syntax === 'citation' || !target || ref.status === 'unresolved') return null;
  if (target.heading || target.block || target.section || target.page || target.span) return null;
  const parsed = parseReferences(ref.raw)[0];
  if (!parsed) return null;
  if (parsed.page !== null) return `p. ${parsed.page}`;
  if (parsed.block !== null) return `^${parsed.block}`;
  if (parsed.heading !== null) return `# ${parsed.heading}`;
  if (parsed.sectionTitle !== null) return `§ ${parsed.sectionTitle}`;
  return null;
}

/** What a reference whose part is missing is sent as instead: "the whole note". */
const wholeOf = (kind: string) =>
  kind === 'note' ? 'the whole note' : kind === 'pdf' ? 'the whole PDF' : 'the whole document';

/** The chip's text after the missing part (shown struck out before it): what is sent instead. */
export function missingPartState(kind: string): string {
  return `not found — ${wholeOf(kind)} is sent`;
}

/** The same as a sentence, for the chip's tooltip. */
export function missingPartExplanation(part: string, title: string, kind: string): string {
  return `${part} is not in ${title}; ${wholeOf(kind)} is sent instead.`;
}

/** The short state text a chip shows after its name, or null for a plain resolved chip. */
export function chipState(
  ref: Pick<ReferenceJson, 'status' | 'candidates'> & Partial<Pick<ReferenceJson, 'syntax'>>,
): string | null {
  if (ref.syntax === 'citation' && ref.status === 'unresolved') return 'Not in the last answer';
  switch (ref.status) {
    case 'ambiguous': {
      const n = ref.candidates.length;
      return n > 1 ? `${n} matches — choose` : 'Several matches — choose';
    }
    case 'unresolved':
      return 'Not found';
    case 'over_limit':
      return `Not sent — only ${MAX_PINNED} notes can be pinned`;
    case 'archived':
      return 'Archived — still sent';
    case 'deleted':
      return 'Deleted — not sent';
    default:
      return null;
  }
}

/** A sentence explaining the state, for the chip's tooltip and screen readers. */
export function chipExplanation(
  ref: Pick<ReferenceJson, 'status'> & Partial<Pick<ReferenceJson, 'syntax' | 'notes'>>,
): string | null {
  if (ref.syntax === 'citation') {
    // The resolver's note says which answer and source it is, or why there is none.
    const note = ref.notes?.[0];
    if (ref.status === 'unresolved')
      return note ? `${capitalize(note)}; it will not be sent.` : null;
    if (ref.status === 'resolved' && note) return `${capitalize(note)}.`;
  }
  switch (ref.status) {
    case 'ambiguous':
      return 'Several documents match this name; choose one so the right one is sent.';
    case 'unresolved':
      return 'No document matches this name; it will not be sent.';
    case 'over_limit':
      return `Only the first ${MAX_PINNED} references of a message are sent to the model; this one is not.`;
    case 'archived':
      return 'This document is archived; it is still sent, marked as archived.';
    case 'deleted':
      return 'This document was deleted; it will not be sent.';
    default:
      return null;
  }
}

/** References the user should confirm before sending: they point at nothing definite. */
export const unsettled = (refs: readonly ReferenceJson[]) =>
  refs.filter((r) => r.status === 'unresolved' || r.status === 'ambiguous');

/** "2 references are not resolved: [[A]], @b." for the confirm dialog. */
export function unsettledMessage(refs: readonly Pick<ReferenceJson, 'raw'>[]): string {
  const names = refs.map((r) => r.raw).join(', ');
  return refs.length === 1
    ? `1 reference is not resolved: ${names}.`
    : `${refs.length} references are not resolved: ${names}.`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `[` then a digit: perhaps a `[n]` source of the previous answer. */
const citationPattern = /\[\d/;

/** Whether a draft contains reference syntax at all (no need to ask the server otherwise). */
export const mayHaveReferences = (draft: string) =>
  draft.includes('[[') || draft.includes('@') || citationPattern.test(draft);
