import { pinButtonTitle } from './pinned-notes.ts';

/** A small pushpin, outlined when not pinned and filled when pinned. */
export function PinIcon({ filled = false }: { filled?: boolean }) {
  return (
    <svg viewBox="0 0 16 16" width="13" height="13" aria-hidden="true" focusable="false">
      <path
        d="M6 2.5h4M6.8 2.5v4L4.5 9h7L9.2 6.5v-4M8 9v4.5"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Pins a document to the conversation, or unpins it: a toggle button (pressed while pinned),
 * disabled while the pins are full.
 */
export function PinButton({
  title,
  pinned,
  full,
  onToggle,
  className = '',
}: {
  /** The document's title, for the button's name. */
  title: string;
  pinned: boolean;
  full: boolean;
  onToggle: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`pin-button${pinned ? ' pinned' : ''}${className ? ` ${className}` : ''}`}
      aria-label={`Pin ${title}`}
      aria-pressed={pinned}
      title={pinButtonTitle(pinned, full)}
      disabled={full && !pinned}
      onClick={onToggle}
    >
      <PinIcon filled={pinned} />
    </button>
  );
}
