import type { ContextSource } from '../core/index.ts';

/** A source before it has a number. */
export type NewSource = Omit<ContextSource, 'n'>;

const keyOf = (s: NewSource) =>
  s.chunkId ?? `${s.documentId}:${s.page ?? ''}:${s.section ?? ''}:${s.start}-${s.end}`;

/**
 * Numbers every source the model is shown during one turn — the assembled context first, then
 * whatever tools return — so each `[n]` means one passage, and the same passage keeps its number.
 */
export class SourceRegistry {
  private readonly list: ContextSource[] = [];
  private readonly byKey = new Map<string, number>();

  constructor(initial: readonly ContextSource[] = []) {
    for (const source of initial) {
      this.list.push(source);
      this.byKey.set(keyOf(source), source.n);
    }
  }

  /** The number of this passage: its existing one, or the next free one. */
  register(source: NewSource): number {
    const key = keyOf(source);
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const n = (this.list.at(-1)?.n ?? 0) + 1;
    this.list.push({ ...source, n });
    this.byKey.set(key, n);
    return n;
  }

  get sources(): readonly ContextSource[] {
    return this.list;
  }
}
