import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { CitationJson } from '../api/types.ts';
import { KindIcon } from '../ui/KindIcon.tsx';
import type { ViewerTarget } from '../viewer/viewer-target.ts';
import {
  badgeLabel,
  type MarkerSupport,
  supportingPassage,
  verdictText,
} from './marker-support.ts';
import { type CardPlacement, placeCard } from './place-card.ts';
import { partLabel, shortExcerpt } from './source-labels.ts';
import { targetOfCitation } from './viewer-targets.ts';

/** How long the card stays after the pointer leaves, so it can be moved onto the card. */
const CLOSE_DELAY_MS = 150;

/** A citation with nothing known of its support (an answer that was not checked). */
const uncheckedSupport = (citation: CitationJson): MarkerSupport => ({
  verdict: citation.support,
  quote: citation.quote,
  missing: [],
  claim: null,
});

/**
 * A numbered citation in an answer: a small button that previews the words of its source that
 * support the claim on hover or focus, styled by the checker's verdict, and opens the viewer at
 * those words on click or Enter.
 */
export function CitationBadge({
  citation,
  claim = null,
  support = uncheckedSupport(citation),
  onOpenSource,
}: {
  citation: CitationJson;
  /** The words of the answer this badge backs, to find and highlight in the source. */
  claim?: string | null;
  /** The verdict and supporting quote of this marker's claim for this source. */
  support?: MarkerSupport;
  onOpenSource: (target: ViewerTarget) => void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const cardId = useId();
  const verdict = support.verdict;
  // Without supporting words (unsupported, not checked) the viewer opens at the cited span.
  const passage = supportingPassage(verdict, support.quote);

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
        className={`citation-badge${verdict ? ` verdict-${verdict}` : ''}`}
        data-verdict={verdict ?? 'unchecked'}
        aria-label={badgeLabel(citation, verdict)}
        aria-describedby={open ? cardId : undefined}
        onClick={() => {
          hide();
          onOpenSource(targetOfCitation(citation, claim, passage));
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
            support={support}
            anchor={button}
            onMouseEnter={show}
            onMouseLeave={hideSoon}
          />,
          document.body,
        )}
    </>
  );
}

/** Characters of a supporting quote shown in a card before it is cut. */
const CARD_QUOTE_CHARS = 420;

/**
 * The hover card of a badge: which source and where in it, the words that support the claim
 * (else the cited excerpt), and the verdict in words.
 */
function SourceCard({
  id,
  citation,
  support,
  anchor,
  onMouseEnter,
  onMouseLeave,
}: {
  id: string;
  citation: CitationJson;
  support: MarkerSupport;
  anchor: RefObject<HTMLElement | null>;
  onMouseEnter: () => void;
  onMouseLeave: () => void;
}) {
  const card = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<CardPlacement | null>(null);
  const quote = supportingPassage(support.verdict, support.quote);
  const part = quote?.field
    ? `field ${quote.field}`
    : partLabel({ page: quote?.page ?? citation.page, section: citation.section });
  const verdict = verdictText(support);

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
      {quote ? (
        <blockquote className="source-card-supporting">
          {shortExcerpt(quote.text, CARD_QUOTE_CHARS)}
        </blockquote>
      ) : (
        citation.excerpt && (
          <>
            {support.verdict === 'unsupported' && (
              <p className="source-card-label">The cited passage, which does not say it:</p>
            )}
            <p className="source-card-excerpt">{shortExcerpt(citation.excerpt)}</p>
          </>
        )
      )}
      {verdict && (
        <p className={`source-card-verdict verdict-${support.verdict ?? 'unchecked'}`}>
          <span className="verdict-icon" aria-hidden="true">
            {support.verdict ? VERDICT_ICONS[support.verdict] : '–'}
          </span>
          {verdict.charAt(0).toUpperCase() + verdict.slice(1)}
        </p>
      )}
      {support.quote && !support.quote.found && (
        <p className="source-card-quote warn">The words the answer quotes are not in this source</p>
      )}
    </div>
  );
}

/** A glyph per verdict beside its words, so the verdict never rests on colour alone. */
const VERDICT_ICONS = { supported: '✓', partial: '◐', unsupported: '⚠' } as const;
