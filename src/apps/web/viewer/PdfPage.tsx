import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { locateSpanInTextItems, markTextItems, unmarkTextItems } from './pdf-highlight.ts';
import type { DrawingText, DrawnText } from './pdf-loader.ts';

/** A page's size in PDF points. */
export interface PageSize {
  readonly width: number;
  readonly height: number;
}

/** The cited span of a page, in that page's indexed text, to mark where it is drawn. */
export interface PageHighlight {
  readonly pageText: string;
  readonly start: number;
  readonly end: number;
}

/** Browsers refuse (or blank) canvases past ~16 megapixels; big pages render a little softer. */
const MAX_CANVAS_PIXELS = 16_000_000;

/** Whether an element is wholly inside the visible part of a scrolling panel. */
function inView(element: Element, root: HTMLElement | null): boolean {
  if (!root) return false;
  const box = element.getBoundingClientRect();
  const frame = root.getBoundingClientRect();
  return box.top >= frame.top && box.bottom <= frame.bottom;
}

/** Brings an element to the middle of the panel unless all of it is in view already. */
export function revealInPanel(element: Element | null | undefined, root: HTMLElement | null): void {
  if (element && !inView(element, root)) element.scrollIntoView?.({ block: 'center' });
}

/**
 * One page: a labelled canvas, drawn once it comes near the visible part of the panel, with its
 * text laid over it (selectable) and, on the cited page, the cited words marked on the page itself
 * and brought into view.
 */
export function PdfPage({
  pdf,
  n,
  size,
  width,
  cited,
  highlight,
  root,
}: {
  pdf: PDFDocumentProxy;
  n: number;
  size: PageSize;
  width: number;
  cited: boolean;
  highlight: PageHighlight | null;
  root: HTMLElement | null;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  const [shape, setShape] = useState(size);
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState<DrawnText | null>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { root, rootMargin: '600px 0px' },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    if (!near || width <= 0) return;
    let task: RenderTask | null = null;
    let drawing: DrawingText | null = null;
    let cancelled = false;
    let drawnCanvas = false;
    (async () => {
      const [page, loader] = await Promise.all([pdf.getPage(n), import('./pdf-loader.ts')]);
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const base = page.getViewport({ scale: 1 });
      setShape({ width: base.width, height: base.height });
      const cssScale = width / base.width;
      const wantedDensity = window.devicePixelRatio || 1;
      const pixels = base.width * base.height * (cssScale * wantedDensity) ** 2;
      const density =
        pixels > MAX_CANVAS_PIXELS
          ? wantedDensity * Math.sqrt(MAX_CANVAS_PIXELS / pixels)
          : wantedDensity;
      const viewport = page.getViewport({ scale: cssScale * density });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      task = page.render({ canvas, viewport });
      await task.promise;
      drawnCanvas = true;
      setFailed(false);
      const layer = layerRef.current;
      if (cancelled || !layer) return;
      // The text sits on the canvas's inner box (inside its border), at the width it is shown.
      const shown = canvas.clientWidth || width;
      drawing = loader.drawTextLayer(page, layer, page.getViewport({ scale: shown / base.width }));
      const drawn = await drawing.promise;
      if (!cancelled) setText(drawn);
    })().catch((cause: unknown) => {
      const name = (cause as Error)?.name;
      if (cancelled || name === 'RenderingCancelledException' || name === 'AbortException') return;
      // A drawn page stays usable without its text layer.
      if (!drawnCanvas) setFailed(true);
    });
    return () => {
      cancelled = true;
      task?.cancel();
      drawing?.cancel();
    };
  }, [near, width, pdf, n]);

  // Mark the cited words on the drawn text, and bring the first into view when it is not.
  useEffect(() => {
    const layer = layerRef.current;
    if (!layer || !text) return;
    unmarkTextItems(layer);
    if (!highlight) return;
    const ranges = locateSpanInTextItems(text.items, highlight.pageText, highlight);
    if (!ranges) return;
    const [first] = markTextItems(text.elements, text.items, ranges);
    revealInPanel(first, root);
  }, [text, highlight, root]);

  return (
    <div
      ref={boxRef}
      className={cited ? 'pdf-page cited-page' : 'pdf-page'}
      data-page={n}
      aria-current={cited ? 'location' : undefined}
    >
      <div className="pdf-page-label">
        Page {n}
        {cited && <span className="pdf-cited-tag">cited</span>}
      </div>
      <div className="pdf-canvas-box">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`Page ${n}`}
          style={{ aspectRatio: `${shape.width} / ${shape.height}` }}
        />
        <div
          ref={layerRef}
          className="pdf-text-layer"
          data-text-layer={text ? 'drawn' : 'pending'}
        />
      </div>
      {failed && <p className="viewer-status">This page could not be drawn.</p>}
    </div>
  );
}
