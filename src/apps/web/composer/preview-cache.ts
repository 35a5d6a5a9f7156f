import type { WorkspaceApi } from '../api/client.ts';
import type { DocumentDetail } from '../api/types.ts';
import { isImagePath } from '../ui/KindIcon.tsx';
import { documentFacts } from './document-facts.ts';
import { excerpt, hasPart, partLabel, partSpan, type ReferenceTarget } from './reference-part.ts';

/** What a chip's preview card shows for one target. */
export interface Preview {
  /** The referenced part, named ("# Risks", "§ Measure the lift", "p. 2"). */
  readonly part: string | null;
  /** The first lines of the target's text. */
  readonly text: string | null;
  /** An object URL of the image, for image files. */
  readonly imageUrl: string | null;
  /** Where the referenced part lies, for opening the viewer at it. */
  readonly span: { start: number; end: number } | null;
  /** Status, size, modified date, section and word counts, on one line. */
  readonly facts: string | null;
}

/** Characters of text a preview shows. */
export const PREVIEW_CHARS = 400;

/** One key per previewed thing: a document, or one part of it. */
export const previewKey = (t: ReferenceTarget) =>
  [
    t.documentId,
    t.heading ?? '',
    t.block ?? '',
    t.section ?? '',
    t.page ?? '',
    t.span ? `${t.span.start}-${t.span.end}` : '',
  ].join('\u0000');

/**
 * Loads and remembers chip previews (document outline, first lines, image) so hovering a chip
 * twice costs one request; a failed load is forgotten so the next hover tries again.
 */
export class PreviewCache {
  private readonly api: Pick<WorkspaceApi, 'document' | 'content' | 'raw'>;
  private readonly details = new Map<string, Promise<DocumentDetail>>();
  private readonly previews = new Map<string, Promise<Preview>>();
  private readonly urls: string[] = [];

  constructor(api: Pick<WorkspaceApi, 'document' | 'content' | 'raw'>) {
    this.api = api;
  }

  /** The document's metadata (headings, sections, pages), fetched once. */
  detail(documentId: string): Promise<DocumentDetail> {
    let found = this.details.get(documentId);
    if (!found) {
      found = this.api.document(documentId);
      this.details.set(documentId, found);
      found.catch(() => this.details.delete(documentId));
    }
    return found;
  }

  /** The preview of a target, fetched once. */
  preview(target: ReferenceTarget): Promise<Preview> {
    const key = previewKey(target);
    let found = this.previews.get(key);
    if (!found) {
      found = this.load(target);
      this.previews.set(key, found);
      found.catch(() => this.previews.delete(key));
    }
    return found;
  }

  /** Where the referenced part of a target lies (null for a whole document or on failure). */
  async span(target: ReferenceTarget): Promise<{ start: number; end: number } | null> {
    if (!hasPart(target)) return null;
    try {
      return partSpan(target, await this.detail(target.documentId));
    } catch {
      return null;
    }
  }

  private async load(target: ReferenceTarget): Promise<Preview> {
    if (isImagePath(target.path)) {
      const [blob, detail] = await Promise.all([
        this.api.raw(target.documentId),
        this.detail(target.documentId).catch(() => null),
      ]);
      const url = URL.createObjectURL(blob);
      this.urls.push(url);
      const facts = detail ? documentFacts(detail) : null;
      return { part: null, text: null, imageUrl: url, span: null, facts };
    }
    const detail = await this.detail(target.documentId);
    const span = hasPart(target) ? partSpan(target, detail) : null;
    const part = partLabel(target, detail);
    const start = Math.min(span?.start ?? 0, detail.length);
    const end = Math.min(span?.end ?? detail.length, start + PREVIEW_CHARS * 2, detail.length);
    const slice = await this.api.content(target.documentId, { start, end });
    const text = excerpt(slice.text, PREVIEW_CHARS);
    return { part, text, imageUrl: null, span, facts: documentFacts(detail) };
  }

  /** Frees the image object URLs. */
  dispose(): void {
    for (const url of this.urls.splice(0)) URL.revokeObjectURL(url);
    this.previews.clear();
  }
}
