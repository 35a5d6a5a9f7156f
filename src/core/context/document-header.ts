import type { StoredDocument } from '../document.ts';

/** 812 → "812 B", 2_457_600 → "2.3 MB": a file size as people read it. */
export const describeSize = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

/** An ISO timestamp as `2026-01-20 09:30 UTC`; the text as given when it is not a date. */
const describeTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** Header values are one line each, so a value cannot pass itself off as another field. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** A content item's status: what its frontmatter says (draft, published), and whether it is archived. */
function contentStatus(doc: StoredDocument): string {
  const raw = doc.metadata.status;
  const written = typeof raw === 'string' && raw.trim() ? oneLine(raw) : null;
  if (doc.status !== 'archived') return written ?? doc.status;
  if (!written || written.toLowerCase() === 'archived') return 'archived';
  return `${written} (archived)`;
}

/** What a file is: its MIME type, and for a binary whether it is an image. */
function fileType(doc: StoredDocument): string {
  if (doc.kind === 'pdf') return 'application/pdf';
  const mime = typeof doc.metadata.mime === 'string' ? doc.metadata.mime : 'unknown';
  return mime.startsWith('image/') ? `${mime} (image)` : mime;
}

/**
 * The facts that head a referenced content item or file in the context (seed 001): a post's title,
 * slug, status and section ids, so the model can name a section by id; a file's type, size,
 * dimensions and modified date, so it can describe a file it cannot read. Null for other kinds.
 */
export function documentHeader(doc: StoredDocument): readonly string[] | null {
  if (doc.kind === 'content') {
    const ids = doc.sections.map((s) => s.id);
    return [
      `Title: ${oneLine(doc.title)}`,
      `Slug: ${oneLine(doc.slug)}`,
      `Status: ${contentStatus(doc)}`,
      `Sections: ${ids.length > 0 ? ids.join(', ') : 'none'}`,
    ];
  }
  if (doc.kind !== 'file' && doc.kind !== 'pdf') return null;
  const lines = [`Type: ${fileType(doc)}`, `Size: ${describeSize(doc.size)}`];
  const { width, height, pageCount } = doc.metadata;
  if (typeof width === 'number' && typeof height === 'number')
    lines.push(`Dimensions: ${width}×${height} px`);
  if (typeof pageCount === 'number') lines.push(`Pages: ${pageCount}`);
  lines.push(`Modified: ${describeTime(doc.updatedAt)}`);
  return lines;
}
