import { imageSize } from 'image-size';
import { describeSize } from '../core/context/document-header.ts';
import type { ParsedDocument } from '../core/index.ts';
import { baseName, slugify } from './read-markdown-document.ts';

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  log: 'text/plain',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  zip: 'application/zip',
  pdf: 'application/pdf',
};

/** Lower-case extension without the dot, or '' when the name has none. */
export const extensionOf = (path: string): string => {
  const file = path.slice(path.lastIndexOf('/') + 1);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes bytes as UTF-8 text, or returns null when they are binary (NUL bytes or invalid UTF-8). */
export function decodeText(bytes: Uint8Array): string | null {
  const probe = bytes.subarray(0, 8192);
  if (probe.includes(0)) return null;
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

/** Reads any other file: text in full; images and binaries as metadata (type, size, image dimensions). */
export function readFileDocument(path: string, bytes: Uint8Array): ParsedDocument {
  const extension = extensionOf(path);
  const mime = MIME_BY_EXTENSION[extension];
  const isImage = mime?.startsWith('image/') ?? false;
  const text = isImage ? null : decodeText(bytes);
  const name = path.slice(path.lastIndexOf('/') + 1);
  const metadata: Record<string, unknown> = {
    mime: mime ?? (text === null ? 'application/octet-stream' : 'text/plain'),
    size: bytes.length,
  };
  let body: string;
  if (text !== null) {
    metadata.text = true;
    body = text;
  } else {
    metadata.text = false;
    const facts = [String(metadata.mime), describeSize(bytes.length)];
    if (isImage) {
      try {
        const { width, height } = imageSize(bytes);
        if (width && height) {
          metadata.width = width;
          metadata.height = height;
          facts.push(`${width}×${height} px`);
        }
      } catch {
        facts.push('dimensions unreadable');
      }
    }
    body = `${name} — ${isImage ? 'image' : 'binary file'}, ${facts.join(', ')}`;
  }
  return {
    path,
    kind: 'file',
    title: name,
    aliases: [],
    slug: slugify(baseName(path)),
    body,
    metadata,
    status: 'active',
    headings: [],
    blocks: [],
    sections: [],
    pages: [],
    links: [],
    entity: null,
    warnings: [],
  };
}
