import type {
  ContextBudget,
  ContextReportItem,
  ContextReport as StoredContextReport,
} from '../../../core/context/context-types.ts';

export type { ContextReportItem };

/** How history was kept; reports stored before the message limit existed have no `limit` (null). */
export interface HistoryReport extends Omit<StoredContextReport['history'], 'limit'> {
  readonly limit: number | null;
}

/** The context report as this UI reads it, old stored reports included. */
export interface ContextReport extends Omit<StoredContextReport, 'history'> {
  readonly history: HistoryReport;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const textOrNull = (value: unknown) => value === null || value === undefined || isText(value);

const OUTCOMES = new Set(['whole', 'cut', 'dropped']);

function readItem(value: unknown): ContextReportItem | null {
  if (!isObject(value)) return null;
  const { origin, label, documentId, path, n, fullTokens, tokens, outcome, reason, signals } =
    value;
  if (!isText(origin) || !isText(label) || !isNumber(tokens) || !isText(outcome)) return null;
  if (!OUTCOMES.has(outcome) || !textOrNull(path) || !textOrNull(reason)) return null;
  return {
    origin: origin as ContextReportItem['origin'],
    label,
    documentId: isText(documentId) ? documentId : null,
    path: isText(path) ? path : null,
    n: isNumber(n) ? n : null,
    fullTokens: isNumber(fullTokens) ? fullTokens : tokens,
    tokens,
    outcome: outcome as ContextReportItem['outcome'],
    reason: isText(reason) ? reason : null,
    ...(isSignals(signals) && { signals }),
  };
}

const isSignals = (value: unknown): value is ContextReportItem['signals'] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((signal) => signal === 'lexical' || signal === 'vector');

function readBudget(value: unknown): ContextBudget | null {
  if (!isObject(value)) return null;
  const keys = [
    'contextWindow',
    'answerReserve',
    'fixedTokens',
    'historyAllowance',
    'contextTokens',
    'usedTokens',
  ] as const;
  if (!keys.every((key) => isNumber(value[key]))) return null;
  return value as unknown as ContextBudget;
}

/**
 * Reads the free-form context report the server stored for an answer; null when it does not have
 * the shape this UI knows (the panel then shows the raw JSON instead).
 */
export function readContextReport(value: unknown): ContextReport | null {
  if (!isObject(value) || !Array.isArray(value.items)) return null;
  const items = value.items.map(readItem);
  if (items.some((item) => item === null)) return null;
  const budget = readBudget(value.budget);
  if (!budget) return null;
  const history = isObject(value.history) ? value.history : {};
  const count = (key: string) => (isNumber(history[key]) ? (history[key] as number) : 0);
  const limited = isNumber(history.limit);
  return {
    budget,
    items: items as ContextReportItem[],
    history: {
      messages: count('messages'),
      kept: count('kept'),
      dropped: count('dropped'),
      limit: limited ? (history.limit as number) : null,
      overLimit: count('overLimit'),
      // An older report did not say why: its drops were all for the token budget.
      overBudget: limited ? count('overBudget') : count('dropped'),
      tokens: count('tokens'),
    },
    totalTokens: isNumber(value.totalTokens) ? value.totalTokens : budget.usedTokens,
  };
}

const ORIGIN_LABELS: Record<string, string> = {
  reference: 'your reference',
  pinned: 'pinned',
  entity: 'entity',
  'linked-note': 'linked note',
  retrieval: 'search',
};

const SIGNAL_WORDS: Record<string, string> = { lexical: 'words', vector: 'meaning' };

/**
 * How a retrieved block was found, in a reader's words — "words", "meaning" or "words + meaning"
 * — or null when the report does not say (not retrieved, or stored before search had signals).
 */
export function signalsLabel(item: ContextReportItem): string | null {
  if (!item.signals?.length) return null;
  return item.signals.map((signal) => SIGNAL_WORDS[signal] ?? signal).join(' + ');
}

/** A reader's word for why a block was in the context. */
export const originLabel = (origin: string) => ORIGIN_LABELS[origin] ?? origin;

/** "whole", "cut to 120 of 900 tokens", "dropped". */
export function outcomeLabel(item: ContextReportItem): string {
  if (item.outcome === 'cut') return `cut to ${item.tokens} of ${item.fullTokens}`;
  return item.outcome;
}

/** Counts of blocks by outcome, for the panel's summary line. */
export function outcomeCounts(items: readonly ContextReportItem[]) {
  return {
    whole: items.filter((i) => i.outcome === 'whole').length,
    cut: items.filter((i) => i.outcome === 'cut').length,
    dropped: items.filter((i) => i.outcome === 'dropped').length,
  };
}

/**
 * Why earlier messages were left out, or null when none were: "4 older than the last 10", "2 for
 * lack of room", or both.
 */
export function historyDropLabel(history: HistoryReport): string | null {
  if (history.dropped === 0) return null;
  const parts: string[] = [];
  if (history.overLimit > 0 && history.limit !== null)
    parts.push(`${history.overLimit} older than the last ${history.limit}`);
  if (history.overBudget > 0) parts.push(`${history.overBudget} for lack of room`);
  return `${history.dropped} left out: ${parts.join(', ')}`;
}

/** 12345 → "12,345". */
export const formatTokens = (tokens: number) => tokens.toLocaleString('en-US');
