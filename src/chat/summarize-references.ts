import { type DocumentStore, isLoaded, type Reference, type SummaryLookup } from '../core/index.ts';

/**
 * The references with their documents' one-line summaries, looked up together (one wait for a
 * model, not one per reference). A reference that has one, or whose document is not loaded, stays
 * as it is, and so does one whose lookup fails: a summary never fails a turn.
 */
export async function summarizeReferences(
  references: readonly Reference[],
  store: Pick<DocumentStore, 'getDocument'>,
  summaries: SummaryLookup,
): Promise<Reference[]> {
  const wanted = new Map<string, Promise<string>>();
  for (const ref of references) {
    const id = ref.target?.documentId;
    if (!id || ref.summary !== undefined || !isLoaded(ref) || wanted.has(id)) continue;
    wanted.set(
      id,
      store.getDocument(id).then((doc) => (doc ? summaries.summaryOf(doc) : '')),
    );
  }
  const found = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([id, summary]) => {
      const text = await summary.catch(() => '');
      if (text) found.set(id, text);
    }),
  );
  return references.map((ref) => {
    const summary = ref.summary === undefined ? found.get(ref.target?.documentId ?? '') : undefined;
    return summary ? { ...ref, summary } : ref;
  });
}
