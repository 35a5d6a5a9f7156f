import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';
import type { DocumentDetail } from '../api/types.ts';
import {
  citedPageNumber,
  excerptAround,
  narrowSpanToQuote,
  type PassageLike,
  pagePassageSpan,
  splitAtSpan,
} from './cited-span.ts';
import type { ViewerCache } from './viewer-cache.ts';

interface PageSize {
  readonly width: number;
  readonly height: number;
}

/** Browsers refuse (or blank) canvases past ~16 megapixels; big pages render a little softer. */
const MAX_CANVAS_PIXELS = 16_000_000;
/** Past this many pages only the first page is measured; the others take its shape until shown. */
const MEASURE_ALL_UP_TO = 200;

/** The width of an element's content box, kept current as the panel resizes. */
function useContentWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * A PDF shown page by page with pdf.js: each page is a canvas drawn when it scrolls near the
 * panel, at the panel's width and the screen's pixel density. The cited page is outlined and
 * scrolled to, with the cited text above it in an excerpt box.
 */
export function PdfView({
  cache,
  detail,
  target,
  scrollRoot,
}: {
  cache: ViewerCache;
  detail: DocumentDetail;
  target: {
    start?: number | null;
    end?: number | null;
    page?: number | null;
    quote?: string | null;
    passage?: PassageLike | null;
  };
  scrollRoot: HTMLElement | null;
}) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [sizes, setSizes] = useState<readonly PageSize[]>([]);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const width = useContentWidth(listRef);

  useEffect(() => {
    let live = true;
    let destroy: (() => void) | null = null;
    setError(null);
    (async () => {
      let loader: typeof import('./pdf-loader.ts') | null = null;
      try {
        const [module, blob] = await Promise.all([
          import('./pdf-loader.ts'),
          cache.blob(detail.id),
        ]);
        loader = module;
        if (!live) return;
        const opening = loader.openPdf(await blob.arrayBuffer());
        destroy = opening.destroy;
        const doc = await opening.promise;
        const measured = doc.numPages <= MEASURE_ALL_UP_TO ? doc.numPages : 1;
        const shapes = await Promise.all(
          Array.from({ length: measured }, async (_, i) => {
            const { width: w, height: h } = (await doc.getPage(i + 1)).getViewport({ scale: 1 });
            return { width: w, height: h };
          }),
        );
        if (!live) return;
        setSizes(shapes);
        setPdf(doc);
      } catch (cause) {
        if (!live) return;
        if (cause instanceof ApiError)
          setError(
            cause.status === 404 ? 'The PDF file is missing from the workspace.' : cause.message,
          );
        else if (!loader) setError('The PDF viewer could not be loaded.');
        else setError(loader.pdfErrorMessage(cause));
      }
    })();
    return () => {
      live = false;
      destroy?.();
    };
  }, [cache, detail.id]);

  const pageCount = pdf?.numPages ?? 0;
  const wanted = citedPageNumber(detail.pages, target);
  const cited = wanted && pageCount ? Math.min(Math.max(wanted, 1), pageCount) : null;
  const citedPage = cited ? detail.pages.find((p) => p.number === cited) : undefined;

  // Scroll to the cited page (its excerpt sits right above it) once pages are laid out, and
  // again for every new target, even one on the same page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target is a reason to scroll
  useEffect(() => {
    if (!pdf || !cited) return;
    const frame = requestAnimationFrame(() => {
      const list = listRef.current;
      const anchor =
        list?.querySelector(`[data-excerpt-for="${cited}"]`) ??
        list?.querySelector(`[data-page="${cited}"]`);
      anchor?.scrollIntoView?.({ block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [pdf, cited, target]);

  if (error)
    return (
      <div className="viewer-problem" role="alert">
        <p>{error}</p>
        <p className="muted">You can still open the file itself with “Open file”.</p>
      </div>
    );

  return (
    <div className="pdf-pages" ref={listRef}>
      {!pdf && <p className="viewer-status">Opening PDF…</p>}
      {pdf &&
        Array.from({ length: pageCount }, (_, i) => {
          const n = i + 1;
          const size = sizes[i] ?? sizes[0] ?? { width: 612, height: 792 };
          return (
            <div key={n} className="pdf-page-group">
              {n === cited && (target.start != null || citedPage) && (
                <PdfExcerpt
                  cache={cache}
                  documentId={detail.id}
                  page={citedPage ?? null}
                  pageNumber={n}
                  start={target.start}
                  end={target.end}
                  quote={target.quote ?? null}
                  passage={target.passage ?? null}
                />
              )}
              <PdfPage
                pdf={pdf}
                n={n}
                size={size}
                width={width}
                cited={n === cited}
                root={scrollRoot}
              />
            </div>
          );
        })}
      {pdf && pageCount === 0 && <p className="viewer-status">This PDF has no pages.</p>}
    </div>
  );
}

/** One page: a labelled canvas, drawn once it comes near the visible part of the panel. */
function PdfPage({
  pdf,
  n,
  size,
  width,
  cited,
  root,
}: {
  pdf: PDFDocumentProxy;
  n: number;
  size: PageSize;
  width: number;
  cited: boolean;
  root: HTMLElement | null;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  const [shape, setShape] = useState(size);
  const [failed, setFailed] = useState(false);

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
    let cancelled = false;
    (async () => {
      const page = await pdf.getPage(n);
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
      setFailed(false);
    })().catch((cause: unknown) => {
      if (!cancelled && (cause as Error)?.name !== 'RenderingCancelledException') setFailed(true);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [near, width, pdf, n]);

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
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Page ${n}`}
        style={{ aspectRatio: `${shape.width} / ${shape.height}` }}
      />
      {failed && <p className="viewer-status">This page could not be drawn.</p>}
    </div>
  );
}

/** The cited words of a PDF page as text, marked, in a box above the page. */
function PdfExcerpt({
  cache,
  documentId,
  page,
  pageNumber,
  start,
  end,
  quote,
  passage,
}: {
  cache: ViewerCache;
  documentId: string;
  page: { start: number; end: number } | null;
  pageNumber: number;
  start?: number | null | undefined;
  end?: number | null | undefined;
  /** The answer's words for this source, marked instead of the whole span when found. */
  quote: string | null;
  /** The source's words that support the claim, marked first when they are on this page. */
  passage: PassageLike | null;
}) {
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState(false);
  const boxRef = useRef<HTMLElement>(null);
  const pageStart = page?.start;
  const pageEnd = page?.end;

  useEffect(() => {
    let live = true;
    setText(null);
    setProblem(false);
    if (pageStart === undefined || pageEnd === undefined) return;
    cache.slice(documentId, pageStart, pageEnd).then(
      (t) => live && setText(t),
      () => live && setProblem(true),
    );
    return () => {
      live = false;
    };
  }, [cache, documentId, pageStart, pageEnd]);

  const shown = Boolean(page && !problem && text?.trim());
  // The page was scrolled to before the excerpt arrived; bring the excerpt (and the page under it) in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly cited span is a reason to scroll
  useEffect(() => {
    if (shown) boxRef.current?.scrollIntoView?.({ block: 'start' });
  }, [shown, start, end]);

  if (!page || !shown || text === null) return null;
  // Within the page, the supporting passage is marked; without one, the answer's own words
  // (when found), else the cited span.
  const local =
    pagePassageSpan(text, pageNumber, page.start, passage) ??
    narrowSpanToQuote(text, {
      start: start == null ? null : Math.max(start - page.start, 0),
      end: end == null ? null : Math.min(end - page.start, text.length),
      quote,
    });
  const parts = excerptAround(splitAtSpan(text, local.start, local.end));
  return (
    <figure className="viewer-excerpt" data-excerpt-for={pageNumber} ref={boxRef}>
      <figcaption>Excerpt · page {pageNumber}</figcaption>
      <blockquote>
        {parts.before}
        {parts.cited && <mark className="cited">{parts.cited}</mark>}
        {parts.after}
      </blockquote>
    </figure>
  );
}
