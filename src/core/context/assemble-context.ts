import type { StoredDocument } from '../document.ts';
import type { Reference } from '../references/reference.ts';
import { describeSource } from '../references/resolve-citation-reference.ts';
import { isLoaded } from '../references/resolve-references.ts';
import type {
  AssembledContext,
  ContextInputs,
  ContextOptions,
  ContextOrigin,
  ContextReportItem,
  ContextSource,
  RetrievalSignal,
} from './context-types.ts';
import { documentHeader } from './document-header.ts';
import {
  blockPart,
  type DocumentPart,
  firstParagraph,
  headingPart,
  outlineOf,
  pagePart,
  sectionCount,
  sectionPart,
  spanPart,
} from './document-parts.ts';
import type { EntityGraphLookup, EntityRecord } from './entity-records.ts';
import {
  collectLinkedNotes,
  type EntityContextEntry,
  expandEntityGraph,
  renderEntityContext,
} from './expand-entity-graph.ts';
import { DEFAULT_INSTRUCTIONS } from './instructions.ts';
import {
  DEFAULT_HISTORY_MESSAGES,
  MESSAGE_OVERHEAD_TOKENS,
  pruneHistory,
  recentHistory,
} from './prune-history.ts';
import { quoteDocument } from './quote-document.ts';
import { type TokenCounter, truncateToTokens } from './token-counter.ts';

type Location = Omit<ContextSource, 'n' | 'origin' | 'text'>;

/** One thing that could go into the context, before the budget decides. */
interface Candidate {
  readonly origin: ContextOrigin;
  readonly label: string;
  readonly documentId: string | null;
  readonly path: string | null;
  /** Where the text sits in its document; null for generated blocks that cannot be cited by span. */
  readonly location: Location | null;
  readonly text: string;
  /** How to show the text: quoted with a label, given the source number and any header facts. */
  readonly render: (n: number | null, text: string, header: readonly string[] | null) => string;
  /** Facts that head the document's first block (a post's slug and sections, a file's size…). */
  readonly header: readonly string[] | null;
  /** A size rule already shortened it (e.g. outline instead of the whole document). */
  readonly note: string | null;
  /** Not sent whatever the budget, for this reason (an archived pinned note); reported as dropped. */
  readonly skipped?: string;
  /** A retrieved chunk's signals, carried to its report item. */
  readonly signals?: readonly RetrievalSignal[];
}

/** Tokens added per item for the blank line between blocks and merges across the label/text join. */
const ITEM_MARGIN_TOKENS = 4;

const originLabel: Readonly<Record<ContextOrigin, string>> = {
  reference: 'referenced by the user',
  pinned: 'pinned by the user',
  entity: 'entity context',
  'linked-note': 'linked through an entity field',
  retrieval: 'search result',
};

const locate = (
  doc: StoredDocument,
  part: DocumentPart | null,
  extra: Partial<Location> = {},
): Location => ({
  documentId: doc.id,
  path: doc.path,
  title: doc.title,
  kind: doc.kind,
  chunkId: null,
  page: part?.page ?? null,
  section: part?.section ?? null,
  heading: null,
  block: null,
  start: part?.start ?? 0,
  end: part?.end ?? doc.body.length,
  ...extra,
});

const quoted =
  (origin: ContextOrigin, title: string, path: string, part: string | null) =>
  (n: number | null, text: string, header: readonly string[] | null) =>
    quoteDocument(text, { n, title, path, part, origin: originLabel[origin] }, header);

/**
 * The referenced part of a document (an exact passage, heading, section, block or page), if the
 * reference names one; a passage the document no longer holds falls back to its page or part.
 */
function referencedPart(
  ref: Reference,
  doc: StoredDocument,
): { part: DocumentPart; extra: Partial<Location> } | null {
  const t = ref.target;
  if (!t) return null;
  if (t.span) {
    const part = spanPart(doc, t.span, t);
    if (part) return { part, extra: { heading: t.heading } };
  }
  if (t.page !== null) {
    const part = pagePart(doc, t.page);
    return part && { part, extra: {} };
  }
  if (t.block) {
    const part = blockPart(doc, t.block);
    return part && { part, extra: { block: t.block } };
  }
  if (t.section) {
    const part = sectionPart(doc, t.section);
    return part && { part, extra: { heading: t.heading } };
  }
  if (t.heading) {
    const part = headingPart(doc, t.heading);
    return part && { part, extra: { heading: t.heading } };
  }
  return null;
}

