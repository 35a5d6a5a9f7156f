import { useCallback, useEffect, useRef, useState } from 'react';
import type { EntityData } from '../../../core/document.ts';
import { ApiError, type WorkspaceApi } from '../api/client.ts';
import { partSpan } from '../composer/reference-part.ts';
import { targetOfReference } from '../messages/viewer-targets.ts';
import { isImagePath, KindIcon } from '../ui/KindIcon.tsx';
import { citedPageNumber, locatePassage, narrowSpanToQuote } from './cited-span.ts';
import {
  BinaryDocument,
  EntityDocument,
  ImageDocument,
  MarkdownDocument,
  PlainDocument,
  Properties,
  WikilinkContext,
} from './DocumentViews.tsx';
import { documentNotice } from './document-notice.ts';
import { PdfView } from './PdfView.tsx';
import { opensInTab, safeBlobType, viewKindOf } from './view-kind.ts';
import { type LoadedDocument, ViewerCache } from './viewer-cache.ts';
import type { ViewerTarget } from './viewer-target.ts';
import './viewer.css';

type LoadState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly doc: LoadedDocument }
  | { readonly status: 'error'; readonly message: string };

const problemText = (cause: unknown): string => {
  if (cause instanceof ApiError && cause.status === 404)
    return 'This document is no longer in the workspace.';
  if (cause instanceof ApiError) return cause.message;
  return `The document could not be loaded: ${(cause as Error)?.message ?? String(cause)}`;
};

