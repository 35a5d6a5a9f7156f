import type { Citation } from '../citations/check-citations.ts';
import type { ChatMessage } from '../messages/message.ts';
import type { ParsedReference, TargetSpan } from './reference.ts';
import type { ReferenceCatalog } from './reference-catalog.ts';
import { type ResolveOutcome, statusOf } from './resolve-outcome.ts';

/** One numbered source of the previous answer, as a `[n]` reference needs it (a stored citation). */
export type PreviousSource = Pick<
  Citation,
  | 'n'
  | 'documentId'
  | 'path'
  | 'title'
  | 'kind'
  | 'chunkId'
  | 'page'
  | 'section'
  | 'heading'
  | 'start'
  | 'end'
>;

/**
 * The sources a `[n]` in the next user message may name: those of the session's latest assistant
 * message that has an answer (a blank placeholder of a turn still running does not count), or null
 * when the session has no answer yet.
 */
export function previousAnswerSources(
  messages: readonly Pick<ChatMessage, 'role' | 'content' | 'citations'>[],
): readonly PreviousSource[] | null {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.role === 'assistant' && message.content.trim() !== '') return message.citations;
  }
  return null;
}

const unresolved = (note: string): ResolveOutcome => ({
  status: 'unresolved',
  entry: null,
  target: null,
  candidates: [],
  notes: [note],
  end: null,
});

/** The passage a source covers, when it is one (entity context and generated blocks cover none). */
function spanOf(source: PreviousSource): TargetSpan | null {
  if (source.kind === 'entity' || source.end <= source.start) return null;
  return { start: source.start, end: source.end };
}

/** "Field Report, page 2", "Design Review, # Risks": how the source reads in a note. */
export function describeSource(
  source: Pick<PreviousSource, 'title' | 'page' | 'section' | 'heading'>,
): string {
  const part =
    source.page !== null
      ? `page ${source.page}`
      : source.section
        ? `§ ${source.section}`
        : source.heading
          ? `# ${source.heading}`
          : null;
  return part ? `${source.title}, ${part}` : source.title;
}

/**
 * Resolves `[n]` to source `n` of the previous answer: that document (as it is now in the
 * workspace), with the source's page, section or heading and its exact passage. No previous answer,
 * or no source with that number, leaves it unresolved with a note saying which.
 */
export function resolveCitationReference(
  parsed: ParsedReference,
  catalog: ReferenceCatalog,
  previousSources: readonly PreviousSource[] | null,
): ResolveOutcome {
  const n = parsed.citation ?? 0;
  if (previousSources === null) {
    return unresolved(`no previous answer in this conversation to take source [${n}] from`);
  }
  const source = previousSources.find((s) => s.n === n);
  if (!source) return unresolved(`no source [${n}] in the previous answer`);
  const entry = catalog.get(source.documentId) ?? null;
  const described = describeSource(source);
  return {
    status: entry ? statusOf(entry) : 'deleted',
    entry,
    target: {
      documentId: source.documentId,
      path: entry?.path ?? source.path,
      title: entry?.title ?? source.title,
      kind: entry?.kind ?? source.kind,
      status: entry?.status ?? 'deleted',
      heading: source.heading,
      block: null,
      section: source.section,
      page: source.page,
      entity: entry?.entityId ?? null,
      span: spanOf(source),
    },
    candidates: [],
    notes: [
      entry
        ? `source [${n}] of the previous answer: ${described}`
        : `source [${n}] of the previous answer (${described}) is no longer in the workspace`,
    ],
    end: null,
  };
}
