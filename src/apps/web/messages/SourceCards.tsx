import type { CitationJson } from '../api/types.ts';
import { useUiSetting } from '../settings/ui-settings.ts';
import { KindIcon } from '../ui/KindIcon.tsx';
import type { ViewerTarget } from '../viewer/viewer-target.ts';
import { citedSources, partLabel, shortExcerpt } from './source-labels.ts';
import { passageOf, targetOfCitation } from './viewer-targets.ts';
import './source-cards.css';

/** Characters of the quote a source card shows: a glimpse, the viewer has the rest. */
const CARD_QUOTE_CHARS = 110;

/**
 * The answer's cited sources as a row of compact cards above its text (Perplexity style), shown
 * when the "Source cards" display setting is on; each card opens the viewer at its passage.
 */
export function SourceCards({
  citations,
  onOpenSource,
}: {
  citations: readonly CitationJson[];
  onOpenSource: (target: ViewerTarget) => void;
}) {
  const [enabled] = useUiSetting('sourceCards');
  const cited = citedSources(citations);
  if (!enabled || cited.length === 0) return null;
  return (
    <ol className="cited-cards" aria-label="Source cards">
      {cited.map((citation) => (
        <SourceCard key={citation.n} citation={citation} onOpenSource={onOpenSource} />
      ))}
    </ol>
  );
}

/**
 * Brings a card tabbed to at the row's edge wholly into view (browsers stop at partly), scrolling
 * the row alone so that the card starts it, where the row snaps (else the snap pulls it back out).
 */
function revealCard(card: HTMLElement): void {
  const row = card.closest('.cited-cards');
  if (!row) return;
  const box = card.getBoundingClientRect();
  const frame = row.getBoundingClientRect();
  if (box.left >= frame.left && box.right <= frame.right) return;
  const inset = Number.parseFloat(getComputedStyle(row).paddingLeft) || 0;
  row.scrollBy?.({ left: box.left - frame.left - inset });
}

/**
 * One card: number, kind, title, where in the document, and the words the answer rests on; its
 * accessible name is all of that, as read.
 */
function SourceCard({
  citation,
  onOpenSource,
}: {
  citation: CitationJson;
  onOpenSource: (target: ViewerTarget) => void;
}) {
  const passage = passageOf(citation);
  const quote = shortExcerpt(passage?.text ?? citation.excerpt, CARD_QUOTE_CHARS);
  const location = partLabel(citation) ?? citation.path;
  return (
    <li className="cited-card-item">
      <button
        type="button"
        className="cited-card"
        title={`Show ${citation.title || citation.path} in the viewer`}
        onClick={() => onOpenSource(targetOfCitation(citation, null, passage))}
        onFocus={(event) => revealCard(event.currentTarget)}
      >
        <span className="cited-card-head">
          <span className="cited-card-n">
            <span className="visually-hidden">Source </span>
            {citation.n}
          </span>
          <KindIcon kind={citation.kind} />
          <span className="cited-card-title">{citation.title || citation.path}</span>
        </span>
        <span className="cited-card-where">{location}</span>
        {quote && <span className="cited-card-quote">{quote}</span>}
      </button>
    </li>
  );
}