/** Opens the original file in a new tab (or downloads it when a tab could run its content). */
async function openOriginal(cache: ViewerCache, target: ViewerTarget): Promise<void> {
  const blob = await cache.blob(target.documentId);
  const url = URL.createObjectURL(new Blob([blob], { type: safeBlobType(target.path, blob.type) }));
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  if (opensInTab(target.path)) link.target = '_blank';
  else link.download = target.path.slice(target.path.lastIndexOf('/') + 1);
  document.body.append(link);
  link.click();
  link.remove();
  // the new tab reads the blob asynchronously; give it time before letting go
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The source viewer: shows what a citation, a chip or the document list points at, with the
 * cited span marked (text), the cited page outlined (PDF) or the picture itself (images).
 */
export function SourceViewer({
  api,
  target,
  onClose,
  onOpenDocument,
  revision = 0,
  onDocumentStatus,
}: {
  api: WorkspaceApi;
  target: ViewerTarget;
  onClose: () => void;
  /** Changes when files may have changed (an edit applied or undone): the viewer reads again. */
  revision?: number;
  /** Opens another document in the viewer (a wikilink of this one was followed). */
  onOpenDocument?: (target: ViewerTarget) => void;
  /** Told the shown document's status once it is loaded (a deleted one is no current document). */
  onDocumentStatus?: (documentId: string, status: 'active' | 'archived' | 'deleted') => void;
}) {
  const [cache] = useState(() => new ViewerCache(api));
  const [state, setState] = useState<LoadState>(() => {
    const doc = cache.peek(target.documentId);
    return doc ? { status: 'ready', doc } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  const [openProblem, setOpenProblem] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [opener] = useState(() =>
    typeof document !== 'undefined' ? (document.activeElement as HTMLElement | null) : null,
  );

  // A new revision: forget what was read and read again, without moving focus.
  const [seenRevision, setSeenRevision] = useState(revision);
  if (seenRevision !== revision) {
    setSeenRevision(revision);
    cache.clear();
    setAttempt((n) => n + 1);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    let live = true;
    const known = cache.peek(target.documentId);
    setState(known ? { status: 'ready', doc: known } : { status: 'loading' });
    if (known) return;
    cache.document(target.documentId).then(
      (doc) => live && setState({ status: 'ready', doc }),
      (cause: unknown) => live && setState({ status: 'error', message: problemText(cause) }),
    );
    return () => {
      live = false;
    };
  }, [cache, target.documentId, attempt]);

  // Focus the heading whenever the viewer opens or moves to another target.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new target is a new place to read
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
    setOpenProblem(null);
  }, [target]);

  // Give focus back to what opened the viewer when it closes.
  useEffect(
    () => () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    },
    [opener],
  );

  // Escape closes the viewer while focus is in it, or nowhere (after a click on a PDF page).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const active = document.activeElement;
      const inside = !active || active === document.body || sectionRef.current?.contains(active);
      if (!inside) return;
      event.preventDefault();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const open = useCallback(() => {
    setOpenProblem(null);
    openOriginal(cache, target).catch((cause: unknown) =>
      setOpenProblem(`Could not open the file: ${problemText(cause)}`),
    );
  }, [cache, target]);

  const follow = useCallback(
    (link: string) => {
      if (!onOpenDocument) return;
      setOpenProblem(null);
      // Resolved from this document, as Obsidian does: a same-named note in its folder wins.
      api.resolve(`[[${link}]]`, 'chat', null, target.path).then(
        ([reference]) => {
          const to = reference ? targetOfReference(reference) : null;
          const part = reference?.target;
          if (!to || !part) {
            setOpenProblem(`[[${link}]] does not point to a document in this workspace`);
            return;
          }
          onOpenDocument({ ...to, part, label: `Linked from ${target.title}` });
        },
        (cause: unknown) => setOpenProblem(`Could not follow the link: ${problemText(cause)}`),
      );
    },
    [api, onOpenDocument, target.title, target.path],
  );

  const detail = state.status === 'ready' ? state.doc.detail : null;
  const notice = documentNotice(target, detail?.status ?? null);
  useEffect(() => {
    if (detail) onDocumentStatus?.(detail.id, detail.status);
  }, [detail, onDocumentStatus]);
  const view = viewKindOf(detail ?? target);
  const title = detail?.title ?? target.title;
  const path = detail?.path ?? target.path;
  const icon = view === 'image' || isImagePath(path) ? 'image' : (detail?.kind ?? target.kind);
  const page = view === 'pdf' ? citedPageNumber(detail?.pages ?? [], target) : null;
  // A link to a part of the document (a heading, block or section) opens at that part.
  const partRange =
    detail && target.part && target.start == null ? partSpan(target.part, detail) : null;
  const shown = partRange ? { ...target, ...partRange } : target;
  // The supporting passage when it is found in the text, else the cited span (narrowed to the
  // answer's words when it is a whole document).
  // An entity field's value is marked in the field list, not searched for in the text.
  const text = state.status === 'ready' ? state.doc.text : null;
  const passage = shown.passage?.field ? null : shown.passage;
  const span =
    text !== null
      ? (locatePassage(text, passage, passage?.start, passage?.end) ??
        narrowSpanToQuote(text, shown))
      : { start: shown.start, end: shown.end };

  return (
    <section className="source-viewer" aria-label="Source viewer" ref={sectionRef}>
      <header className="viewer-header">
        <KindIcon kind={icon} />
        <div className="viewer-heading">
          {target.label && <p className="viewer-label">{target.label}</p>}
          <h2 ref={headingRef} tabIndex={-1} title={title}>
            {title}
          </h2>
          <p className="viewer-path" title={path}>
            {path}
            {page ? <span> · page {page}</span> : null}
          </p>
        </div>
        <div className="viewer-actions">
          {detail?.status !== 'deleted' && (
            <button type="button" className="viewer-open" onClick={open}>
              Open file
            </button>
          )}
          <button
            type="button"
            className="icon-button viewer-close"
            aria-label="Close source viewer"
            title="Close (Esc)"
            onClick={onClose}
          >
            ×
          </button>
        </div>
      </header>
      {notice && (
        <p className="viewer-notice" data-status={detail?.status}>
          {notice}
        </p>
      )}
      {openProblem && (
        <p className="viewer-problem" role="alert">
          {openProblem}
        </p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so the keyboard can scroll a document with nothing else to focus (a PDF) */}
      <section className="viewer-body" ref={setBody} tabIndex={0} aria-label="Document">
        {state.status === 'loading' && <p className="viewer-status">Loading…</p>}
        {state.status === 'error' && (
          <div className="viewer-problem" role="alert">
            <p>{state.message}</p>
            <button type="button" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        )}
        {state.status === 'ready' && (
          <WikilinkContext.Provider value={onOpenDocument ? follow : null}>
            <DocumentBody
              doc={state.doc}
              cache={cache}
              target={shown}
              span={span}
              scrollRoot={body}
            />
          </WikilinkContext.Provider>
        )}
      </section>
    </section>
  );
}

/** The part of the viewer that depends on what kind of document it is. */
function DocumentBody({
  doc,
  cache,
  target,
  span,
  scrollRoot,
}: {
  doc: LoadedDocument;
  cache: ViewerCache;
  target: ViewerTarget;
  span: { start?: number | null; end?: number | null };
  scrollRoot: HTMLElement | null;
}) {
  const { detail, text } = doc;
  const view = viewKindOf(detail);
  switch (view) {
    case 'pdf':
      return (
        <PdfView
          key={detail.id}
          cache={cache}
          detail={detail}
          target={target}
          scrollRoot={scrollRoot}
        />
      );
    case 'image':
      return (
        <ImageDocument
          cache={cache}
          documentId={detail.id}
          path={detail.path}
          title={detail.title}
          metadata={detail.metadata}
        />
      );
    case 'entity':
      return (
        <EntityDocument
          entity={detail.entity as EntityData | null}
          text={text ?? ''}
          span={span}
          citedField={target.passage?.field ?? null}
        />
      );
    case 'markdown':
      return (
        <>
          <Properties metadata={detail.metadata} />
          <MarkdownDocument text={text ?? ''} span={span} />
        </>
      );
    case 'plain':
      return <PlainDocument text={text ?? ''} span={span} />;
    default:
      return <BinaryDocument summary={detail.summary} metadata={detail.metadata} />;
  }
}
