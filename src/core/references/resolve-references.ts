import { formatMention, formatWikilink } from './format-reference.ts';
import { type ChatMode, createPermissionReader } from './infer-permission.ts';
import { parseReferences } from './parse-references.ts';
import type {
  ParsedReference,
  Reference,
  ReferencePermission,
  ReferenceSpan,
  ReferenceSuggestion,
} from './reference.ts';
import type { ReferenceCatalog } from './reference-catalog.ts';
import { type PreviousSource, resolveCitationReference } from './resolve-citation-reference.ts';
import { PREFIX_KINDS, resolveMention } from './resolve-mention.ts';
import type { ResolveOutcome } from './resolve-outcome.ts';
import { resolveWikilink } from './resolve-wikilink.ts';
import { closestEntries } from './suggest-alternatives.ts';

/** Options for {@link resolveReferences}. */
export interface ResolveReferencesOptions {
  /** Path of the document open beside the chat; breaks ties and anchors `[[#Heading]]`. */
  readonly currentPath?: string | null;
  /** `chat` makes every reference read-only. @default 'chat' */
  readonly mode?: ChatMode;
  /** Most references loaded per message; later ones come back `over_limit`. @default 5 */
  readonly maxReferences?: number;
  /**
   * The sources of the session's previous answer, which `[n]` names; null when there is no previous
   * answer (every `[n]` is then unresolved). @default null
   */
  readonly previousSources?: readonly PreviousSource[] | null;
}

/** Whether a reference's document is handed to the model: it resolved (archived documents included). */
export const isLoaded = (ref: Pick<Reference, 'status'>): boolean =>
  ref.status === 'resolved' || ref.status === 'archived';

/** References per message loaded by default (seed 001). */
export const DEFAULT_MAX_REFERENCES = 5;

const PERMISSION_RANK: Readonly<Record<ReferencePermission, number>> = {
  read: 0,
  insert: 1,
  write: 2,
};

const targetKey = (outcome: ResolveOutcome, parsed: ParsedReference): string => {
  const t = outcome.target;
  if (!t) return `unresolved:${parsed.syntax}:${parsed.raw.toLowerCase()}`;
  const span = t.span ? `${t.span.start}-${t.span.end}` : '';
  return [t.documentId, t.heading ?? '', t.block ?? '', t.section ?? '', t.page ?? '', span].join(
    '\u0000',
  );
};

function suggestionsFor(parsed: ParsedReference, catalog: ReferenceCatalog): ReferenceSuggestion[] {
  if (parsed.syntax === 'citation') return [];
  const kinds = parsed.prefix ? PREFIX_KINDS[parsed.prefix] : null;
  return closestEntries(parsed.name, catalog, parsed.syntax === 'mention' ? kinds : null).map(
    (entry) => ({
      label: entry.title,
      insert:
        parsed.syntax === 'wikilink'
          ? formatWikilink(entry, catalog)
          : formatMention(entry, {}, catalog),
      documentId: entry.id,
      path: entry.path,
    }),
  );
}

/**
 * Parses every reference in a message and resolves it against the workspace (and `[n]` against the
 * previous answer's sources): one reference per distinct target (naming the same thing twice gives
 * two spans), a permission read from the verbs around it (a `[n]` source is only ever read), "did
 * you mean" suggestions when nothing matched, and anything past the per-message limit marked
 * `over_limit` rather than dropped.
 */
export function resolveReferences(
  message: string,
  catalog: ReferenceCatalog,
  options: ResolveReferencesOptions = {},
): Reference[] {
  const {
    currentPath = null,
    mode = 'chat',
    maxReferences = DEFAULT_MAX_REFERENCES,
    previousSources = null,
  } = options;
  const parsed = parseReferences(message);
  const resolved = parsed.map((ref, i) => {
    const outcome =
      ref.syntax === 'wikilink'
        ? resolveWikilink(ref, catalog, { currentPath })
        : ref.syntax === 'citation'
          ? resolveCitationReference(ref, catalog, previousSources)
          : resolveMention(ref, catalog, { currentPath });
    const nextStart = parsed[i + 1]?.start ?? message.length;
    const end =
      outcome.end !== null && outcome.end > ref.end && outcome.end <= nextStart
        ? outcome.end
        : ref.end;
    return { ref, outcome, span: { raw: message.slice(ref.start, end), start: ref.start, end } };
  });
  // Permissions are read once every span is final, so a multi-word name is one noun to the reader.
  const permissionAt = createPermissionReader(
    message,
    mode,
    resolved.map((r) => r.span),
  );
  const byKey = new Map<string, { reference: Reference; spans: ReferenceSpan[] }>();
  for (const { ref, outcome, span } of resolved) {
    const permission = ref.syntax === 'citation' ? 'read' : permissionAt(span.start, span.end);
    const key = targetKey(outcome, ref);
    const existing = byKey.get(key);
    if (existing) {
      existing.spans.push(span);
      if (PERMISSION_RANK[permission] > PERMISSION_RANK[existing.reference.permission]) {
        existing.reference = { ...existing.reference, permission };
      }
      continue;
    }
    const reference: Reference = {
      ...span,
      spans: [],
      syntax: ref.syntax,
      origin: 'user',
      status: outcome.status,
      permission,
      target: outcome.target,
      candidates: outcome.candidates,
      suggestions: outcome.status === 'unresolved' ? suggestionsFor(ref, catalog) : [],
      notes: outcome.notes,
    };
    byKey.set(key, { reference, spans: [span] });
  }

  let loaded = 0;
  return [...byKey.values()].map(({ reference, spans }) => {
    const withSpans = { ...reference, spans };
    if (!isLoaded(reference)) return withSpans;
    loaded++;
    if (loaded <= maxReferences) return withSpans;
    return {
      ...withSpans,
      status: 'over_limit' as const,
      notes: [
        ...reference.notes,
        `over the limit of ${maxReferences} references per message; not loaded`,
      ],
    };
  });
}
