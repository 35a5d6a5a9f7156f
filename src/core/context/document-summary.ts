import type { StoredDocument } from '../document.ts';
import type { DocumentStore } from '../document-store.ts';
import { firstParagraph } from './document-parts.ts';

/** Longest one-line summary shown in the referenced-documents list. */
export const MAX_SUMMARY_CHARS = 200;

/** Writes a one-sentence summary of a document; backed by a model, injected by the app. */
export interface Summarizer {
  summarize(
    document: { readonly title: string; readonly text: string },
    signal?: AbortSignal,
  ): Promise<string>;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const clip = (text: string) => {
  if (text.length <= MAX_SUMMARY_CHARS) return text;
  const head = text.slice(0, MAX_SUMMARY_CHARS - 1);
  const space = head.lastIndexOf(' ');
  return `${space > MAX_SUMMARY_CHARS * 0.6 ? head.slice(0, space) : head}…`;
};

/**
 * A one-line summary of a document: its first paragraph when that is short enough, else a
 * model-written sentence cached per document version, else the first sentence clipped.
 */
export async function summarizeDocument(
  doc: StoredDocument,
  cache: Pick<DocumentStore, 'getSummary' | 'setSummary'>,
  summarizer?: Summarizer,
  signal?: AbortSignal,
): Promise<string> {
  const first = oneLine(firstParagraph(doc));
  if (first.length <= MAX_SUMMARY_CHARS) return first;
  const cached = await cache.getSummary(doc.id, doc.contentHash);
  if (cached !== null) return cached;
  if (summarizer) {
    const written = clip(
      oneLine(
        await summarizer.summarize({ title: doc.title, text: doc.body.slice(0, 8000) }, signal),
      ),
    );
    if (written) {
      await cache.setSummary(doc.id, doc.contentHash, written);
      return written;
    }
  }
  const sentence = first.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? first;
  return clip(sentence);
}