/** Expanded graphs per lookup and roots: a lookup stands for one index version, so they never change. */
const graphs = new WeakMap<
  EntityGraphLookup,
  Map<string, { entries: EntityContextEntry[]; text: string }>
>();

/** The entity graph of these roots, expanded and rendered once per index version. */
function entityContext(lookup: EntityGraphLookup, roots: readonly EntityRecord[]) {
  let byRoots = graphs.get(lookup);
  if (!byRoots) {
    byRoots = new Map();
    graphs.set(lookup, byRoots);
  }
  const key = roots.map((r) => r.id).join('\u0000');
  let graph = byRoots.get(key);
  if (!graph) {
    const entries = expandEntityGraph(roots, lookup);
    graph = { entries, text: renderEntityContext(entries) };
    byRoots.set(key, graph);
  }
  return graph;
}

/**
 * A referenced whole document: in full when small, else an outline, its first paragraph, and a note
 * (`outline`: the text is not the body, so it covers and locates nothing).
 */
function wholeDocument(
  doc: StoredDocument,
  options: Required<Omit<ContextOptions, 'tokenCounter' | 'instructions'>>,
): { text: string; note: string | null; outline: boolean } {
  // Its type, size and dimensions head the block (see `documentHeader`); the body describes it.
  if (doc.kind === 'file' && doc.metadata.text === false)
    return { text: doc.body, note: 'binary file: metadata only', outline: false };
  const tooManySections = sectionCount(doc) > options.outlineAboveSections;
  const tooLong = doc.body.length > options.outlineAboveChars;
  if (!tooManySections && !tooLong) return { text: doc.body, note: null, outline: false };
  const why = tooLong
    ? `longer than ${options.outlineAboveChars} characters`
    : `more than ${options.outlineAboveSections} sections`;
  const text = `Outline:\n${outlineOf(doc)}\n\nFirst paragraph:\n${firstParagraph(doc)}\n\n(The full text is not included: ${why}. Ask for a section by its id.)`;
  return { text, note: `sent as outline + first paragraph (${why})`, outline: true };
}

/** Cuts text to `chars` characters at a word break, marking the cut with `…`. */
function cutChars(text: string, chars: number): { text: string; cut: boolean } {
  if (text.length <= chars) return { text, cut: false };
  const head = text.slice(0, chars);
  const space = head.lastIndexOf(' ');
  return { text: `${(space > chars * 0.8 ? head.slice(0, space) : head).trimEnd()}…`, cut: true };
}

/** The referenced-documents list of seed 000 that heads the user's turn. */
export function referencedDocumentsList(
  references: readonly Reference[],
  summaries: ReadonlyMap<string, string>,
): string {
  if (references.length === 0) return '';
  const lines = references.map((ref) => {
    const t = ref.target;
    switch (ref.status) {
      case 'resolved':
      case 'archived': {
        const summary = summaries.get(t?.documentId ?? '') ?? '';
        const flag = ref.status === 'archived' ? ' (archived)' : '';
        if (ref.syntax === 'citation' && t) {
          return `- ${ref.raw} (${t.path})${flag}: source ${ref.raw} of the previous answer, ${describeSource(t)}; its passage is among the sources below, numbered anew`;
        }
        return `- ${ref.raw} (${t?.path})${flag}${summary ? `: ${summary}` : ''}`;
      }
      case 'deleted':
        return `- ${ref.raw} (${t?.path}): deleted — the document no longer exists`;
      case 'over_limit':
        return `- ${ref.raw} (${t?.path}): not loaded — over the per-message reference limit`;
      case 'ambiguous':
        return `- ${ref.raw}: ambiguous — ${ref.candidates.length} matches (${ref.candidates.map((c) => c.path).join(', ')}); not loaded`;
      default: {
        if (ref.syntax === 'citation') return `- ${ref.raw}: ${ref.notes[0] ?? 'not found'}`;
        const hint = ref.suggestions.length
          ? ` (did you mean ${ref.suggestions.map((s) => s.insert).join(', ')}?)`
          : '';
        return `- ${ref.raw}: not found${hint}`;
      }
    }
  });
  return `Referenced documents:\n${lines.join('\n')}`;
}

