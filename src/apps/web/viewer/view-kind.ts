import { isImagePath } from '../ui/KindIcon.tsx';

/** How the viewer shows a document. */
export type ViewKind = 'markdown' | 'plain' | 'pdf' | 'image' | 'entity' | 'binary';

const MARKDOWN = /\.(md|markdown|mdx)$/i;

/**
 * Picks the view for a document from its kind, path and metadata: PDFs page by page, images as
 * pictures, entities as fields, Markdown rendered, other text preformatted, anything else as
 * metadata only.
 */
export function viewKindOf(doc: {
  kind: string;
  path: string;
  metadata?: Record<string, unknown>;
}): ViewKind {
  if (doc.kind === 'pdf' || /\.pdf$/i.test(doc.path)) return 'pdf';
  if (doc.kind === 'entity') return 'entity';
  if (isImagePath(doc.path)) return 'image';
  if (MARKDOWN.test(doc.path)) return 'markdown';
  if (doc.metadata?.text === true) return 'plain';
  if (doc.metadata?.text === false || doc.kind === 'file') return 'binary';
  return 'plain';
}

const VIEWABLE_IN_TAB = /\.(pdf|png|jpe?g|gif|webp|avif|bmp|txt|csv|md|markdown)$/i;

/**
 * Whether "Open file" may show the file in a new tab; anything that could run script in our
 * origin from a blob: URL (SVG, HTML, unknown types) is downloaded instead.
 */
export function opensInTab(path: string): boolean {
  return VIEWABLE_IN_TAB.test(path);
}

/** The type to give the blob we open, so text never renders as HTML and PDFs use the viewer. */
export function safeBlobType(path: string, type: string): string {
  if (/\.pdf$/i.test(path)) return 'application/pdf';
  if (/\.(txt|csv|md|markdown)$/i.test(path)) return 'text/plain;charset=utf-8';
  if (/^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(type)) return type;
  return 'application/octet-stream';
}

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
};

/** The type an image blob needs for `<img>` to decode it (an `<img>` never runs SVG scripts). */
export function imageBlobType(path: string): string {
  return IMAGE_TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'image/png';
}
