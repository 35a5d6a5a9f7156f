import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { CitationJson } from '../api/types.ts';
import { KindIcon } from '../ui/KindIcon.tsx';
import type { ViewerTarget } from '../viewer/viewer-target.ts';
import { type CardPlacement, placeCard } from './place-card.ts';
import { partLabel, shortExcerpt } from './source-labels.ts';
import { targetOfCitation } from './viewer-targets.ts';

/** How long the card stays after the pointer leaves, so it can be moved onto the card. */
const CLOSE_DELAY_MS = 150;

/**
 * A numbered citation in an answer: a small button that previews its source on hover or focus
 * and opens the viewer at the cited span on click or Enter.
 */
export function CitationBadge({
  citation,
  claim = null,
  onOpenSource,
}: {
  citation: CitationJson;
  /** The words of the answer this badge backs, to find and highlight in the source. */
  claim?: string | null;
  onOpenSource: (target: ViewerTarget) => void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const cardId = useId();
  const title = citation.title || citation.path;

  const show = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hideSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  const hide = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(false);
  };

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="citation-badge"
        aria-label={`Source ${citation.n}: ${title}`}
        aria-describedby={open ? cardId : undefined}
        onClick={() => {
          hide();
          onOpenSource(targetOfCitation(citation, claim));
        }}
        onMouseEnter={show}
        onMouseLeave={hideSoon}
        onFocus={show}
        onBlur={hide}
      >
        {citation.n}
      </button>
      {open &&
        createPortal(
          <SourceCard
            id={cardId}
            citation={citation}
            anchor={button}
            onMouseEnter={show}
            onMouseLeave={hideSoon}
          />,
          document.body,
        )}
    </>
  );
}

/** The hover card of a badge: which source, where in it, and what it says. */
function SourceCard({
  id,
  citation,
  anchor,
  onMouseEnter,
  onMouseLeave,
}: {
  id: string;
  citation: CitationJson;
  anchor: RefObject<HTMLElement | null>;
  onMouseEnter: () => void;
  onMouseLeave: () => void;
}) {
  const card = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<CardPlacement | null>(null);
  const part = partLabel(citation);

  useLayoutEffect(() => {
    const place = () => {
      const from = anchor.current?.getBoundingClientRect();
      const size = card.current?.getBoundingClientRect();
      if (!from || !size) return;
      setPlace(
        placeCard(
          { top: from.top, left: from.left, width: from.width, height: from.height },
          { width: size.width, height: size.height },
          { width: window.innerWidth, height: window.innerHeight },
        ),
      );
    };
    place();
    // The card sits in viewport coordinates: follow the badge when the list scrolls (focus
    // scrolls a badge into view) or the window resizes.
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [anchor]);

  return (
    <div
      ref={card}
      id={id}
      role="tooltip"
      className={`source-card${place ? ` placed ${place.side}` : ''}`}
      style={place ? { top: place.top, left: place.left } : undefined}
      onMouseEnter={onMouseEnter}
      onMouseLeave={onMouseLeave}
    >
      <div className="source-card-head">
        <span className="source-card-n">{citation.n}</span>
        <KindIcon kind={citation.kind} />
        <strong className="source-card-title">{citation.title || citation.path}</strong>
      </div>
      <div className="source-card-location">
        <span className="source-card-path">{citation.path}</span>
        {part && <span className="source-card-part">{part}</span>}
      </div>
      {citation.excerpt && <p className="source-card-excerpt">{shortExcerpt(citation.excerpt)}</p>}
      {citation.quote &&
        (citation.quote.found ? (
          <p className="source-card-quote ok">✓ quote checked</p>
        ) : (
          <p className="source-card-quote warn">Quote not found in this source</p>
        ))}
    </div>
  );
}