function collectCandidates(
  inputs: ContextInputs,
  options: Required<Omit<ContextOptions, 'tokenCounter' | 'instructions'>>,
): Candidate[] {
  const candidates: Candidate[] = [];
  const loaded = inputs.references.filter((r) => isLoaded(r) && r.target);
  const docOf = (id: string) => inputs.documents.get(id);
  const covered = new Map<string, Array<[number, number]>>();
  const cover = (id: string, start: number, end: number) =>
    covered.set(id, [...(covered.get(id) ?? []), [start, end]]);
  const wholeDocs = new Set<string>();

  // 1. Referenced sections, headings, blocks and pages, in full.
  const partOf = new Map<Reference, ReturnType<typeof referencedPart>>();
  for (const ref of loaded) {
    const doc = docOf(ref.target?.documentId ?? '');
    if (!doc || doc.kind === 'entity') continue;
    const found = referencedPart(ref, doc);
    partOf.set(ref, found);
    if (!found) continue;
    cover(doc.id, found.part.start, found.part.end);
    candidates.push({
      origin: 'reference',
      label: ref.syntax === 'citation' ? `${ref.raw} of the previous answer` : ref.raw,
      documentId: doc.id,
      path: doc.path,
      location: locate(doc, found.part, found.extra),
      text: found.part.text,
      render: quoted('reference', doc.title, doc.path, found.part.label),
      header: documentHeader(doc),
      note: null,
    });
  }
  // 2. Referenced whole documents.
  for (const ref of loaded) {
    const doc = docOf(ref.target?.documentId ?? '');
    if (!doc || doc.kind === 'entity' || partOf.get(ref) || wholeDocs.has(doc.id)) continue;
    wholeDocs.add(doc.id);
    const whole = wholeDocument(doc, options);
    if (!whole.outline) cover(doc.id, 0, doc.body.length);
    candidates.push({
      origin: 'reference',
      label: ref.raw,
      documentId: doc.id,
      path: doc.path,
      location: whole.outline ? null : locate(doc, null),
      text: whole.text,
      render: quoted('reference', doc.title, doc.path, whole.outline ? 'outline' : null),
      header: documentHeader(doc),
      note: whole.note,
    });
  }
  // 3. Pinned notes. An archived one is skipped (seed 004 pins live notes only) and reported.
  const pinnedIds = new Set<string>();
  const skippedPins = new Set<string>();
  for (const doc of inputs.pinned) {
    if (pinnedIds.has(doc.id) || skippedPins.has(doc.id) || wholeDocs.has(doc.id)) continue;
    const archived = doc.status === 'archived';
    // Past the limit a pin is not sent either, and the report says so instead of dropping it unseen.
    const overLimit = !archived && pinnedIds.size >= options.pinnedLimit;
    if (archived || overLimit) skippedPins.add(doc.id);
    else pinnedIds.add(doc.id);
    const { text, cut } = cutChars(doc.body.trim(), options.pinnedChars);
    const start = doc.body.indexOf(doc.body.trim());
    candidates.push({
      origin: 'pinned',
      label: `[[${doc.title}]]`,
      documentId: doc.id,
      path: doc.path,
      location: locate(doc, null, {
        start: Math.max(0, start),
        end: Math.max(0, start) + text.replace(/…$/, '').length,
      }),
      text,
      render: quoted('pinned', doc.title, doc.path, null),
      header: null,
      note: cut ? `cut to ${options.pinnedChars} characters` : null,
      ...(archived && { skipped: 'archived note: pinned notes are sent only while live' }),
      ...(overLimit && {
        skipped: `over the limit of ${options.pinnedLimit} pinned notes: unpin one to send it`,
      }),
    });
  }
  // 4–5. Entity context, then notes linked through entity fields.
  if (inputs.entities) {
    const roots: EntityRecord[] = [];
    for (const ref of loaded) {
      if (ref.target?.kind !== 'entity') continue;
      const record = inputs.entities.entityByRef(ref.target.entity ?? ref.target.title);
      if (record && !roots.some((r) => r.id === record.id)) roots.push(record);
    }
    if (roots.length > 0) {
      const { entries, text: entityText } = entityContext(inputs.entities, roots);
      const root = roots[0] as EntityRecord;
      for (const entry of entries)
        if (entry.expanded) cover(entry.entity.id, 0, Number.MAX_SAFE_INTEGER);
      candidates.push({
        origin: 'entity',
        label: roots.map((r) => `@${r.name}`).join(', '),
        documentId: root.id,
        path: root.path,
        location: null,
        text: entityText,
        render: quoted(
          'entity',
          `Entity context for ${roots.map((r) => `@${r.name}`).join(', ')}`,
          root.path,
          null,
        ),
        header: null,
        note: null,
      });
      const exclude = new Set([...pinnedIds, ...wholeDocs]);
      const linked = collectLinkedNotes(entries, {
        max: options.linkedNoteLimit,
        maxChars: options.linkedNoteChars,
        exclude,
      });
      for (const { note, text, cut, via } of linked.notes) {
        const doc = docOf(note.id);
        cover(note.id, 0, text.replace(/…$/, '').length);
        candidates.push({
          origin: 'linked-note',
          label: `[[${note.title}]] via ${via}`,
          documentId: note.id,
          path: note.path,
          location: doc
            ? locate(doc, null, { end: Math.min(doc.body.length, text.replace(/…$/, '').length) })
            : null,
          text,
          render: quoted('linked-note', note.title, note.path, null),
          header: null,
          note: cut ? `cut to ${options.linkedNoteChars} characters` : null,
        });
      }
    }
  }
  // 6. Retrieved chunks, unless a referenced part already holds them.
  const seen = new Set<string>();
  for (const chunk of inputs.retrieved) {
    if (seen.has(chunk.chunkId)) continue;
    seen.add(chunk.chunkId);
    const inside = (covered.get(chunk.documentId) ?? []).some(
      ([s, e]) => chunk.start >= s && chunk.end <= e,
    );
    if (inside || pinnedIds.has(chunk.documentId)) continue;
    const part =
      chunk.page !== null
        ? `page ${chunk.page}`
        : chunk.section
          ? `§ ${chunk.section}`
          : chunk.headingPath.length
            ? `# ${chunk.headingPath.join(' › ')}`
            : null;
    candidates.push({
      origin: 'retrieval',
      label: `${chunk.path}${part ? ` (${part})` : ''}`,
      documentId: chunk.documentId,
      path: chunk.path,
      location: {
        documentId: chunk.documentId,
        path: chunk.path,
        title: chunk.title,
        kind: chunk.kind,
        chunkId: chunk.chunkId,
        page: chunk.page,
        section: chunk.section,
        heading: chunk.headingPath.at(-1) ?? null,
        block: null,
        start: chunk.start,
        end: chunk.end,
      },
      text: chunk.text,
      render: quoted('retrieval', chunk.title, chunk.path, part),
      header: null,
      note: null,
      ...(chunk.signals && { signals: chunk.signals }),
    });
  }
  return candidates;
}

