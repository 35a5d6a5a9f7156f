// Loaded on demand (dynamic import) so pdf.js stays out of the main bundle.
import {
  GlobalWorkerOptions,
  getDocument,
  type PageViewport,
  type PDFDocumentProxy,
  type PDFPageProxy,
  TextLayer,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** A PDF being opened; `destroy` stops it (and frees the worker) whether or not it finished. */
export interface OpeningPdf {
  readonly promise: Promise<PDFDocumentProxy>;
  destroy(): void;
}

/**
 * Opens a PDF from its bytes under the server's CSP (`script-src 'self'`): pdf.js 6 has no eval
 * path any more (its `isEvalSupported` option is gone), and with `useWasm: false` it needs no wasm
 * (image formats that need a wasm decoder are skipped instead of failing the page), no font or
 * CMap downloads (system fonts stand in for the standard fonts).
 */
export function openPdf(data: ArrayBuffer): OpeningPdf {
  const task = getDocument({
    data: new Uint8Array(data),
    useWasm: false,
    enableXfa: false,
    stopAtErrors: false,
  });
  return { promise: task.promise, destroy: () => void task.destroy() };
}

/** A readable reason a PDF could not be shown. */
export function pdfErrorMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') return 'This PDF is password-protected.';
  if (name === 'InvalidPDFException') return 'This file is not a valid PDF.';
  if (name === 'ResponseException' || name === 'MissingPDFException')
    return 'The PDF could not be read.';
  return `The PDF could not be displayed (${(error as Error)?.message ?? String(error)}).`;
}

/** A page's text, drawn as transparent positioned items over its canvas. */
export interface DrawnText {
  /** Each item's text, as pdf.js gave it. */
  readonly items: readonly string[];
  /** The element drawn for each item, parallel to `items` (empty items are not attached). */
  readonly elements: readonly HTMLElement[];
}

/** A text layer being drawn; `cancel` stops it (its promise then rejects). */
export interface DrawingText {
  readonly promise: Promise<DrawnText>;
  cancel(): void;
}

/**
 * Draws a page's text layer into `container` at the viewport's (CSS pixel) scale, so its words can
 * be selected, found and marked where they are drawn on the canvas below.
 */
export function drawTextLayer(
  page: PDFPageProxy,
  container: HTMLElement,
  viewport: PageViewport,
): DrawingText {
  container.replaceChildren();
  container.style.setProperty('--total-scale-factor', String(viewport.scale));
  const layer = new TextLayer({
    textContentSource: page.streamTextContent(),
    container,
    viewport,
  });
  return {
    promise: layer
      .render()
      .then(() => ({ items: layer.textContentItemsStr, elements: layer.textDivs })),
    cancel: () => layer.cancel(),
  };
}
