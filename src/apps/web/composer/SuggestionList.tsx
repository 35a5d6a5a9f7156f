import type { CSSProperties } from 'react';
import { useEffect } from 'react';
import type { SuggestItem } from '../api/types.ts';
import { fullDate, relativeTime } from '../sidebar/relative-time.ts';
import { isImagePath, KindIcon } from '../ui/KindIcon.tsx';
import { highlightLabel } from './highlight-match.ts';
import type { DisplayGroup } from './suggestion-groups.ts';

/** The label with what was typed marked. */
function Highlighted({ label, typed }: { label: string; typed: string }) {
  return (
    <>
      {highlightLabel(label, typed).map((part, i) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed label, in order
          <mark key={i}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed label, in order
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

const PART_KINDS = new Set(['section', 'heading', 'block', 'page']);

/**
 * The line under an item's name: for a document its folder and when it changed ("notes/projects ·
 * 3 days ago"), for a heading, section, block or page what it is part of.
 */
export function detailLine(item: SuggestItem, now: Date = new Date()): string {
  if (PART_KINDS.has(item.kind)) return item.detail;
  const slash = item.path.lastIndexOf('/');
  const folder = slash > 0 ? item.path.slice(0, slash) : 'top level';
  const when = relativeTime(item.modifiedAt, now);
  return when ? `${folder} · modified ${when}` : folder;
}

/**
 * The autocomplete dropdown: grouped options for the textarea, which keeps focus and points at the
 * selected option with aria-activedescendant; the mouse chooses too without taking focus.
 */
export function SuggestionList({
  id,
  groups,
  selected,
  optionId,
  typed,
  status,
  style,
  hidden = 0,
  onChoose,
  onHover,
  onMore,
}: {
  id: string;
  groups: readonly DisplayGroup[];
  /** Items not listed yet: a last option "N more…" lists them. */
  hidden?: number;
  onMore?: () => void;
  selected: number;
  optionId: (index: number) => string;
  typed: string;
  /** A line shown instead of or after the options: searching, no matches, an error. */
  status: string | null;
  style?: CSSProperties;
  onChoose: (item: SuggestItem) => void;
  onHover: (index: number) => void;
}) {
  useEffect(() => {
    const option = document.getElementById(optionId(selected));
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [selected, optionId]);

  let index = 0;
  return (
    <div className="suggestions" style={style}>
      <div role="listbox" id={id} aria-label="Reference suggestions" className="suggestion-list">
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: ARIA listbox groups; a fieldset cannot sit in a listbox
          <div
            key={group.kind}
            role="group"
            aria-labelledby={`${id}-${group.kind}`}
            className="suggestion-group"
          >
            <div className="suggestion-heading" id={`${id}-${group.kind}`} role="presentation">
              {group.heading}
            </div>
            {group.items.map((item) => {
              const i = index++;
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the textarea (aria-activedescendant); options never take focus
                <div
                  key={item.insert}
                  id={optionId(i)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === selected}
                  className="suggestion"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => onChoose(item)}
                  onMouseMove={() => {
                    if (i !== selected) onHover(i);
                  }}
                >
                  <KindIcon kind={isImagePath(item.path) ? 'image' : item.kind} decorative />
                  <span className="suggestion-text">
                    <span className="suggestion-label">
                      <Highlighted label={item.label} typed={typed} />
                    </span>
                    <span className="suggestion-detail" title={fullDate(item.modifiedAt)}>
                      {detailLine(item)}
                    </span>
                    {item.snippet && <span className="suggestion-snippet">{item.snippet}</span>}
                  </span>
                </div>
              );
            })}
          </div>
        ))}
        {hidden > 0 && (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the textarea (aria-activedescendant)
          <div
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === selected}
            className="suggestion suggestion-more"
            onMouseDown={(e) => e.preventDefault()}
            onClick={onMore}
            onMouseMove={() => {
              if (index !== selected) onHover(index);
            }}
          >
            {hidden} more…
          </div>
        )}
      </div>
      {status && (
        <p className="suggestion-status" role="status">
          {status}
        </p>
      )}
    </div>
  );
}
