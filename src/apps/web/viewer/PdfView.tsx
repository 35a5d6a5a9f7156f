import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';
import type { DocumentDetail } from '../api/types.ts';
import {
  citedPageNumber,
  citedSpanOnPage,
  excerptAround,
  type PassageLike,
  splitAtSpan,
} from './cited-span.ts';
import { type PageHighlight, type PageSize, PdfPage, revealInPanel } from './PdfPage.tsx';
import type { ViewerCache } from './viewer-cache.ts';

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
  const pageText = usePageText(cache, detail.id, citedPage ?? null);
  // Within the cited page, the supporting passage is marked; without one, the answer's own words
  // (when found), else the cited span: in the excerpt and on the page itself.
  const span = useMemo(
    () => (pageText !== null && citedPage ? citedSpanOnPage(pageText, citedPage, target) : null),
    [pageText, citedPage, target],
  );
  const spanStart = span?.start ?? null;
  const spanEnd = span?.end ?? null;
  const highlight = useMemo<PageHighlight | null>(
    () =>
      pageText !== null && spanStart !== null && spanEnd !== null && spanEnd > spanStart
        ? { pageText, start: spanStart, end: spanEnd }
        : null,
    [pageText, spanStart, spanEnd],
  );

  // Scroll to the cited page (its excerpt sits right above it) once pages are laid out, and
  // again for every new target, even one on the same page; then to the words marked on the page
  // when they are further down.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target is a reason to scroll
  useEffect(() => {
    if (!pdf || !cited) return;
    const frame = requestAnimationFrame(() => {
      const list = listRef.current;
      const anchor =
        list?.querySelector(`[data-excerpt-for="${cited}"]`) ??
        list?.querySelector(`[data-page="${cited}"]`);
      anchor?.scrollIntoView?.({ block: 'start' });
      revealInPanel(list?.querySelector(`[data-page="${cited}"] mark.pdf-cited`), scrollRoot);
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
              {n === cited && pageText?.trim() && (
                <PdfExcerpt pageNumber={n} text={pageText} start={spanStart} end={spanEnd} />
              )}
              <PdfPage
                pdf={pdf}
                n={n}
                size={size}
                width={width}
                cited={n === cited}
                highlight={n === cited ? highlight : null}
                root={scrollRoot}
              />
            </div>
          );
        })}
      {pdf && pageCount === 0 && <p className="viewer-status">This PDF has no pages.</p>}
    </div>
  );
}

/**
 * The indexed text of one page of a document, read when the page changes; null while it loads,
 * when there is no page, or when it cannot be read (then the viewer shows the page alone).
 */
function usePageText(
  cache: ViewerCache,
  documentId: string,
  page: { readonly start: number; readonly end: number } | null,
): string | null {
  const [text, setText] = useState<string | null>(null);
  const pageStart = page?.start;
  const pageEnd = page?.end;
  useEffect(() => {
    let live = true;
    setText(null);
    if (pageStart === undefined || pageEnd === undefined) return;
    cache.slice(documentId, pageStart, pageEnd).then(
      (t) => live && setText(t),
      () => live && setText(null),
    );
    return () => {
      live = false;
    };
  }, [cache, documentId, pageStart, pageEnd]);
  return text;
}

/** The cited words of a PDF page as text, marked, in a box above the page. */
function PdfExcerpt({
  pageNumber,
  text,
  start,
  end,
}: {
  pageNumber: number;
  /** The page's indexed text. */
  text: string;
  /** The span to mark, in the page's text. */
  start: number | null;
  end: number | null;
}) {
  const boxRef = useRef<HTMLElement>(null);
  // The page was scrolled to before the excerpt arrived; bring the excerpt (and the page under it) in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly cited span is a reason to scroll
  useEffect(() => {
    boxRef.current?.scrollIntoView?.({ block: 'start' });
  }, [start, end]);

  const parts = excerptAround(splitAtSpan(text, start, end));
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
