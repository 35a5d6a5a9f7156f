import { type CheckedMarker, type CitableSource, locateMarkers } from './check-citations.ts';
import { searchableText } from './find-quote.ts';

/** An answer whose markers were rewritten to the final numbers, and its sources so numbered. */
export interface RenumberedAnswer<S extends CitableSource = CitableSource> {
  readonly text: string;
  /** Cited sources first, as 1…k in order of first citation, then the uncited ones in their order. */
  readonly sources: readonly S[];
  /** Old number → new number, for every source the model was given. */
  readonly numbers: ReadonlyMap<number, number>;
}

/** The text is the document's own words from `start` to `end` (not an outline or rendered fields). */
const isBodySlice = (s: CitableSource) =>
  s.kind !== 'entity' && s.end - s.start === searchableText(s.text).length;

/** `inner` is a passage of `outer`: same document, same page (or a whole PDF), span inside. */
function contains(outer: CitableSource, inner: CitableSource): boolean {
  if (outer.documentId !== inner.documentId) return false;
  if (outer.text === inner.text && outer.start === inner.start) return true;
  if (!isBodySlice(outer) || !isBodySlice(inner)) return false;
  if (outer.page !== null && outer.page !== inner.page) return false;
  return outer.start <= inner.start && inner.end <= outer.end;
}

/**
 * The outermost source that contains `source` (itself when none does; of equal spans, the first).
 * Any source counts, not only earlier ones: a chunk numbered before its page would otherwise keep
 * its own number, and renumbering the result again would merge it.
 */
function containerOf<S extends CitableSource>(source: S, all: readonly S[]): S {
  let container = source;
  for (const other of all) {
    if (other === container || !contains(other, container)) continue;
    if (!contains(container, other) || other.n < container.n) container = other;
  }
  return container;
}

/** The written form of a numeric marker with new numbers; numbers that point nowhere stay as written. */
function rewrite(marker: CheckedMarker, numbers: ReadonlyMap<number, number>): string {
  const out: number[] = [];
  for (const n of marker.numbers ?? []) {
    const mapped = numbers.get(n) ?? n;
    if (!out.includes(mapped)) out.push(mapped);
  }
  return `[${out.join(', ')}]`;
}

/**
 * Gives an answer's sources the numbers a reader expects: a passage contained in another source
 * of the same document takes that source's number (a referenced note and a chunk of it, a PDF
 * page and the whole PDF), and the cited sources read 1…k in order of first citation. The
 * markers in the text are rewritten to match, so stored text and citation numbers always agree.
 */
export function renumberCitations<S extends CitableSource>(
  text: string,
  sources: readonly S[],
): RenumberedAnswer<S> {
  const ordered: S[] = [];
  for (const source of [...sources].sort((a, b) => a.n - b.n)) {
    if (ordered.at(-1)?.n !== source.n) ordered.push(source);
  }
  const canonical = new Map<number, S>();
  const kept: S[] = [];
  for (const source of ordered) {
    const container = containerOf(source, ordered);
    canonical.set(source.n, container);
    if (container === source) kept.push(source);
  }
  const markers = locateMarkers(text, ordered);
  const order: S[] = [];
  for (const marker of markers) {
    for (const target of marker.targets) {
      const source = target.valid ? canonical.get(target.n) : undefined;
      if (source && !order.includes(source)) order.push(source);
    }
  }
  for (const source of kept) if (!order.includes(source)) order.push(source);
  const newNumber = new Map<S, number>(order.map((source, i) => [source, i + 1]));
  const numbers = new Map<number, number>();
  for (const [old, source] of canonical) numbers.set(old, newNumber.get(source) ?? old);

  let out = '';
  let at = 0;
  for (const marker of markers) {
    // A marker with an unreadable part (`[3-1, 7]`) still cites its readable numbers: they are
    // rewritten too, or they would point to whichever source took their old number.
    if (marker.numbers === null || marker.numbers.length === 0) continue;
    const written = rewrite(marker, numbers);
    if (written === marker.raw) continue;
    out += text.slice(at, marker.start) + written;
    at = marker.end;
  }
  return {
    text: out + text.slice(at),
    sources: order.map((source, i) => ({ ...source, n: i + 1 })),
    numbers,
  };
}
