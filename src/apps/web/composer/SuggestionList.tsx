import type { CSSProperties } from 'react';
import { useEffect } from 'react';
import type { SuggestItem } from '../api/types.ts';
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
  onChoose,
  onHover,
}: {
  id: string;
  groups: readonly DisplayGroup[];
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
                    {item.detail && <span className="suggestion-detail">{item.detail}</span>}
                  </span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {status && (
        <p className="suggestion-status" role="status">
          {status}
        </p>
      )}
    </div>
  );
}
