import type { WorkspaceApi } from '../api/client.ts';
import type { DocumentDetail } from '../api/types.ts';
import { viewKindOf } from './view-kind.ts';

/** A document as the viewer shows it: its metadata and, for text views, the whole indexed text. */
export interface LoadedDocument {
  readonly detail: DocumentDetail;
  readonly text: string | null;
}

/**
 * Remembers what the viewer fetched, per document, for as long as the viewer is open: moving to
 * another span of the same document re-highlights without asking the server again. Failed
 * fetches are forgotten so "Try again" really retries.
 */
export class ViewerCache {
  private readonly api: WorkspaceApi;
  private readonly documents = new Map<string, Promise<LoadedDocument>>();
  private readonly resolved = new Map<string, LoadedDocument>();
  private readonly blobs = new Map<string, Promise<Blob>>();
  private readonly slices = new Map<string, Promise<string>>();

  constructor(api: WorkspaceApi) {
    this.api = api;
  }

  /** The document if it was already loaded, so a re-render can show it without a loading flash. */
  peek(documentId: string): LoadedDocument | undefined {
    return this.resolved.get(documentId);
  }

  document(documentId: string): Promise<LoadedDocument> {
    return this.remember(this.documents, documentId, async () => {
      const detail = await this.api.document(documentId);
      const kind = viewKindOf(detail);
      const wantsText = kind === 'markdown' || kind === 'plain' || kind === 'entity';
      const text = wantsText ? (await this.api.content(documentId)).text : null;
      const loaded = { detail, text };
      this.resolved.set(documentId, loaded);
      return loaded;
    });
  }

  /** The original file (PDF, image …). */
  blob(documentId: string): Promise<Blob> {
    return this.remember(this.blobs, documentId, () => this.api.raw(documentId));
  }

  /** A span of the indexed text (a PDF page's text for the excerpt). */
  slice(documentId: string, start: number, end: number): Promise<string> {
    return this.remember(this.slices, `${documentId}:${start}:${end}`, async () => {
      return (await this.api.content(documentId, { start, end })).text;
    });
  }

  /** Forgets everything fetched, so the next reads see files as they are now (after an edit). */
  clear(): void {
    this.documents.clear();
    this.resolved.clear();
    this.blobs.clear();
    this.slices.clear();
  }

  private remember<T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>) {
    const known = map.get(key);
    if (known) return known;
    const promise = load();
    map.set(key, promise);
    promise.catch(() => map.delete(key));
    return promise;
  }
}