const DEFAULTS = {
  contextWindow: 128_000,
  answerReserve: 4096,
  historyShare: 0.25,
  historyMessages: DEFAULT_HISTORY_MESSAGES,
  pinnedLimit: 5,
  pinnedChars: 4000,
  linkedNoteLimit: 3,
  linkedNoteChars: 2000,
  outlineAboveSections: 10,
  outlineAboveChars: 50_000,
  minCutTokens: 80,
} as const;

/**
 * Decides what the model sees: the user's referenced parts and documents, pinned notes, entity
 * context, linked notes and retrieved chunks, in that priority, inside a token budget. Items are
 * taken in priority order, so when the budget runs out the lowest priorities are cut first; every
 * document text is quoted as data with its source; every citable item gets a number; and the report
 * says what went in whole, what was cut and what was dropped, and why.
 */
export function assembleContext(inputs: ContextInputs, options: ContextOptions): AssembledContext {
  const o = { ...DEFAULTS, ...options };
  const counter: TokenCounter = o.tokenCounter;
  const instructions = options.instructions ?? DEFAULT_INSTRUCTIONS;
  const preamble = referencedDocumentsList(inputs.references, inputs.summaries);
  const fixedTokens =
    counter.count(instructions) + counter.count(preamble) + counter.count(inputs.message);
  const total = Math.max(0, o.contextWindow - o.answerReserve);
  const historyTokens = recentHistory(inputs.history, o.historyMessages).reduce(
    (sum, m) => sum + counter.count(m.content) + MESSAGE_OVERHEAD_TOKENS,
    0,
  );
  const historyAllowance = Math.min(historyTokens, Math.floor(total * o.historyShare));
  const contextTokens = Math.max(0, total - fixedTokens - historyAllowance);

  let remaining = contextTokens;
  let next = 1;
  const blocks: string[] = [];
  const sources: ContextSource[] = [];
  const items: ContextReportItem[] = [];
  /** Documents whose header facts are already in a block: they head only the first. */
  const headed = new Set<string>();
  for (const c of collectCandidates(inputs, o)) {
    const header = c.header && c.documentId && !headed.has(c.documentId) ? c.header : null;
    // Text and label are counted apart so the text's count is reused across turns (the label
    // carries this turn's source number); the margin covers tokens merged across the join.
    const overhead = counter.count(c.render(next, '', header)) + ITEM_MARGIN_TOKENS;
    const fullTokens = counter.count(c.text) + overhead;
    if (c.skipped) {
      items.push({
        origin: c.origin,
        label: c.label,
        documentId: c.documentId,
        path: c.path,
        n: null,
        fullTokens,
        tokens: 0,
        outcome: 'dropped',
        reason: c.skipped,
        ...(c.signals && { signals: c.signals }),
      });
      continue;
    }
    let text = c.text;
    let outcome: ContextReportItem['outcome'] = 'whole';
    let reason = c.note;
    let tokens = fullTokens;
    if (fullTokens > remaining) {
      if (remaining - overhead >= o.minCutTokens) {
        text = `${truncateToTokens(c.text, remaining - overhead - 2, counter)}…`;
        tokens = counter.count(text) + overhead;
        outcome = 'cut';
        reason = `cut to fit the budget (${fullTokens} → ${tokens} tokens)${c.note ? `; ${c.note}` : ''}`;
      } else {
        items.push({
          origin: c.origin,
          label: c.label,
          documentId: c.documentId,
          path: c.path,
          n: null,
          fullTokens,
          tokens: 0,
          outcome: 'dropped',
          reason: `over the context budget (${remaining} tokens left)`,
          ...(c.signals && { signals: c.signals }),
        });
        continue;
      }
    } else if (c.note) {
      outcome = 'cut';
    }
    const n = next++;
    remaining -= tokens;
    blocks.push(c.render(n, text, header));
    if (header && c.documentId) headed.add(c.documentId);
    const loc = c.location;
    if (loc) {
      const shown = text.replace(/…$/, '');
      sources.push({
        ...loc,
        n,
        origin: c.origin,
        text,
        end: Math.min(loc.end, loc.start + shown.length),
      });
    } else if (c.documentId && c.path) {
      const doc = inputs.documents.get(c.documentId);
      sources.push({
        n,
        origin: c.origin,
        documentId: c.documentId,
        path: c.path,
        title: doc?.title ?? c.label,
        kind: doc?.kind ?? 'note',
        chunkId: null,
        page: null,
        section: null,
        heading: null,
        block: null,
        start: 0,
        end: 0,
        text,
      });
    }
    items.push({
      origin: c.origin,
      label: c.label,
      documentId: c.documentId,
      path: c.path,
      n,
      fullTokens,
      tokens,
      outcome,
      reason,
      ...(c.signals && { signals: c.signals }),
    });
  }

  const usedTokens = contextTokens - remaining;
  const historyBudget = Math.max(0, total - fixedTokens - usedTokens);
  const pruned = pruneHistory(inputs.history, historyBudget, counter, o.historyMessages);
  const history = pruned.kept;
  const keptTokens = pruned.tokens;
  const system =
    blocks.length > 0 ? `${instructions}\n\n## Sources\n\n${blocks.join('\n\n')}` : instructions;
  return {
    system,
    preamble,
    sources,
    history,
    report: {
      budget: {
        contextWindow: o.contextWindow,
        answerReserve: o.answerReserve,
        fixedTokens,
        historyAllowance,
        contextTokens,
        usedTokens,
      },
      items,
      history: {
        messages: inputs.history.length,
        kept: history.length,
        dropped: inputs.history.length - history.length,
        limit: o.historyMessages,
        overLimit: pruned.overLimit,
        overBudget: pruned.overBudget,
        tokens: keptTokens,
      },
      totalTokens: fixedTokens + usedTokens + keptTokens,
    },
  };
}
